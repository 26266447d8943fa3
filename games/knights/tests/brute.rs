//! The knight game by plain search, nothing but the statement's rules: the tests' one brute
//! force (games/knights/tests/solution/search.rs judges the solution with it, games/knights/tests/referee.rs the
//! referee's evaluator, games/knights/tests/mutants/mod.rs the mutation suite's bugs).

use itertools::Itertools;
use std::collections::HashMap;

/// A square `(x, y)`, 1-based.
pub type Square = (i64, i64);

/// The squares a knight on `(x, y)` may move to: (x−2, y±1), (x±1, y−2), on the n×n board.
pub fn steps(n: i64, (x, y): Square) -> Vec<Square> {
    [
        (x - 2, y + 1),
        (x - 2, y - 1),
        (x + 1, y - 2),
        (x - 1, y - 2),
    ]
    .into_iter()
    .filter(|&(a, b)| 1 <= a && a <= n && 1 <= b && b <= n)
    .collect()
}

/// Win/lose search over whole positions of one board (a position is the sorted multiset of
/// squares), memoised.
pub struct Brute {
    pub n: i64,
    memo: HashMap<Vec<Square>, bool>,
}

impl Brute {
    pub fn new(n: i64) -> Self {
        Brute {
            n,
            memo: HashMap::new(),
        }
    }

    pub fn steps(&self, sq: Square) -> Vec<Square> {
        steps(self.n, sq)
    }

    /// Every position the mover can leave, knights in the given order (stuck ones stay);
    /// empty when no knight can move.
    pub fn joint_moves(&self, pos: &[Square]) -> Vec<Vec<Square>> {
        if pos.iter().all(|&sq| self.steps(sq).is_empty()) {
            return Vec::new();
        }
        pos.iter()
            .map(|&sq| {
                let s = self.steps(sq);
                if s.is_empty() {
                    vec![sq]
                } else {
                    s
                }
            })
            .multi_cartesian_product()
            .collect()
    }

    /// Whether the player to move wins: some joint move (every movable knight steps) leaves a
    /// lost position; with no movable knight the mover has lost.
    pub fn wins(&mut self, pos: &[Square]) -> bool {
        let mut key = pos.to_vec();
        key.sort_unstable();
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let win = self.joint_moves(&key).iter().any(|next| !self.wins(next));
        self.memo.insert(key, win);
        win
    }
}
