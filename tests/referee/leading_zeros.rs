//! A move with a leading zero is not in the protocol's notation: PE in every
//! game, where the games' own number readers used to take `01` for 1.

use crate::common;

use predicates::prelude::*;
use predicates::str::{contains, starts_with};
use std::path::PathBuf;

#[test]
fn a_number_with_a_leading_zero_is_pe_in_every_game() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = common::TempDir::new("leading-zeros");
    // Each session: a start, the side, and a move that is legal but for its leading zero.
    for (game, session) in [
        (
            "subtraction",
            "< play 1\n< 5 2\n> second\n< 1\n> 01\n< -1\n",
        ),
        ("pawns", "< play 1\n< 3\n> first\n> 1 02 2 2\n< -1\n"),
        ("tictactoe", "< play 1\n< X...\n> first\n> 04 O\n< -1\n"),
        ("coloring", "< play 1\n< 4\n< 1000\n> first\n> 04 2\n< -1\n"),
        ("knights", "< play 1\n< 1 5\n< 4 4\n> first\n> 02 5\n< -1\n"),
        ("race", "< play 1\n< 2\n< A.\n< .B\n> first\n> 1 02\n< -1\n"),
        (
            "impartial",
            "< play 1\n< nim\n< 1 3\n> first\n> 1 00\n< -1\n",
        ),
    ] {
        let file = dir.join(format!("{game}.txt"));
        std::fs::write(&file, session).unwrap();
        common::command("referee")
            .args(["replay", game])
            .arg(&file)
            .arg("--")
            .arg(root.join("tests/fixtures/scripted.sh"))
            .arg(&file)
            .assert()
            .stdout(starts_with(format!("PE {game}")).and(contains("leading zero")));
    }
}
