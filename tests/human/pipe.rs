//! `referee human` with its input piped (no terminal): the end of input at every game's first
//! prompt, `quit`, a solution that cannot start, and the command lines it refuses. A game's
//! tests/human_pipe.rs plays its own rounds so (pawns: a whole round whose moves are forced,
//! the verdict on the person's play, a game recorded; subtraction: a solution's faults judged
//! with the session's verdict words and exit codes), and each game's tests/human.rs drives it
//! in a terminal.

use crate::common;

use common::last_line as verdict;
use predicates::prelude::*;
use predicates::str::{contains, diff, is_empty, starts_with};

/// `referee <args>` with `input` as the person's typing.
fn referee(args: &[&str], input: &str) -> assert_cmd::Command {
    let mut command = common::command("referee");
    command.args(args).write_stdin(input);
    command
}

#[test]
fn the_end_of_input_stops_every_game_cleanly() {
    for game in common::games() {
        referee(&["human", game, "--seed", "1"], "")
            .assert()
            .code(0)
            .stderr(is_empty())
            .stdout(contains("input ended: the game stops here."))
            .stdout(verdict(starts_with(format!(
                "OK human {game} seed=1 rounds=0 moves=0"
            ))));
        // Mid-round too: after the side is chosen.
        referee(&["human", game, "--seed", "1"], "first\n")
            .assert()
            .code(0)
            .stdout(contains("input ended"));
    }
}

/// `quit` is no verdict: a line of its own (`QUIT`), exit 4. (`quit` after the last round is
/// over finishes the game as Enter does: each game's tests/human_pipe.rs.)
#[test]
fn a_game_quit_is_reported_quit_not_ok() {
    let game = common::a_game();
    referee(&["human", game, "--seed", "1"], "quit\n")
        .assert()
        .code(4)
        .stdout(verdict(diff(format!(
            "QUIT human {game} seed=1 rounds=0 moves=0 (your play): stopped by the person"
        ))));
}

#[test]
fn a_solution_that_cannot_start_fails() {
    let game = common::a_game();
    referee(&["human", game, "--", "/nonexistent/solution"], "")
        .assert()
        .code(3)
        .stdout(verdict(starts_with(format!("FAIL human {game}"))));
}

#[test]
fn refuses_what_it_cannot_play() {
    let game = common::a_game();
    let (flag, owners, other) = common::foreign_option();
    let not_its_own = format!("{flag} is an option of {owners} only");
    let size = format!("--size for {game}");
    for (args, needle) in [
        (vec!["human"], "missing game"),
        (vec!["human", "chess"], "unknown game \"chess\""),
        (vec!["human", other, flag, "2"], not_its_own.as_str()),
        (vec!["human", game, "--html="], "--html needs a file name"),
        (
            vec!["human", game, "--max-moves", "3"],
            "--max-moves is not an option",
        ),
        (vec!["human", game, "--size", "0"], size.as_str()),
        (
            vec!["human", game, "--rounds", "0"],
            "--rounds must be at least 1",
        ),
    ] {
        referee(&args, "")
            .assert()
            .code(3)
            .stdout(is_empty())
            .stderr(
                common::one_line()
                    .and(starts_with("referee: "))
                    .and(contains(needle)),
            );
    }
}

#[test]
fn the_help_lists_human_play() {
    referee(&["--help"], "").assert().code(0).stdout(contains(
        "referee human <game> [options] [-- <command ...>]",
    ));
    referee(&["human", "--help"], "").assert().code(0).stdout(
        starts_with("usage: referee human <game>")
            .and(contains("hint"))
            .and(contains("undo")),
    );
}
