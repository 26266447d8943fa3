//! The line-by-line checkers (check-pawns, check-tictactoe, check-coloring, check-subtraction,
//! check-race) run as a judge runs them: three files on the command line, one result line on
//! stderr, testlib's exit codes (0 OK, 1 WA, 2 PE, 3 FAIL).
//!
//! Every checker meets the same catalogue: accepted answers with tolerated variations, every
//! kind of wrong answer, garbage (random bytes, non-UTF-8, empty, a 50 MB line), and faults on
//! the jury's side. The contestant's faults must never give FAIL.

use assert_cmd::Command;
use combgames::checker::{compare_lines, lines, TokenKind, TokenStream, Verdict};
use combgames::generate::SplitMix64;
use std::fs;
use std::path::{Path, PathBuf};

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

/// A fresh scratch folder for one test.
fn scratch(test: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("combgames-checkers-{}-{test}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// What a checker said.
struct Judged {
    code: Option<i32>,
    line: String,
}

/// Runs `checker input output answer` on files and checks the interface every time: nothing
/// on stdout, exactly one line on stderr that starts with the tag of the exit code's verdict.
fn run_checker(checker: &str, input: &Path, output: &Path, answer: &Path) -> Judged {
    let out = Command::cargo_bin(checker)
        .unwrap()
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
        ];
        for v in variants {
            expect(
                f,
                &dir,
                v.as_bytes(),
                Verdict::Ok,
                &format!("{} line", f.answer.len()),
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
            Verdict::WrongAnswer,
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
        expect(f, &dir, crlf.as_bytes(), Verdict::WrongAnswer, &needle);
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
            Verdict::PresentationError,
            &format!("line {n}: expected"),
        );
        expect(
            f,
            &dir,
            missing.as_bytes(),
            Verdict::PresentationError,
            "found end of output",
        );
        let extra = format!("{}\n{}\n", f.answer.join("\n"), f.answer[0]);
        expect(
            f,
            &dir,
            extra.as_bytes(),
            Verdict::PresentationError,
            &format!("line {}: extra output", n + 1),
        );
        // An empty line in the middle is a missing line, not a tolerated blank.
        let mut gap: Vec<String> = f.answer.iter().map(|s| s.to_string()).collect();
        gap.insert(0, String::new());
        expect(
            f,
            &dir,
            &text(&gap),
            Verdict::PresentationError,
            "line 1: empty line",
        );
    }
}

#[test]
fn malformed_lines_are_presentation_errors() {
    for f in FIXTURES {
        let dir = scratch(&format!("shape-{}", f.checker));
        let at = format!("line {}", f.wrong_at + 1);
        let right = f.answer[f.wrong_at];
        let cases = [
            (f.misspelt.to_owned(), "expected"),
            (format!(" {right}"), "leading whitespace"),
            (format!("\t{right}"), "leading whitespace"),
            (format!("{right} {right}"), "token"),
            (format!("{right}\r{right}"), "\\r"),
        ];
        for (line, needle) in cases {
            let output = text(&with_line(f, &line));
            expect(f, &dir, &output, Verdict::PresentationError, &at);
            expect(f, &dir, &output, Verdict::PresentationError, needle);
        }
        let non_utf8 = [b"\xff\xfe".as_slice(), right.as_bytes(), b"\xc3\n"].concat();
        let mut output = text(&with_line(f, "@"));
        let at_byte = output.iter().position(|&b| b == b'@').unwrap();
        output.splice(at_byte..at_byte + 2, non_utf8);
        expect(f, &dir, &output, Verdict::PresentationError, "\\xff\\xfe");
    }
}

#[test]
fn subtraction_case_numbers_and_values() {
    let f = &FIXTURES[3];
    let dir = scratch("subtraction-cases");
    let cases = [
        (
            "Case 4: 3",
            Verdict::WrongAnswer,
            "line 3 token 2: expected `3:`, found `4:`",
        ),
        (
            "Case 3: 4",
            Verdict::WrongAnswer,
            "line 3 token 3: expected `3`, found `4`",
        ),
        ("Case 3:  3", Verdict::PresentationError, "single space"),
        ("Case 3 : 3", Verdict::PresentationError, "case label"),
        ("Case 03: 3", Verdict::PresentationError, "case label"),
        (
            "Case 3: 03",
            Verdict::PresentationError,
            "positive integer or `lose`",
        ),
        (
            "Case 3: -3",
            Verdict::PresentationError,
            "positive integer or `lose`",
        ),
        (
            "Case 3: 0",
            Verdict::PresentationError,
            "positive integer or `lose`",
        ),
        (
            "Case 3: LOSE",
            Verdict::PresentationError,
            "positive integer or `lose`",
        ),
        (
            "Case 3:",
            Verdict::PresentationError,
            "expected 3 token(s), found 2",
        ),
        (
            "Case 3: 3 3",
            Verdict::PresentationError,
            "expected 3 token(s), found 4",
        ),
        (
            "Case 3: 123456789012345678901234567890",
            Verdict::WrongAnswer,
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
        Verdict::WrongAnswer,
        "line 1 token 2: expected `1:`, found `2:`",
    );
}

#[test]
fn garbage_is_never_a_crash_nor_a_fail() {
    let mut rng = SplitMix64::new(6);
    for f in FIXTURES {
        let dir = scratch(&format!("garbage-{}", f.checker));
        expect(f, &dir, b"", Verdict::PresentationError, "line 1: expected");
        expect(
            f,
            &dir,
            b"\n\n\n",
            Verdict::PresentationError,
            "line 1: empty line",
        );
        expect(
            f,
            &dir,
            b"\x00\x01\x02",
            Verdict::PresentationError,
            "\\x00\\x01\\x02",
        );
        for round in 0..40 {
            let len = rng.between(1, if round < 20 { 50 } else { 5000 }) as usize;
            let bytes: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
            let got = judge(f, &dir, &bytes);
            assert_eq!(
                got.code,
                Some(2),
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
                    .contains("line 1 token 1: expected `Black`, found `White`"),
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
    expect(
        f,
        &dir,
        &output,
        Verdict::PresentationError,
        "output too large",
    );
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
        fail(run_checker(f.checker, &input, &output, &answer), "line(s)");
        if f.answer.len() > 1 {
            fs::write(&answer, f.answer[1..].join("\n")).unwrap();
            fail(run_checker(f.checker, &input, &output, &answer), "line(s)");
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
        let out = Command::cargo_bin(f.checker)
            .unwrap()
            .args(["a", "b"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(3), "{}", f.checker);
        assert!(
            String::from_utf8_lossy(&out.stderr).starts_with("FAIL "),
            "{}",
            f.checker
        );
        for flag in ["--help", "-h"] {
            let out = Command::cargo_bin(f.checker)
                .unwrap()
                .arg(flag)
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(0), "{} {flag}", f.checker);
            let usage = String::from_utf8(out.stdout).unwrap();
            assert!(
                usage.starts_with(&format!("usage: {} <input> <output> <answer>", f.checker)),
                "{usage}"
            );
            assert!(usage.contains("3 FAIL"), "{usage}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The library pieces under the checkers.

#[test]
fn lines_strip_line_ends_and_trailing_blanks_only() {
    let got: Vec<(usize, &[u8])> = lines(b" a \r\n\tb\t\n\nc")
        .map(|l| (l.number, l.text))
        .collect();
    assert_eq!(got, vec![(1, &b" a"[..]), (2, b"\tb"), (3, b""), (4, b"c")]);
    assert_eq!(lines(b"").count(), 0);
    assert_eq!(lines(b"\n").count(), 1);
    assert_eq!(lines(b"x\n").count(), 1);
}

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
        (4, 1, b"3".to_vec()),
        (4, 2, b"4".to_vec()),
    ];
    assert_eq!(got, want);
    assert!(stream.at_end());
}

#[test]
fn a_truncated_output_is_judged_on_its_complete_lines() {
    const SHAPE: &[TokenKind] = &[TokenKind::OneOf(&["A", "B"])];
    let answer = b"A\nB\nA\n";
    // Cut inside line 3: lines 1 and 2 are right, so the size decides.
    let out = compare_lines(answer, b"A\nB\nA", true, SHAPE);
    assert_eq!(out.verdict, Verdict::PresentationError, "{out}");
    assert!(out.message.contains("line 3: output too large"), "{out}");
    // Line 2 is complete and wrong: that decides.
    let out = compare_lines(answer, b"A\nA\nxxxx", true, SHAPE);
    assert_eq!(out.verdict, Verdict::WrongAnswer, "{out}");
    // The same bytes, not truncated: line 3 is malformed.
    let out = compare_lines(answer, b"A\nB\nxxxx", false, SHAPE);
    assert_eq!(out.verdict, Verdict::PresentationError, "{out}");
    assert!(out.message.contains("line 3 token 1"), "{out}");
}
