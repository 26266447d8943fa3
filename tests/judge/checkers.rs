//! The token-by-token checkers (check-pawns, check-tictactoe, check-coloring, check-subtraction,
//! check-race) run as a judge runs them: three files on the command line, one result line on
//! stderr, testlib's exit codes (0 OK, 1 WA, 2 PE, 3 FAIL).
//!
//! Every checker meets the same catalogue: accepted answers with tolerated variations, every
//! kind of wrong answer, garbage (random bytes, non-UTF-8, empty, a 50 MB line), and faults on
//! the jury's side. The contestant's faults must never give FAIL.
//!
//! Then the contracts, for these checkers and check-knights: testlib's report file (plain and
//! `-appes`), `--testset`/`--group`, and the Kattis/DOMjudge output validator (a feedback
//! directory as the third argument, the output on stdin, exit 42/43).

use crate::common;

use combgames_core::checker::{compare_tokens, TokenKind, TokenStream, Verdict};
use combgames_core::rng::Rng;
use combgames_core::words::counted;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// One problem's checker with a judge input, its answer and a second well-formed line.
struct Fixture {
    checker: &'static str,
    input: &'static str,
    answer: &'static [&'static str],
    /// Which answer line the wrong answers change (0-based), and a well-formed line that
    /// differs from it.
    wrong_at: usize,
    wrong_line: &'static str,
    /// A line that is not well-formed: a token of the wrong kind or spelling.
    misspelt: &'static str,
}

const FIXTURES: &[Fixture] = &[
    Fixture {
        checker: "check-pawns",
        input: "14\n",
        answer: &["Black"],
        wrong_at: 0,
        wrong_line: "White",
        misspelt: "black",
    },
    Fixture {
        checker: "check-tictactoe",
        input: "3\n...\nX..\n.X.\n",
        answer: &["Possible.", "Impossible.", "Possible."],
        wrong_at: 1,
        wrong_line: "Possible.",
        misspelt: "Impossible",
    },
    Fixture {
        checker: "check-coloring",
        input: "5\n00100\n",
        answer: &["SECOND"],
        wrong_at: 0,
        wrong_line: "FIRST",
        misspelt: "Second",
    },
    Fixture {
        checker: "check-subtraction",
        input: "5\n16 1\n11 1\n32 2\n34 2\n19 3\n",
        answer: &[
            "Case 1: lose",
            "Case 2: 1",
            "Case 3: 3",
            "Case 4: lose",
            "Case 5: 4",
        ],
        wrong_at: 2,
        wrong_line: "Case 3: lose",
        misspelt: "case 3: 3",
    },
    Fixture {
        checker: "check-race",
        input: "2\n4\nA...\n.#..\n....\n...B\n4\nA...\n....\n..#.\n...B\n",
        answer: &["B", "A"],
        wrong_at: 1,
        wrong_line: "B",
        misspelt: "a",
    },
];

/// A scratch folder of the test's, removed with its files when the test ends.
fn scratch(test: &str) -> common::TempDir {
    common::TempDir::new(&format!("checkers-{test}"))
}

/// What a checker said.
struct Judged {
    code: Option<i32>,
    line: String,
}

/// Runs `checker input output answer` on files and checks the interface every time: nothing
/// on stdout, exactly one line on stderr that starts with the tag of the exit code's verdict.
fn run_checker(checker: &str, input: &Path, output: &Path, answer: &Path) -> Judged {
    let out = Command::new(common::bin(checker))
        .arg(input)
        .arg(output)
        .arg(answer)
        .output()
        .unwrap();
    let stderr =
        String::from_utf8(out.stderr).expect("the result line is UTF-8 (bytes are escaped)");
    assert!(
        out.stdout.is_empty(),
        "{checker} wrote on stdout: {:?}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(
        stderr.lines().count(),
        1,
        "{checker}: want one stderr line, got {stderr:?}"
    );
    assert!(
        stderr.len() < 400,
        "{checker}: result line too long: {stderr:?}"
    );
    let tag = match out.status.code() {
        Some(0) => "ok ",
        Some(1) => "wrong answer ",
        Some(2) => "presentation error ",
        Some(3) => "FAIL ",
        other => panic!("{checker}: exit {other:?}, stderr {stderr:?}"),
    };
    assert!(
        stderr.starts_with(tag),
        "{checker}: exit {:?} but line {stderr:?}",
        out.status.code()
    );
    Judged {
        code: out.status.code(),
        line: stderr.trim_end().to_owned(),
    }
}

