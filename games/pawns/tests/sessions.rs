//! End to end: the referee against the solution's `--play` mode on other sizes than the
//! default mix (tests/referee/coverage.rs plays every solution's default sessions on seeds
//! 1..5, of which a shorter session at the same seed is the first rounds). Every session must
//! be OK.

use crate::common;

fn play(game: &str, solution: &str, extra: &[&str]) {
    common::command("referee")
        .args(["play", game])
        .args(extra)
        .args(common::judging_play_mode(solution, "20"))
        .assert()
        .stdout(predicates::str::starts_with(format!("OK {game}")))
        .code(0);
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
