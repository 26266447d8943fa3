//! End to end: the referee against the real solutions' `--play` modes on other sizes and
//! parameters than the default mix (coverage.rs plays every solution's default sessions on
//! seeds 1..5, of which a shorter session at the same seed is the first rounds). Every
//! session must be OK.

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
fn pawns_solution_passes_the_referee() {
    let sol = common::solution("pawns");
    let sessions: Vec<Vec<&str>> = vec![
        vec!["--rounds", "100", "--seed", "5", "--size", "1..150"],
        vec!["--rounds", "3", "--seed", "6", "--size", "500..1500"],
    ];
    common::par_map(&sessions, |extra| play("pawns", sol, extra));
}