/// Writes the fixture's input and answer and `output` into `dir`, then judges.
fn judge(f: &Fixture, dir: &Path, output: &[u8]) -> Judged {
    let (input, answer, out) = (dir.join("input"), dir.join("answer"), dir.join("output"));
    fs::write(&input, f.input).unwrap();
    fs::write(&answer, f.answer.join("\n") + "\n").unwrap();
    fs::write(&out, output).unwrap();
    run_checker(f.checker, &input, &out, &answer)
}

fn expect(f: &Fixture, dir: &Path, output: &[u8], verdict: Verdict, needle: &str) {
    let got = judge(f, dir, output);
    assert_eq!(
        got.code,
        Some(i32::from(verdict.exit_code())),
        "{} on {:?}: {}",
        f.checker,
        String::from_utf8_lossy(&output[..output.len().min(200)]),
        got.line
    );
    assert!(
        got.line.contains(needle),
        "{}: {:?} does not mention {needle:?}",
        f.checker,
        got.line
    );
}

/// The answer's lines with `line` replaced at the fixture's wrong position.
fn with_line(f: &Fixture, line: &str) -> Vec<String> {
    let mut lines: Vec<String> = f.answer.iter().map(|s| s.to_string()).collect();
    lines[f.wrong_at] = line.to_owned();
    lines
}

fn text(lines: &[String]) -> Vec<u8> {
    (lines.join("\n") + "\n").into_bytes()
}

#[test]
fn accepted_answers_with_tolerated_variations() {
    for f in FIXTURES {
        let dir = scratch(&format!("ok-{}", f.checker));
        let plain = f.answer.join("\n");
        let variants = [
            format!("{plain}\n"),
            plain.clone(),
            f.answer.join("\r\n") + "\r\n",
            f.answer
                .iter()
                .map(|l| format!("{l}  \t "))
                .collect::<Vec<_>>()
                .join("\n"),
            f.answer
                .iter()
                .map(|l| format!("{l} \r\n"))
                .collect::<String>(),
            format!("{plain}\n\n  \n\r\n"),
            // testlib's leniency: blanks anywhere between tokens, a byte order mark first.
            format!(" \t{plain}\n"),
            format!("\n\n\r\n{plain}\n"),
            f.answer.join(" ") + "\n",
            plain.replace(' ', "  \t"),
            plain.replace(' ', "\n"),
            format!("\u{feff}{plain}\n"),
        ];
        for v in variants {
            expect(
                f,
                &dir,
                v.as_bytes(),
                Verdict::Ok,
                &counted(f.answer.len() as u64, "case"),
            );
        }
    }
}

#[test]
fn a_different_well_formed_line_is_wrong_answer() {
    for f in FIXTURES {
        let dir = scratch(&format!("wa-{}", f.checker));
        let line_no = f.wrong_at + 1;
        let expected = f.answer[f.wrong_at]
            .split(' ')
            .zip(f.wrong_line.split(' '))
            .find(|(a, b)| a != b)
            .unwrap();
        let needle = format!("line {line_no} token");
        expect(
            f,
            &dir,
            &text(&with_line(f, f.wrong_line)),
            Verdict::Wa,
            &needle,
        );
        // The message names what was expected and what was found.
        let got = judge(f, &dir, &text(&with_line(f, f.wrong_line)));
        assert!(
            got.line.contains(&format!(
                "expected `{}`, found `{}`",
                expected.0, expected.1
            )),
            "{}",
            got.line
        );
        // Also with CRLF: the verdict does not depend on line ends.
        let crlf = with_line(f, f.wrong_line).join("\r\n");
        expect(f, &dir, crlf.as_bytes(), Verdict::Wa, &needle);
    }
}

#[test]
fn missing_and_extra_lines_are_presentation_errors() {
    for f in FIXTURES {
        let dir = scratch(&format!("lines-{}", f.checker));
        let n = f.answer.len();
        let missing = f.answer[..n - 1].join("\n");
        expect(
            f,
            &dir,
            missing.as_bytes(),
            Verdict::Pe,
            &if n == 1 {
                "empty output: expected 1 case,".to_owned()
            } else {
                format!("the output ends inside case {n} of {n}: expected")
            },
        );
        expect(
            f,
            &dir,
            missing.as_bytes(),
            Verdict::Pe,
            "found end of output",
        );
        let extra = format!("{}\n{}\n", f.answer.join("\n"), f.answer[0]);
        expect(
            f,
            &dir,
            extra.as_bytes(),
            Verdict::Pe,
            &format!("line {} token 1: extra output", n + 1),
        );
        // Blank lines between answers are blanks like any other (testlib reads tokens).
        let mut gap: Vec<String> = f.answer.iter().map(|s| s.to_string()).collect();
        gap.insert(0, String::new());
        gap.insert(f.answer.len(), String::new());
        expect(f, &dir, &text(&gap), Verdict::Ok, "case");
        // A token after the last answer, on the same line, is extra output too.
        let tail = format!("{} {}", f.answer.join("\n"), f.answer[0]);
        expect(f, &dir, tail.as_bytes(), Verdict::Pe, "extra output");
    }
}

