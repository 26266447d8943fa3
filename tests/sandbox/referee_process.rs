//! Process control at the library level: both pipe directions full at once, bounded memory.

use combgames_referee::process::{Event, Limits, Solution};
use combgames_sandbox::group_alive;
use std::time::{Duration, Instant};

/// The referee makes itself a subreaper before it starts a solution
/// (crates/referee/src/program.rs): a process of the solution whose parent died first (the
/// sandbox's own init of a PID namespace, when the process group is killed at once) comes to
/// it, and it reaps it.
fn limits() -> Limits {
    combgames_sandbox::become_subreaper();
    Limits {
        cpu: Duration::from_secs(5),
        wall: Duration::from_secs(5),
        idle: Duration::from_secs(2),
        memory: None,
    }
}

#[test]
fn both_directions_full_is_no_deadlock() {
    // `yes` never reads its stdin and writes lines without end. The referee writes far more
    // than a pipe holds while reading lines: blocking writes would hang here forever.
    let mut s = Solution::spawn(&["yes".to_owned()], limits()).unwrap();
    let pgid = s.pid();
    let start = Instant::now();
    let chunk = "x".repeat(1000);
    let mut lines = 0;
    let ended = loop {
        s.send(&chunk);
        match s.next_line() {
            Event::Line(l) => {
                assert_eq!(l, b"y");
                lines += 1;
            }
            other => break other,
        }
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "stuck after {lines} lines"
        );
    };
    assert_eq!(ended, Event::NotReading, "after {lines} lines");
    assert!(lines > 1000, "{lines}");
    s.kill();
    assert!(!group_alive(pgid));
}

#[test]
fn a_flood_without_newline_stays_bounded() {
    let mut s = Solution::spawn(
        &[
            "sh".to_owned(),
            "-c".to_owned(),
            "printf 'ab\\ncd'; exec cat /dev/zero".to_owned(),
        ],
        limits(),
    )
    .unwrap();
    assert_eq!(s.next_line(), Event::Line(b"ab".to_vec()));
    assert_eq!(s.next_line(), Event::TooLong);
    let pgid = s.pid();
    drop(s);
    assert!(!group_alive(pgid), "drop kills the group");
}

#[test]
fn last_line_without_newline_then_eof() {
    let mut s = Solution::spawn(
        &["printf".to_owned(), "first\\r\\nsecond".to_owned()],
        limits(),
    )
    .unwrap();
    assert_eq!(s.next_line(), Event::Line(b"first".to_vec()));
    assert_eq!(s.next_line(), Event::Line(b"second".to_vec()));
    assert_eq!(s.next_line(), Event::Eof);
}
