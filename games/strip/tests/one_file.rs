//! One file, both modes (docs/protocol.md, "One file, both modes"): the tictactoe and coloring solutions, run
//! without arguments, play when their input starts with the word `play` and answer the batch
//! input otherwise; the mode is the first token's. (What every solution does so:
//! tests/solutions/one_file_both_modes.rs at the root.)

use crate::common;

use predicates::str::contains;

/// A session of two rounds, `-1` after the last; line numbers count the header line.
#[test]
fn the_first_token_decides_the_mode() {
    common::command("tictactoe")
        .write_stdin("play 2\nX...\n2 O\nend\n-1\n")
        .assert()
        .code(0)
        .stdout("first\n4 O\n3 X\n");
    common::command("coloring")
        .write_stdin("play 1\n0\n")
        .assert()
        .code(1)
        .stderr(contains("line 2: expected N ≥ 1"));
}
