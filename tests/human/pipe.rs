//! `referee human` with its input piped (no terminal): the end of input at every game's first
//! prompt, a whole round whose moves are forced, the verdict on the person's play, a solution's
//! faults judged with the session's verdict words and exit codes, and the command lines it
//! refuses. Each game's tests/human.rs drives it in a
//! terminal.

use crate::common;

use common::run_with_args;

/// The verdict line: the last line of the output.
fn verdict(stdout: &str) -> &str {
    stdout.lines().last().unwrap_or("")
}

#[test]
fn the_end_of_input_stops_every_game_cleanly() {
    for game in common::games() {
        let r = run_with_args("referee", &["human", game, "--seed", "1"], "");
        assert_eq!(r.code, Some(0), "{game}: {}", r.stderr);
        assert!(r.stderr.is_empty(), "{game}: {}", r.stderr);
        assert!(
            r.stdout.contains("input ended: the game stops here."),
            "{game}"
        );
        assert!(
            verdict(&r.stdout).starts_with(&format!("OK human {game} seed=1 rounds=0 moves=0")),
            "{game}: {}",
            r.stdout
        );
        // Mid-round too: after the side is chosen.
        let r = run_with_args("referee", &["human", game, "--seed", "1"], "first\n");
        assert_eq!(r.code, Some(0), "{game}: {}", r.stderr);
        assert!(r.stdout.contains("input ended"), "{game}: {}", r.stdout);
    }
}

/// `quit` is no verdict: a line of its own (`QUIT`), exit 4; `quit` after the last round is
/// over finishes the game as Enter does (here with the verdict on the lost round).
#[test]
fn a_game_quit_is_reported_quit_not_ok() {
    let r = run_with_args("referee", &["human", "pawns", "--seed", "1"], "quit\n");
    assert_eq!(r.code, Some(4), "{}", r.stdout);
    assert_eq!(
        verdict(&r.stdout),
        "QUIT human pawns seed=1 rounds=0 moves=0 (your play): stopped by the person",
        "{}",
        r.stdout
    );
    // Pawns on three columns: the four moves of the lost round in
    // a_lost_round_names_the_move_that_handed_over_the_win, then `quit` at its end.
    let r = run_with_args(
        "referee",
        &["human", "pawns", "--size", "3", "--seed", "1"],
        "first\n1 1 2 1\n1 2 2 1\nquit\n",
    );
    assert_eq!(r.code, Some(0), "{}", r.stdout);
    assert!(
        verdict(&r.stdout).starts_with("WA human pawns seed=1 rounds=1 moves=4 (your play)"),
        "{}",
        r.stdout
    );
}

