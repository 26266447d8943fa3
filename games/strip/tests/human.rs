//! `referee human tictactoe|coloring` driven in a real terminal (the testkit's terminal module, tmux): against the
//! referee's play, mirroring on the strip.
//! The moves typed come from the test's own rules and strategy, never from the program's
//! hints, and the boards expected are worked out by hand.

use crate::common;
use common::terminal::{finishes, last_from, round_result, Tmux};

/// The cells of the last strip drawn in `text` (the line after the `N cells` line).
fn strip(text: &str) -> Vec<char> {
    let board = last_from(text, " cells, ");
    board
        .lines()
        .nth(1)
        .unwrap_or_else(|| panic!("{board}"))
        .trim()
        .chars()
        .collect()
}

/// The move the referee just played (`c S`), from `text`.
fn referee_move(text: &str) -> (usize, char) {
    let line = last_from(text, "the referee plays `");
    let m = &line["the referee plays `".len()..];
    let m = &m[..m.find('`').unwrap()];
    let (c, s) = m.split_once(' ').unwrap();
    (c.parse().unwrap(), s.chars().next().unwrap())
}

/// On an empty strip of 7: the middle cell wins, and from then on the mirror move (the cell
/// 8 - c, the same symbol) is always legal and keeps the position symmetric, so the person
/// wins. `symbols`: the two symbols, `empty`: the empty cell.
fn strip_game(game: &str, symbols: [char; 2], empty: char) {
    let t = Tmux::start(&format!("{game} --seed 1 --size 7 --kind empty"));
    assert_eq!(strip(&t.screen()), vec![empty; 7]);
    // Seven empty cells between the strip's ends are worth 7 mod 2 = 1: the first player wins.
    let hint = t.type_line("hint");
    assert!(hint.contains("the first player wins"), "{hint}");
    t.type_line("first");
    let hint = t.type_line("hint");
    assert!(hint.contains("won for you: `4 "), "{hint}");
    let illegal = t.type_line(&format!("0 {}", symbols[0]));
    assert!(illegal.contains("illegal move: "), "{illegal}");
    let malformed = t.type_line(&format!("4{}", symbols[0]));
    assert!(malformed.contains("not a move: "), "{malformed}");
    // A losing move (leaves an end run of six, worth 6), taken back with the reply.
    let after = t.type_line(&format!("1 {}", symbols[0]));
    let mut cells = vec![empty; 7];
    cells[0] = symbols[0];
    let (c, s) = referee_move(&after);
    cells[c - 1] = s;
    assert_eq!(strip(&after), cells);
    let undone = t.type_line("undo");
    assert!(undone.contains("undo: took back"), "{undone}");
    assert_eq!(strip(&undone), vec![empty; 7]);
    let mut text = t.type_line(&format!("4 {}", symbols[0]));
    while !text.contains("Round 1 over") {
        let (c, s) = referee_move(&text);
        text = t.type_line(&format!("{} {s}", 8 - c));
    }
    assert!(round_result(&text));
    finishes(&t, &format!("OK human {game} seed=1 rounds=1"));
}

#[test]
fn tictactoe_against_the_referee() {
    strip_game("tictactoe", ['X', 'O'], '.');
}

#[test]
fn coloring_against_the_referee() {
    strip_game("coloring", ['1', '2'], '0');
}
