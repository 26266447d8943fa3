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
//!
//! The fixtures and the checker runs are here; the accepted and wrong answers in `answers`,
//! garbage and huge outputs in `garbage`, the jury's faults and wrong command lines in
//! `faults`, the library's token reader in `library`, the report file, testlib's options and
//! Kattis's contract in `contracts`.

mod answers;
mod contracts;
mod faults;
mod garbage;
mod library;

use crate::common;

use combgames_core::checker::Verdict;
use std::fs;
use std::path::Path;
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
