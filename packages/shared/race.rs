//! The race board as the packages' players see it: an n×n grid of rows (`#` a wall, `A` and
//! `B` the players' start squares), the squares beside a square, and the step distances over
//! the free squares. Bundled into the players that use it by scripts/make-packages.sh and
//! scripts/make-interactive-packages.sh.

// The batch player uses the distances only: what it leaves unused is not dead for the other.
#![allow(dead_code)]

use std::collections::VecDeque;

pub type Square = (usize, usize);

/// The square (row, column) holding `ch`.
pub fn find(rows: &[Vec<u8>], ch: u8) -> Square {
    let n = rows.len();
    let at = rows.iter().flatten().position(|&b| b == ch).unwrap();
    (at / n, at % n)
}

/// Whether `(r, c)` is no wall.
pub fn free(rows: &[Vec<u8>], (r, c): Square) -> bool {
    rows[r][c] != b'#'
}

/// The squares beside `(r, c)` on the n×n board: up, right, down, left.
pub fn around(n: usize, (r, c): Square) -> Vec<Square> {
    let mut v = Vec::new();
    if r > 0 {
        v.push((r - 1, c));
    }
    if c + 1 < n {
        v.push((r, c + 1));
    }
    if r + 1 < n {
        v.push((r + 1, c));
    }
    if c > 0 {
        v.push((r, c - 1));
    }
    v
}

/// dist[r][c]: the steps from `from` to (r, c) over free squares (usize::MAX: out of reach).
pub fn distances(rows: &[Vec<u8>], from: Square) -> Vec<Vec<usize>> {
    let n = rows.len();
    let mut dist = vec![vec![usize::MAX; n]; n];
    dist[from.0][from.1] = 0;
    let mut queue = VecDeque::from(vec![from]);
    while let Some(at) = queue.pop_front() {
        for next in around(n, at) {
            if free(rows, next) && dist[next.0][next.1] == usize::MAX {
                dist[next.0][next.1] = dist[at.0][at.1] + 1;
                queue.push_back(next);
            }
        }
    }
    dist
}
