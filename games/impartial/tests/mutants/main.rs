//! The impartial mutation suite's player: speaks the play protocol (docs/protocol.md) with
//! one variant chosen by `--bug NAME`: a contestant's Sprague–Grundy player with one plausible
//! bug, or the correct one (variants.rs beside it holds the move choosers; mod.rs, the suite,
//! runs every variant against the referee).
//!
//! usage: impartial_mutants --bug NAME     (--help lists the variants)

// The move choosers, shared with the suite's tests (mod.rs here, a module of the game's test
// binary): this folder is both.
mod variants;

use combgames_testkit::mutant_cli;

// The protocol client of the solutions (solutions/src/shared/protocol.rs): the referee's
// lines and the session header `play R`, read the same way as the solutions read them.
#[path = "../../../../solutions/src/shared/protocol.rs"]
mod protocol;

use combgames_impartial::{after, Move, Spec};
use std::process::ExitCode;
use variants::{Player, Variant, VARIANTS};

fn main() -> ExitCode {
    mutant_cli::main(
        "impartial_mutants",
        &mutant_cli::listed(VARIANTS),
        1,
        |name, _seed| play(Variant::parse(name).expect("a listed variant")),
    )
}

fn play(variant: Variant) -> Result<(), String> {
    let mut referee = protocol::Referee::new(std::io::stdin().lock());
    // None: the referee aborted (`-1`) or closed the pipe; either way the session is over.
    let mut read = move || referee.next_or_none();
    let mut out = std::io::stdout().lock();
    let mut say = |text: &str| mutant_cli::say(&mut out, text);
    let Some(rounds) = read()? else { return Ok(()) };
    let rounds =
        protocol::header(rounds.as_bytes()).ok_or_else(|| format!("bad header {rounds:?}"))?;
    for _ in 0..rounds {
        let Some(spec) = read()? else { return Ok(()) };
        let spec = Spec::parse(&spec)?;
        let Some(line) = read()? else { return Ok(()) };
        let numbers: Vec<u64> = line
            .split_whitespace()
            .map(|w| w.parse().map_err(|_| format!("bad heaps line {line:?}")))
            .collect::<Result<_, _>>()?;
        let mut heaps: Vec<u64> = numbers.iter().skip(1).copied().filter(|&h| h > 0).collect();
        let mut player = Player::new(variant, spec.clone());
        let ev = combgames_impartial::Evaluator::new(spec);
        let mut our_turn = player.believes_mover_wins(&heaps);
        say(if our_turn { "first" } else { "second" })?;
        let mut cut = false;
        while ev.has_move(&heaps) {
            if our_turn {
                let m = player.choose(&heaps);
                say(&m.to_string())?;
                heaps = after(&heaps, &m);
            } else {
                let Some(l) = read()? else { return Ok(()) };
                if l == "end" {
                    cut = true;
                    break;
                }
                let m = Move::parse(&l)?;
                ev.is_legal(&heaps, &m)?;
                heaps = after(&heaps, &m);
            }
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
