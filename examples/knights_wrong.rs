//! Deliberately wrong knights players for the referee's tests (tests/referee_knights.rs): each
//! takes the right side of every round and knows, for every knight alone, who wins it, but not
//! the order of the suspense numbers that decides the sum (Winning Ways ch. 9).
//!
//! usage: knights_wrong <any-even|random-when-stuck> [SEED]
//!   any-even           every knight goes to ANY option of even suspense (a winning move for
//!                      that knight alone), not the largest; else to any option
//!   random-when-stuck  the largest even option when there is one, else ANY option instead of
//!                      the smallest (it plays randomly on the knights it is losing)

use combgames::knights::{moves, suspense};
use combgames::referee::rng::Rng;
use std::io::{BufRead, Write};
use std::process::ExitCode;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    AnyEven,
    RandomWhenStuck,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mode = match args.first().map(String::as_str) {
        Some("any-even") => Mode::AnyEven,
        Some("random-when-stuck") => Mode::RandomWhenStuck,
        _ => {
            eprintln!("knights_wrong: usage: knights_wrong <any-even|random-when-stuck> [SEED]");
            return ExitCode::from(2);
        }
    };
    let seed = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(7);
    match play(mode, &mut Rng::new(seed)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("knights_wrong: {e}");
            ExitCode::from(1)
        }
    }
}

/// This player's destination for the knight on (x, y).
fn destination(mode: Mode, n: u64, (x, y): (u64, u64), rng: &mut Rng) -> (u64, u64) {
    let options: Vec<((u64, u64), u64)> = moves(n, x, y)
        .map(|(a, b)| ((a, b), suspense(n, a, b)))
        .collect();
    if options.is_empty() {
        return (x, y);
    }
    let even: Vec<&((u64, u64), u64)> = options.iter().filter(|(_, s)| s % 2 == 0).collect();
    let pick = match (mode, even.is_empty()) {
        (Mode::AnyEven, false) => even[rng.index(even.len())],
        (Mode::RandomWhenStuck, false) => even
            .iter()
            .max_by_key(|(_, s)| *s)
            .copied()
            .unwrap_or(even[0]),
        (_, true) => &options[rng.index(options.len())],
    };
    pick.0
}

fn play(mode: Mode, rng: &mut Rng) -> Result<(), String> {
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut read = move || -> Result<Option<String>, String> {
        match lines.next() {
            None => Ok(None),
            Some(Ok(l)) if l.trim_end() == "-1" => Ok(None),
            Some(Ok(l)) => Ok(Some(l.trim_end().to_owned())),
            Some(Err(e)) => Err(e.to_string()),
        }
    };
    let mut out = std::io::stdout().lock();
    let mut say = |text: &str| -> Result<(), String> {
        writeln!(out, "{text}")
            .and_then(|()| out.flush())
            .map_err(|e| e.to_string())
    };
    let numbers = |line: &str| -> Result<Vec<u64>, String> {
        line.split_whitespace()
            .map(|t| t.parse().map_err(|_| format!("bad number {t:?}")))
            .collect()
    };
    let Some(rounds) = read()? else { return Ok(()) };
    let rounds: u64 = rounds
        .parse()
        .map_err(|_| format!("bad round count {rounds:?}"))?;
    'rounds: for _ in 0..rounds {
        let Some(header) = read()? else { return Ok(()) };
        let [k, n] = numbers(&header)?[..] else {
            return Err(format!("bad position line {header:?}"));
        };
        let mut knights = Vec::new();
        for _ in 0..k {
            let Some(line) = read()? else { return Ok(()) };
            let [x, y] = numbers(&line)?[..] else {
                return Err(format!("bad knight line {line:?}"));
            };
            knights.push((x, y));
        }
        let largest = knights
            .iter()
            .map(|&(x, y)| suspense(n, x, y))
            .max()
            .unwrap_or(0);
        let mut mine = largest % 2 == 1;
        say(if mine { "first" } else { "second" })?;
        while knights
            .iter()
            .any(|&(x, y)| moves(n, x, y).next().is_some())
        {
            if mine {
                let mut line = String::new();
                for knight in knights.iter_mut() {
                    *knight = destination(mode, n, *knight, rng);
                    if !line.is_empty() {
                        line.push(' ');
                    }
                    line.push_str(&format!("{} {}", knight.0, knight.1));
                }
                say(&line)?;
            } else {
                let Some(line) = read()? else { return Ok(()) };
                if line == "end" {
                    // The referee cut the round at its move cap.
                    continue 'rounds;
                }
                let coords = numbers(&line)?;
                if coords.len() != 2 * knights.len() {
                    return Err(format!("bad move line {line:?}"));
                }
                for (i, knight) in knights.iter_mut().enumerate() {
                    *knight = (coords[2 * i], coords[2 * i + 1]);
                }
            }
            mine = !mine;
        }
        match read()? {
            Some(l) if l == "end" => {}
            Some(l) => return Err(format!("expected end, got {l:?}")),
            None => return Ok(()),
        }
    }
    Ok(())
}
