//! `referee human pawns` driven in a real terminal (the testkit's terminal module, tmux): against the
//! referee's play.
//! The moves typed come from the test's own rules and strategy, never from the program's
//! hints, and the boards expected are worked out by hand.

use crate::common;
use common::terminal::{finishes, last_from, round_result, Tmux};

/// The three rows of the last pawns board in `text`: row 1 first.
fn pawn_rows(text: &str) -> Vec<Vec<char>> {
    let board = last_from(text, "\n  3  ");
    let row = |r: u32| -> Vec<char> {
        let line = board
            .lines()
            .find(|l| l.starts_with(&format!("  {r}  ")))
            .unwrap_or_else(|| panic!("{board}"));
        line[5..]
            .split_whitespace()
            .filter(|w| ["w", "b", "."].contains(w))
            .map(|w| w.chars().next().unwrap())
            .collect()
    };
    vec![row(1), row(2), row(3)]
}

/// A legal move of White on `rows`: a capture when there is one (mandatory), else a push.
fn white_move(rows: &[Vec<char>]) -> Option<String> {
    let n = rows[0].len();
    for r in 0..2 {
        for c in 0..n {
            if rows[r][c] != 'w' {
                continue;
            }
            for c2 in [c.wrapping_sub(1), c + 1] {
                if c2 < n && rows[r + 1][c2] == 'b' {
                    return Some(format!("{} {} {} {}", r + 1, c + 1, r + 2, c2 + 1));
                }
            }
        }
    }
    (0..2).find_map(|r| {
        (0..n)
            .find(|&c| rows[r][c] == 'w' && rows[r + 1][c] == '.')
            .map(|c| format!("{} {} {} {}", r + 1, c + 1, r + 2, c + 1))
    })
}

#[test]
fn pawns_against_the_referee() {
    let t = Tmux::start("pawns --seed 1 --size 3");
    t.type_line("first");
    // Dawson's chess on three columns: only the middle push wins (a push on an edge column
    // is captured, recaptured, and leaves White blocked after Black's last push).
    let hint = t.type_line("hint");
    assert!(hint.contains("won for you: `1 2 2 2` wins"), "{hint}");
    let illegal = t.type_line("2 1 3 1");
    assert!(illegal.contains("illegal move: "), "{illegal}");
    let malformed = t.type_line("1 1 2");
    assert!(malformed.contains("not a move: "), "{malformed}");
    // The edge push: Black's only capture answers it.
    let after = t.type_line("1 1 2 1");
    assert!(
        after.contains("move 2: the referee plays `3 2 2 1`"),
        "{after}"
    );
    assert_eq!(
        pawn_rows(&after),
        [
            vec!['.', 'w', 'w'],
            vec!['b', '.', '.'],
            vec!['b', '.', 'b']
        ]
    );
    let undone = t.type_line("undo");
    assert_eq!(
        pawn_rows(&undone),
        [vec!['w'; 3], vec!['.'; 3], vec!['b'; 3]]
    );
    let mut text = t.type_line("1 2 2 2");
    while !text.contains("Round 1 over") {
        let m = white_move(&pawn_rows(&text)).unwrap_or_else(|| panic!("{text}"));
        text = t.type_line(&m);
    }
    assert!(round_result(&text));
    finishes(&t, "OK human pawns seed=1 rounds=1");
}
