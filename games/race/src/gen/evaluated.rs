//! The boards the library's evaluator picks by their winner: the ring with a stalk that A
//! wins, and the even-distance boards of a given winner.

use super::{corridor_board, maze_board, random_board, Density};
use crate::{Board, Evaluator, Player, Position, Rules};
use combgames_core::rng::Rng;

/// A ring with a stalk: the border of a rectangle with B's start on one corner, and A's start
/// at the end of a corridor that leaves the opposite corner, shorter than half the ring, the
/// distance even. B must choose its way round the ring long before A does, so A wins by
/// going round the other way (the library's evaluator confirms it). None when n is too
/// small or no try is confirmed.
pub(super) fn ring_board(n: usize, rng: &mut Rng) -> Option<Board> {
    if n < 4 {
        return None;
    }
    for _ in 0..16 {
        let h = 1 + rng.index(n - 2);
        let w = 1 + rng.index(n - 1);
        let (k, room) = (h + w, n - 1 - h);
        // The stalk goes down from the corner (h, w): t < k squares, k + t even.
        let t_max = room.min(k - 1);
        if t_max == 0 {
            continue;
        }
        let mut t = 1 + rng.index(t_max);
        if (k + t) % 2 == 1 {
            if t > 1 {
                t -= 1;
            } else if t < t_max {
                t += 1;
            } else {
                continue;
            }
        }
        let mut free = vec![false; n * n];
        for r in 0..=h {
            for c in 0..=w {
                if r == 0 || r == h || c == 0 || c == w {
                    free[r * n + c] = true;
                }
            }
        }
        for r in h..=h + t {
            free[r * n + w] = true;
        }
        let board = Board {
            n,
            free,
            a: (h + t) * n + w,
            b: 0,
        };
        if first_wins(&board) {
            return Some(board);
        }
    }
    None
}

/// A random, maze or corridor board with the starts an even distance apart that `winner`
/// wins (a few tries on large boards, each building the evaluator), else the last even one,
/// else a board of 30% walls.
pub(super) fn even_board(n: usize, winner: Player, rng: &mut Rng) -> Board {
    let tries = if n > 100 { 4 } else { 32 };
    let mut last = None;
    for _ in 0..tries {
        let board = match rng.index(3) {
            0 => random_board(n, Density::SESSION, rng),
            1 => maze_board(n, rng),
            _ => corridor_board(n, rng),
        };
        if board.distances(board.a)[board.b] % 2 == 1 {
            continue;
        }
        if first_wins(&board) == (winner == Player::A) {
            return board;
        }
        last = Some(board);
    }
    last.unwrap_or_else(|| random_board(n, Density::SESSION, rng))
}

/// Whether A wins `board` from the start, by the library's exact evaluator.
fn first_wins(board: &Board) -> bool {
    Evaluator::new(board, Rules::default()).mover_wins(Position::start(board))
}
