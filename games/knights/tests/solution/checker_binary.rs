//! (c) The checker binary on accepted, wrong and malformed outputs and on broken jury files,
//! and its verdicts in process.

use super::{check_files, run_checker, scratch_dir};
use combgames_core::verdict::Verdict;
use combgames_knights::judge;
use std::fs;
use std::path::Path;

const EXAMPLE: &[u8] = b"3 5\n4 4\n3 4\n1 1\n";
const EXAMPLE_ANSWER: &[u8] = b"YES\n2 5\n1 5\n1 1\n";
/// Two knights on 6×6 that can move, yet the first player loses.
const LOST: &[u8] = b"2 6\n5 5\n1 6\n";

fn expect(dir: &Path, input: &[u8], output: &[u8], answer: &[u8], code: i32, needle: &str) {
    let (got, line) = check_files(dir, input, output, answer);
    assert_eq!(
        got,
        Some(code),
        "output {:?}: {line}",
        String::from_utf8_lossy(output)
    );
    assert!(
        line.contains(needle),
        "output {:?}: {line:?} lacks {needle:?}",
        String::from_utf8_lossy(output)
    );
}

#[test]
fn checker_accepts_correct_answers() {
    let dir = scratch_dir("accept");
    expect(&dir, EXAMPLE, EXAMPLE_ANSWER, EXAMPLE_ANSWER, 0, "ok");
    // Another winning turn: suspense 2 and 0 left (not the mover's "best" options, but lost
    // for the opponent all the same); the jury answer's moves are never looked at.
    expect(&dir, EXAMPLE, b"YES\n5 2\n2 2\n1 1\n", b"YES\n", 0, "ok");
    // Free whitespace, CRLF, no final newline.
    expect(
        &dir,
        EXAMPLE,
        b"  YES\r\n2\t5 1 5\r\n\r\n1 1",
        EXAMPLE_ANSWER,
        0,
        "ok",
    );
    expect(&dir, LOST, b"NO\n", b"NO\n", 0, "ok");
    expect(&dir, LOST, b"NO", b"NO\n", 0, "ok");
}

#[test]
fn checker_finds_wrong_answers() {
    let dir = scratch_dir("wrong");
    // Legal moves to suspense 1 and 0: the largest left is odd, so the opponent wins.
    expect(
        &dir,
        EXAMPLE,
        b"YES\n2 3\n2 2\n1 1\n",
        EXAMPLE_ANSWER,
        1,
        "won for the opponent",
    );
    expect(
        &dir,
        EXAMPLE,
        b"YES\n3 3\n1 5\n1 1\n",
        EXAMPLE_ANSWER,
        1,
        "not a legal move",
    );
    expect(
        &dir,
        EXAMPLE,
        b"YES\n4 4\n1 5\n1 1\n",
        EXAMPLE_ANSWER,
        1,
        "can move, but stayed",
    );
    expect(
        &dir,
        EXAMPLE,
        b"YES\n2 5\n1 5\n1 2\n",
        EXAMPLE_ANSWER,
        1,
        "cannot move",
    );
    expect(
        &dir,
        EXAMPLE,
        b"NO\n",
        EXAMPLE_ANSWER,
        1,
        "answered NO, expected YES",
    );
    expect(
        &dir,
        LOST,
        b"YES\n3 6\n2 4\n",
        b"NO\n",
        1,
        "answered YES, expected NO",
    );
    // Format is not even looked at after a wrong YES/NO.
    expect(&dir, LOST, b"YES garbage", b"NO\n", 1, "answered YES");
    expect(
        &dir,
        EXAMPLE,
        b"YES\n0 5\n1 5\n1 1\n",
        EXAMPLE_ANSWER,
        1,
        "off the 5x5 board",
    );
    expect(
        &dir,
        EXAMPLE,
        b"YES\n-2 5\n1 5\n1 1\n",
        EXAMPLE_ANSWER,
        1,
        "off the",
    );
    expect(
        &dir,
        EXAMPLE,
        b"YES\n2 99999999999999999999999999\n1 5\n1 1\n",
        EXAMPLE_ANSWER,
        1,
        "off the",
    );
}

