// Wrong on purpose (interactive): always plays White (`first`) and makes the first legal move
// it finds, a capture when one is open (captures are mandatory), else the leftmost push.
// The play protocol's client is the solutions' (solutions/src/shared/protocol.rs), framed for
// the packages' players by packages/interactive_player.rs.
#[path = "../../../interactive_player.rs"]
mod player;
#[path = "../../../../solutions/src/shared/protocol.rs"]
mod protocol;

use player::{Lines, Out};
use protocol::{say, Stop};

const EMPTY: u8 = 0;
const WHITE: u8 = 1;
const BLACK: u8 = 2;

/// The first legal move of White on `board[row][col]` (rows 0..3, White moving to higher rows).
fn white_move(board: &[Vec<u8>; 3], n: usize) -> Option<(usize, usize, usize, usize)> {
    for r in 0..2 {
        for c in 0..n {
            if board[r][c] != WHITE {
                continue;
            }
            for cc in [c.wrapping_sub(1), c + 1] {
                if cc < n && board[r + 1][cc] == BLACK {
                    return Some((r, c, r + 1, cc));
                }
            }
        }
    }
    for r in 0..2 {
        for c in 0..n {
            if board[r][c] == WHITE && board[r + 1][c] == EMPTY {
                return Some((r, c, r + 1, c));
            }
        }
    }
    None
}

fn main() {
    player::run(play);
}

fn play(lines: &mut Lines, out: &mut Out) -> Result<(), Stop> {
    let rounds = lines.rounds()?;
    for _ in 0..rounds {
        let position = lines.next("a position")?;
        let n: usize = position.parse().unwrap();
        let mut board = [vec![WHITE; n], vec![EMPTY; n], vec![BLACK; n]];
        say(out, b"first")?;
        loop {
            if let Some((r, c, r2, c2)) = white_move(&board, n) {
                board[r][c] = EMPTY;
                board[r2][c2] = WHITE;
                say(
                    out,
                    format!("{} {} {} {}", r + 1, c + 1, r2 + 1, c2 + 1).as_bytes(),
                )?;
            }
            let heard = lines.next("a move or `end`")?;
            match heard.as_str() {
                "end" => break,
                theirs => {
                    let v: Vec<usize> = theirs.split(' ').map(|t| t.parse().unwrap()).collect();
                    board[v[0] - 1][v[1] - 1] = EMPTY;
                    board[v[2] - 1][v[3] - 1] = BLACK;
                }
            }
        }
    }
    Ok(())
}
