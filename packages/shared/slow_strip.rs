//! The slow strip engine of the time_limit_exceeded players of tictactoe and coloring (batch
//! coloring, and both interactive ones): each run of empty cells valued by the plain mex
//! recurrence over every cell and symbol, a table quadratic in the longest run, where the
//! intended solutions have a closed form. Bundled into each player by scripts/make-packages.sh
//! and scripts/make-interactive-packages.sh.

// The batch player asks for the value only, the interactive ones for moves too: what one
// leaves unused is not dead for the others.
#![allow(dead_code)]

use super::strip::runs;

/// values[len][left][right]: the Grundy value of a run of `len` empty cells between the ends
/// (strip::EDGE or a symbol), grown on demand and kept from one position to the next.
pub type Values = Vec<[[u32; 3]; 3]>;

/// Whether `symbol` (1: X, 2: O) may go at `at` of a run of `len` cells between the ends.
fn allowed(len: usize, left: usize, right: usize, at: usize, symbol: usize) -> bool {
    !((at == 0 && left == symbol) || (at + 1 == len && right == symbol))
}

fn grow(values: &mut Values, longest: usize) {
    while values.len() <= longest {
        let len = values.len();
        let mut table = [[0u32; 3]; 3];
        for (left, row) in table.iter_mut().enumerate() {
            for (right, value) in row.iter_mut().enumerate() {
                let mut seen = vec![false; 2 * len + 2];
                for at in 0..len {
                    for symbol in (1..=2).filter(|&s| allowed(len, left, right, at, s)) {
                        let g = values[at][left][symbol] ^ values[len - 1 - at][symbol][right];
                        if (g as usize) < seen.len() {
                            seen[g as usize] = true;
                        }
                    }
                }
                *value = seen.iter().position(|&s| !s).unwrap() as u32;
            }
        }
        values.push(table);
    }
}

/// The Grundy value of the strip: the player to move wins iff it is not 0.
pub fn total(cells: &[u8], values: &mut Values) -> u32 {
    let runs = runs(cells);
    grow(values, runs.iter().map(|r| r.len).max().unwrap_or(0));
    runs.iter()
        .fold(0, |g, r| g ^ values[r.len][r.left][r.right])
}

/// A move that leaves value 0, or any legal move when there is none: (cell, `X` or `O`).
pub fn best_move(cells: &[u8], values: &mut Values) -> Option<(usize, u8)> {
    let all = total(cells, values);
    let mut any = None;
    for run in runs(cells) {
        let (len, left, right) = (run.len, run.left, run.right);
        let rest = all ^ values[len][left][right];
        for at in 0..len {
            for symbol in (1..=2).filter(|&s| allowed(len, left, right, at, s)) {
                let mark = if symbol == 1 { b'X' } else { b'O' };
                any = any.or(Some((run.start + at, mark)));
                let g = values[at][left][symbol] ^ values[len - 1 - at][symbol][right];
                if g == rest {
                    return Some((run.start + at, mark));
                }
            }
        }
    }
    any
}
