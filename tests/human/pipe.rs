//! `referee human` with its input piped (no terminal): the end of input at every game's first
//! prompt, a whole round whose moves are forced, the verdict on the person's play, a solution's
//! faults judged with the session's verdict words and exit codes, and the command lines it
//! refuses. Each game's tests/human.rs drives it in a
//! terminal.

use crate::common;

use common::last_line as verdict;
use predicates::prelude::*;
use predicates::str::{contains, diff, ends_with, is_empty, starts_with};

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

/// `quit` is no verdict: a line of its own (`QUIT`), exit 4; `quit` after the last round is
/// over finishes the game as Enter does (here with the verdict on the lost round).
#[test]
fn a_game_quit_is_reported_quit_not_ok() {
    referee(&["human", "pawns", "--seed", "1"], "quit\n")
        .assert()
        .code(4)
        .stdout(verdict(diff(
            "QUIT human pawns seed=1 rounds=0 moves=0 (your play): stopped by the person",
        )));
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

/// Runs `referee human subtraction` on the pile 10 with k = 2 against a shell script as the
/// solution; `person` is what the person types.
fn against_script(script: &str, person: &str) -> assert_cmd::assert::Assert {
    referee(
        &[
            "human",
            "subtraction",
            "--size",
            "10",
            "--k",
            "2",
            "--seed",
            "1",
            "--",
            "sh",
            "-c",
            script,
        ],
        person,
    )
    .assert()
}

#[test]
fn a_solutions_faults_get_the_sessions_verdicts() {
    // 10 = 8 + 2: taking 1 leaves 9 = 8 + 1 with cap 2, which the person wins by taking 1.
    against_script("read h; read p; echo first; echo 1; read x", "")
        .code(1)
        .stdout(verdict(
            starts_with("WA human subtraction seed=1")
                .and(contains("\"1\" at 10 stones, cap 9"))
                .and(contains("hands over the win")),
        ));

    against_script("read h; read p; echo first; echo 0; read x", "")
        .code(1)
        .stdout(verdict(contains("illegal move")));

    against_script("read h; read p; echo First; read x", "")
        .code(2)
        .stdout(verdict(contains(
            "expected `first` or `second`, got \"First\"",
        )));

    against_script("read h; read p; exit 3", "")
        .code(12)
        .stdout(verdict(starts_with("RE human subtraction")));

    // The losing side: the person wins with Zeckendorf's smallest parts (2: 8 left, cap 4;
    // the script takes 1: 7 = 5 + 2, take 2; 1: 4 = 3 + 1, take 1; 1: take the last 2).
    against_script(
        "read h; read p; echo second; while read m; do echo 1; done",
        "2\n2\n1\n2\n",
    )
    .code(1)
    .stdout(contains("You won."))
    .stdout(verdict(ends_with(
        "round 1: took the losing side `second` (lost by the referee's evaluator)",
    )));
}

#[test]
fn a_solution_that_cannot_start_fails() {
    referee(&["human", "pawns", "--", "/nonexistent/solution"], "")
        .assert()
        .code(3)
        .stdout(verdict(starts_with("FAIL human pawns")));
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

#[test]
fn refuses_what_it_cannot_play() {
    for (args, needle) in [
        (vec!["human"], "missing game"),
        (vec!["human", "chess"], "unknown game \"chess\""),
        (
            vec!["human", "pawns", "--k", "2"],
            "--k is an option of subtraction only",
        ),
        (
            vec!["human", "pawns", "--html="],
            "--html needs a file name",
        ),
        (
            vec!["human", "pawns", "--max-moves", "3"],
            "--max-moves is not an option",
        ),
        (vec!["human", "pawns", "--size", "0"], "--size for pawns"),
        (
            vec!["human", "pawns", "--rounds", "0"],
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
