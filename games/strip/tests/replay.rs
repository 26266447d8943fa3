//! The replay pages of tictactoe and coloring in headless Chromium (the testkit's replay
//! module): a session's page shows each strip as the rules give it and the referee's
//! judgement; a move that lost the win names the winning one.
use crate::common;
use common::replay::{self, Drawn};

/// The lines the page's #position must hold after `moves`, by the rules alone.
fn position(position: &[String], moves: &[String]) -> Vec<String> {
    let mut strip: Vec<char> = position.last().unwrap().chars().collect();
    for m in moves {
        let (cell, symbol) = m.split_once(' ').unwrap();
        strip[cell.parse::<usize>().unwrap() - 1] = symbol.chars().next().unwrap();
    }
    vec![strip.into_iter().collect()]
}

const TICTACTOE: Drawn = Drawn {
    game: "tictactoe",
    position,
    lines: |_| 1,
    session: &["--size", "5..9"],
    shades: true,
};

const COLORING: Drawn = Drawn {
    game: "coloring",
    position,
    lines: |_| 2,
    session: &["--size", "5..9"],
    shades: true,
};

#[test]
fn tictactoe_page() {
    replay::session_page_shows_the_position_and_the_judgement(&TICTACTOE);
}

#[test]
fn coloring_page() {
    replay::session_page_shows_the_position_and_the_judgement(&COLORING);
}

/// Five empty cells: a mark on cell 3 leaves two end runs of 2 cells (each worth 2, xor 0);
/// on cell 1 an end run of 4 (worth 4), on cell 2 runs worth 1 and 3. Only cell 3 wins.
#[test]
fn tictactoe_wa_page() {
    replay::wa_page_names_a_winning_move(
        "tictactoe",
        "< play 1\n< .....\n> first\n> 1 X\n< -1\n",
        "3 ",
    );
}

/// The same strip in coloring's notation.
#[test]
fn coloring_wa_page() {
    replay::wa_page_names_a_winning_move(
        "coloring",
        "< play 1\n< 5\n< 00000\n> first\n> 1 1\n< -1\n",
        "3 ",
    );
}
