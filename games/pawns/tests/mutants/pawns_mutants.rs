//! Pawn players with one plausible bug each, and correct players that choose other winning
//! moves, for the mutation suite (mod.rs here). Speaks docs/protocol.md, including
//! `end` in place of the referee's move when a round is cut.
//!
//! usage: pawns_mutants --bug NAME [--seed S]   (--help lists the variants)

// The variants' choices, shared with the mutation suite (mod.rs here, which declares
// players.rs too).
mod players;
use players as mutants;

// The command line every mutation-suite player shares.
use combgames_testkit::mutant_cli;

// The protocol client of the solutions (solutions/src/shared/protocol.rs): the referee's
// lines and the session header `play R`, read the same way as the solutions read them.
#[path = "../../../../solutions/src/shared/protocol.rs"]
mod protocol;

use combgames_pawns::position::Position;
use combgames_pawns::Move;
use mutant_cli::Variant;
use std::io::BufWriter;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut variants: Vec<Variant> = mutants::VARIANTS
        .iter()
        .map(|&(name, _, correct, what)| Variant {
            name,
            correct,
            what,
        })
        .collect();
    let (name, what) = mutants::WRONG_HELP;
    variants.push(Variant {
        name,
        correct: false,
        what,
    });
    let accepts = |name: &str| mutants::parse(name).is_some();
    mutant_cli::main_with("pawns_mutants", &variants, &accepts, 1, |name, seed| {
        let bug = mutants::parse(name).expect("a listed variant");
        play(mutants::Player::new(bug, seed))
    })
}

fn play(mut player: mutants::Player) -> Result<(), String> {
    let mut referee = protocol::Referee::new(std::io::stdin().lock());
    // None: the referee aborted (`-1`) or closed the pipe; either way the session is over.
    let mut read = move || referee.next_or_none();
    let mut out = BufWriter::new(std::io::stdout());
    let mut say = |text: &str| mutant_cli::say(&mut out, text);
    let Some(rounds) = read()? else { return Ok(()) };
    let rounds =
        protocol::header(rounds.as_bytes()).ok_or_else(|| format!("bad header {rounds:?}"))?;
    for _ in 0..rounds {
        let Some(line) = read()? else { return Ok(()) };
        // `N`, or `N K a1 b1 ...`: a board with columns already played (docs/protocol.md).
        let start = Position::parse(&line, 1_000_000)?;
        let mut live = start.live();
        let first = player.first_on(&mut live)?;
        say(if first { "first" } else { "second" })?;
        let mut mine = first;
        let mut cut = false;
        while live.has_move() {
            if mine {
                let m = player.choose(&mut live)?;
                say(&m.to_string())?;
                if live.play(m).is_err() {
                    // The referee refuses it and ends the session.
                    while read()?.is_some() {}
                    return Ok(());
                }
            } else {
                let Some(line) = read()? else { return Ok(()) };
                if line == "end" {
                    cut = true;
                    break;
                }
                let m = Move::parse(&line).map_err(|e| e.to_string())?;
                live.play(m)
                    .map_err(|e| format!("referee move {line:?}: {e}"))?;
            }
            mine = !mine;
        }
        if !cut {
            match read()? {
                Some(l) if l == "end" => {}
                Some(l) => return Err(format!("expected end, got {l:?}")),
                None => return Ok(()),
            }
        }
    }
    while read()?.is_some() {}
    Ok(())
}
