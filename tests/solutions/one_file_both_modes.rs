//! One file, both modes (docs/protocol.md, "One file, both modes"): a judge runs a submission
//! without arguments, for the batch problem and for its interactive twin. The referee opens a
//! session with `play R`; each solution, run without arguments, plays when its input starts
//! with that word and answers the batch input otherwise.

use crate::common;

use predicates::prelude::*;
use predicates::str::{contains, starts_with};

use common::{bin as solution, games};

/// The referee plays a whole session against each solution started with no arguments at all,
/// as a judge starts a submission: every round is won and the solution exits by itself.
#[test]
fn every_solution_plays_a_referee_session_without_arguments() {
    for game in games() {
        common::command("referee")
            .args(["play", game, "--rounds", "6", "--seed", "3"])
            .args(["--time-limit", "20", "--idle-limit", "5", "--"])
            .arg(solution(game))
            .assert()
            .stdout(starts_with(format!("OK {game} ")).and(contains("rounds=6")))
            .code(0);
    }
}

/// The mode is the first token's: blanks before it leave the batch input as it was (every
/// game's smallest test, smallest.tsv, answered whole). Each game's own cases (a token that
/// only starts like the header, line numbers that count the blanks or the header, `--play`
/// with the header or the bare count of older referees): its folder's tests/one_file.rs.
/// (Every sample without arguments: samples.rs.)
#[test]
fn blanks_before_the_first_token_leave_the_batch_input() {
    for game in games() {
        let smallest = common::game_data::smallest(game);
        common::command(game)
            .write_stdin(format!("\n\r\n  \t{}", smallest.input))
            .assert()
            .code(0)
            .stdout(smallest.answer);
    }
}
