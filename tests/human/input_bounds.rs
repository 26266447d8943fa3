//! What the referee does with input that is not what it expects: a person's huge line in
//! `referee human` is cut at 4 KiB (not echoed whole), and `referee replay` refuses a file
//! that is no session transcript with exit 3.

use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn a_huge_typed_line_is_cut_not_echoed() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(["human", "subtraction", "--seed", "1"])
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
    let dir = std::env::temp_dir().join(format!("combgames-input-bounds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let junk = dir.join("junk.txt");
    std::fs::write(&junk, "this is no transcript\n").unwrap();
    let page = dir.join("out.html");
    let out = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(["replay", "pawns"])
        .arg(&junk)
        .arg("--html")
        .arg(&page)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("no session transcript"), "{stderr}");
}
