//! Blame in the right place when the referee's own input is wrong: a replayed subtraction
//! script whose position is beyond the referee's range, or whose lines go on after the rounds
//! its header counts, is FAIL (exit 3), never a verdict against the solution.

use crate::common;

use std::process::Command;

fn replay(game: &str, script: &str) -> (Option<i32>, String) {
    let dir = common::TempDir::new("replay-blame");
    let path = dir.join("script.txt");
    std::fs::write(&path, script).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(["replay", game])
        .arg(&path)
        .arg("--")
        .arg(common::bin(game))
        .arg("--play")
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn a_replayed_pile_beyond_the_referees_range_is_fail() {
    let (code, line) = replay("subtraction", "< 1\n< 2000000000000000000 2\n");
    assert_eq!(code, Some(3), "{line}");
    assert!(
        line.starts_with("FAIL subtraction") && line.contains("beyond the referee's range"),
        "{line}"
    );
}

#[test]
fn a_script_with_more_rounds_than_its_header_is_fail() {
    // Two positions recorded under a header of one round: the second must not be ignored.
    // n = 3 with k = 1: the first player takes 1, then the second must take 1 and the first
    // takes the last stone (the solution, first, wins on its own).
    let (code, line) = replay("subtraction", "< 1\n< 3 1\n< 1\n< end\n< 3 1\n");
    assert_eq!(code, Some(3), "{line}");
    assert!(
        line.starts_with("FAIL subtraction") && line.contains("round count disagrees"),
        "{line}"
    );
}
