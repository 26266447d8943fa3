//! `referee human knights` driven in a real terminal (the testkit's terminal module, tmux): against the
//! referee's play.
//! The moves typed come from the test's own rules and strategy, never from the program's
//! hints, and the boards expected are worked out by hand.

use crate::common;
use common::terminal::{finishes, last_from, round_result, Tmux};

/// The board side and the knights of the last knights board in `text`.
fn knights(text: &str) -> (u64, Vec<(u64, u64)>) {
    let board = last_from(text, " on a ");
    let side = board[" on a ".len()..]
        .split('x')
        .next()
        .and_then(|w| w.parse().ok())
        .unwrap_or_else(|| panic!("{board}"));
    let mut all = Vec::new();
    for part in board.split(":(").skip(1) {
        let inner = &part[..part.find(')').unwrap()];
        let (x, y) = inner.split_once(", ").unwrap();
        all.push((x.parse().unwrap(), y.parse().unwrap()));
    }
    (side, all)
}

/// The first destination of a knight on (x, y) of an n-board, or its square when it is stuck.
fn knight_step(n: u64, (x, y): (u64, u64)) -> (u64, u64) {
    let options = [
        (x as i64 - 2, y as i64 + 1),
        (x as i64 - 2, y as i64 - 1),
        (x as i64 + 1, y as i64 - 2),
        (x as i64 - 1, y as i64 - 2),
    ];
    options
        .into_iter()
        .find(|&(a, b)| (1..=n as i64).contains(&a) && (1..=n as i64).contains(&b))
        .map_or((x, y), |(a, b)| (a as u64, b as u64))
}

fn knights_turn(n: u64, all: &[(u64, u64)]) -> (String, Vec<(u64, u64)>) {
    let next: Vec<(u64, u64)> = all.iter().map(|&k| knight_step(n, k)).collect();
    let line = next
        .iter()
        .map(|(x, y)| format!("{x} {y}"))
        .collect::<Vec<_>>()
        .join(" ");
    (line, next)
}

#[test]
fn knights_against_the_referee() {
    let t = Tmux::start("knights --seed 1");
    let (n, start) = knights(&t.screen());
    assert!((5..=10).contains(&n) && (1..=3).contains(&start.len()));
    let hint = t.type_line("hint");
    assert!(hint.contains("wins this position"), "{hint}");
    t.type_line("first");
    let off_board = vec!["0 0"; start.len()].join(" ");
    let illegal = t.type_line(&off_board);
    assert!(
        illegal.contains("illegal move: ") || illegal.contains("not a move: "),
        "{illegal}"
    );
    assert!(!illegal.contains("move 1:"), "{illegal}");
    let hint = t.type_line("hint");
    assert!(hint.contains("hint: the position is "), "{hint}");
    let (line, moved) = knights_turn(n, &start);
    let after = t.type_line(&line);
    assert!(
        after.contains(&format!("move 1: you play `{line}`")),
        "{after}"
    );
    if !after.contains("Round 1 over") {
        let undone = t.type_line("undo");
        assert!(undone.contains("undo: took back"), "{undone}");
        assert_eq!(knights(&undone), (n, start.clone()));
        t.type_line(&line);
    } else {
        assert_eq!(knights(&after).1, moved);
    }
    let mut text = t.history();
    while !text.contains("Round 1 over") {
        let (n, now) = knights(&text);
        text = t.type_line(&knights_turn(n, &now).0);
    }
    round_result(&text);
    finishes(&t, "human knights seed=1 rounds=1");
}
