//! `referee human impartial` driven in a real terminal (the testkit's terminal module, tmux): against the
//! referee's play, with the xor of Nim.
//! The moves typed come from the test's own rules and strategy, never from the program's
//! hints, and the boards expected are worked out by hand.

use crate::common;
use common::terminal::{finishes, last_from, round_result, Tmux};

/// The heaps of the last impartial board in `text`.
fn heaps(text: &str) -> Vec<u64> {
    let board = last_from(text, "  rules: ");
    board
        .lines()
        .skip(2)
        .map_while(|l| {
            let (index, rest) = l.trim().split_once(": ")?;
            index.parse::<u64>().ok()?;
            rest.split_whitespace().next()?.parse().ok()
        })
        .collect()
}

/// A winning Nim move (heap i becomes h ^ x) if the xor x is not 0, in notation.
fn nim_move(heaps: &[u64]) -> Option<String> {
    let x = heaps.iter().fold(0, |a, h| a ^ h);
    let (i, h) = heaps
        .iter()
        .enumerate()
        .find(|(_, &h)| h ^ x < h && x != 0)?;
    Some(match h ^ x {
        0 => format!("{}", i + 1),
        rest => format!("{} {rest}", i + 1),
    })
}

#[test]
fn impartial_against_the_referee() {
    let t = Tmux::start("impartial --seed 1 --spec nim");
    let start = heaps(&t.screen());
    assert!(!start.is_empty(), "{}", t.screen());
    let first_wins = start.iter().fold(0, |a, h| a ^ h) != 0;
    let hint = t.type_line("hint");
    let side = if first_wins { "first" } else { "second" };
    assert!(hint.contains(&format!("choose `{side}`")), "{hint}");
    t.type_line(side);
    let illegal = t.type_line("99");
    assert!(illegal.contains("illegal move: "), "{illegal}");
    let malformed = t.type_line("one");
    assert!(malformed.contains("not a move: "), "{malformed}");
    let hint = t.type_line("hint");
    assert!(hint.contains("won for you: `"), "{hint}");
    let mut text = t.history();
    let mut undone = false;
    while !text.contains("Round 1 over") {
        let now = heaps(&text);
        let m = nim_move(&now).unwrap_or_else(|| panic!("{text}"));
        text = t.type_line(&m);
        if !undone && !text.contains("Round 1 over") {
            undone = true;
            let back = t.type_line("undo");
            assert!(back.contains("undo: took back"), "{back}");
            assert_eq!(heaps(&back), now);
            text = t.type_line(&m);
        }
    }
    assert!(round_result(&text));
    finishes(&t, "OK human impartial seed=1 rounds=1");
}
