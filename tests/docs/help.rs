//! Every program's `--help`: the help on stdout and exit 0, also when stdout is a pipe nobody
//! reads any more (`referee --help | head -1`), where a `println!` would panic (exit 101).

use crate::common;

use combgames_registry::Game;
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
    }
    all
}

#[test]
fn help_is_printed_and_exits_0() {
    for (program, args) in programs() {
        let out = Command::new(&program).args(&args).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{program:?} {args:?}");
        assert!(text.contains("usage"), "{program:?} {args:?}: {text}");
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
