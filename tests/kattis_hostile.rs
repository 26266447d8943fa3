//! `referee kattis` against a runner that holds both pipes, as problemtools and DOMjudge do
//! (issue 18, item 1): a verdict and judgemessage.txt in every case within the idle limit and
//! a second, also when the team stops reading while a position larger than the pipe buffer is
//! written; the judge systems' output-validator flags accepted; a judge message that cannot be
//! written is a judging error (exit 1), never 42.

mod common;

use common::{pipe, TempDir};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

struct Judged {
    code: Option<i32>,
    message: String,
    elapsed: Duration,
}

/// `referee kattis <game> input input feedback [flags]` against `team`, the runner (this test)
/// holding a copy of both pipes until the validator has exited. `prepare` may change the
/// feedback folder first.
fn judge(game: &str, input: &str, flags: &[&str], team: &[&str], prepare: fn(&Path)) -> Judged {
    let dir = TempDir::new("kattis-hostile");
    let input_path = dir.join("test.in");
    std::fs::write(&input_path, input).unwrap();
    let feedback = dir.join("feedback");
    std::fs::create_dir(&feedback).unwrap();
    prepare(&feedback);
    let (to_team_r, to_team_w) = pipe();
    let (from_team_r, from_team_w) = pipe();
    // The runner's own copies: both ends of the team's input pipe (so a write to a team that
    // stopped reading blocks instead of failing) and the write end of its output pipe.
    let held = (
        to_team_r.try_clone().unwrap(),
        to_team_w.try_clone().unwrap(),
        from_team_w.try_clone().unwrap(),
    );
    let mut team = Command::new(team[0])
        .args(&team[1..])
        .stdin(Stdio::from(to_team_r))
        .stdout(Stdio::from(from_team_w))
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    let mut validator = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(["kattis", game])
        .args([&input_path, &input_path, &feedback])
        .args(flags)
        .stdin(Stdio::from(from_team_r))
        .stdout(Stdio::from(to_team_w))
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let code = loop {
        if let Some(status) = validator.try_wait().unwrap() {
            break status.code();
        }
        if started.elapsed() > Duration::from_secs(20) {
            let _ = validator.kill();
            let _ = team.kill();
            panic!("the validator still runs after 20 s");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let elapsed = started.elapsed();
    let _ = team.kill();
    let _ = team.wait();
    drop(held);
    let message = std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap_or_default();
    Judged {
        code,
        message,
        elapsed,
    }
}

fn nothing(_: &Path) {}

#[test]
fn a_team_that_stops_reading_a_huge_position_is_judged_within_the_idle_limit() {
    // A strip of 300000 cells (300 KB, over the 64 KiB pipe buffer) to a team that exits at
    // once: the write blocks, the runner holding the pipe, until the idle limit.
    let r = judge(
        "tictactoe",
        "--rounds 1 --seed 1 --size 300000..300000 --idle-limit 1\n",
        &[],
        &["true"],
        nothing,
    );
    assert_eq!(r.code, Some(43), "{}", r.message);
    assert!(
        r.message.starts_with("PE tictactoe") && r.message.contains("does not read its input"),
        "{}",
        r.message
    );
    assert!(
        r.elapsed < Duration::from_secs(2) + Duration::from_millis(500),
        "{:?}",
        r.elapsed
    );
}

#[test]
fn the_judge_systems_validator_flags_are_accepted() {
    let player = common::bin("subtraction");
    let r = judge(
        "subtraction",
        "--rounds 3 --seed 1\n",
        &[
            "case_sensitive",
            "space_change_sensitive",
            "float_tolerance",
            "1e-6",
        ],
        &[&player, "--play"],
        nothing,
    );
    assert_eq!(r.code, Some(42), "{}", r.message);
    assert!(r.message.starts_with("OK subtraction"), "{}", r.message);
}

#[test]
fn a_judge_message_that_cannot_be_written_is_a_judging_error() {
    let player = common::bin("subtraction");
    // A folder where judgemessage.txt should go: the write fails.
    let r = judge(
        "subtraction",
        "--rounds 3 --seed 1\n",
        &[],
        &[&player, "--play"],
        |feedback| std::fs::create_dir(feedback.join("judgemessage.txt")).unwrap(),
    );
    assert_eq!(r.code, Some(1));
}
