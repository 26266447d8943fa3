//! The subtraction mutation suite's player: speaks the play protocol (docs/protocol.md) with
//! one variant chosen by `--bug NAME`: a plausible contestant bug, a rare blunderer, or a
//! correct player that picks other winning removals (variants.rs beside it holds the move
//! choosers; mod.rs, the suite, runs every variant against the referee).
//!
//! usage: subtraction_mutants --bug NAME [--seed S]     (--help lists the variants)

// The move choosers, shared with the suite's tests (mod.rs here, a module of the game's test
// binary): this folder is both.
mod variants;

use combgames_testkit::mutant_cli;

// The protocol client of the solutions (solutions/src/shared/protocol.rs): the referee's
// lines and the session header `play R`, read the same way as the solutions read them.
#[path = "../../../../solutions/src/shared/protocol.rs"]
mod protocol;

use combgames_core::rng::Rng;
use combgames_subtraction::{Position, Ratio};
use std::process::ExitCode;
use variants::{Player, Variant, VARIANTS};

fn main() -> ExitCode {
    mutant_cli::main(
        "subtraction_mutants",
        &mutant_cli::listed(VARIANTS),
        1,
        |name, seed| {
            let variant = Variant::parse(name).expect("a listed variant");
            play(variant, &mut Rng::new(seed))
        },
    )
}

/// What the referee said where a move or `end` was due.
enum Heard {
    Move(u64),
    End,
    Abort,
}

fn play(variant: Variant, rng: &mut Rng) -> Result<(), String> {
    let mut referee = protocol::Referee::new(std::io::stdin().lock());
    // None: the referee aborted (`-1`) or closed the pipe; either way the session is over.
    let mut read = move || referee.next_or_none();
    let mut out = std::io::stdout().lock();
    let mut say = |text: &str| mutant_cli::say(&mut out, text);
    let Some(rounds) = read()? else { return Ok(()) };
    let rounds =
        protocol::header(rounds.as_bytes()).ok_or_else(|| format!("bad header {rounds:?}"))?;
    for _ in 0..rounds {
        let Some(line) = read()? else { return Ok(()) };
        // `n k`, a fresh pile, or `n k p`: mid-game, p the referee's side's last removal.
        let (n, k, last) = match line.split(' ').collect::<Vec<_>>().as_slice() {
            [n, k] => (*n, *k, None),
            [n, k, p] => (*n, *k, Some(*p)),
            _ => return Err(format!("bad position {line:?}")),
        };
        let n: u64 = n.parse().map_err(|_| format!("bad n in {line:?}"))?;
        let k = Ratio::parse(k).map_err(|e| e.to_string())?;
        let last: Option<u64> = match last {
            Some(p) => Some(p.parse().map_err(|_| format!("bad p in {line:?}"))?),
            None => None,
        };
        let mut player = Player::new(variant, k, n);
        // The start as this variant sees it (cap-overflow's own products; ignore-last's fresh
        // pile).
        let (mut pos, mut first_move) = match last {
            Some(p) => variants::believed_start(variant, k, n, p),
            None => (Position::start(n), true),
        };
        let mut our_turn = player.claims(pos, first_move);
        say(if our_turn { "first" } else { "second" })?;
        let mut cut = false;
        // While stones are left: a variant whose own cap is 0 (cap-overflow) still moves.
        while pos.stones > 0 {
            if our_turn {
                let blunder = rng.index(1000) == 0;
                let x = player.choose(pos, first_move, blunder, rng);
                say(&x.to_string())?;
                // Past the pile or nothing: an illegal move the referee answers with `-1`.
                // Past the true cap only as far as this variant knows (cap-overflow), so the
                // referee may still accept it.
                if x == 0 || x > pos.stones {
                    return drain(&mut read);
                }
                pos = Position {
                    stones: pos.stones - x,
                    cap: variants::believed_cap(variant, k, x),
                };
            } else {
                let heard = match read()? {
                    None => Heard::Abort,
                    Some(l) if l == "end" => Heard::End,
                    Some(l) => Heard::Move(l.parse().map_err(|_| format!("bad move {l:?}"))?),
                };
                match heard {
                    Heard::Abort => return Ok(()),
                    Heard::End => {
                        cut = true;
                        break;
                    }
                    Heard::Move(y) if y == 0 || y > pos.stones => {
                        return Err(format!("the referee took {y} of {} stones", pos.stones))
                    }
                    // The cap as this variant computes it (cap-overflow's own products).
                    Heard::Move(y) => {
                        pos = Position {
                            stones: pos.stones - y,
                            cap: variants::believed_cap(variant, k, y),
                        }
                    }
                }
            }
            first_move = false;
            our_turn = !our_turn;
        }
        if !cut {
            match read()? {
                None => return Ok(()),
                Some(l) if l == "end" => {}
                Some(l) => return Err(format!("expected `end`, got {l:?}")),
            }
        }
    }
    Ok(())
}

/// Reads until the referee's `-1` or the end of input.
fn drain(read: &mut impl FnMut() -> Result<Option<String>, String>) -> Result<(), String> {
    while read()?.is_some() {}
    Ok(())
}
