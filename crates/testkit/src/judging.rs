//! The judge's and the referee's runs: a checker under testlib's contract, the perfect
//! player's session, `referee judge` and its verdicts, a failed session's commands to play it
//! again, and a problem package's players.

use crate::{example, referee, run_with_args, Run, TempDir};
use std::path::Path;
use std::process::{Command, Output};

/// The players a problem package holds in `package`/submissions/`kind`/, sorted, after
/// checking that they are, by name, exactly the hand-written ones of `source`/`kind`/ (a
/// missing folder holds none).
pub fn package_players(
    source: &std::path::Path,
    package: &std::path::Path,
    kind: &str,
) -> Vec<std::path::PathBuf> {
    let rust_files = |dir: &std::path::Path| {
        let mut found: Vec<std::path::PathBuf> = match std::fs::read_dir(dir) {
            Ok(entries) => entries.map(|e| e.unwrap().path()).collect(),
            Err(_) => Vec::new(),
        };
        found.retain(|f| f.extension().is_some_and(|e| e == "rs"));
        found.sort();
        found
    };
    let written = rust_files(&source.join(kind));
    let submitted = rust_files(&package.join("submissions").join(kind));
    let names = |files: &[std::path::PathBuf]| -> Vec<std::ffi::OsString> {
        files
            .iter()
            .map(|f| f.file_name().unwrap().into())
            .collect()
    };
    assert_eq!(
        names(&submitted),
        names(&written),
        "{}: {kind}",
        package.display()
    );
    submitted
}

/// A checker under testlib's contract: `check-<problem> input output answer`, the three files
/// written into `dir` first; the exit code and stderr.
pub fn check_files(
    problem: &str,
    dir: &std::path::Path,
    input: &[u8],
    output: &[u8],
    answer: &[u8],
) -> Run {
    let files = ["input", "output", "answer"].map(|f| dir.join(f));
    for (file, bytes) in files.iter().zip([input, output, answer]) {
        std::fs::write(file, bytes).unwrap();
    }
    let args: Vec<&str> = files.iter().map(|f| f.to_str().unwrap()).collect();
    run_with_args(&format!("check-{problem}"), &args, Vec::new())
}

/// `referee play GAME --seed S OPTIONS --transcript FILE -- perfect_player GAME FLAGS`, the
/// transcript in `dir` (named after the game, seed and flags): the verdict line and the
/// transcript's text.
pub fn play_perfect_player(
    game: &str,
    seed: u64,
    options: &[&str],
    flags: &[&str],
    dir: &TempDir,
) -> (String, String) {
    let transcript = dir.join(format!("{game}-{seed}-{}.txt", flags.join("")));
    let out = std::process::Command::new(referee())
        .args(["play", game, "--seed", &seed.to_string()])
        .args(options)
        .arg("--transcript")
        .arg(&transcript)
        .arg("--")
        .arg(example("perfect_player"))
        .arg(game)
        .args(flags)
        .output()
        .expect("the referee runs");
    (
        String::from_utf8_lossy(&out.stdout).trim().to_owned(),
        std::fs::read_to_string(&transcript).unwrap_or_default(),
    )
}

/// Runs `referee judge <args> -- <command>` in `cwd`: its exit code and stdout.
pub fn referee_judge(
    cwd: &std::path::Path,
    args: &[&str],
    command: &[&str],
) -> (Option<i32>, String) {
    let out = std::process::Command::new(referee())
        .current_dir(cwd)
        .arg("judge")
        .args(args)
        .arg("--")
        .args(command)
        .output()
        .expect("the referee runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// `(test, verdict)` of every result line `<name>  <verdict>  cpu ...` of `referee judge`'s
/// output.
pub fn judge_verdicts(stdout: &str) -> Vec<(String, String)> {
    stdout
        .lines()
        .filter(|l| l.contains("  cpu "))
        .map(|l| {
            let mut words = l.split_whitespace();
            let name = words.next().unwrap_or("").to_owned();
            (name, words.next().unwrap_or("").to_owned())
        })
        .collect()
}

/// The verdict line of a `referee play` (its stdout's first line) without its times.
pub fn verdict_without_times(out: &Output) -> String {
    let line = String::from_utf8_lossy(&out.stdout);
    let line = line.lines().next().unwrap_or("").to_owned();
    match (line.find(" time="), line.find(": ")) {
        (Some(t), Some(why)) => format!("{}{}", &line[..t], &line[why..]),
        (Some(t), None) => line[..t].to_owned(),
        _ => line,
    }
}

/// The command a stderr line of `out` names after `marker` (`referee play`'s "to play these
/// rounds again: ..." lines).
pub fn command_named(out: &Output, marker: &str) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr);
    stderr
        .lines()
        .find_map(|l| l.split_once(marker).map(|(_, cmd)| cmd.to_owned()))
        .unwrap_or_else(|| panic!("no {marker:?} on stderr:\n{stderr}"))
}

/// Runs a shell command line in `cwd` as a person would paste it.
pub fn shell(line: &str, cwd: &Path) -> Output {
    Command::new("sh")
        .args(["-c", line])
        .current_dir(cwd)
        .output()
        .unwrap()
}
