//! What the referee does with input that is not what it expects: a person's huge line in
//! `referee human` is cut at 4 KiB (not echoed whole), and `referee replay` refuses a file
//! that is no session transcript with exit 3.

use crate::common;

use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn a_huge_typed_line_is_cut_not_echoed() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(["human", common::a_game(), "--seed", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&vec![b'a'; 10 << 20]);
        let _ = stdin.write_all(b"\nquit\n");
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.len() < 64 << 10, "{} bytes of output", stdout.len());
    assert_eq!(
        stdout.matches("were discarded").count(),
        1,
        "{}",
        &stdout[..stdout.len().min(2000)]
    );
}

#[test]
fn replay_refuses_a_file_that_is_no_transcript() {
    use predicates::prelude::*;
    let dir = common::TempDir::new("input-bounds");
    let junk = dir.join("junk.txt");
    std::fs::write(&junk, "this is no transcript\n").unwrap();
    let page = dir.join("out.html");
    common::command("referee")
        .args(["replay", common::a_game()])
        .arg(&junk)
        .arg("--html")
        .arg(&page)
        .assert()
        .code(3)
        .stderr(common::one_line().and(predicate::str::contains("no session transcript")));
}

/// Every transcript `referee replay` reads is bounded: `/dev/zero`, a 100 MiB one-token file
/// and a transcript line of 100 MiB (past `combgames_session::transcript::MAX_FILE_LINE`, 16
/// MiB) each end in well under a second (1 s here, on a shared machine) with exit 3 and one
/// short line on stderr, under a 96 MiB address space (a reader of the whole file would fail
/// there).
#[test]
fn replay_reads_a_bounded_transcript() {
    let dir = crate::common::TempDir::new("replay-bounds");
    let token = dir.join("token.txt");
    std::fs::write(&token, vec![b'a'; 100 << 20]).unwrap();
    let long = dir.join("long.txt");
    let mut line = b"< ".to_vec();
    line.resize(100 << 20, b'b');
    std::fs::write(&long, line).unwrap();
    for file in [std::path::Path::new("/dev/zero"), &token, &long] {
        let started = std::time::Instant::now();
        let out = Command::new("sh")
            .args([
                "-c",
                "ulimit -v 98304; exec \"$0\" replay \"$2\" \"$1\" -- true",
            ])
            .arg(env!("CARGO_BIN_EXE_referee"))
            .arg(file)
            .arg(common::a_game())
            .output()
            .unwrap();
        let took = started.elapsed();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(3), "{}: {stderr}", file.display());
        assert!(took.as_secs_f64() < 1.0, "{}: {took:?}", file.display());
        let lines: Vec<&str> = stderr.lines().collect();
        assert_eq!(lines.len(), 1, "{}: {stderr}", file.display());
        assert!(
            lines[0].starts_with("referee: ") && lines[0].len() < 200,
            "{stderr}"
        );
        assert!(lines[0].contains("no session transcript"), "{stderr}");
    }
}
