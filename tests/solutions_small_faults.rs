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
