//! `referee human subtraction` driven in a real terminal (the testkit's terminal module, tmux): against the referee's
//! play and a solution's, with Zeckendorf's strategy.
//! The moves typed come from the test's own rules and strategy, never from the program's
//! hints, and the boards expected are worked out by hand.

use crate::common;
use common::terminal::{finishes, last_from, round_result, Tmux};

/// The Fibonacci numbers of Zeckendorf's theorem (1, 2, 3, 5, 8, ...).
fn fibonacci_below(n: u64) -> Vec<u64> {
    let (mut a, mut b) = (1u64, 2u64);
    let mut all = vec![];
    while a <= n {
        all.push(a);
        (a, b) = (b, a + b);
    }
    all
}

/// k = 2: the smallest part of n's Zeckendorf decomposition (the winning move when the cap
/// allows it).
fn zeckendorf_smallest(mut n: u64) -> u64 {
    let mut part = n;
    for &f in fibonacci_below(n).iter().rev() {
        if f <= n {
            n -= f;
            part = f;
        }
    }
    part
}

/// The pile and the largest legal take on the last board of `text`.
fn pile(text: &str) -> (u64, u64) {
    let board = last_from(text, "  pile: ");
    let stones = board["  pile: ".len()..]
        .split_whitespace()
        .next()
        .and_then(|w| w.parse().ok())
        .unwrap_or_else(|| panic!("{board}"));
    let cap = match board.find("may take: 1 to ") {
        Some(at) => board[at + "may take: 1 to ".len()..]
            .split_whitespace()
            .next()
            .and_then(|w| w.parse().ok())
            .unwrap_or_else(|| panic!("{board}")),
        None => 0,
    };
    (stones, cap)
}

#[test]
fn subtraction_against_the_referee() {
    let t = Tmux::start("subtraction --seed 1 --size 10 --k 2");
    assert!(t.screen().contains("round 1 of 1: 10 2"), "{}", t.screen());
    // 10 = 8 + 2 is no Fibonacci number: the first player wins, by taking 2 alone (taking 1
    // leaves 9 = 8 + 1 with cap 2, 3 leaves 7 = 5 + 2 with cap 6, 4 leaves 6 = 5 + 1 ...).
    let hint = t.type_line("hint");
    assert!(hint.contains("the first player wins"), "{hint}");
    t.type_line("first");
    let illegal = t.type_line("0");
    assert!(illegal.contains("illegal move: "), "{illegal}");
    assert!(!illegal.contains("move 1:"), "{illegal}");
    let malformed = t.type_line("two");
    assert!(malformed.contains("not a move: "), "{malformed}");
    let hint = t.type_line("hint");
    assert!(hint.contains("won for you: `2` wins"), "{hint}");
    // A losing move, then taken back with the reply.
    let after = t.type_line("1");
    assert!(after.contains("move 1: you play `1`"), "{after}");
    assert!(after.contains("pile: 9 stones"), "{after}");
    assert!(after.contains("move 2: the referee plays `1`"), "{after}");
    let undone = t.type_line("undo");
    assert!(undone.contains("undo: took back `1` and `1`"), "{undone}");
    assert_eq!(pile(&undone), (10, 9));
    // Zeckendorf's smallest part from here on: always within the cap, so the person wins.
    let mut text = undone;
    while !text.contains("Round 1 over") {
        let (stones, cap) = pile(&text);
        let take = zeckendorf_smallest(stones);
        assert!(take <= cap, "{text}");
        text = t.type_line(&take.to_string());
    }
    assert!(round_result(&text));
    finishes(&t, "OK human subtraction seed=1 rounds=1");
}

#[test]
fn subtraction_against_a_solution() {
    let solution = common::bin("subtraction");
    let t = Tmux::start(&format!(
        "subtraction --seed 1 --size 10 --k 2 -- {solution} --play"
    ));
    // 10 is a first-player win: the solution takes first, the person is second.
    let screen = t.screen();
    assert!(
        screen.contains("You are the second player, the solution is the first player."),
        "{screen}"
    );
    assert!(
        screen.contains("move 1: the solution plays `2`"),
        "{screen}"
    );
    let refused = t.type_line("undo");
    assert!(refused.contains("cannot take back"), "{refused}");
    let illegal = t.type_line("5");
    assert!(illegal.contains("illegal move: "), "{illegal}");
    let mut text = t.history();
    while !text.contains("Round 1 over") {
        text = t.type_line("1");
    }
    assert!(text.contains("You lost."), "{text}");
    assert!(
        text.contains("OK human subtraction seed=1 rounds=1"),
        "{text}"
    );
    assert!(text.contains("(the solution's play)"), "{text}");
    assert!(t.history().contains("EXIT=0"));
}
