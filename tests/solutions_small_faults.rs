//! Small faults of the solutions' input handling (issue 18, item 8): error messages never
//! carry raw control bytes (a token is shown with them escaped), and tictactoe refuses T = 0
//! as coloring refuses N = 0.

mod common;

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

#[test]
fn a_count_of_zero_is_refused() {
    common::assert_rejects("tictactoe", "0\n", "T must be at least 1");
    common::assert_rejects("coloring", "0\n\n", "N must be at least 1");
}

/// Leading blank lines cost no memory (issue 18, item 7): the mode check keeps a count of their
/// line ends, not the bytes. 192 MiB of blank lines before a small input, under a 96 MiB address
/// space: the streaming solutions answer it, and line numbers in messages still count them.
#[test]
fn leading_blank_lines_cost_no_memory() {
    let blanks = " \r\n\t\n".repeat(192 << 18);
    for (bin, input) in [("tictactoe", "1\n.X.\n"), ("coloring", "5\n00100\n")] {
        // The answer without the blanks.
        let answer = common::run(bin, input).stdout;
        let run =
            common::run_with_memory_limit(bin, 96 << 10, (blanks.clone() + input).into_bytes());
        assert_eq!(run.code, Some(0), "{bin}: {}", run.stderr);
        assert_eq!(run.stdout, answer, "{bin}");
    }
    let lines = 1 + 2 * (192 << 18);
    let run =
        common::run_with_memory_limit("tictactoe", 96 << 10, (blanks + "1\n.Y.\n").into_bytes());
    assert_ne!(run.code, Some(0));
    assert!(
        run.stderr.contains(&format!("line {}", lines + 1)),
        "{}",
        run.stderr
    );
}
