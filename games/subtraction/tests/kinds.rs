//! `referee play subtraction --kind K`: the kind reaches the generator (the rounds come from
//! that kind of the game's one generator, games/subtraction/src/gen.rs).

use crate::common;

use combgames_core::gen::SESSION;
use common::TempDir;
use std::process::Command;

/// Plays `rounds` rounds of subtraction drawn from `kind` against its solution and returns
/// the verdict line and the referee's lines after `play R` (positions, moves, `end`), read
/// from the transcript.
fn play(kind: &str, rounds: &str, extra: &[&str]) -> (String, Vec<String>) {
    let dir = TempDir::new("subtraction-kinds");
    let transcript = dir.join("t.txt");
    let out = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args([
            "play",
            "subtraction",
            "--kind",
            kind,
            "--rounds",
            rounds,
            "--seed",
            "3",
        ])
        .args(extra)
        .arg("--transcript")
        .arg(&transcript)
        .arg("--")
        .arg(common::solution("subtraction"))
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

/// The kind reaches the generator: subtraction's `integer` rounds all have an integer k,
/// while the default (`session`) mix draws decimals and fractions too.
#[test]
fn the_kind_chooses_the_rounds() {
    // A position is `n k`; the referee's moves and `end` are one word.
    let k_of = |line: &String| line.split_whitespace().nth(1).map(str::to_owned);
    let ks = |kind: &str| -> Vec<String> {
        let (line, lines) = play(kind, "16", &["--max-moves", "4"]);
        assert!(line.starts_with("OK subtraction"), "{kind}: {line}");
        lines.iter().filter_map(k_of).collect()
    };
    let integer = ks("integer");
    assert_eq!(integer.len(), 16, "{integer:?}");
    assert!(
        integer
            .iter()
            .all(|k| k.bytes().all(|b| b.is_ascii_digit())),
        "{integer:?}"
    );
    let session = ks(SESSION);
    assert_eq!(session.len(), 16, "{session:?}");
    assert!(
        session.iter().any(|k| k.contains(['.', '/'])),
        "the session mix drew only integers: {session:?}"
    );
}
