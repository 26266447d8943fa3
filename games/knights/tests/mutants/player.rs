//! The knights players of the mutation suite (games/knights/tests/mutants/mod.rs): one protocol player
//! (docs/protocol.md), `--bug NAME` picks the variant; `--help` lists them. Thirteen carry one
//! plausible bug each, three are correct players that pick other winning turns, and
//! `cell:R,X,Y` is one wrong entry of the suspense rule's table, any of its 144 (`cell+2:`,
//! `cell-1:`, `cell-2:` off by another amount); `board:CLASS` (13) and `edge:R,X,Y` (192;
//! `edge+2:`, `edge-1:`, `edge-2:`) are wrong in one coverage class each (games/knights/README.md, coverage classes). The choice of
//! side and turn lives in games/knights/tests/mutants/support.rs, built on the library's evaluator.
//!
//! usage: knights_mutants --bug NAME [--seed S]

// The players' choices, shared with the mutation tests (mutants/mod.rs declares the same file).
mod support;

// The protocol client of the solutions (solutions/src/shared/protocol.rs): the referee's
// lines and the session header `play R`, read the same way as the solutions read them.
#[path = "../../../../solutions/src/shared/protocol.rs"]
mod protocol;

use combgames_testkit::mutant_cli;

use combgames_core::rng::Rng;
use mutant_cli::Variant;
use std::process::ExitCode;
use support::{Belief, Bug, Square, VARIANTS};

fn main() -> ExitCode {
    let mut variants: Vec<Variant> = VARIANTS
        .iter()
        .map(|&(name, correct, what)| Variant {
            name,
            correct,
            what,
        })
        .collect();
    let helps = [support::CELL_HELP]
        .into_iter()
        .chain(support::CELL_OFF_HELP)
        .chain([support::BOARD_HELP, support::EDGE_HELP])
        .chain(support::EDGE_OFF_HELP);
    for (name, what) in helps {
        variants.push(Variant {
            name,
            correct: false,
            what,
        });
    }
    let accepts = |name: &str| {
        support::cell_bug(name)
            .or_else(|| support::board_bug(name))
            .or_else(|| support::edge_bug(name))
            .is_some()
    };
    mutant_cli::main_with("knights_mutants", &variants, &accepts, 7, |name, seed| {
        play(
            Bug::parse(name).expect("a listed variant"),
            &mut Rng::new(seed),
        )
    })
}

/// A referee line: the end of the round (`end`), the abort line, or anything else.
enum Line {
    End,
    Text(String),
}

fn play(bug: Bug, rng: &mut Rng) -> Result<(), String> {
    let mut referee = protocol::Referee::new(std::io::stdin().lock());
    // Ok(None): input closed or `-1` (the referee gave up on the session).
    let mut read = move || -> Result<Option<Line>, String> {
        Ok(referee.next_or_none()?.map(|l| match l.as_str() {
            "end" => Line::End,
            _ => Line::Text(l),
        }))
    };
    let mut out = std::io::stdout().lock();
    let mut say = |text: &str| mutant_cli::say(&mut out, text);
    let numbers = |line: &str| -> Result<Vec<u64>, String> {
        line.split_whitespace()
            .map(|t| t.parse().map_err(|_| format!("bad number {t:?}")))
            .collect()
    };
    let text = |line: Option<Line>, what: &str| -> Result<Option<String>, String> {
        match line {
            None => Ok(None),
            Some(Line::Text(t)) => Ok(Some(t)),
            Some(Line::End) => Err(format!("expected {what}, got end")),
        }
    };
    let Some(rounds) = text(read()?, "the number of rounds")? else {
        return Ok(());
    };
    let rounds =
        protocol::header(rounds.as_bytes()).ok_or_else(|| format!("bad header {rounds:?}"))?;
    for _ in 0..rounds {
        let Some(header) = text(read()?, "a position")? else {
            return Ok(());
        };
        let [k, n] = numbers(&header)?[..] else {
            return Err(format!("bad position line {header:?}"));
        };
        let mut knights: Vec<Square> = Vec::new();
        for _ in 0..k {
            let Some(line) = text(read()?, "a knight")? else {
                return Ok(());
            };
            let [x, y] = numbers(&line)?[..] else {
                return Err(format!("bad knight line {line:?}"));
            };
            knights.push((x, y));
        }
        let belief = Belief::new(bug, n);
        let mut mine = belief.takes_first(&knights);
        say(if mine { "first" } else { "second" })?;
        let movable = |ks: &[Square]| {
            ks.iter()
                .any(|&(x, y)| combgames_knights::moves(n, x, y).next().is_some())
        };
        let mut cut = false;
        while movable(&knights) {
            if mine {
                knights = belief.turn(&knights, rng);
                let line: Vec<String> = knights.iter().map(|(x, y)| format!("{x} {y}")).collect();
                say(&line.join(" "))?;
            } else {
                match read()? {
                    None => return Ok(()),
                    // The round is cut where the referee's move was due.
                    Some(Line::End) => {
                        cut = true;
                        break;
                    }
                    Some(Line::Text(line)) => {
                        let coords = numbers(&line)?;
                        if coords.len() != 2 * knights.len() {
                            return Err(format!("bad move line {line:?}"));
                        }
                        for (i, knight) in knights.iter_mut().enumerate() {
                            *knight = (coords[2 * i], coords[2 * i + 1]);
                        }
                    }
                }
            }
            mine = !mine;
        }
        if !cut {
            match read()? {
                Some(Line::End) => {}
                Some(Line::Text(l)) => return Err(format!("expected end, got {l:?}")),
                None => return Ok(()),
            }
        }
    }
    Ok(())
}
