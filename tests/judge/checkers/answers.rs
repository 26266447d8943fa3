//! Answers: accepted ones with tolerated variations (line ends, blanks, a byte order mark),
//! a different well-formed line (WA), missing, extra and malformed lines (PE), and the
//! subtraction checker's case numbers and values.

use super::{expect, judge, scratch, text, with_line, FIXTURES};
use combgames_core::checker::Verdict;
use combgames_core::words::counted;

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
