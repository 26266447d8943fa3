//! Plain game-tree search on the real rules of the 3×N board (the library's `Board`, moves
//! listed and played, no theory): the test files that value pawn positions against the
//! referee's evaluator share it.

use combgames_pawns::Board;
use std::collections::HashMap;

/// Does the side to move win? Memoised over boards.
pub fn brute_wins(board: &Board, memo: &mut HashMap<Board, bool>) -> bool {
    if let Some(&w) = memo.get(board) {
        return w;
    }
    let win = board
        .legal_moves()
        .into_iter()
        .any(|m| !brute_wins(&board.play(m).unwrap(), memo));
    memo.insert(board.clone(), win);
    win
}
