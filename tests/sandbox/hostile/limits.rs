//! What a solution is counted and capped on: CPU and memory of a child out of the process
//! group and of short-lived orphans, the task cap against a fork bomb (with a control group
//! and as an ordinary user), and the scratch space.

use super::{
    cgroups_or_note, fixture, gone_within, one_round, outside_pidfile, referee, referee_as,
    root_or_note, share_folder_of, text, wait_for_file, DOCUMENTED_TASK_CAP,
};
use crate::common;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// CPU burnt by a child in a session of its own counts against the time limit, and the child
/// does not outlive the session. Before: OK, and the child spun on for ever.
#[test]
fn cpu_of_a_detached_child_counts_and_the_child_is_killed() {
    let dir = common::TempDir::new("sandbox-cpu");
    let pidfile = dir.join("pid");
    let player = common::example("perfect_player");
    let fixture = fixture("burns_in_a_detached_child.sh");
    // The wall limit far above: on a loaded machine the child gets little of a CPU, and the
    // CPU limit must be what stops the session.
    let game = common::a_game();
    let mut args: Vec<&str> = "--rounds 1000 --seed 1 --time-limit 1 --wall-limit 60 --"
        .split(' ')
        .collect();
    args.splice(0..0, ["play", game]);
    args.extend([fixture.as_str(), &player, game]);
    let (out, elapsed) = referee(&args, &[("HOSTILE_PIDFILE", &pidfile)]);
    let line = text(&out.stdout);
    assert!(line.starts_with(&format!("TLE {game}")), "{line}");
    assert!(line.contains("CPU time over 1.0s"), "{line}");
    assert!(elapsed < Duration::from_secs(10), "{elapsed:?}: {line}");
    wait_for_file(&pidfile);
    // Not found: no longer running.
    if let Some(pidfile) = outside_pidfile(&pidfile, &dir) {
        assert!(
            gone_within(&pidfile, Duration::from_secs(2)),
            "the detached child outlived the session"
        );
    }
}

/// Memory held by a child counts against `referee play`'s memory limit. Before: there was no
/// memory limit in play at all.
#[test]
fn memory_of_a_child_counts_against_the_play_limit() {
    let player = common::example("perfect_player");
    let game = common::a_game();
    let (out, elapsed) = referee(
        &[
            "play",
            game,
            "--rounds",
            "100000",
            "--seed",
            "1",
            "--memory-limit",
            "256",
            "--time-limit",
            "30",
            "--",
            &fixture("hogs_memory_in_a_child.sh"),
            &player,
            game,
        ],
        &[],
    );
    let line = text(&out.stdout);
    assert!(line.starts_with(&format!("MLE {game}")), "{line}");
    assert!(line.contains("memory over 256 MB"), "{line}");
    assert_eq!(out.status.code(), Some(13), "{line}");
    assert!(elapsed < Duration::from_secs(30), "{elapsed:?}");
}

/// Memory held by a child counts against `referee judge`'s memory limit. Before: the main
/// process alone was measured, and the test was OK.
#[test]
fn memory_of_a_child_counts_against_the_judge_limit() {
    let dir = common::TempDir::new("sandbox-judge-mem");
    let (out, _) = referee(
        &[
            "judge",
            common::a_game(),
            "--tests",
            "0",
            "--memory-limit",
            "256",
            "--time-limit",
            "20",
            "--keep",
            dir.join("kept").to_str().unwrap(),
            "--",
            &fixture("hogs_memory_in_a_child.sh"),
            "sh",
            "-c",
            "read n; sleep 5; echo White",
        ],
        &[],
    );
    let stdout = text(&out.stdout);
    assert!(
        stdout.lines().any(|l| l.contains("  MLE  ")),
        "no MLE:\n{stdout}"
    );
}

