//! The strip games' mutation suite as a protocol player (docs/protocol.md): one binary for
//! tictactoe and coloring, `--bug NAME` picks the variant. The variants live in
//! games/strip/tests/mutants/support.rs, which games/strip/tests/mutants/mod.rs also calls directly.
//!
//! usage: strip_mutants --game tictactoe|coloring --bug NAME [--seed S]
//!        strip_mutants --help

// The players, shared with the mutation tests (mutants/mod.rs declares the same file).
mod support;

// The protocol client of the solutions (solutions/src/shared/protocol.rs): the referee's
// lines and the session header `play R`, read the same way as the solutions read them.
#[path = "../../../../solutions/src/shared/protocol.rs"]
mod protocol;

use combgames_strip::{self as strip, Cell, Colour};
use std::io::{BufWriter, Write};
use std::process::ExitCode;
use support::{Bug, Player, VARIANTS};

fn usage() -> String {
    let mut s = String::from(
        "usage: strip_mutants --game tictactoe|coloring --bug NAME [--seed S]\n\
         Plays the strip games over the referee's protocol with one variant:\n",
    );
    for (name, bug, what) in VARIANTS {
        let kind = if bug.is_correct() { "ok " } else { "bug" };
        s.push_str(&format!("  {kind} {name:<22} {what}\n"));
    }
    s.push_str(
        "  bug value:KIND,ERR         every run of KIND (games/strip/README.md's run: classes)\n\
         \x20                            valued wrong by ERR: +1, -1, +2, -2 or other; these:\n",
    );
    for name in support::value_variants() {
        s.push_str(&format!("      {name}\n"));
    }
    s
}

struct Options {
    digits: bool,
    bug: Bug,
    seed: u64,
}

fn options(args: &[String]) -> Result<Option<Options>, String> {
    let (mut game, mut bug, mut seed) = (None, None, 1u64);
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        if flag == "--help" || flag == "-h" {
            return Ok(None);
        }
        let value = it
            .next()
            .ok_or_else(|| format!("{flag} needs a value"))?
            .as_str();
        match flag.as_str() {
            "--game" => {
                game = Some(match value {
                    "tictactoe" => false,
                    "coloring" => true,
                    _ => return Err(format!("unknown game {value:?}")),
                })
            }
            "--bug" => {
                bug = Some(Bug::parse(value).ok_or_else(|| format!("unknown bug {value:?}"))?)
            }
            "--seed" => {
                seed = value
                    .parse()
                    .map_err(|_| format!("--seed needs a number, got {value:?}"))?
            }
            _ => return Err(format!("unknown option {flag:?}")),
        }
    }
    Ok(Some(Options {
        digits: game.ok_or("--game is required")?,
        bug: bug.ok_or("--bug is required")?,
        seed,
    }))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let opts = match options(&args) {
        Ok(Some(o)) => o,
        Ok(None) => {
            print!("{}", usage());
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("strip_mutants: {e} (--help lists the variants)");
            return ExitCode::from(2);
        }
    };
    match play(&opts) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("strip_mutants: {e}");
            ExitCode::from(1)
        }
    }
}

fn parse_move(line: &str, digits: bool, n: usize) -> Result<(usize, Colour), String> {
    let bad = || format!("bad move {line:?}");
    let (cell, symbol) = line.split_once(' ').ok_or_else(bad)?;
    let at: usize = cell.parse().map_err(|_| bad())?;
    let c = match (digits, symbol) {
        (false, "X") | (true, "1") => Colour::One,
        (false, "O") | (true, "2") => Colour::Two,
        _ => return Err(bad()),
    };
    if !(1..=n).contains(&at) {
        return Err(bad());
    }
    Ok((at - 1, c))
}

fn play(opts: &Options) -> Result<(), String> {
    // None at `-1` or at the end of input.
    let mut referee = protocol::Referee::new(std::io::stdin().lock());
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut say = |text: &str| -> Result<(), String> {
        writeln!(out, "{text}")
            .and_then(|()| out.flush())
            .map_err(|e| format!("cannot write: {e}"))
    };
    let Some(rounds) = referee.next_or_none()? else {
        return Ok(());
    };
    let rounds =
        protocol::header(rounds.as_bytes()).ok_or_else(|| format!("bad header {rounds:?}"))?;
    for round in 0..rounds {
        if opts.digits && referee.next_or_none()?.is_none() {
            return Ok(()); // the N line; the digits follow
        }
        let Some(position) = referee.next_or_none()? else {
            return Ok(());
        };
        let cells: Vec<Cell> = if opts.digits {
            strip::parse_digits(&position)
        } else {
            strip::parse_marks(&position)
        }
        .map_err(|e| format!("round {}: {e}", round + 1))?;
        let n = cells.len();
        let mut player = Player::new(opts.bug, cells, opts.seed.wrapping_add(round));
        let mut mine = player.takes_first();
        say(if mine { "first" } else { "second" })?;
        let mut cut = false;
        while player.has_move() {
            if mine {
                let (at, c) = player.choose().ok_or("no move although one is left")?;
                let symbol = if opts.digits { c.digit() } else { c.mark() };
                say(&format!("{} {symbol}", at + 1))?;
                player.play(at, c);
            } else {
                let Some(line) = referee.next_or_none()? else {
                    return Ok(());
                };
                if line == "end" {
                    cut = true; // the round is cut where the referee's move was due
                    break;
                }
                let (at, c) = parse_move(&line, opts.digits, n)?;
                if !player.is_legal(at, c) {
                    return Err(format!("illegal move {line:?}"));
                }
                player.play(at, c);
            }
            mine = !mine;
        }
        if !cut {
            match referee.next_or_none()? {
                Some(l) if l == "end" => {}
                Some(l) => return Err(format!("expected end, got {l:?}")),
                None => return Ok(()),
            }
        }
    }
    Ok(())
}
