//! Piles and k beyond the evaluator's reach: refused before anything starts (or, in a replayed
//! script, with a FAIL verdict line) instead of hanging; every k the referee draws stays in
//! reach at the largest pile.

use crate::common;

use combgames_core::round::GameError;
use combgames_subtraction::play::SubtractionRound;
use combgames_subtraction::play::K_MIX;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const REFEREE: &str = env!("CARGO_BIN_EXE_referee");
const HUGE: &str = "1000000000000000000";

/// Waits for `child` at most `limit`; a referee still running then is killed and the test
/// fails (the bug these tests guard against is a referee that never ends).
fn output_within(mut child: Child, limit: Duration, what: &str) -> Output {
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: the referee still runs after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn referee(args: &[&str]) -> Child {
    Command::new(REFEREE)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Answers the side at once and then only reads: the referee has to judge the side.
const ANSWERS_SECOND: &[&str] = &["sh", "-c", "read r; read p; echo second; cat >/dev/null"];

/// The referee with `args` (which end in `--`) against [`ANSWERS_SECOND`], within 10 s.
fn against_answers_second(args: &[&str], what: &str) -> Output {
    output_within(
        referee(&[args, ANSWERS_SECOND].concat()),
        Duration::from_secs(10),
        what,
    )
}

#[test]
fn huge_k_with_huge_piles_is_refused_up_front() {
    // k = 10^12 and n = 10^18: the losing sequence grows by about 1/k per term, so the
    // evaluator would need ~10^13 terms (hours, terabytes) before judging the side.
    let out = against_answers_second(
        &[
            "play",
            "subtraction",
            "--k",
            "1000000000000",
            "--size",
            HUGE,
            "--",
        ],
        "--k 10^12 --size 10^18",
    );
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "stderr: {err}");
    assert!(out.stdout.is_empty(), "stdout: {}", text(&out.stdout));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("referee: --k 1000000000000 with --size up to")
            && err.contains("losing starts"),
        "{err}"
    );
}

#[test]
fn replayed_position_out_of_reach_is_fail_not_a_hang() {
    let dir = common::TempDir::new("referee-misuse");
    let script = dir.join("huge-k.txt");
    std::fs::write(&script, format!("< 1\n< {HUGE} {HUGE}\n")).unwrap();
    let out = against_answers_second(
        &["replay", "subtraction", script.to_str().unwrap(), "--"],
        "replay of n = k = 10^18",
    );
    let line = text(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "{line}");
    assert!(
        line.starts_with("FAIL subtraction seed=") && line.contains("losing starts"),
        "{line}"
    );
}

#[test]
fn every_generated_k_reaches_the_largest_pile() {
    // Without --k the rounds draw k from K_MIX with n up to 10^18: each must stay in reach,
    // and so must the documented bound k = 135000; a million is past it.
    for k in K_MIX.iter().chain(&["135000"]) {
        assert!(
            SubtractionRound::new(HUGE.parse().unwrap(), k).is_ok(),
            "k = {k}"
        );
    }
    let refused = SubtractionRound::new(HUGE.parse().unwrap(), "1000000");
    // Out of the evaluator's reach: a size the referee cannot play, not a bad position.
    assert!(
        matches!(&refused, Err(GameError::Unplayable(e)) if e.contains("losing starts")),
        "{:?}",
        refused.err()
    );
}
