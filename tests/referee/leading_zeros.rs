//! A move with a leading zero is not in the protocol's notation: PE in every game.

use crate::common;

use common::game_data;
use predicates::prelude::*;
use predicates::str::{contains, starts_with};
use std::path::PathBuf;

#[test]
fn a_number_with_a_leading_zero_is_pe_in_every_game() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = common::TempDir::new("leading-zeros");
    // Each game folder's session (tests/data/leading-zero.tsv): a start, the side, and a move
    // that is legal but for its leading zero.
    for game in common::games() {
        let rows = game_data::rows_of("leading-zero.tsv", game);
        assert_eq!(
            rows.len(),
            1,
            "{game}: one line in its folder's leading-zero.tsv"
        );
        let session = game_data::unescape(&rows[0][1]);
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
