//! Proofs for the strip game: `tictactoe` (UVa 11534) and `coloring` (SGU 328).
//!
//! - The run Grundy closed form of `combgames_strip` equals its plain mex table for every
//!   length up to 5000 and every pair of ends.
//! - An exhaustive game search over whole strips (below; it knows only the rules: place either
//!   colour in an empty cell with no neighbour of that colour, no move loses) decides every
//!   proper strip up to length 10; both binaries must agree with it in their own formats, and
//!   the library's whole-strip value must equal the searched Grundy value.
//! - Big inputs cross the solutions' 64 KiB read blocks at every feature (first and last mark,
//!   faults, blanks), with answers from the library's run formula (the solutions use a different
//!   reduction of it).
//! - Malformed inputs are rejected with one line naming the fault.
//!
//! The search is here; the theory's tests in `theory`, the binaries against the search in
//! `binaries`, the big inputs in `blocks`, the malformed ones in `malformed`.

mod binaries;
mod blocks;
mod malformed;
mod theory;

use combgames_strip::{Cell, Colour};
use std::collections::{HashSet, VecDeque};

// ---------------------------------------------------------------------------------------------
// Exhaustive search over whole strips. A strip of length n is a base-3 number: digit i is cell
// i, 0 empty, 1 and 2 the colours. Independent of the library and of the solutions.

struct Search {
    len: usize,
    pow3: Vec<usize>,
    /// Per code: None unknown, Some((player to move wins, Grundy value by mex over moves)).
    memo: Vec<Option<(bool, u32)>>,
}

impl Search {
    fn new(len: usize) -> Search {
        let pow3: Vec<usize> = (0..=len).map(|i| 3usize.pow(i as u32)).collect();
        Search {
            len,
            memo: vec![None; pow3[len]],
            pow3,
        }
    }

    fn cell(&self, code: usize, i: usize) -> usize {
        code / self.pow3[i] % 3
    }

    /// Codes reachable in one move: colour `c` into empty cell `i` whose neighbours are not `c`.
    fn moves(&self, code: usize) -> Vec<usize> {
        let mut out = Vec::new();
        for i in 0..self.len {
            if self.cell(code, i) != 0 {
                continue;
            }
            for c in 1..=2 {
                let left_clash = i > 0 && self.cell(code, i - 1) == c;
                let right_clash = i + 1 < self.len && self.cell(code, i + 1) == c;
                if !left_clash && !right_clash {
                    out.push(code + c * self.pow3[i]);
                }
            }
        }
        out
    }

    /// (the player to move wins, Grundy value).
    fn solve(&mut self, code: usize) -> (bool, u32) {
        if let Some(known) = self.memo[code] {
            return known;
        }
        let children: Vec<(bool, u32)> = self
            .moves(code)
            .into_iter()
            .map(|c| self.solve(c))
            .collect();
        let wins = children.iter().any(|&(child_wins, _)| !child_wins);
        let grundy = (0..)
            .find(|g| children.iter().all(|&(_, cg)| cg != *g))
            .unwrap();
        self.memo[code] = Some((wins, grundy));
        (wins, grundy)
    }

    fn cells(&self, code: usize) -> Vec<usize> {
        (0..self.len).map(|i| self.cell(code, i)).collect()
    }

    /// No two equal colours side by side.
    fn proper(&self, code: usize) -> bool {
        let cells = self.cells(code);
        cells.windows(2).all(|w| w[0] == 0 || w[0] != w[1])
    }

    /// Every strip reached from the empty one by legal play (breadth-first).
    fn reachable(&self) -> HashSet<usize> {
        let mut seen = HashSet::from([0usize]);
        let mut queue = VecDeque::from([0usize]);
        while let Some(code) = queue.pop_front() {
            for next in self.moves(code) {
                if seen.insert(next) {
                    queue.push_back(next);
                }
            }
        }
        seen
    }
}

fn to_text(cells: &[usize], symbols: [char; 3]) -> String {
    cells.iter().map(|&c| symbols[c]).collect()
}

fn to_library(cells: &[usize]) -> Vec<Cell> {
    cells
        .iter()
        .map(|&c| [None, Some(Colour::One), Some(Colour::Two)][c])
        .collect()
}

/// Every proper strip of length `len`, as cell lists, with (player to move wins, Grundy value).
fn all_positions(len: usize) -> Vec<(Vec<usize>, bool, u32)> {
    let mut search = Search::new(len);
    let proper: Vec<usize> = (0..search.pow3[len])
        .filter(|&code| search.proper(code))
        .collect();
    proper
        .into_iter()
        .map(|code| {
            let (wins, grundy) = search.solve(code);
            (search.cells(code), wins, grundy)
        })
        .collect()
}

const MAX_BRUTE_LEN: usize = 10;
