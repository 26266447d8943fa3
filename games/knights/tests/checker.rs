//! check-knights judges the jury's answer before the contestant's output: an answer that is
//! not itself a right output is FAIL (the judge's fault, exit 3).

use crate::common;

use common::check_files as check;

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
