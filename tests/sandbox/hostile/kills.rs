//! A referee killed outright takes its solution with it, and what the solution left behind
//! dies; a solution that kills its parent cannot reach the referee.

use super::{
    cgroups_or_note, fixture, gone_within, one_round, outside_pidfile, referee, share_folder_of,
    still_runs, text, wait_for_file,
};
use crate::common;
use std::process::Command;
use std::time::Duration;

/// A referee killed outright (SIGKILL: no handler runs) takes the solution with it.
#[test]
fn the_solution_dies_with_a_killed_referee() {
    let dir = common::TempDir::new("sandbox-kill");
    let pidfile = dir.join("pid");
    let mut command = Command::new(env!("CARGO_BIN_EXE_referee"));
    command
        .args(["play", common::a_game(), "--idle-limit", "60"])
        .args(["-E", "HOSTILE_PIDFILE", "--"])
        .arg(fixture("sleeps_and_records_its_pid.sh"))
        .env("HOSTILE_PIDFILE", &pidfile)
        .stdout(std::process::Stdio::null());
    share_folder_of(&mut command, &pidfile);
    let mut child = command.spawn().unwrap();
    wait_for_file(&pidfile);
    let pidfile = outside_pidfile(&pidfile, &dir).expect("the solution runs");
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        gone_within(&pidfile, Duration::from_secs(2)),
        "the solution outlived the referee"
    );
}

/// What a referee killed outright leaves behind (a child in a session of its own, which
/// `PR_SET_PDEATHSIG` does not reach) dies at once where the solution has a PID namespace (the
/// namespace's first process dies with the referee, and the kernel kills the rest), else it is
/// killed by the next referee run, from the dead referee's control group. Before: it spun on
/// for ever.
#[test]
fn what_a_killed_referee_left_dies() {
    let namespace = combgames_sandbox::pid_namespace_works();
    if !namespace && !cgroups_or_note("pids") {
        return;
    }
    let dir = common::TempDir::new("sandbox-stale");
    let pidfile = dir.join("pid");
    let mut command = Command::new(env!("CARGO_BIN_EXE_referee"));
    command
        .args([
            "play",
            common::a_game(),
            "--idle-limit",
            "60",
            "--time-limit",
            "60",
            "-E",
            "HOSTILE_PIDFILE",
            "--",
        ])
        .arg(fixture("burns_in_a_detached_child.sh"))
        .args(["sleep", "60"])
        .env("HOSTILE_PIDFILE", &pidfile)
        .stdout(std::process::Stdio::null());
    share_folder_of(&mut command, &pidfile);
    let mut child = command.spawn().unwrap();
    wait_for_file(&pidfile);
    // The pid the fixture wrote is the namespace's; the test needs the one it has here.
    let pidfile = outside_pidfile(&pidfile, &dir).expect("the detached child runs");
    child.kill().unwrap();
    child.wait().unwrap();
    if namespace {
        assert!(
            gone_within(&pidfile, Duration::from_secs(2)),
            "the detached child outlived the referee's SIGKILL"
        );
        // The next run removes the killed referee's (now empty) control groups.
        one_round(&[], None, &[]);
        return;
    }
    std::thread::sleep(Duration::from_millis(200));
    assert!(
        still_runs(&pidfile),
        "the detached child died with the referee"
    );
    let (line, _) = one_round(&[], None, &[]);
    assert!(
        line.starts_with(&format!("OK {}", common::a_game())),
        "{line}"
    );
    assert!(
        gone_within(&pidfile, Duration::from_secs(2)),
        "the detached child outlived the next referee run"
    );
}

/// A solution that kills its parent cannot reach the referee from its PID namespace, and
/// sees none of the machine's other processes. Before: the referee died (no verdict).
#[test]
fn a_solution_cannot_kill_the_referee() {
    if !combgames_sandbox::pid_namespace_works() {
        common::cannot_run(
            "no PID namespace here; the solution can signal the referee (docs/sandbox.md)",
        );
        return;
    }
    let (line, code) = one_round(&[], Some("kills_its_parent.sh"), &[]);
    assert!(
        line.starts_with(&format!("OK {}", common::a_game())),
        "{line} {code:?}"
    );
    // Only the namespace's own processes in its /proc: init, the shell, ls.
    let (out, _) = referee(
        &[
            "play",
            common::a_game(),
            "--rounds",
            "1",
            "--",
            "sh",
            "-c",
            "echo $(ls /proc | grep -c '^[0-9]') >&2; exit 3",
        ],
        &[],
    );
    let line = text(&out.stdout);
    let seen: u32 = line
        .split("bytes: \"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("no count of processes: {line}"));
    assert!(seen <= 5, "the solution sees {seen} processes: {line}");
}