#[test]
fn malformed_lines_are_presentation_errors() {
    for f in FIXTURES {
        let dir = scratch(&format!("shape-{}", f.checker));
        let at = format!("line {}", f.wrong_at + 1);
        let right = f.answer[f.wrong_at];
        // Bytes that are not testlib's blanks belong to the token: vertical tab, form feed, NUL.
        let cases = [
            (f.misspelt.to_owned(), "expected"),
            (format!("{right}\x0b"), "\\x0b"),
            (format!("\x0c{right}"), "\\x0c"),
            (format!("{right}\0"), "\\x00"),
        ];
        for (line, needle) in cases {
            let output = text(&with_line(f, &line));
            expect(f, &dir, &output, Verdict::Pe, &at);
            expect(f, &dir, &output, Verdict::Pe, needle);
        }
        let non_utf8 = [b"\xff\xfe".as_slice(), right.as_bytes(), b"\xc3\n"].concat();
        let mut output = text(&with_line(f, "@"));
        let at_byte = output.iter().position(|&b| b == b'@').unwrap();
        output.splice(at_byte..at_byte + 2, non_utf8);
        expect(f, &dir, &output, Verdict::Pe, "\\xff\\xfe");
    }
}

#[test]
fn subtraction_case_numbers_and_values() {
    let f = &FIXTURES[3];
    let dir = scratch("subtraction-cases");
    let cases = [
        (
            "Case 4: 3",
            Verdict::Wa,
            "line 3 token 2 (case 3): expected `3:`, found `4:`",
        ),
        (
            "Case 3: 4",
            Verdict::Wa,
            "line 3 token 3 (case 3): expected `3`, found `4`",
        ),
        ("Case  3:\t3", Verdict::Ok, "5 cases"),
        ("Case 3:3", Verdict::Pe, "case label"),
        ("Case 3 : 3", Verdict::Pe, "case label"),
        ("Case 03: 3", Verdict::Pe, "case label"),
        ("Case 3: 03", Verdict::Pe, "positive integer or `lose`"),
        ("Case 3: -3", Verdict::Pe, "positive integer or `lose`"),
        ("Case 3: 0", Verdict::Pe, "positive integer or `lose`"),
        ("Case 3: LOSE", Verdict::Pe, "positive integer or `lose`"),
        // Too few or too many tokens shift every later one: the next token is of the wrong kind.
        (
            "Case 3:",
            Verdict::Pe,
            "line 4 token 1: expected a positive integer or `lose`, found `Case`",
        ),
        (
            "Case 3: 3 3",
            Verdict::Pe,
            "line 3 token 4: expected `Case`, found `3`",
        ),
        (
            "Case 3: 123456789012345678901234567890",
            Verdict::Wa,
            "found `1234",
        ),
    ];
    for (line, verdict, needle) in cases {
        expect(f, &dir, &text(&with_line(f, line)), verdict, needle);
    }
    // Cases out of order: well-formed lines with other labels.
    let swapped = "Case 2: 1\nCase 1: lose\nCase 3: 3\nCase 4: lose\nCase 5: 4\n";
    expect(
        f,
        &dir,
        swapped.as_bytes(),
        Verdict::Wa,
        "line 1 token 2 (case 1): expected `1:`, found `2:`",
    );
}

