//! The checkers judge the jury's files before the contestant's: an input
//! that is empty or garbage and a knights answer that is not itself a right output are FAIL
//! (the judge's fault, exit 3), never OK or a verdict against the contestant. Before, check-pawns
//! and check-coloring never read their input, and check-knights read the answer's first word only.

use crate::common;

use common::check_files as check;

#[test]
fn a_broken_input_is_fail_for_the_one_case_checkers() {
    let dir = common::TempDir::new("jury-input");
    for (problem, good_input, answer) in [
        ("pawns", &b"1\n"[..], &b"White\n"[..]),
        ("coloring", b"5\n00100\n", b"SECOND\n"),
    ] {
        // The good input first: the checker accepts the jury's own answer.
        let ok = check(problem, &dir, good_input, answer, answer);
        assert_eq!(ok.code, Some(0), "{problem}: {}", ok.stderr);
        for input in [&b""[..], b"\n\n", b"garbage\n", b"-1\n"] {
            let run = check(problem, &dir, input, answer, answer);
            assert_eq!(
                run.code,
                Some(3),
                "{problem} on input {input:?}: {}",
                run.stderr
            );
            assert!(run.stderr.starts_with("FAIL"), "{}", run.stderr);
        }
    }
}

#[test]
fn a_knights_answer_that_is_not_a_right_output_is_fail() {
    let dir = common::TempDir::new("jury-knights");
    let input = b"3 5\n4 4\n3 4\n1 1\n";
    let right = b"YES\n2 5\n1 5\n1 1\n";
    // The jury's word alone, or a right turn after it, are answers.
    for answer in [&b"YES\n"[..], right] {
        let ok = check("knights", &dir, input, right, answer);
        assert_eq!(ok.code, Some(0), "{}", ok.stderr);
    }
    for answer in [
        &b"YES garbage\n"[..],
        b"NO\n1 1\n",
        // Off the board (N = 5), and a knight on (4, 4) cannot reach (9, 9).
        b"YES\n9 9\n1 5\n1 1\n",
        // A right turn followed by something more.
        b"YES\n2 5\n1 5\n1 1\nextra\n",
    ] {
        let run = check("knights", &dir, input, right, answer);
        assert_eq!(run.code, Some(3), "answer {answer:?}: {}", run.stderr);
        assert!(run.stderr.starts_with("FAIL"), "{}", run.stderr);
    }
}

/// A directory as the third argument makes a call the Kattis contract, which reads the output
/// on stdin. A person giving testlib's answer path as a directory (or forgetting `< output`)
/// has a terminal there: the checker says so and exits with the Kattis judging error (1) at
/// once instead of waiting on the keyboard. Run under `script` (util-linux),
/// which gives the checker a terminal as stdin.
#[test]
fn a_kattis_call_with_a_terminal_as_stdin_is_a_judging_error_not_a_wait() {
    use std::time::{Duration, Instant};
    let dir = common::TempDir::new("jury-tty");
    std::fs::write(dir.join("in"), "1\n").unwrap();
    std::fs::write(dir.join("ans"), "White\n").unwrap();
    std::fs::create_dir(dir.join("feedback")).unwrap();
    let checker = std::path::Path::new(env!("CARGO_BIN_EXE_check-pawns"));
    let command = format!("{} in ans feedback", checker.display());
    let mut child = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .current_dir(&*dir)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("script (util-linux) runs");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(20) {
            child.kill().ok();
            panic!("the checker waits on a terminal");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut said = String::new();
    std::io::Read::read_to_string(&mut child.stdout.take().unwrap(), &mut said).unwrap();
    assert_eq!(status.code(), Some(1), "{said}");
    assert!(said.contains("stdin is a terminal"), "{said}");
}
