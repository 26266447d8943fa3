//! The referee's pawn evaluator (segments + octal engine + capture search) against a full
//! game-tree search of the real 3×N board, on every position reachable from the start,
//! captures pending or not.

use combgames::pawns::{mover_wins, white_wins, Board};
use std::collections::HashMap;

/// Plain game-tree search on the real rules: does the side to move win?
fn brute_wins(board: &Board, memo: &mut HashMap<Board, bool>) -> bool {
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

#[test]
fn evaluator_matches_game_tree_on_every_reachable_position() {
    for n in 1..=14 {
        let mut memo = HashMap::new();
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![Board::start(n)];
        let mut mid_chain = 0;
        while let Some(b) = stack.pop() {
            if !seen.insert(b.clone()) {
                continue;
            }
            if !b.captures(b.to_move).is_empty() {
                mid_chain += 1;
            }
            let want = brute_wins(&b, &mut memo);
            assert_eq!(mover_wins(&b), Ok(want), "N={n} at {}", b.picture());
            for m in b.legal_moves() {
                stack.push(b.play(m).unwrap());
            }
        }
        eprintln!(
            "N={n}: {} positions, {mid_chain} with captures pending",
            seen.len()
        );
        assert!(
            n < 2 || mid_chain > 0,
            "N={n}: no position with captures pending was checked"
        );
        assert_eq!(
            white_wins(n as u64),
            Some(brute_wins(&Board::start(n), &mut memo)),
            "N={n}"
        );
    }
}