#[test]
fn garbage_is_never_a_crash_nor_a_fail() {
    let mut rng = Rng::new(6);
    for f in FIXTURES {
        let dir = scratch(&format!("garbage-{}", f.checker));
        expect(f, &dir, b"", Verdict::Pe, "empty output");
        expect(f, &dir, b"\n\n \t\r\n", Verdict::Pe, "empty output");
        expect(f, &dir, b"\x00\x01\x02", Verdict::Pe, "\\x00\\x01\\x02");
        for round in 0..40 {
            let len = rng.range(1, if round < 20 { 50 } else { 5000 }) as usize;
            let bytes: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
            // Blanks may cut a well-formed token out of the noise (then WA), never OK or FAIL.
            let got = judge(f, &dir, &bytes);
            assert!(
                matches!(got.code, Some(1 | 2)),
                "{} on random bytes {bytes:?}: {}",
                f.checker,
                got.line
            );
        }
        // Garbage that starts with a well-formed wrong line is judged by that line.
        let mut lines = with_line(f, f.wrong_line);
        lines.push("\u{1}\u{2}garbage".to_owned());
        let got = judge(f, &dir, &text(&lines));
        assert_eq!(got.code, Some(1), "{}: {}", f.checker, got.line);
    }
}

/// A 50 MB line without a newline (made here, never stored): the checker reads a bounded
/// prefix and says PE "too large"; if a wrong line comes first, that line decides.
#[test]
fn a_fifty_megabyte_line_is_read_with_bounded_memory() {
    let dir = scratch("huge");
    let huge = dir.join("huge-output");
    let block = vec![b'x'; 1 << 20];
    let mut file = fs::File::create(&huge).unwrap();
    for _ in 0..50 {
        std::io::Write::write_all(&mut file, &block).unwrap();
    }
    drop(file);
    let mut wrong_first = b"White\n".to_vec();
    wrong_first.extend_from_slice(&fs::read(&huge).unwrap()[..10 << 20]);
    let wrong_then_huge = dir.join("wrong-then-huge");
    fs::write(&wrong_then_huge, wrong_first).unwrap();
    for f in FIXTURES {
        let (input, answer) = (dir.join("input"), dir.join("answer"));
        fs::write(&input, f.input).unwrap();
        fs::write(&answer, f.answer.join("\n") + "\n").unwrap();
        let got = run_checker(f.checker, &input, &huge, &answer);
        assert_eq!(got.code, Some(2), "{}: {}", f.checker, got.line);
        assert!(
            got.line.contains("line 1: output too large"),
            "{}: {}",
            f.checker,
            got.line
        );
        if f.checker == "check-pawns" {
            // "White\n" then 10 MB: the first line is complete and wrong.
            let got = run_checker(f.checker, &input, &wrong_then_huge, &answer);
            assert_eq!(got.code, Some(1), "{}: {}", f.checker, got.line);
            assert!(
                got.line
                    .contains("line 1 token 1 (case 1): expected `Black`, found `White`"),
                "{}",
                got.line
            );
        }
    }
}

/// A 4 GiB output (a sparse file: no disk used) is judged after reading about a megabyte;
/// without the cap this would read gigabytes into memory.
#[test]
fn a_four_gigabyte_output_is_not_read_whole() {
    let f = &FIXTURES[3];
    let dir = scratch("sparse");
    let (input, answer, output) = (dir.join("input"), dir.join("answer"), dir.join("output"));
    fs::write(&input, f.input).unwrap();
    fs::write(&answer, f.answer.join("\n")).unwrap();
    fs::File::create(&output).unwrap().set_len(4 << 30).unwrap();
    let started = std::time::Instant::now();
    let got = run_checker(f.checker, &input, &output, &answer);
    assert_eq!(got.code, Some(2), "{}", got.line);
    assert!(got.line.contains("output too large"), "{}", got.line);
    assert!(
        started.elapsed().as_secs() < 5,
        "took {:?}: the output was read whole",
        started.elapsed()
    );
    let _ = fs::remove_file(&output);
}

/// A correct answer followed by a flood of blank lines beyond the cap is still too large.
#[test]
fn a_correct_answer_then_a_flood_is_too_large() {
    let f = &FIXTURES[1];
    let dir = scratch("flood");
    let mut output = text(&f.answer.iter().map(|s| s.to_string()).collect::<Vec<_>>());
    output.extend(std::iter::repeat_n(b'\n', 3 << 20));
    expect(f, &dir, &output, Verdict::Pe, "output too large");
}

