//! One file, both modes (docs/protocol.md, "One file, both modes"): the pawns solution, run
//! without arguments, plays when its input starts with the word `play` and answers the batch
//! input otherwise; the mode is the first token's. (What every solution does so:
//! tests/solutions/one_file_both_modes.rs at the root.)

use crate::common;

use predicates::str::{contains, is_empty};

/// A batch error names the line in the whole input, the looked-at bytes included; a token
/// that only starts like the header is batch input; `play 1` starts a session of one round,
/// read line by line, which `end` ends quietly.
#[test]
fn the_first_token_decides_the_mode() {
    common::command("pawns")
        .write_stdin("\n\n0\n")
        .assert()
        .code(1)
        .stderr(contains("line 3: N must be at least 1"));
    common::command("pawns")
        .write_stdin("playing\n")
        .assert()
        .code(1)
        .stdout(is_empty());
    common::command("pawns")
        .write_stdin("play 1\n1\nend\n")
        .assert()
        .code(0)
        .stdout("first\n1 1 2 1\n")
        .stderr("");
}
