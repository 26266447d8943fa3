//! The plain game search over strips written with `.`, `X`, `O` that the strip tests judge
//! with (games/strip/tests/referee/, games/strip/tests/mutants/mod.rs): every move of every position,
//! memoized; no Grundy values, no runs, nothing of the library or the solutions.

use std::collections::HashMap;

/// Whole-strip game search: whether the player to move wins.
pub struct Search {
    memo: HashMap<Vec<u8>, bool>,
}

impl Search {
    pub fn new() -> Search {
        Search {
            memo: HashMap::new(),
        }
    }

    /// Whether symbol `s` may go into cell `at` (a cell off the strip is no move).
    pub fn legal(cells: &[u8], at: usize, s: u8) -> bool {
        at < cells.len()
            && cells[at] == b'.'
            && (at == 0 || cells[at - 1] != s)
            && (at + 1 == cells.len() || cells[at + 1] != s)
    }

    /// Every legal move as (cell, symbol).
    pub fn moves(cells: &[u8]) -> Vec<(usize, u8)> {
        (0..cells.len())
            .flat_map(|at| [(at, b'X'), (at, b'O')])
            .filter(|&(at, s)| Self::legal(cells, at, s))
            .collect()
    }

    pub fn after(cells: &[u8], (at, s): (usize, u8)) -> Vec<u8> {
        let mut next = cells.to_vec();
        next[at] = s;
        next
    }

    pub fn wins(&mut self, cells: &[u8]) -> bool {
        if let Some(&w) = self.memo.get(cells) {
            return w;
        }
        let w = Self::moves(cells)
            .into_iter()
            .any(|m| !self.wins(&Self::after(cells, m)));
        self.memo.insert(cells.to_vec(), w);
        w
    }

    /// Moves after which the opponent loses.
    pub fn winning_replies(&mut self, cells: &[u8]) -> usize {
        Self::moves(cells)
            .into_iter()
            .filter(|&m| !self.wins(&Self::after(cells, m)))
            .count()
    }
}

/// Every strip of `len` cells over `.XO` with no two equal marks side by side.
pub fn proper_strips(len: usize) -> Vec<Vec<u8>> {
    let mut out = vec![Vec::new()];
    for _ in 0..len {
        let mut next = Vec::new();
        for s in &out {
            for c in [b'.', b'X', b'O'] {
                if c == b'.' || s.last() != Some(&c) {
                    let mut t = s.clone();
                    t.push(c);
                    next.push(t);
                }
            }
        }
        out = next;
    }
    out
}
