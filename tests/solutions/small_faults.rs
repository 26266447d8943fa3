//! Small faults of the solutions' input handling: error messages never
//! carry raw control bytes (a token is shown with them escaped), a UTF-8 byte-order mark
//! before the input is skipped, and a count of zero is refused. What each solution does with
//! its input (which quote a bad token, which stream, which parse whole) and the inputs that
//! show it are its game folder's tests/data/solution-faults.tsv.

use crate::common;

use common::game_data::{rows, unescape};
use predicates::prelude::*;
use predicates::str::contains;

/// The address space (KiB) the memory tests below run a solution in: every solution runs in
/// it, and each input they give is twice as large or more, so a solution that kept it whole
/// would fail.
const LIMIT_KB: u64 = 32 << 10;

/// The rows of `kind` in the game folders' solution-faults.tsv: the problem and the fields,
/// unescaped; at least one, so that no test here runs on nothing.
fn faults(kind: &str) -> Vec<(String, Vec<String>)> {
    let found: Vec<(String, Vec<String>)> = rows("solution-faults.tsv")
        .into_iter()
        .filter(|r| r[1] == kind)
        .map(|r| (r[0].clone(), r[2..].iter().map(|f| unescape(f)).collect()))
        .collect();
    assert!(
        !found.is_empty(),
        "no solution-faults.tsv row of kind {kind}"
    );
    found
}

#[test]
fn control_bytes_in_a_bad_token_are_escaped_in_the_message() {
    for (bin, fields) in faults("control") {
        let [input, escaped] = &fields[..] else {
            panic!("{bin}: a bad control row {fields:?}")
        };
        let line = common::assert_rejects(&bin, input, escaped);
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
    for (bin, _) in faults("quotes") {
        let line = common::assert_rejects(&bin, "\u{1}\u{2}\n", "\\u{1}\\u{2}");
        assert!(!line.contains('\u{fffd}'), "{bin}: {line:?}");
        common::command(&bin)
            .write_stdin(&b"\xaf\xb0x\n"[..])
            .assert()
            .stderr(contains("\\xaf\\xb0x").and(contains("\u{fffd}").not()));
    }
}

#[test]
fn a_count_of_zero_is_refused() {
    for (bin, fields) in faults("zero-count") {
        let [input, message] = &fields[..] else {
            panic!("{bin}: a bad zero-count row {fields:?}")
        };
        common::assert_rejects(&bin, input, message);
    }
}

/// Leading blank lines cost no memory: the mode check keeps a count of their
/// line ends, not the bytes. 80 MiB of blank lines before a small input, under a 32 MiB address
/// space: the streaming solutions answer it, and line numbers in messages still count them.
#[test]
fn leading_blank_lines_cost_no_memory() {
    let blanks = " \r\n\t\n".repeat(64 << 18);
    let blank_lines = 2 * (64 << 18);
    for (bin, fields) in faults("streams") {
        let input = &fields[0];
        // The answer without the blanks.
        let answer = common::run(&bin, input.as_str()).stdout;
        common::memory_limited(&bin, LIMIT_KB)
            .write_stdin(blanks.clone() + input)
            .assert()
            .code(0)
            .stdout(answer);
        if let [_, bad, line] = &fields[..] {
            let line: usize = line.parse().unwrap();
            common::memory_limited(&bin, LIMIT_KB)
                .write_stdin(blanks.clone() + bad)
                .assert()
                .failure()
                .stderr(contains(format!("line {}", blank_lines + line)));
        }
    }
}

/// The solutions that parse their input whole (solution-faults.tsv's `whole`) hold it in
/// bounded memory: a token longer than any valid one (64 KiB) is
/// refused as it streams in, with its line, and blanks inside a line are kept as one. Under a
/// 32 MiB address space: a 64 MiB token is one line on stderr, not an allocation failure; 64
/// MiB of spaces between two numbers change no answer.
#[test]
fn long_tokens_and_long_blank_runs_cost_no_memory() {
    let spaces = " \t".repeat(32 << 20);
    let token = "7".repeat(64 << 20);
    for (bin, fields) in faults("whole") {
        let [before, after] = &fields[..] else {
            panic!("{bin}: a bad whole row {fields:?}")
        };
        let bin = bin.as_str();
        let plain = format!("{before} {after}");
        let answer = common::run(bin, plain.as_str()).stdout;
        assert!(!answer.is_empty(), "{bin}: no answer to {plain:?}");
        common::memory_limited(bin, LIMIT_KB)
            .write_stdin(format!("{before}{spaces}{after}"))
            .assert()
            .code(0)
            .stdout(answer);

        let line = before.matches('\n').count() + 1;
        common::memory_limited(bin, LIMIT_KB)
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
