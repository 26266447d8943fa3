//! The default `referee judge` catches what the packages' wrong and slow players get wrong:
//! for every problem, each program of packages/<problem>/wrong_answer/ is WA on the default
//! run with the first seed, and each of time_limit_exceeded/ is TLE on the run's `largest`
//! test (the statement's worst case, designed from what is slow; pawns, which has none, on
//! the default run). Every problem has at least one of each. A Rust player is built with
//! `rustc -O` (its `#[path]` modules beside it), a Python one run with python3; the players
//! are judged two at a time, with `--first` and no shrink, so the whole costs about the
//! players' builds and one CPU limit (2 s) per slow player.

use crate::common;

use combgames_registry::Game;
use common::TempDir;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The players of packages/<problem>/<kind>/ (`.rs` and `.py`), in name order.
fn players(problem: &str, kind: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("packages")
        .join(problem)
        .join(kind);
    let mut found: Vec<PathBuf> = match std::fs::read_dir(&dir) {
        Ok(entries) => entries.map(|e| e.unwrap().path()).collect(),
        Err(_) => Vec::new(),
    };
    found.retain(|f| f.extension().is_some_and(|e| e == "rs" || e == "py"));
    found.sort();
    found
}

/// The command that runs `player`: python3 on a Python file, else the program rustc builds
/// into `dir`.
fn command_of(player: &Path, dir: &Path) -> Vec<String> {
    if player.extension().is_some_and(|e| e == "py") {
        return vec!["python3".into(), player.to_string_lossy().into_owned()];
    }
    let exe = dir.join(player.file_stem().unwrap());
    let built = Command::new("rustc")
        .args(["-O", "--edition", "2021", "-o"])
        .arg(&exe)
        .arg(player)
        .output()
        .expect("rustc runs");
    assert!(
        built.status.success(),
        "{}: {}",
        player.display(),
        String::from_utf8_lossy(&built.stderr)
    );
    vec![exe.to_string_lossy().into_owned()]
}

#[test]
fn every_wrong_player_is_wa_and_every_slow_one_tle_by_default() {
    let dir = TempDir::new("judge-players");
    let mut runs = Vec::new();
    for problem in Game::ALL {
        let name = problem.name();
        let wrong = players(name, "wrong_answer");
        let slow = players(name, "time_limit_exceeded");
        assert!(!wrong.is_empty(), "{name}: no wrong_answer player");
        assert!(!slow.is_empty(), "{name}: no time_limit_exceeded player");
        runs.extend(wrong.into_iter().map(|p| (*problem, p, "WA")));
        runs.extend(slow.into_iter().map(|p| (*problem, p, "TLE")));
    }
    let results = common::par_map(&runs, |(problem, player, want)| {
        let name = problem.name();
        let cwd = dir.join(format!(
            "{name}-{}",
            player.file_name().unwrap().to_string_lossy()
        ));
        std::fs::create_dir_all(&cwd).unwrap();
        let command = command_of(player, &cwd);
        let command: Vec<&str> = command.iter().map(String::as_str).collect();
        let mut args = vec![name, "--seed", "1", "--no-shrink", "--first"];
        if *want == "TLE" && problem.largest().is_some() {
            args.extend(["--only", "largest"]);
        }
        let (code, stdout) = common::referee_judge(&cwd, &args, &command);
        (player.clone(), *want, code, stdout)
    });
    for (player, want, code, stdout) in results {
        let verdicts = common::judge_verdicts(&stdout);
        let failed: Vec<&str> = verdicts
            .iter()
            .map(|(_, v)| v.as_str())
            .filter(|v| *v != "OK")
            .collect();
        let exit = if want == "WA" { 1 } else { 10 };
        assert!(
            code == Some(exit) && failed == [want],
            "{}: want {want}:\n{stdout}",
            player.display()
        );
    }
}