/// CPU spent in short processes that leave the tree at once (orphans that end before a walk of
/// /proc finds them) counts: the cpuacct group holds every process that was ever in it.
/// Before: `cpu=0.1s` or so, the orphans' 1 s of CPU unseen.
#[test]
fn cpu_of_short_lived_orphans_counts() {
    if !cgroups_or_note("cpuacct") {
        return;
    }
    // 40 starts of a shell on a machine that may be busy: more than the default 5 s.
    let (line, _) = one_round(
        &["--idle-limit", "30"],
        Some("burns_in_short_orphans.sh"),
        &[],
    );
    assert!(
        line.starts_with(&format!("OK {}", common::a_game())),
        "{line}"
    );
    let cpu: f64 = line
        .split_once(" cpu=")
        .and_then(|(_, rest)| rest.split('s').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no cpu= figure: {line}"));
    // 40 orphans of about 25 ms each (30000 shell loop turns), the session itself 0.05 s.
    assert!(cpu > 0.5, "the orphans' CPU was not counted: {line}");
}

/// Memory taken for a moment by an orphan (600 MB, freed before a walk of /proc sees it) is
/// stopped by the memory group's cap and judged MLE. Before: OK.
#[test]
fn memory_of_a_short_lived_orphan_is_mle() {
    if !cgroups_or_note("memory") {
        return;
    }
    let (line, code) = one_round(
        &["--memory-limit", "100"],
        Some("hogs_memory_in_a_short_orphan.sh"),
        &[],
    );
    assert!(
        line.starts_with(&format!("MLE {}", common::a_game())),
        "{line}"
    );
    assert_eq!(code, Some(13), "{line}");
}

/// A fork bomb stops at the cap, by each of the two defences with the other switched off
/// ([`combgames_sandbox::WITHOUT_ENV`]): the pids group's cap, and `RLIMIT_NPROC` of the box
/// uid. Before: all 1000 sleepers started (and were killed at the end).
#[test]
fn a_fork_bomb_stops_at_the_task_cap() {
    if !cgroups_or_note("pids") {
        return;
    }
    let dir = common::TempDir::new("sandbox-pids");
    for off in ["nproc", "pids"] {
        let started = dir.join(format!("started-without-{off}"));
        let (line, _) = one_round(
            &[],
            Some("starts_a_thousand_processes.sh"),
            &[
                ("HOSTILE_PIDFILE", &started),
                (combgames_sandbox::WITHOUT_ENV, Path::new(off)),
            ],
        );
        // Empty when the kill came between truncating the file and writing the count.
        let count: u64 = std::fs::read_to_string(&started)
            .ok()
            .and_then(|t| t.trim().parse().ok())
            .unwrap_or(u64::MAX);
        assert!(
            count < DOCUMENTED_TASK_CAP,
            "without {off}: {count} processes started: {line}"
        );
        assert!(
            line.starts_with(&format!("RE {}", common::a_game())),
            "without {off}: {line}"
        );
    }
}

/// A fork bomb of an ordinary user's solution (no control group) stops at the cap of
/// [`DOCUMENTED_TASK_CAP`] processes and threads: RLIMIT_NPROC in the
/// referee's user namespace, which the kernel counts per namespace, so 100 processes of the
/// same uid outside it (sleepers of `nobody` on the host) leave the solution all of the cap
/// but the sandbox's own holder and init. Before: all 1000 sleepers started.
#[test]
fn a_fork_bomb_of_an_ordinary_user_stops_at_the_cap() {
    if !root_or_note("a referee run as nobody")
        || !super::attacks::nobody_reaches_the_test_files(true)
    {
        return;
    }
    if !combgames_sandbox::pid_namespace_works() {
        common::cannot_run("no namespaces here (docs/sandbox.md lists what is missing)");
        return;
    }
    let dir = common::TempDir::new("sandbox-nproc");
    let started = dir.join("started");
    let mut outside: Vec<std::process::Child> = (0..100)
        .map(|_| {
            Command::new("setpriv")
                .args(["--reuid=nobody", "--regid=nogroup", "--clear-groups"])
                .args(["sleep", "60"])
                .spawn()
                .unwrap()
        })
        .collect();
    let mut cmd = referee_as(true);
    cmd.args(["play", common::a_game(), "--rounds", "1", "--seed", "1"])
        .args(["-E", "HOSTILE_PIDFILE", "--"])
        .arg(fixture("starts_a_thousand_processes.sh"))
        .args([common::bin(common::a_game()).as_str(), "--play"])
        .env("HOSTILE_PIDFILE", &started);
    share_folder_of(&mut cmd, &started);
    let out = cmd.output().unwrap();
    for sleeper in &mut outside {
        let _ = sleeper.kill();
        let _ = sleeper.wait();
    }
    let line = text(&out.stdout);
    let count: u64 = std::fs::read_to_string(&started)
        .ok()
        .and_then(|t| t.trim().parse().ok())
        .unwrap_or(u64::MAX);
    let cap = DOCUMENTED_TASK_CAP;
    // The fixture's shell, the sandbox's holder and init, and the sleepers it started.
    assert!(
        count < cap && count + 8 >= cap,
        "{count} processes started under a cap of {cap}: {line}"
    );
    assert!(
        line.starts_with(&format!("RE {}", common::a_game())),
        "{line}"
    );
}

/// A solution that fills its scratch space is MLE with a message naming the scratch space and
/// its size, in `play` (the fixture's 300 MB, then it plays on) and in `judge` (files under
/// the output's size limit, one after another). Before: "memory over the limit".
#[test]
fn a_full_scratch_space_is_named() {
    if !combgames_sandbox::pid_namespace_works() {
        common::cannot_run("no namespaces here (docs/sandbox.md lists what is missing)");
        return;
    }
    let (line, code) = one_round(
        &["--scratch-size", "8"],
        Some("tries_to_escape.sh"),
        &[
            ("HOSTILE_ATTACK", Path::new("fill-scratch")),
            ("HOSTILE_TAG", Path::new("scratch")),
        ],
    );
    assert!(
        line.starts_with(&format!("MLE {}", common::a_game())),
        "{line}"
    );
    assert!(line.contains("the scratch space (8 MiB) is full"), "{line}");
    assert_eq!(code, Some(13), "{line}");
    let samples = common::TempDir::new("sandbox-scratch-samples");
    let game = common::a_game();
    let sample = common::game_data::judged_sample(game);
    std::fs::copy(&sample.input, samples.join(format!("{}.in", sample.name))).unwrap();
    std::fs::copy(&sample.answer, samples.join(format!("{}.out", sample.name))).unwrap();
    // The failure's files in a scratch folder, not in judge-failures/ of the checkout.
    let kept = common::TempDir::new("sandbox-scratch-kept");
    let fill = format!(
        "for i in $(seq 40); do head -c 500000 /dev/zero >$TMPDIR/f$i; done; exec {}",
        common::bin(game)
    );
    let (out, _) = referee(
        &[
            "judge",
            game,
            "--tests",
            "0",
            "--scratch-size",
            "8",
            "--samples",
            samples.to_str().unwrap(),
            "--keep",
            kept.to_str().unwrap(),
            "--",
            "sh",
            "-c",
            &fill,
        ],
        &[],
    );
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("MLE") && stdout.contains("the scratch space (8 MiB) is full"),
        "{stdout}"
    );
}