#[test]
fn jury_side_faults_are_fail_whatever_the_output() {
    for f in FIXTURES {
        let dir = scratch(&format!("jury-{}", f.checker));
        let (input, answer, output) = (dir.join("input"), dir.join("answer"), dir.join("output"));
        fs::write(&input, f.input).unwrap();
        fs::write(&output, f.answer.join("\n")).unwrap();
        let missing = dir.join("no-such-file");
        let fail = |got: Judged, needle: &str| {
            assert_eq!(got.code, Some(3), "{}: {}", f.checker, got.line);
            assert!(
                got.line.contains(needle),
                "{}: {:?} lacks {needle:?}",
                f.checker,
                got.line
            );
        };
        fs::write(&answer, f.answer.join("\n")).unwrap();
        fail(
            run_checker(f.checker, &missing, &output, &answer),
            "cannot read the input",
        );
        fail(
            run_checker(f.checker, &input, &output, &missing),
            "cannot read the answer",
        );
        // A malformed answer is FAIL even when the output is garbage or identical to it.
        for bad_answer in [&b""[..], b"\n\n", b"maybe\n", b"\xff\n"] {
            fs::write(&answer, bad_answer).unwrap();
            fail(run_checker(f.checker, &input, &output, &answer), "answer");
            fs::write(&output, bad_answer).unwrap();
            fail(run_checker(f.checker, &input, &output, &answer), "answer");
        }
        // An answer with one line too many or too few for the input.
        fs::write(&output, f.answer.join("\n")).unwrap();
        let mut long = f.answer.to_vec();
        long.push(f.answer[0]);
        fs::write(&answer, long.join("\n")).unwrap();
        fail(run_checker(f.checker, &input, &output, &answer), "case");
        // An answer cut inside a case.
        let cut = f.answer.join("\n");
        let cut = cut.rsplit_once(' ').map_or("", |(head, _)| head);
        if !cut.is_empty() {
            fs::write(&answer, cut).unwrap();
            fail(
                run_checker(f.checker, &input, &output, &answer),
                "ends inside an answer",
            );
        }
        if f.answer.len() > 1 {
            fs::write(&answer, f.answer[1..].join("\n")).unwrap();
            fail(run_checker(f.checker, &input, &output, &answer), "case");
            // An input whose count is not a number.
            fs::write(&answer, f.answer.join("\n")).unwrap();
            fs::write(&input, "three\n").unwrap();
            fail(
                run_checker(f.checker, &input, &output, &answer),
                "input line 1",
            );
        }
    }
}

#[test]
fn wrong_command_lines_are_fail_and_help_is_usage() {
    for f in FIXTURES {
        use predicates::prelude::*;
        use predicates::str::{contains, starts_with};
        common::command(f.checker)
            .args(["a", "b"])
            .assert()
            .code(3)
            .stderr(starts_with("FAIL "));
        for flag in ["--help", "-h"] {
            common::command(f.checker)
                .arg(flag)
                .assert()
                .code(0)
                .stdout(
                    starts_with(format!("usage: {} <input> <output> <answer>", f.checker))
                        .and(contains("3 FAIL")),
                );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The library pieces under the checkers.

#[test]
fn token_stream_counts_lines_and_tokens_over_any_bytes() {
    let mut stream = TokenStream::new(b"  YES\r\n1 \xff2\n\n\t 3\x0b4 ");
    let mut got = Vec::new();
    while let Some(t) = stream.next_token() {
        got.push((t.line, t.index, t.bytes.to_vec()));
    }
    let want: Vec<(usize, usize, Vec<u8>)> = vec![
        (1, 1, b"YES".to_vec()),
        (2, 1, b"1".to_vec()),
        (2, 2, b"\xff2".to_vec()),
        // testlib's blanks are space, tab, CR and LF: a vertical tab is part of a token.
        (4, 1, b"3\x0b4".to_vec()),
    ];
    assert_eq!(got, want);
    assert!(stream.at_end());
}

#[test]
fn a_truncated_output_is_judged_on_its_complete_tokens() {
    const SHAPE: &[TokenKind] = &[TokenKind::OneOf(&["A", "B"])];
    let answer = b"A\nB\nA\n";
    // Cut inside line 3: lines 1 and 2 are right, so the size decides.
    let out = compare_tokens(answer, b"A\nB\nA", true, SHAPE);
    assert_eq!(out.verdict, Verdict::Pe, "{out}");
    assert!(out.message.contains("line 3: output too large"), "{out}");
    // Line 2 is complete and wrong: that decides.
    let out = compare_tokens(answer, b"A\nA\nxxxx", true, SHAPE);
    assert_eq!(out.verdict, Verdict::Wa, "{out}");
    // The same bytes, not truncated: line 3 is malformed.
    let out = compare_tokens(answer, b"A\nB\nxxxx", false, SHAPE);
    assert_eq!(out.verdict, Verdict::Pe, "{out}");
    assert!(out.message.contains("line 3 token 1"), "{out}");
}

// ---------------------------------------------------------------------------------------------
// The contracts: testlib's report file and options, and Kattis's output validator.

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
