//! The replay page of knights in headless Chromium (the testkit's replay module): a session's
//! page shows each position as the rules give it and the referee's judgement; a move that lost
//! the win names the winning one.
use crate::common;
use common::replay::{self, Drawn};

/// The lines the page's #position must hold after `moves`, by the rules alone.
fn position(position: &[String], moves: &[String]) -> Vec<String> {
    let knights = match moves.last() {
        Some(turn) => replay::numbers(turn),
        None => position[1..]
            .iter()
            .flat_map(|l| replay::numbers(l))
            .collect(),
    };
    // The page lists the first 100 knights.
    let squares: Vec<String> = knights
        .chunks(2)
        .take(100)
        .map(|p| format!("({}, {})", p[0], p[1]))
        .collect();
    let noun = if knights.len() == 2 {
        "knight"
    } else {
        "knights"
    };
    vec![format!("{noun}: {}", squares.join(" "))]
}

const KNIGHTS: Drawn = Drawn {
    game: "knights",
    position,
    lines: |first| 1 + replay::numbers(first)[0] as usize,
    session: &["--size", "5..9"],
    shades: false,
};

#[test]
fn knights_page() {
    replay::session_page_shows_the_position_and_the_judgement(&KNIGHTS);
}

/// One knight on (3, 2) of a 5×5 board: its moves are to (1, 3) and (1, 1). From (1, 1) no
/// move is left, so going there wins; from (1, 3) the opponent goes to (2, 1) and then no
/// move is left, so (1, 3) loses.
#[test]
fn knights_wa_page() {
    replay::wa_page_names_a_winning_move(
        "knights",
        "< play 1\n< 1 5\n< 3 2\n> first\n> 1 3\n< -1\n",
        "1 1",
    );
}
