//! `referee human pawns` with its input piped (no terminal): a whole round whose moves are
//! forced, the verdict on the person's play, `quit` at the end of a round, and the game
//! recorded as a session. (What every game does so: tests/human/pipe.rs at the root.)

use crate::common;

use common::last_line as verdict;
use predicates::str::{contains, diff, starts_with};

/// `referee <args>` with `input` as the person's typing.
fn referee(args: &[&str], input: &str) -> assert_cmd::Command {
    let mut command = common::command("referee");
    command.args(args).write_stdin(input);
    command
}

/// `quit` after the last round is over finishes the game as Enter does (here with the verdict
/// on the lost round).
#[test]
fn quit_after_the_last_round_finishes_the_game() {
    // Pawns on three columns: the four moves of the lost round in
    // a_lost_round_names_the_move_that_handed_over_the_win, then `quit` at its end.
    referee(
        &["human", "pawns", "--size", "3", "--seed", "1"],
        "first\n1 1 2 1\n1 2 2 1\nquit\n",
    )
    .assert()
    .code(0)
    .stdout(verdict(starts_with(
        "WA human pawns seed=1 rounds=1 moves=4 (your play)",
    )));
}

/// Pawns on three columns, White pushing an edge pawn: Black's capture, White's recapture and
/// Black's push are each the only legal move, and White is left without one. The middle push
/// was the win (docs/protocol.md's example).
#[test]
fn a_lost_round_names_the_move_that_handed_over_the_win() {
    let expected = "round 1, move 1: `1 1 2 1` hands over the win; `1 2 2 2` was winning";
    referee(
        &["human", "pawns", "--size", "3", "--seed", "1"],
        "first\n1 1 2 1\n1 2 2 1\n\n",
    )
    .assert()
    .code(0)
    .stdout(contains("move 2: the referee plays `3 2 2 1`"))
    .stdout(contains("move 4: the referee plays `3 3 2 3`"))
    .stdout(contains(
        "Round 1 over after 4 moves: White has no move: Black wins. You lost.",
    ))
    .stdout(contains(format!("verdict on your play: WA: {expected}")))
    .stdout(verdict(diff(format!(
        "WA human pawns seed=1 rounds=1 moves=4 (your play): {expected}"
    ))));
    // The losing side is the person's first fault, whatever follows.
    referee(
        &["human", "pawns", "--size", "3", "--seed", "1"],
        "second\n",
    )
    .assert()
    .stdout(contains("You are Black, the referee is White."))
    .stdout(contains("move 1: the referee plays `1 2 2 2`"));
}

/// The same game recorded: `--transcript` writes it as a session's transcript, the person's
/// moves as the solution's, which `referee replay` reads (its page alone), and `--html` writes
/// its page, which opens at the move that handed over the win.
#[test]
fn a_game_is_recorded_as_a_session() {
    let dir = common::TempDir::new("human-record");
    let transcript = dir.join("game.txt");
    let page = dir.join("game.html");
    let (t, p) = (transcript.to_str().unwrap(), page.to_str().unwrap());
    let summary = format!("page {p}: 1 round, 4 moves, opens at round 1, move 1");
    referee(
        &[
            "human",
            "pawns",
            "--size",
            "3",
            "--seed",
            "1",
            "--transcript",
            t,
            "--html",
            p,
        ],
        "first\n1 1 2 1\n1 2 2 1\n\n",
    )
    .assert()
    .code(0)
    .stdout(contains(summary));
    let text = std::fs::read_to_string(&transcript).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("# referee human pawns seed=1 rounds=1"),
        "{text}"
    );
    assert_eq!(lines[1], "< play 1", "{text}");
    let moves = [
        "> first",
        "> 1 1 2 1",
        "< 3 2 2 1",
        "> 1 2 2 1",
        "< 3 3 2 3",
        "< end",
    ];
    let at = lines.iter().position(|l| *l == "> first").unwrap();
    assert_eq!(lines[at..at + moves.len()], moves, "{text}");
    assert!(
        lines
            .last()
            .unwrap()
            .starts_with("# verdict WA human pawns"),
        "{text}"
    );
    assert!(std::fs::metadata(&page).unwrap().len() > 0);
    let again = dir.join("again.html");
    let a = again.to_str().unwrap();
    referee(&["replay", "pawns", t, "--html", a], "")
        .assert()
        .code(0)
        .stdout(contains("1 round, 4 moves, opens at round 1, move 1"));
}
