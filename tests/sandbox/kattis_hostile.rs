//! `referee kattis` against a runner that holds both pipes, as problemtools and DOMjudge do
//!: a verdict and judgemessage.txt in every case within the idle limit and
//! a second, also when the team stops reading while a position larger than the pipe buffer is
//! written; the judge systems' output-validator flags accepted; a judge message that cannot be
//! written is a judging error (exit 1), never 42.

use crate::common;

use common::{judge_holding_the_pipes, HeldPipes};
use std::path::Path;
use std::time::Duration;

/// `referee kattis <game>` on a test with `input` and the output-validator `flags`, against
/// `team`, the runner holding both pipes ([`judge_holding_the_pipes`]).
fn judge(game: &str, input: &str, flags: &[&str], team: &[&str], prepare: fn(&Path)) -> HeldPipes {
    judge_holding_the_pipes(
        &[env!("CARGO_BIN_EXE_referee"), "kattis", game],
        input,
        flags,
        team,
        prepare,
    )
}

fn nothing(_: &Path) {}

#[test]
fn a_team_that_stops_reading_a_huge_position_is_judged_within_the_idle_limit() {
    // A position over the 64 KiB pipe buffer (the first game whose folder says how to draw
    // one: tests/data/huge-position.tsv) to a team that exits at once: the write blocks, the
    // runner holding the pipe, until the idle limit.
    let rows = common::game_data::rows("huge-position.tsv");
    let [game, options] = &rows.first().expect("a game with a huge position")[..] else {
        panic!("huge-position.tsv: a bad line {rows:?}")
    };
    let r = judge(
        game,
        &format!("--rounds 1 --seed 1 {options} --idle-limit 1\n"),
        &[],
        &["true"],
        nothing,
    );
    assert_eq!(r.code, Some(43), "{}", r.message);
    assert!(
        r.message.starts_with(&format!("PE {game}"))
            && r.message.contains("does not read its input"),
        "{}",
        r.message
    );
    assert!(
        r.elapsed < Duration::from_secs(2) + Duration::from_millis(500),
        "{:?}",
        r.elapsed
    );
}

#[test]
fn the_judge_systems_validator_flags_are_accepted() {
    let game = common::a_game();
    let player = common::bin(game);
    let r = judge(
        game,
        "--rounds 3 --seed 1\n",
        &[
            "case_sensitive",
            "space_change_sensitive",
            "float_tolerance",
            "1e-6",
        ],
        &[&player, "--play"],
        nothing,
    );
    assert_eq!(r.code, Some(42), "{}", r.message);
    assert!(
        r.message.starts_with(&format!("OK {game}")),
        "{}",
        r.message
    );
}

#[test]
fn a_judge_message_that_cannot_be_written_is_a_judging_error() {
    let game = common::a_game();
    let player = common::bin(game);
    // A folder where judgemessage.txt should go: the write fails.
    let r = judge(
        game,
        "--rounds 3 --seed 1\n",
        &[],
        &[&player, "--play"],
        |feedback| std::fs::create_dir(feedback.join("judgemessage.txt")).unwrap(),
    );
    assert_eq!(r.code, Some(1));
}