#[test]
fn checker_reports_malformed_output_as_presentation_error() {
    let dir = scratch_dir("format");
    let pe = |output: &[u8], needle: &str| expect(&dir, EXAMPLE, output, EXAMPLE_ANSWER, 2, needle);
    pe(b"", "empty output");
    pe(b"  \n\r\n", "empty output");
    pe(b"yes\n2 5\n1 5\n1 1\n", "expected YES or NO");
    pe(b"\xff\xfe\x00garbage", "expected YES or NO");
    pe(b"YES\n2 5\n1 5\n", "knight 3: expected x");
    pe(b"YES\n2 5\n1 5\n1", "knight 3: expected y");
    pe(b"YES\n2 5\n1 5.0\n1 1\n", "knight 2: expected integer y");
    pe(
        b"YES\n2 5\n1 \xc3\x28\n1 1\n",
        "knight 2: expected integer y",
    );
    pe(b"YES\n2 5\n1 5\n1 1\n1 1\n", "after the 3 destinations");
    expect(&dir, LOST, b"NO\n1 1\n", b"NO\n", 2, "after NO");
    // An endless output is cut at the size cap (here /dev/zero stands for gigabytes).
    let input = dir.join("cap-input");
    let answer = dir.join("cap-answer");
    fs::write(&input, EXAMPLE).unwrap();
    fs::write(&answer, EXAMPLE_ANSWER).unwrap();
    let (code, line) = run_checker(&[&input, Path::new("/dev/zero"), &answer]);
    assert_eq!(code, Some(2), "{line}");
    assert!(line.contains("longer than"), "{line}");
    // Just over the cap in a real file, well-formed until then.
    let mut big = EXAMPLE_ANSWER.to_vec();
    big.resize(combgames_knights::output_size_cap(3) + 1, b' ');
    expect(&dir, EXAMPLE, &big, EXAMPLE_ANSWER, 2, "longer than");
    big.truncate(combgames_knights::output_size_cap(3));
    expect(&dir, EXAMPLE, &big, EXAMPLE_ANSWER, 0, "ok");
}

#[test]
fn checker_blames_the_jury_for_broken_jury_files() {
    let dir = scratch_dir("fail");
    expect(
        &dir,
        b"3 5\n4 4\n3 4\n",
        EXAMPLE_ANSWER,
        EXAMPLE_ANSWER,
        3,
        "input file",
    );
    expect(&dir, EXAMPLE, EXAMPLE_ANSWER, b"", 3, "answer file");
    expect(&dir, EXAMPLE, EXAMPLE_ANSWER, b"MAYBE", 3, "answer file");
    expect(
        &dir,
        EXAMPLE,
        EXAMPLE_ANSWER,
        b"NO\n",
        3,
        "answer file says NO",
    );
    let missing = dir.join("no-such-file");
    let real = dir.join("real");
    fs::write(&real, EXAMPLE).unwrap();
    let (code, line) = run_checker(&[&missing, &real, &real]);
    assert_eq!(code, Some(3), "{line}");
    assert!(line.starts_with("FAIL"), "{line}");
    let (code, _) = run_checker(&[&real, &real]);
    assert_eq!(code, Some(3));
    // The jury's files are judged before the output is read, however bad the output is.
    let broken = dir.join("broken-input");
    fs::write(&broken, b"3 5\n4 4\n").unwrap();
    let (code, line) = run_checker(&[&broken, Path::new("/dev/zero"), &real]);
    assert_eq!(code, Some(3), "{line}");
    // A missing contestant output is the contestant's problem, never a checker failure.
    let answer = dir.join("answer-yes");
    fs::write(&answer, EXAMPLE_ANSWER).unwrap();
    let (code, line) = run_checker(&[&real, &missing, &answer]);
    assert_eq!(code, Some(2), "{line}");
}

#[test]
fn checker_verdicts_in_process_for_every_exit_code() {
    let v = judge(EXAMPLE, EXAMPLE_ANSWER, EXAMPLE_ANSWER);
    assert_eq!(v.verdict, Verdict::Ok, "{v:?}");
    assert_eq!(
        judge(EXAMPLE, b"YES 4 4 1 5 1 1", EXAMPLE_ANSWER).exit_code(),
        1
    );
    assert_eq!(
        judge(EXAMPLE, b"YES 2 5 1 5", EXAMPLE_ANSWER).exit_code(),
        2
    );
    assert_eq!(judge(b"x", EXAMPLE_ANSWER, EXAMPLE_ANSWER).exit_code(), 3);
}
