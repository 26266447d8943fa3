//! End to end: the referee against the solution's `--play` mode on other sizes and k than the
//! default mix (tests/referee/coverage.rs plays every solution's default sessions on seeds
//! 1..5). Every session must be OK.

use crate::common;

use std::process::Command;

fn play(game: &str, solution: &str, extra: &[&str]) {
    let out = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(["play", game])
        .args(extra)
        .args(common::judging_play_mode(solution, "20"))
        .output()
        .unwrap();
    let line = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(line.starts_with(&format!("OK {game}")), "{line}");
    assert_eq!(out.status.code(), Some(0), "{line}");
}

#[test]
fn subtraction_solution_passes_the_referee() {
    let sol = common::solution("subtraction");
    let sessions: Vec<Vec<&str>> = ["1", "2", "3/2", "1.25", "7/3", "100000"]
        .map(|k| {
            vec![
                "--rounds", "30", "--seed", "4", "--size", "2..300", "--k", k,
            ]
        })
        .to_vec();
    common::par_map(&sessions, |extra| play("subtraction", sol, extra));
}
