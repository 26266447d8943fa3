//! `referee play --kind K`: the rounds come from that kind of the game's one generator
//! (games/<game>/src/gen.rs), the kind `gen <game> --kind K` writes too. (That a kind shapes
//! the rounds as it promises: each game's tests, games/subtraction/tests/kinds.rs.)

use crate::common;

use combgames_core::gen::SESSION;
use combgames_registry::Game;
use common::TempDir;
use std::process::Command;

/// Plays `rounds` rounds of `game` drawn from `kind` against the game's own solution and
/// returns the verdict line and the referee's lines after `play R` (positions, moves, `end`),
/// read from the transcript.
fn play(game: Game, kind: &str, rounds: &str, extra: &[&str]) -> (String, Vec<String>) {
    let dir = TempDir::new("referee-kinds");
    let transcript = dir.join("t.txt");
    let name = game.name();
    let out = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args([
            "play", name, "--kind", kind, "--rounds", rounds, "--seed", "3",
        ])
        .args(extra)
        .arg("--transcript")
        .arg(&transcript)
        .arg("--")
        .arg(solution(game))
        .output()
        .unwrap();
    let line = String::from_utf8_lossy(&out.stdout).into_owned();
    let text = std::fs::read_to_string(&transcript).unwrap_or_default();
    let referee_lines: Vec<String> = text
        .lines()
        .filter_map(|l| l.split_once(" < ").map(|(_, rest)| rest.to_owned()))
        .filter(|l| !l.starts_with("play "))
        .collect();
    (line, referee_lines)
}

/// The game's solution binary (built by cargo beside the referee).
fn solution(game: Game) -> std::path::PathBuf {
    crate::common::solution(game.name()).into()
}

/// Every kind of every game can be played: the referee draws it and the game's solution
/// wins (or holds) every round. A kind the referee could not draw would be FAIL, a position
/// outside the rules WA or FAIL.
#[test]
fn every_kind_of_every_game_is_played() {
    for &game in Game::ALL {
        let kinds = game.gen().kinds;
        assert!(
            kinds.contains(&SESSION),
            "{} has no {SESSION} kind",
            game.name()
        );
        for &kind in kinds {
            let (line, _) = play(game, kind, "2", &["--max-moves", "60"]);
            assert!(
                line.starts_with(&format!("OK {}", game.name())),
                "{} --kind {kind}: {line}",
                game.name()
            );
        }
    }
}
