//! One file, both modes (docs/protocol.md, "One file, both modes"): a judge runs a submission
//! without arguments, for the batch problem and for its interactive twin. The referee opens a
//! session with `play R`; each solution, run without arguments, plays when its input starts
//! with that word and answers the batch input otherwise.

use crate::common;

use predicates::prelude::*;
use predicates::str::{contains, starts_with};
use std::path::Path;

use common::{bin as solution, games};

/// The referee plays a whole session against each solution started with no arguments at all,
/// as a judge starts a submission: every round is won and the solution exits by itself.
#[test]
fn every_solution_plays_a_referee_session_without_arguments() {
    for game in games() {
        common::command("referee")
            .args(["play", game, "--rounds", "6", "--seed", "3"])
            .args(["--time-limit", "20", "--idle-limit", "5", "--"])
            .arg(solution(game))
            .assert()
            .stdout(starts_with(format!("OK {game} ")).and(contains("rounds=6")))
            .code(0);
    }
}

/// Without arguments the batch inputs are still answered as before: every sample whose answer
/// is unique (knights' are not; tests/solutions/samples.rs checks those with the checker).
#[test]
fn every_solution_still_answers_its_samples_without_arguments() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for game in games().filter(|&g| g != "knights") {
        let mut ran = 0;
        for entry in std::fs::read_dir(root.join("samples").join(game)).unwrap() {
            let input = entry.unwrap().path();
            if input.extension().map_or(true, |e| e != "in") {
                continue;
            }
            let expected = std::fs::read_to_string(input.with_extension("out")).unwrap();
            common::command(game)
                .write_stdin(std::fs::read(&input).unwrap())
                .assert()
                .code(0)
                .stdout(expected);
            ran += 1;
        }
        assert!(ran > 0, "no samples for {game}");
    }
}

/// The mode is the first token's: blanks before it and a token that only starts like the
/// header leave the batch input as it was (its bytes are read again, line numbers included),
/// and `play R` starts a session whose line numbers count the header.
#[test]
fn the_first_token_decides_the_mode() {
    use predicates::str::{contains, is_empty};
    // Leading blank lines and spaces: still the batch input, answered whole.
    common::command("subtraction")
        .write_stdin("\n\r\n  \t1\n5 2\n")
        .assert()
        .code(0)
        .stdout("Case 1: lose\n");
    // A batch error names the line in the whole input, the looked-at bytes included.
    common::command("pawns")
        .write_stdin("\n\n0\n")
        .assert()
        .code(1)
        .stderr(contains("line 3: N must be at least 1"));
    for (game, input) in [("pawns", "playing\n"), ("subtraction", "play1\n5 2\n")] {
        common::command(game)
            .write_stdin(input)
            .assert()
            .code(1)
            .stdout(is_empty());
    }
    // The header: a session of one round, read line by line; `-1` ends it quietly.
    common::command("pawns")
        .write_stdin("play 1\n1\nend\n")
        .assert()
        .code(0)
        .stdout("first\n1 1 2 1\n")
        .stderr("");
    common::command("tictactoe")
        .write_stdin("play 2\nX...\n2 O\nend\n-1\n")
        .assert()
        .code(0)
        .stdout("first\n4 O\n3 X\n");
    // Line numbers count the header line.
    common::command("coloring")
        .write_stdin("play 1\n0\n")
        .assert()
        .code(1)
        .stderr(contains("line 2: expected N ≥ 1"));
    // `--play` takes the header too, and the bare count of older referees.
    for input in ["play 1\n5 2\n4\nend\n", "1\n5 2\n4\nend\n"] {
        common::command("subtraction")
            .arg("--play")
            .write_stdin(input)
            .assert()
            .code(0)
            .stdout("second\n1\n");
    }
}
