//! docs/messages.md's rules, checked on an error path of every program: one line on stderr
//! that starts with the program's name (a checker's with `FAIL`, as testlib's), nothing on
//! stdout, a non-zero exit; a word the user typed shown in double quotes (`"bogus"`), never
//! in backticks; no `(s)` plural.

use crate::common;

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::PathBuf;

#[test]
fn every_program_words_its_errors_by_the_rules() {
    let referee = PathBuf::from(env!("CARGO_BIN_EXE_referee"));
    let bin = |name: &str| referee.with_file_name(name);
    let mut runs: Vec<(PathBuf, &str, Vec<&str>)> = vec![
        (referee.clone(), "referee", vec!["bogus"]),
        (referee.clone(), "referee", vec!["play", "bogus"]),
        (
            referee.clone(),
            "referee",
            vec!["judge", "bogus", "--", "true"],
        ),
        (referee.clone(), "referee", vec!["human", "bogus"]),
        (
            referee.clone(),
            "referee",
            vec!["play", "pawns", "--bogus", "--", "true"],
        ),
        (bin("gen"), "gen", vec!["bogus", "--seed", "1"]),
        (bin("gen"), "gen", vec!["pawns", "--seed", "bogus"]),
        (
            bin("gen"),
            "gen",
            vec!["pawns", "--seed", "1", "--kind", "bogus"],
        ),
        (bin("check-pawns"), "FAIL check-pawns", vec!["bogus"]),
        (bin("referee-kattis"), "referee-kattis", vec!["bogus"]),
        (
            bin("referee-kattis"),
            "referee-kattis",
            vec!["bogus", "in", "ans", "feedback"],
        ),
        (
            bin("referee-kattis"),
            "referee-kattis",
            vec!["--validate-input", "bogus"],
        ),
    ];
    for game in [
        "pawns",
        "tictactoe",
        "coloring",
        "knights",
        "race",
        "subtraction",
        "impartial",
    ] {
        runs.push((bin(game), game, vec!["bogus"]));
    }
    for (program, name, args) in runs {
        // The word typed, where the message shows it (a checker's counts the arguments), in
        // double quotes; never in backticks; no `(s)` plural.
        let quoted = predicate::str::contains("bogus")
            .not()
            .or(predicate::str::contains("\"bogus\""))
            .or(predicate::str::contains("\"--bogus\""));
        Command::new(&program)
            .args(&args)
            .assert()
            .code(predicate::ne(0))
            .stdout(predicate::str::is_empty())
            .stderr(common::one_line().and(predicate::str::starts_with(format!("{name}: "))))
            .stderr(quoted)
            .stderr(predicate::str::contains("`bogus`").not())
            .stderr(predicate::str::contains("(s)").not());
    }
}

/// A usage error exits 3 in every program of the referee, its Kattis validator alone included
/// (1 there is a judging error, 42 and 43 the verdicts).
#[test]
fn a_usage_error_exits_3() {
    let referee = PathBuf::from(env!("CARGO_BIN_EXE_referee"));
    let kattis = referee.with_file_name("referee-kattis");
    let runs: [(&PathBuf, Vec<&str>); 5] = [
        (&referee, vec!["bogus"]),
        (&referee, vec!["kattis", "pawns"]),
        (&kattis, vec!["pawns"]),
        (&kattis, vec!["bogus", "in", "ans", "feedback"]),
        (&kattis, vec!["--validate-input", "bogus"]),
    ];
    for (program, args) in runs {
        Command::new(program).args(&args).assert().code(3);
    }
}
