//! A player's strip kept under moves: its runs of empty cells (O(log N) a move), the legal
//! moves, and the true and the believed xor of the runs' values that decide its side.

use super::{Bug, Player};
use combgames_core::rng::Rng;
use combgames_strip::{run_grundy_formula, Cell, Colour, End};
use std::collections::{BTreeMap, BTreeSet};

impl Player {
    /// A player for this strip (a proper colouring: the referee's positions are).
    pub fn new(bug: Bug, cells: Vec<Cell>, seed: u64) -> Player {
        let mut p = Player {
            bug,
            marks: cells.iter().filter(|c| c.is_some()).count(),
            cells,
            runs: BTreeMap::new(),
            live: BTreeSet::new(),
            truth: 0,
            belief: 0,
            rng: Rng::new(seed),
        };
        let n = p.cells.len();
        let mut start = 0;
        for i in 0..=n {
            if i == n || p.cells[i].is_some() {
                p.add_run(start, i - start);
                start = i + 1;
            }
        }
        p
    }

    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    pub(super) fn left_end(&self, start: usize) -> End {
        match start.checked_sub(1).map(|i| self.cells[i]) {
            Some(Some(c)) => End::Colour(c),
            _ => End::Edge,
        }
    }

    pub(super) fn right_end(&self, past: usize) -> End {
        match self.cells.get(past) {
            Some(Some(c)) => End::Colour(*c),
            _ => End::Edge,
        }
    }

    pub(super) fn ends(&self, start: usize, len: usize) -> (End, End) {
        (self.left_end(start), self.right_end(start + len))
    }

    pub(super) fn add_run(&mut self, start: usize, len: usize) {
        if len == 0 {
            return;
        }
        let (l, r) = self.ends(start, len);
        self.runs.insert(start, len);
        self.truth ^= run_grundy_formula(len as u64, l, r);
        self.belief ^= self.bug.believed_value(len, l, r);
        let live = len >= 2
            || Colour::BOTH
                .iter()
                .any(|&c| l != End::Colour(c) && r != End::Colour(c));
        if live {
            self.live.insert(start);
        }
    }

    pub(super) fn remove_run(&mut self, start: usize) -> usize {
        let len = self.runs.remove(&start).expect("a run starts here");
        let (l, r) = self.ends(start, len);
        self.truth ^= run_grundy_formula(len as u64, l, r);
        self.belief ^= self.bug.believed_value(len, l, r);
        self.live.remove(&start);
        len
    }

    /// The run holding cell `at`: (first cell, length).
    pub(super) fn run_at(&self, at: usize) -> Option<(usize, usize)> {
        let (&start, &len) = self.runs.range(..=at).next_back()?;
        (at < start + len).then_some((start, len))
    }

    pub fn is_legal(&self, at: usize, c: Colour) -> bool {
        let has = |i: Option<usize>| i.and_then(|i| self.cells.get(i)) == Some(&Some(c));
        self.cells.get(at) == Some(&None) && !has(at.checked_sub(1)) && !has(at.checked_add(1))
    }

    pub fn has_move(&self) -> bool {
        !self.live.is_empty()
    }

    /// Applies a legal move (either player's).
    pub fn play(&mut self, at: usize, c: Colour) {
        let (start, len) = self.run_at(at).expect("a legal move is in a run");
        // The neighbouring runs' ends do not change: a run's ends are marks or the strip's
        // edges, and the new mark is inside this run.
        self.remove_run(start);
        self.cells[at] = Some(c);
        self.marks += 1;
        self.add_run(start, at - start);
        self.add_run(at + 1, start + len - at - 1);
    }

    /// The xor of the runs' true values: the player to move wins iff it is non-zero.
    pub fn true_total(&self) -> u64 {
        self.truth
    }

    /// The xor this variant believes, including the phantom runs of the `*EndOffByOne` bugs.
    pub fn believed_total(&self) -> u64 {
        let left = match self.cells.first() {
            Some(Some(c)) => self.bug.believed_value(0, End::Edge, End::Colour(*c)),
            _ => 0,
        };
        let right = match self.cells.last() {
            Some(Some(c)) => self.bug.believed_value(0, End::Colour(*c), End::Edge),
            _ => 0,
        };
        self.belief ^ left ^ right
    }

    /// Whether this variant takes the side `first` (moves first from this position).
    pub fn takes_first(&self) -> bool {
        let wins = self.believed_total() != 0;
        match self.bug {
            Bug::TurnFromMarks => wins != (self.marks % 2 == 1),
            _ => wins,
        }
    }
}
