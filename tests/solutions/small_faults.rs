//! Small faults of the solutions' input handling: error messages never
//! carry raw control bytes (a token is shown with them escaped), a UTF-8 byte-order mark
//! before the input is skipped, and tictactoe refuses T = 0 as coloring refuses N = 0.

use crate::common;

use predicates::prelude::*;
use predicates::str::contains;

#[test]
fn control_bytes_in_a_bad_token_are_escaped_in_the_message() {
    for (bin, input, escaped) in [
        ("pawns", "x\x1b[31mred\n", "x\\u{1b}[31mred"),
        ("knights", "1 5\n\x00\x01 2\n", "\\0\\u{1}"),
    ] {
        let line = common::assert_rejects(bin, input, escaped);
        assert!(
            !line.bytes().any(|b| b.is_ascii_control()),
            "{bin}: raw control bytes in {line:?}"
        );
    }
}

/// A file saved with a UTF-8 byte-order mark (Notepad's) is answered as the same file without
/// it, by every solution, on each of its samples (the input validators reject it: strictness is
/// theirs).
#[test]
fn a_byte_order_mark_before_the_input_is_skipped() {
    for game in common::games() {
        let dir = common::root().join("samples").join(game);
        let mut samples: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "in"))
            .collect();
        samples.sort();
        for sample in samples.iter().take(3) {
            let input = std::fs::read(sample).unwrap();
            let plain = common::run(common::solution(game), input.clone());
            let marked = common::command(game)
                .write_stdin([b"\xEF\xBB\xBF", &input[..]].concat())
                .assert()
                .append_context("sample", sample.display().to_string())
                .stdout(plain.stdout)
                .stderr(plain.stderr);
            match plain.code {
                Some(code) => marked.code(code),
                None => marked.interrupted(),
            };
        }
    }
}

/// Bytes that are no UTF-8 in a bad token are shown escaped (`\xaf`), never as replacement
/// marks, by every solution that quotes the token.
#[test]
fn bytes_that_are_no_utf8_are_escaped_in_the_message() {
    for bin in ["pawns", "knights", "race", "subtraction"] {
        let line = common::assert_rejects(bin, "\u{1}\u{2}\n", "\\u{1}\\u{2}");
        assert!(!line.contains('\u{fffd}'), "{bin}: {line:?}");
        common::command(bin)
            .write_stdin(&b"\xaf\xb0x\n"[..])
            .assert()
            .stderr(contains("\\xaf\\xb0x").and(contains("\u{fffd}").not()));
    }
}

#[test]
fn a_count_of_zero_is_refused() {
    common::assert_rejects("tictactoe", "0\n", "T must be at least 1");
    common::assert_rejects("coloring", "0\n\n", "N must be at least 1");
}

/// Leading blank lines cost no memory: the mode check keeps a count of their
/// line ends, not the bytes. 192 MiB of blank lines before a small input, under a 96 MiB address
/// space: the streaming solutions answer it, and line numbers in messages still count them.
#[test]
fn leading_blank_lines_cost_no_memory() {
    let blanks = " \r\n\t\n".repeat(192 << 18);
    for (bin, input) in [("tictactoe", "1\n.X.\n"), ("coloring", "5\n00100\n")] {
        // The answer without the blanks.
        let answer = common::run(bin, input).stdout;
        common::memory_limited(bin, 96 << 10)
            .write_stdin(blanks.clone() + input)
            .assert()
            .code(0)
            .stdout(answer);
    }
    let lines = 1 + 2 * (192 << 18);
    common::memory_limited("tictactoe", 96 << 10)
        .write_stdin(blanks + "1\n.Y.\n")
        .assert()
        .failure()
        .stderr(contains(format!("line {}", lines + 1)));
}

/// The solutions that parse their input whole (pawns, knights, race, subtraction, impartial)
/// hold it in bounded memory: a token longer than any valid one (64 KiB) is
/// refused as it streams in, with its line, and blanks inside a line are kept as one. Under a
/// 96 MiB address space: a 256 MiB token is one line on stderr, not an allocation failure; 192
/// MiB of spaces between two numbers change no answer.
#[test]
fn long_tokens_and_long_blank_runs_cost_no_memory() {
    let spaces = " \t".repeat(96 << 20);
    let token = "7".repeat(256 << 20);
    for (bin, before, after) in [
        ("pawns", "", "5\n"),
        ("knights", "1 5\n3", "3\n"),
        ("race", "1\n2\n", "AB\n..\n"),
        ("subtraction", "1\n10", "2\n"),
        ("impartial", "nim\n1\n2 3", "5\n"),
    ] {
        let plain = format!("{before} {after}");
        let answer = common::run(bin, plain.as_str()).stdout;
        assert!(!answer.is_empty(), "{bin}: no answer to {plain:?}");
        common::memory_limited(bin, 96 << 10)
            .write_stdin(format!("{before}{spaces}{after}"))
            .assert()
            .code(0)
            .stdout(answer);

        let line = before.matches('\n').count() + 1;
        common::memory_limited(bin, 96 << 10)
            .write_stdin(format!("{before} {token}{after}"))
            .assert()
            .failure()
            .stderr(common::one_line().and(contains(format!(
                "line {line}: a token longer than 65536 bytes"
            ))));
    }
}

/// A solution started with its standard output closed says so and fails,
/// where the runtime would have written its answer into /dev/null and exited 0; the same
/// solution with its output sent to /dev/null by a shell (write-only) answers as usual.
#[test]
fn a_closed_standard_output_is_an_error() {
    let samples = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    for game in common::games() {
        // The first sample input of the game, whatever its name.
        let mut inputs: Vec<_> = std::fs::read_dir(samples.join(game))
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "in"))
            .collect();
        inputs.sort();
        let input = inputs
            .first()
            .unwrap_or_else(|| panic!("{game}: no sample"))
            .clone();
        let run = |redirect: &str| {
            std::process::Command::new("sh")
                .arg("-c")
                .arg(format!("exec \"$0\" <\"$1\" {redirect}"))
                .arg(common::bin(game))
                .arg(&input)
                .output()
                .unwrap()
        };
        let closed = run(">&-");
        let stderr = String::from_utf8_lossy(&closed.stderr);
        assert_eq!(closed.status.code(), Some(1), "{game}: {stderr}");
        assert!(
            stderr.contains("the standard output is closed"),
            "{game}: {stderr}"
        );
        let discarded = run(">/dev/null");
        assert_eq!(
            discarded.status.code(),
            Some(0),
            "{game}: {}",
            String::from_utf8_lossy(&discarded.stderr)
        );
    }
}
