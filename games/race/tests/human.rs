//! `referee human race` driven in a real terminal (the testkit's terminal module, tmux): against the
//! referee's play.
//! The moves typed come from the test's own rules and strategy, never from the program's
//! hints, and the boards expected are worked out by hand.

use crate::common;
use common::terminal::{last_from, Tmux};

/// The squares of A and B on the last race board in `text`.
fn race_squares(text: &str) -> ((usize, usize), (usize, usize)) {
    let line = last_from(text, "  A on (");
    let numbers: Vec<usize> = line
        .lines()
        .next()
        .unwrap()
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().unwrap())
        .collect();
    ((numbers[0], numbers[1]), (numbers[2], numbers[3]))
}

#[test]
fn race_against_the_referee() {
    let t = Tmux::start("race --seed 1 --size 5 --kind open");
    let hint = t.type_line("hint");
    assert!(hint.contains("wins this position"), "{hint}");
    t.type_line("first");
    let illegal = t.type_line("9 9");
    assert!(illegal.contains("illegal move: "), "{illegal}");
    let malformed = t.type_line("1 2 3");
    assert!(malformed.contains("not a move: "), "{malformed}");
    let hint = t.type_line("hint");
    assert!(hint.contains("hint: the position is "), "{hint}");
    // A step along a row, away from the nearer edge (an open board has no walls).
    let (a, b) = race_squares(&t.history());
    let to = (a.0, if a.1 <= 3 { a.1 + 1 } else { a.1 - 1 });
    assert_ne!(to, b, "the open board of seed 1 has A and B apart");
    let after = t.type_line(&format!("{} {}", to.0, to.1));
    assert!(after.contains("move 2: the referee plays `"), "{after}");
    assert_eq!(race_squares(&after).0, to, "{after}");
    // A's start stays marked (lower case) once A has left it.
    let board = last_from(&after, "  A on (");
    let row = format!("  {:>2} ", a.0);
    let start_row = board.lines().find(|l| l.starts_with(&row)).unwrap();
    assert_eq!(start_row.split_whitespace().nth(a.1), Some("a"), "{board}");
    let undone = t.type_line("undo");
    assert_eq!(race_squares(&undone), (a, b), "{undone}");
    let quit = t.type_line("quit");
    assert!(quit.contains("quit: the game stops here."), "{quit}");
    // A game quit is no verdict: not OK, and an exit code of its own.
    assert!(
        quit.contains("\nQUIT human race seed=1 rounds=0 moves="),
        "{quit}"
    );
    assert!(!quit.contains("OK human"), "{quit}");
    assert!(quit.contains("EXIT=4"), "{quit}");
}
