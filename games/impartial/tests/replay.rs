//! The replay page of impartial in headless Chromium (the testkit's replay module): a session's
//! page shows each position as the rules give it and the referee's judgement; moves that lost
//! the win (normal and misère) name the winning one; a misère round is won by the player left
//! without a move.
use crate::common;
use common::replay::{self, Drawn};
use common::TempDir;

/// The lines the page's #position must hold after `moves`, by the rules alone.
fn position(position: &[String], moves: &[String]) -> Vec<String> {
    // The heaps line, then each move `i a b ...` replaces heap i by its parts.
    let mut heaps: Vec<u64> = replay::numbers(&position[1])[1..]
        .iter()
        .copied()
        .filter(|&h| h > 0)
        .collect();
    for m in moves {
        let m = replay::numbers(m);
        let i = m[0] as usize - 1;
        heaps.splice(i..=i, m[1..].iter().copied());
    }
    let row: Vec<String> = heaps.iter().map(u64::to_string).collect();
    vec![format!(
        "{}: {} {}",
        position[0],
        heaps.len(),
        row.join(" ")
    )]
}

const IMPARTIAL: Drawn = Drawn {
    game: "impartial",
    position,
    lines: |_| 2,
    session: &["--size", "3..12", "--spec", "kayles"],
    shades: false,
};

#[test]
fn impartial_page() {
    replay::session_page_shows_the_position_and_the_judgement(&IMPARTIAL);
}

/// Kayles (0.77) on a heap of 3 pins: one pin off an end leaves 2 (the opponent takes both),
/// two pins off an end leave 1 (the opponent takes it); only the middle pin, leaving 1 and 1
/// (`1 1 1`), wins.
#[test]
fn impartial_wa_page() {
    replay::wa_page_names_a_winning_move(
        "impartial",
        "< play 1\n< kayles\n< 1 3\n> first\n> 1 2\n< -1\n",
        "1 1 1",
    );
}

/// docs/protocol.md's misère Nim on one heap of 2: removing the heap whole leaves the referee
/// without a move, which in misère play is the referee's win; `1 1`, leaving one token, wins.
#[test]
fn impartial_misere_wa_page() {
    replay::wa_page_names_a_winning_move(
        "impartial",
        "< play 1\n< misere nim\n< 1 2\n> first\n> 1\n< -1\n",
        "1 1",
    );
}

/// docs/protocol.md's OK misère session: the referee takes the last token and, left without
/// a move, the solution has won the round, as the table says.
#[test]
fn impartial_misere_round_is_won_by_the_player_left_without_a_move() {
    let scratch = TempDir::new("replay-html-misere");
    let page = replay::page_of_transcript(
        &scratch,
        "impartial",
        "< play 1\n< misere nim\n< 1 2\n> first\n> 1 1\n< 1\n< end\n",
    );
    let dom = replay::open_dom(&scratch, &page, "");
    let row = ["1", "first", "the first player (the solution)", "2", "over"].map(String::from);
    assert_eq!(replay::round_rows(&dom), [(0, row.to_vec())]);
}
