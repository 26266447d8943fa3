//! End to end: the referee against the real solutions' `--play` modes, several seeds, the
//! default size mix plus larger positions. Every session must be OK.

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
    let mut sessions: Vec<Vec<&str>> = ["1", "2", "3"]
        .map(|seed| vec!["--rounds", "30", "--seed", seed])
        .to_vec();
    for k in ["1", "2", "3/2", "1.25", "7/3", "100000"] {
        sessions.push(vec![
            "--rounds", "30", "--seed", "4", "--size", "2..300", "--k", k,
        ]);
    }
    common::par_map(&sessions, |extra| play("subtraction", sol, extra));
}

#[test]
fn pawns_solution_passes_the_referee() {
    let sol = common::solution("pawns");
    let mut sessions: Vec<Vec<&str>> = ["1", "2", "3"]
        .map(|seed| vec!["--rounds", "40", "--seed", seed])
        .to_vec();
    sessions.push(vec!["--rounds", "100", "--seed", "5", "--size", "1..150"]);
    sessions.push(vec!["--rounds", "3", "--seed", "6", "--size", "500..1500"]);
    common::par_map(&sessions, |extra| play("pawns", sol, extra));
}
