//! Every program's `--help`: the help on stdout and exit 0, also when stdout is a pipe nobody
//! reads any more (`referee --help | head -1`), where a `println!` would panic (exit 101);
//! every help names its exit codes. A program whose output's reader has gone (`gen ... |
//! head`) ends quietly with exit 0.

use crate::common;

use combgames_registry::Game;
use predicates::prelude::*;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// Every program of the crate, with the arguments that ask it for help.
fn programs() -> Vec<(PathBuf, Vec<&'static str>)> {
    let referee = PathBuf::from(env!("CARGO_BIN_EXE_referee"));
    let bin = |name: &str| PathBuf::from(crate::common::bin(name));
    let mut all = vec![
        (referee.clone(), vec!["--help"]),
        (referee.clone(), vec!["judge", "--help"]),
        (referee.clone(), vec!["human", "--help"]),
        (bin("referee-kattis"), vec!["--help"]),
        (bin("gen"), vec!["--help"]),
    ];
    for game in Game::ALL {
        all.push((bin(&format!("check-{}", game.name())), vec!["--help"]));
        all.push((bin(&format!("validate-{}", game.name())), vec!["--help"]));
        all.push((bin(game.name()), vec!["--help"]));
    }
    all
}

#[test]
fn every_help_names_its_exit_codes() {
    for (program, args) in programs() {
        let names_exit_codes = predicate::function(|help: &str| {
            let help = help.to_lowercase();
            help.contains("exit code") || help.contains("exit 0") || help.contains("exit 42")
        })
        .fn_name("names_its_exit_codes");
        assert_cmd::Command::new(&program)
            .args(&args)
            .assert()
            .stdout(names_exit_codes);
    }
}

/// Output into a pipe whose reader is gone: no message, exit 0 (gen's test, larger than a
/// pipe's buffer: the first game's whose inputs hold 100000 cases; a solution's answers:
/// each game's tests, games/impartial/tests/solution/values.rs and
/// games/strip/tests/solution/malformed.rs).
#[test]
fn output_into_a_closed_pipe_ends_quietly() {
    let many = Game::ALL
        .iter()
        .find(|g| g.gen().max_count.is_some_and(|c| c >= 100_000))
        .expect("a game with 100000 cases to an input");
    let gen = PathBuf::from(common::bin("gen"));
    let args = [many.name(), "--seed", "1", "--count", "100000"];
    let out = common::into_a_closed_pipe(&gen, &args, b"");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "gen {args:?}: {stderr}");
    assert!(stderr.is_empty(), "gen {args:?}: {stderr}");
}

#[test]
fn help_is_printed_and_exits_0() {
    for (program, args) in programs() {
        assert_cmd::Command::new(&program)
            .args(&args)
            .assert()
            .code(0)
            .stdout(predicate::str::contains("usage"));
    }
}

#[test]
fn help_into_a_closed_pipe_is_no_panic() {
    for (program, args) in programs() {
        let (read, write) = common::pipe();
        drop(read);
        let out = Command::new(&program)
            .args(&args)
            .stdout(Stdio::from(write))
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{program:?} {args:?}: {stderr}");
        assert!(
            !stderr.contains("panicked"),
            "{program:?} {args:?}: {stderr}"
        );
    }
}