/// Pawns on three columns, White pushing an edge pawn: Black's capture, White's recapture and
/// Black's push are each the only legal move, and White is left without one. The middle push
/// was the win (docs/protocol.md's example).
#[test]
fn a_lost_round_names_the_move_that_handed_over_the_win() {
    let r = run_with_args(
        "referee",
        &["human", "pawns", "--size", "3", "--seed", "1"],
        "first\n1 1 2 1\n1 2 2 1\n\n",
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let out = &r.stdout;
    assert!(out.contains("move 2: the referee plays `3 2 2 1`"), "{out}");
    assert!(out.contains("move 4: the referee plays `3 3 2 3`"), "{out}");
    assert!(
        out.contains("Round 1 over after 4 moves: White has no move: Black wins. You lost."),
        "{out}"
    );
    let expected = "round 1, move 1: `1 1 2 1` hands over the win; `1 2 2 2` was winning";
    assert!(
        out.contains(&format!("verdict on your play: WA: {expected}")),
        "{out}"
    );
    assert_eq!(
        verdict(out),
        format!("WA human pawns seed=1 rounds=1 moves=4 (your play): {expected}")
    );
    // The losing side is the person's first fault, whatever follows.
    let r = run_with_args(
        "referee",
        &["human", "pawns", "--size", "3", "--seed", "1"],
        "second\n",
    );
    assert!(r.stdout.contains("You are Black, the referee is White."));
    assert!(
        r.stdout.contains("move 1: the referee plays `1 2 2 2`"),
        "{}",
        r.stdout
    );
}

/// Runs `referee human subtraction` on the pile 10 with k = 2 against a shell script as the
/// solution; `person` is what the person types.
fn against_script(script: &str, person: &str) -> common::Run {
    run_with_args(
        "referee",
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
}

#[test]
fn a_solutions_faults_get_the_sessions_verdicts() {
    // 10 = 8 + 2: taking 1 leaves 9 = 8 + 1 with cap 2, which the person wins by taking 1.
    let r = against_script("read h; read p; echo first; echo 1; read x", "");
    assert_eq!(r.code, Some(1), "{}", r.stdout);
    let line = verdict(&r.stdout);
    assert!(line.starts_with("WA human subtraction seed=1"), "{line}");
    assert!(line.contains("\"1\" at 10 stones, cap 9"), "{line}");
    assert!(line.contains("hands over the win"), "{line}");

    let r = against_script("read h; read p; echo first; echo 0; read x", "");
    assert_eq!(r.code, Some(1));
    assert!(verdict(&r.stdout).contains("illegal move"), "{}", r.stdout);

    let r = against_script("read h; read p; echo First; read x", "");
    assert_eq!(r.code, Some(2));
    assert!(
        verdict(&r.stdout).contains("expected `first` or `second`, got \"First\""),
        "{}",
        r.stdout
    );

    let r = against_script("read h; read p; exit 3", "");
    assert_eq!(r.code, Some(12));
    assert!(
        verdict(&r.stdout).starts_with("RE human subtraction"),
        "{}",
        r.stdout
    );

    // The losing side: the person wins with Zeckendorf's smallest parts (2: 8 left, cap 4;
    // the script takes 1: 7 = 5 + 2, take 2; 1: 4 = 3 + 1, take 1; 1: take the last 2).
    let r = against_script(
        "read h; read p; echo second; while read m; do echo 1; done",
        "2\n2\n1\n2\n",
    );
    assert_eq!(r.code, Some(1), "{}", r.stdout);
    assert!(r.stdout.contains("You won."), "{}", r.stdout);
    assert!(
        verdict(&r.stdout)
            .ends_with("round 1: took the losing side `second` (lost by the referee's evaluator)"),
        "{}",
        r.stdout
    );
}

#[test]
fn a_solution_that_cannot_start_fails() {
    let r = run_with_args(
        "referee",
        &["human", "pawns", "--", "/nonexistent/solution"],
        "",
    );
    assert_eq!(r.code, Some(3));
    assert!(
        verdict(&r.stdout).starts_with("FAIL human pawns"),
        "{}",
        r.stdout
    );
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
    let r = run_with_args(
        "referee",
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
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
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
    let summary = format!("page {p}: 1 round, 4 moves, opens at round 1, move 1");
    assert!(r.stdout.contains(&summary), "{}", r.stdout);
    assert!(std::fs::metadata(&page).unwrap().len() > 0);
    let again = dir.join("again.html");
    let a = again.to_str().unwrap();
    let replay = run_with_args("referee", &["replay", "pawns", t, "--html", a], "");
    assert_eq!(replay.code, Some(0), "{}", replay.stderr);
    assert!(replay
        .stdout
        .contains("1 round, 4 moves, opens at round 1, move 1"));
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
        let r = run_with_args("referee", &args, "");
        assert_eq!(r.code, Some(3), "{args:?}");
        assert!(r.stdout.is_empty(), "{args:?}: {}", r.stdout);
        let lines: Vec<&str> = r.stderr.lines().collect();
        assert_eq!(lines.len(), 1, "{args:?}: {}", r.stderr);
        assert!(
            lines[0].starts_with("referee: ") && lines[0].contains(needle),
            "{}",
            lines[0]
        );
    }
}

#[test]
fn the_help_lists_human_play() {
    let r = run_with_args("referee", &["--help"], "");
    assert_eq!(r.code, Some(0));
    assert!(r
        .stdout
        .contains("referee human <game> [options] [-- <command ...>]"));
    let r = run_with_args("referee", &["human", "--help"], "");
    assert_eq!(r.code, Some(0));
    assert!(
        r.stdout.starts_with("usage: referee human <game>"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("hint") && r.stdout.contains("undo"));
}
