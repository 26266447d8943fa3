//! The replay page of pawns in headless Chromium (the testkit's replay module): a session's
//! page shows each position as the rules give it and the referee's judgement; a board with
//! played columns; a move that lost the win names the winning one.
use crate::common;
use common::replay::{self, Drawn};
use common::TempDir;

/// The lines the page's #position must hold after `moves`, by the rules alone.
fn position(position: &[String], moves: &[String]) -> Vec<String> {
    // `N`, or `N K a1 b1 ...`: only the runs untouched, the played columns empty.
    let t = replay::numbers(&position[0]);
    let n = t[0] as usize;
    let runs = if t.len() == 1 {
        vec![1, t[0]]
    } else {
        t[2..].to_vec()
    };
    // rows[r][c]: row r + 1 counted from White's side.
    let mut rows = [vec!['.'; n], vec!['.'; n], vec!['.'; n]];
    for run in runs.chunks(2) {
        let cols = run[0] as usize - 1..run[1] as usize;
        rows[0][cols.clone()].fill('W');
        rows[2][cols].fill('B');
    }
    for m in moves {
        let m = replay::numbers(m);
        let (r, c, r2, c2) = (m[0] as usize, m[1] as usize, m[2] as usize, m[3] as usize);
        rows[r2 - 1][c2 - 1] = rows[r - 1][c - 1];
        rows[r - 1][c - 1] = '.';
    }
    (1..=3)
        .rev()
        .map(|r| format!("row {r}  {}", rows[r - 1].iter().collect::<String>()))
        .collect()
}

const PAWNS: Drawn = Drawn {
    game: "pawns",
    position,
    lines: |_| 1,
    session: &["--size", "5..9"],
    shades: true,
};

#[test]
fn pawns_page() {
    replay::session_page_shows_the_position_and_the_judgement(&PAWNS);
}

/// A round from a board with columns already played (the session of docs/protocol.md's
/// example), rendered alone: the page draws the runs untouched and the played columns empty,
/// at the start and after moves.
#[test]
fn pawns_played_board_page() {
    let scratch = TempDir::new("replay-html-pawns-played");
    let script = "< play 1\n< 9 2 1 3 9 9\n> first\n> 1 1 2 1\n< 3 2 2 1\n> 1 2 2 1\n\
                  < 3 3 2 3\n> 1 9 2 9\n< end\n";
    let page = replay::page_of_transcript(&scratch, "pawns", script);
    let moves: Vec<String> = ["1 1 2 1", "3 2 2 1", "1 2 2 1", "3 3 2 3"]
        .iter()
        .map(|m| m.to_string())
        .collect();
    let moves_no = [0, 3, 4];
    let hashes = moves_no.map(|move_no| format!("#round=1&move={move_no}"));
    let doms = replay::open_doms(
        &scratch,
        &page,
        &hashes.each_ref().map(String::as_str),
        None,
    );
    for ((move_no, hash), dom) in moves_no.into_iter().zip(&hashes).zip(&doms) {
        let position = replay::text_of(dom, "position");
        let start = ["9 2 1 3 9 9".to_owned()];
        for line in (PAWNS.position)(&start, &moves[..move_no]) {
            assert!(
                position.contains(&line),
                "{hash}: {position:?}, not {line:?}"
            );
        }
    }
}

/// Pawns on 3 columns is Dawson's chess on a heap of 3: a push at an end column clears two
/// columns and leaves a heap of 1 (g = 1, a win for the opponent), the middle push clears
/// all three. So White's one winning move is the middle push.
#[test]
fn pawns_wa_page() {
    replay::wa_page_names_a_winning_move(
        "pawns",
        "< play 1\n< 3\n> first\n> 1 1 2 1\n< -1\n",
        "1 2 2 2",
    );
}
