//! The transcript is durable: written line by line up to every wait for the
//! solution, closed by a note when a signal stops the referee, and a session whose transcript
//! cannot be written (a full disk) is FAIL, not OK with a truncated file.

use crate::common;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn a_transcript_that_cannot_be_written_is_fail() {
    use predicates::prelude::*;
    use predicates::str::{contains, starts_with};
    let game = common::a_game();
    common::command("referee")
        .args(["play", game, "--rounds", "3", "--seed", "1"])
        .args(["--transcript", "/dev/full", "--"])
        .arg(common::bin(game))
        .arg("--play")
        .assert()
        .code(3)
        .stdout(starts_with(format!("FAIL {game}")).and(contains("cannot write the transcript")));
    // Written as the device it is: a transcript replaces a file or a link, never a device.
    let full = std::fs::symlink_metadata("/dev/full").unwrap().file_type();
    assert!(std::os::unix::fs::FileTypeExt::is_char_device(&full));
}

#[test]
fn a_referee_stopped_by_a_signal_leaves_whole_lines_and_a_note() {
    let dir = common::TempDir::new("transcript-signal");
    let path = dir.join("t.txt");
    // Answers the side of round 1, then never moves: the referee waits for it.
    let mut referee = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(["play", common::a_game(), "--rounds", "5", "--seed", "1"])
        .args(["--idle-limit", "60", "--transcript"])
        .arg(&path)
        .args(["--", "sh", "-c", "read r; read p; echo second; sleep 60"])
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    // Wait until the referee waits for the solution's first move: the side is in the file.
    let until = Instant::now() + Duration::from_secs(10);
    while !std::fs::read_to_string(&path).is_ok_and(|t| t.contains("> second")) {
        assert!(
            Instant::now() < until,
            "the transcript never showed the side"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    // SAFETY: signalling our own child.
    unsafe {
        libc::kill(referee.id() as i32, libc::SIGTERM);
    }
    let status = referee.wait().unwrap();
    assert_eq!(
        std::os::unix::process::ExitStatusExt::signal(&status),
        Some(libc::SIGTERM)
    );
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.ends_with('\n'), "a line cut short: {text:?}");
    let last = text.lines().last().unwrap();
    assert_eq!(
        last, "# interrupted by signal 15: the session ends here",
        "{text}"
    );
    // The referee's first move, sent before the wait, is there in full.
    assert!(
        text.lines().filter(|l| l.contains(" < ")).count() >= 3,
        "{text}"
    );
}
