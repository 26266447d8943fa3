//! One file, both modes (docs/protocol.md, "One file, both modes"): the subtraction solution, run
//! without arguments, plays when its input starts with the word `play` and answers the batch
//! input otherwise; the mode is the first token's. (What every solution does so:
//! tests/solutions/one_file_both_modes.rs at the root.)

use crate::common;

use predicates::str::is_empty;

/// Leading blanks leave the batch input whole; a token that only starts like the header is
/// batch input (here malformed); `--play` takes the header and the bare count of older
/// referees.
#[test]
fn the_first_token_decides_the_mode() {
    common::command("subtraction")
        .write_stdin("\n\r\n  \t1\n5 2\n")
        .assert()
        .code(0)
        .stdout("Case 1: lose\n");
    common::command("subtraction")
        .write_stdin("play1\n5 2\n")
        .assert()
        .code(1)
        .stdout(is_empty());
    for input in ["play 1\n5 2\n4\nend\n", "1\n5 2\n4\nend\n"] {
        common::command("subtraction")
            .arg("--play")
            .write_stdin(input)
            .assert()
            .code(0)
            .stdout("second\n1\n");
    }
}
