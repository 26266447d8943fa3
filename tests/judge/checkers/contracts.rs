//! The contracts, for the token checkers and check-knights: testlib's report file (plain and
//! `-appes`) and its `--testset`/`--group` options, and Kattis's output validator (a feedback
//! directory as the third argument, the output on stdin, exit 42/43).

use super::{scratch, text, with_line, Fixture, FIXTURES};
use crate::common;
use combgames_core::checker::Verdict;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// What a checker did under any command line.
struct Ran {
    code: Option<i32>,
    stderr: String,
}

fn run_args(checker: &str, args: &[&std::ffi::OsStr], stdin: &[u8]) -> Ran {
    let mut command = Command::new(common::bin(checker));
    command.args(args);
    let out = common::output_with_input(command, stdin.to_vec());
    assert!(
        out.stdout.is_empty(),
        "{checker} wrote on stdout: {:?}",
        String::from_utf8_lossy(&out.stdout)
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{checker}: {stderr:?}");
    Ran {
        code: out.status.code(),
        stderr: stderr.trim_end().to_owned(),
    }
}

/// The fixture's input and answer, and `output`, written into `dir`: (input, output, answer).
fn files(f: &Fixture, dir: &Path, output: &[u8]) -> (PathBuf, PathBuf, PathBuf) {
    let (input, answer, out) = (dir.join("input"), dir.join("answer"), dir.join("output"));
    fs::write(&input, f.input).unwrap();
    fs::write(&answer, f.answer.join("\n") + "\n").unwrap();
    fs::write(&out, output).unwrap();
    (input, out, answer)
}

/// An output, the answer file to use instead of the fixture's (if any), and the verdict.
type Trial = (Vec<u8>, Option<&'static [u8]>, Verdict);

/// For each fixture: a correct output, a wrong one, a malformed one and a broken answer file.
fn four_outputs(f: &Fixture) -> [Trial; 4] {
    let right = text(&with_line(f, f.answer[f.wrong_at]));
    [
        (right.clone(), None, Verdict::Ok),
        (text(&with_line(f, f.wrong_line)), None, Verdict::Wa),
        (text(&with_line(f, "<&\"x>")), None, Verdict::Pe),
        (right, Some(b"maybe\n"), Verdict::Fail),
    ]
}

#[test]
fn testlib_report_file_holds_the_message_and_appes_the_xml() {
    for f in FIXTURES {
        let dir = scratch(&format!("report-{}", f.checker));
        for (output, bad_answer, verdict) in four_outputs(f) {
            let (input, out, answer) = files(f, &dir, &output);
            if let Some(bad) = bad_answer {
                fs::write(&answer, bad).unwrap();
            }
            let report = dir.join("report.txt");
            let plain = run_args(
                f.checker,
                &[
                    input.as_os_str(),
                    out.as_os_str(),
                    answer.as_os_str(),
                    report.as_os_str(),
                ],
                b"",
            );
            assert_eq!(
                plain.code,
                Some(i32::from(verdict.exit_code())),
                "{}",
                plain.stderr
            );
            // The report is the message; stderr is the verdict's tag and the message.
            let message = fs::read_to_string(&report).unwrap();
            assert!(!message.is_empty());
            assert_eq!(plain.stderr, format!("{} {message}", verdict.tag()));
            for flag in ["-appes", "-APPES"] {
                fs::remove_file(&report).unwrap();
                let xml = run_args(
                    f.checker,
                    &[
                        input.as_os_str(),
                        out.as_os_str(),
                        answer.as_os_str(),
                        report.as_os_str(),
                        flag.as_ref(),
                    ],
                    b"",
                );
                assert_eq!(xml.code, plain.code, "{}", xml.stderr);
                let outcome = match verdict {
                    Verdict::Ok => "accepted",
                    Verdict::Wa => "wrong-answer",
                    Verdict::Pe => "presentation-error",
                    Verdict::Fail => "fail",
                    other => panic!("a checker gave {other}"),
                };
                let escaped = message
                    .replace('&', "&amp;")
                    .replace('<', "&lt;")
                    .replace('>', "&gt;")
                    .replace('"', "&quot;");
                assert_eq!(
                    fs::read_to_string(&report).unwrap(),
                    format!(
                        "<?xml version=\"1.0\" encoding=\"windows-1251\"?>\
                         <result outcome = \"{outcome}\">{escaped}</result>\n"
                    )
                );
                if verdict == Verdict::Pe {
                    assert!(escaped.contains("&lt;&amp;\\&quot;x&gt;"), "{escaped}");
                }
            }
        }
        // A fifth argument other than -appes, or a report that cannot be written: FAIL.
        let (input, out, answer) = files(f, &dir, f.answer.join("\n").as_bytes());
        let report = dir.join("report.txt");
        let bad = run_args(
            f.checker,
            &[
                input.as_os_str(),
                out.as_os_str(),
                answer.as_os_str(),
                report.as_os_str(),
                "-xml".as_ref(),
            ],
            b"",
        );
        assert_eq!(bad.code, Some(3), "{}", bad.stderr);
        assert!(bad.stderr.contains("-appes"), "{}", bad.stderr);
        let nowhere = dir.join("no-such-dir").join("report.txt");
        let unwritable = run_args(
            f.checker,
            &[
                input.as_os_str(),
                out.as_os_str(),
                answer.as_os_str(),
                nowhere.as_os_str(),
            ],
            b"",
        );
        assert_eq!(unwritable.code, Some(3), "{}", unwritable.stderr);
        assert!(
            unwritable.stderr.contains("cannot write the report"),
            "{}",
            unwritable.stderr
        );
    }
}

#[test]
fn testlib_testset_and_group_are_accepted_anywhere() {
    for f in FIXTURES {
        let dir = scratch(&format!("testset-{}", f.checker));
        let (input, out, answer) = files(f, &dir, &text(&with_line(f, f.wrong_line)));
        let (i, o, a) = (input.as_os_str(), out.as_os_str(), answer.as_os_str());
        let (ts, gr) = ("--testset".as_ref(), "--group".as_ref());
        let (t, g, empty) = ("tests".as_ref(), "1".as_ref(), "".as_ref());
        let lines: [&[&std::ffi::OsStr]; 5] = [
            &[ts, t, gr, g, i, o, a],
            &[i, o, a, ts, t, gr, g],
            &[i, ts, t, o, gr, g, a],
            &[gr, empty, i, o, a],
            &[i, o, ts, t, a],
        ];
        for args in lines {
            let got = run_args(f.checker, args, b"");
            assert_eq!(got.code, Some(1), "{args:?}: {}", got.stderr);
            assert!(got.stderr.starts_with("wrong answer "), "{}", got.stderr);
        }
        // A testset needs a non-empty value; a group needs a value.
        for args in [&[i, o, a, ts][..], &[ts, empty, i, o, a], &[i, o, a, gr]] {
            let got = run_args(f.checker, args, b"");
            assert_eq!(got.code, Some(3), "{args:?}: {}", got.stderr);
        }
    }
}

/// Runs `checker input answer feedback_dir [flags]` with `output` on stdin (Kattis).
fn kattis(checker: &str, dir: &Path, input: &[u8], answer: &[u8], output: &[u8]) -> (Ran, String) {
    let (inp, ans, feedback) = (dir.join("input"), dir.join("answer"), dir.join("feedback"));
    fs::write(&inp, input).unwrap();
    fs::write(&ans, answer).unwrap();
    let _ = fs::remove_dir_all(&feedback);
    fs::create_dir(&feedback).unwrap();
    let ran = run_args(
        checker,
        &[
            inp.as_os_str(),
            ans.as_os_str(),
            feedback.as_os_str(),
            // output_validator_flags, ignored
            "case_sensitive".as_ref(),
            "space_change_sensitive".as_ref(),
            "--".as_ref(),
        ],
        output,
    );
    let message = fs::read_to_string(feedback.join("judgemessage.txt")).unwrap();
    (ran, message)
}

#[test]
fn kattis_output_validator_reads_stdin_and_writes_judgemessage() {
    for f in FIXTURES {
        let dir = scratch(&format!("kattis-{}", f.checker));
        let answer = f.answer.join("\n") + "\n";
        for (output, bad_answer, verdict) in four_outputs(f) {
            let answer = bad_answer.unwrap_or(answer.as_bytes());
            let (ran, message) = kattis(f.checker, &dir, f.input.as_bytes(), answer, &output);
            let want = match verdict {
                Verdict::Ok => 42,
                Verdict::Wa | Verdict::Pe => 43,
                Verdict::Fail => 1,
                other => panic!("a checker gave {other}"),
            };
            assert_eq!(ran.code, Some(want), "{}: {}", f.checker, ran.stderr);
            assert_eq!(message, format!("{}\n", ran.stderr));
            assert!(ran.stderr.starts_with(verdict.tag()), "{}", ran.stderr);
        }
        // The output really comes from stdin: an empty stdin is an empty output.
        let (ran, message) = kattis(f.checker, &dir, f.input.as_bytes(), answer.as_bytes(), b"");
        assert_eq!(ran.code, Some(43));
        assert!(message.contains("empty output"), "{message}");
    }
}

#[test]
fn kattis_feedback_that_cannot_be_written_is_a_judging_error() {
    // /proc is a directory nobody, not even root, can create files in.
    let f = &FIXTURES[0];
    let dir = scratch("kattis-unwritable");
    let (input, out, answer) = files(f, &dir, f.answer[0].as_bytes());
    let _ = out;
    let ran = run_args(
        f.checker,
        &[input.as_os_str(), answer.as_os_str(), "/proc".as_ref()],
        f.answer[0].as_bytes(),
    );
    assert_eq!(ran.code, Some(1), "{}", ran.stderr);
    assert!(ran.stderr.contains("judgemessage.txt"), "{}", ran.stderr);
}

/// The plain three-file call stays testlib's: it reads the output file (not stdin) and writes
/// no file; only a directory in third place makes a Kattis call.
#[test]
fn the_three_file_call_is_testlib_and_writes_nothing() {
    for f in FIXTURES {
        let dir = scratch(&format!("three-{}", f.checker));
        let (input, out, answer) = files(f, &dir, &text(&with_line(f, f.wrong_line)));
        let right = f.answer.join("\n");
        let got = run_args(
            f.checker,
            &[input.as_os_str(), out.as_os_str(), answer.as_os_str()],
            right.as_bytes(),
        );
        assert_eq!(got.code, Some(1), "{}", got.stderr);
        let mut left: Vec<String> = fs::read_dir(&*dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, ["answer", "input", "output"]);
    }
}

const KNIGHTS_INPUT: &[u8] = b"3 5\n4 4\n3 4\n1 1\n";
const KNIGHTS_ANSWER: &[u8] = b"YES\n2 5\n1 5\n1 1\n";

#[test]
fn check_knights_speaks_both_contracts_and_accepts_any_winning_turn() {
    let dir = scratch("knights-contracts");
    // Kattis: the jury's turn, another winning turn, a losing turn, garbage, a broken answer.
    let cases: [(&[u8], &[u8], i32, &str); 5] = [
        (KNIGHTS_ANSWER, KNIGHTS_ANSWER, 42, "ok "),
        (b"YES\n5 2\n2 2\n1 1\n", KNIGHTS_ANSWER, 42, "ok "),
        (b"YES\n2 3\n2 2\n1 1\n", KNIGHTS_ANSWER, 43, "wrong answer "),
        (b"yes", KNIGHTS_ANSWER, 43, "presentation error "),
        (KNIGHTS_ANSWER, b"MAYBE\n", 1, "FAIL "),
    ];
    for (output, answer, code, tag) in cases {
        let (ran, message) = kattis("check-knights", &dir, KNIGHTS_INPUT, answer, output);
        assert_eq!(ran.code, Some(code), "{}", ran.stderr);
        assert!(message.starts_with(tag), "{message}");
    }
    // testlib with a report, -appes and --testset/--group.
    let (input, out, answer) = (dir.join("in"), dir.join("out"), dir.join("ans"));
    fs::write(&input, KNIGHTS_INPUT).unwrap();
    fs::write(&answer, KNIGHTS_ANSWER).unwrap();
    fs::write(&out, b"\xef\xbb\xbf YES 5 2\n2 2 1 1").unwrap();
    let report = dir.join("report");
    let ran = run_args(
        "check-knights",
        &[
            "--testset".as_ref(),
            "tests".as_ref(),
            input.as_os_str(),
            out.as_os_str(),
            answer.as_os_str(),
            report.as_os_str(),
            "-appes".as_ref(),
            "--group".as_ref(),
            "g1".as_ref(),
        ],
        b"",
    );
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    let xml = fs::read_to_string(&report).unwrap();
    assert!(
        xml.starts_with(
            "<?xml version=\"1.0\" encoding=\"windows-1251\"?><result outcome = \"accepted\">"
        ),
        "{xml}"
    );
    // check-knights shows a bad token escaped (crate::escape::head), so the XML holds ASCII
    // only and the declared encoding holds.
    // check-knights IN OUT ANS REPORT [extra], as testlib runs it.
    let testlib = |extra: &[&str]| {
        let files = [&input, &out, &answer, &report].map(|p| p.as_os_str());
        let extra = extra.iter().map(std::ffi::OsStr::new);
        run_args(
            "check-knights",
            &files.into_iter().chain(extra).collect::<Vec<_>>(),
            b"",
        )
    };
    fs::write(&out, b"\x01\xffno").unwrap();
    let ran = testlib(&["-appes"]);
    assert_eq!(ran.code, Some(2), "{}", ran.stderr);
    let xml = fs::read_to_string(&report).unwrap();
    assert!(xml.contains(r"\x01\xffno"), "{xml}");
    assert!(xml.is_ascii(), "{xml}");
    fs::write(&out, b"YES\n2 3\n2 2\n1 1\n").unwrap();
    let ran = testlib(&[]);
    assert_eq!(ran.code, Some(1), "{}", ran.stderr);
    let message = fs::read_to_string(&report).unwrap();
    assert_eq!(ran.stderr, format!("wrong answer {message}"));
}
