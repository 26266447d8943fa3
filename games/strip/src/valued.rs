//! The referee's evaluator: a strip kept valued under moves ([`ValuedStrip`]), its runs by
//! value over the mex table grown once per process, and the moves it finds. Its coverage
//! classes are in `classes`.

mod classes;

pub use classes::{run_kind, CLASSES, ERROR_PAIRS, RUN_KINDS};

use crate::{first_conflict, run_grundy_formula, Cell, Colour, End, RunGrundyTable, StripError};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::sync::{Arc, Mutex};

/// Longest run valued by the mex table; beyond it the closed form (proven for every length,
/// tested equal to the table up to 5000). The table costs O(len²): about 0.1 s at 2048.
pub const DP_CAP: usize = 2048;

/// The process-wide mex table, grown (by doubling) to the longest run asked for, up to DP_CAP.
fn table_covering(len: usize) -> Arc<RunGrundyTable> {
    static TABLE: Mutex<Option<Arc<RunGrundyTable>>> = Mutex::new(None);
    let want = len.clamp(1, DP_CAP);
    let mut guard = TABLE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    match &*guard {
        Some(t) if t.max_len() >= want => Arc::clone(t),
        old => {
            let grown = old.as_ref().map_or(64, |t| 2 * t.max_len());
            let table = Arc::new(RunGrundyTable::by_mex(want.max(grown).min(DP_CAP)));
            *guard = Some(Arc::clone(&table));
            table
        }
    }
}

/// Whether a run of `len` cells between these ends has a legal move, by the rules alone: a run
/// of two or more cells always has one (an end cell borders at most one mark); a single cell
/// needs a colour neither neighbour holds.
fn run_is_live(len: usize, left: End, right: End) -> bool {
    len >= 2
        || (len == 1
            && Colour::BOTH
                .iter()
                .any(|&c| left != End::Colour(c) && right != End::Colour(c)))
}

/// A live run of a [`ValuedStrip`]: its length and Grundy value.
#[derive(Clone, Copy, Debug)]
pub struct Run {
    pub len: usize,
    pub value: u32,
}

/// A proper strip with its *live* runs (runs of empty cells with at least one legal move) by
/// their first cell, each with its Grundy value, the runs grouped by value, and the xor of all
/// values, kept under moves without a rescan: a move changes one run into at most two, so it
/// costs O(log n). A run with no legal move (one cell between different colours) has value 0
/// (the mex of no options) and is not stored. This is how the referee judges every move, and
/// how the strip generator moves a won position on to a lost one.
///
/// Values come from [`RunGrundyTable::by_mex`], the plain mex recurrence over (length, left
/// end, right end), computed once per process up to the longest strip valued, but at most
/// [`DP_CAP`] cells. Longer runs take the closed form [`run_grundy_formula`], proven for every
/// length by induction in the module docs; games/strip/tests/solution/theory.rs equates it to the table for every
/// length up to 5000 ≥ DP_CAP and checks the induction step at lengths up to 10^6 (the
/// referee's longest strip), so every move of every strip the referee accepts is valued
/// exactly. The solution's own formula (the streamed xor of the edge runs and a parity) is
/// used nowhere here.
#[derive(Clone)]
pub struct ValuedStrip {
    cells: Vec<Cell>,
    empty: usize,
    /// Live runs by their first cell.
    runs: BTreeMap<usize, Run>,
    /// First cells of the live runs, by the runs' value.
    by_value: BTreeMap<u32, BTreeSet<usize>>,
    xor: u32,
    table: Arc<RunGrundyTable>,
    /// Runs of each [`RUN_KINDS`] kind, dead cells between different colours included (a
    /// run's ends never change while it lives, and a dead cell stays dead).
    kinds: [u32; RUN_KINDS.len()],
}

impl ValuedStrip {
    /// Values a proper strip (no two neighbours of the same colour: a strip with such a pair
    /// cannot arise in play).
    pub fn new(cells: Vec<Cell>) -> Result<ValuedStrip, StripError> {
        if let Some(i) = first_conflict(&cells) {
            return Err(StripError::SameColour { at: i + 1 });
        }
        let n = cells.len();
        let mut strip = ValuedStrip {
            empty: cells.iter().filter(|c| c.is_none()).count(),
            cells,
            runs: BTreeMap::new(),
            by_value: BTreeMap::new(),
            xor: 0,
            table: table_covering(n),
            kinds: [0; RUN_KINDS.len()],
        };
        let mut run_start = 0;
        for i in 0..=n {
            if i == n || strip.cells[i].is_some() {
                if i > run_start {
                    strip.add_run(run_start, i - run_start);
                }
                run_start = i + 1;
            }
        }
        Ok(strip)
    }

    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    pub fn into_cells(self) -> Vec<Cell> {
        self.cells
    }

    /// The number of empty cells.
    pub fn empty(&self) -> usize {
        self.empty
    }

    /// The live runs by their first cell.
    pub fn runs(&self) -> &BTreeMap<usize, Run> {
        &self.runs
    }

    /// First cells of the live runs, by the runs' value.
    pub fn runs_by_value(&self) -> &BTreeMap<u32, BTreeSet<usize>> {
        &self.by_value
    }

    /// The Grundy value of the position: the player to move wins exactly when it is not 0.
    pub fn xor(&self) -> u32 {
        self.xor
    }

    fn left_end(&self, start: usize) -> End {
        match start.checked_sub(1).and_then(|i| self.cells.get(i)) {
            Some(Some(c)) => End::Colour(*c),
            _ => End::Edge,
        }
    }

    fn right_end(&self, past: usize) -> End {
        match self.cells.get(past) {
            Some(Some(c)) => End::Colour(*c),
            _ => End::Edge,
        }
    }

    /// Grundy value of a run: the mex table within it, the closed form beyond (type docs).
    fn value(&self, len: usize, left: End, right: End) -> u32 {
        match self.table.get(len, left, right) {
            Some(v) => v,
            // The closed form is at most len, which fits (a strip in memory has fewer than
            // 2^32 cells).
            None => run_grundy_formula(len as u64, left, right) as u32,
        }
    }

    fn add_run(&mut self, start: usize, len: usize) {
        let (left, right) = (self.left_end(start), self.right_end(start + len));
        if len == 0 {
            return;
        }
        self.kinds[run_kind(len, left, right)] += 1;
        if !run_is_live(len, left, right) {
            return;
        }
        let value = self.value(len, left, right);
        self.runs.insert(start, Run { len, value });
        self.by_value.entry(value).or_default().insert(start);
        self.xor ^= value;
    }

    fn remove_run(&mut self, start: usize) -> Option<Run> {
        let run = self.runs.remove(&start)?;
        let kind = run_kind(
            run.len,
            self.left_end(start),
            self.right_end(start + run.len),
        );
        self.kinds[kind] -= 1;
        if let Some(set) = self.by_value.get_mut(&run.value) {
            set.remove(&start);
            if set.is_empty() {
                self.by_value.remove(&run.value);
            }
        }
        self.xor ^= run.value;
        Some(run)
    }

    /// The live run holding cell `at`, as (first cell, run).
    pub fn run_at(&self, at: usize) -> Option<(usize, Run)> {
        let (&start, &run) = self.runs.range(..=at).next_back()?;
        (at < start + run.len).then_some((start, run))
    }

    /// Puts `colour` in cell `at`, keeping the runs and the xor; the move must be legal.
    pub fn place(&mut self, at: usize, colour: Colour) -> Result<(), ValuedError> {
        let (start, run) = self.run_at(at).ok_or(ValuedError::NotLive(at + 1))?;
        self.remove_run(start);
        self.cells[at] = Some(colour);
        self.empty -= 1;
        self.add_run(start, at - start);
        self.add_run(at + 1, start + run.len - at - 1);
        Ok(())
    }

    /// Value of what is left of run (start, len) after `colour` goes to offset `at`, or None
    /// when that move is illegal.
    pub fn value_after(&self, start: usize, len: usize, at: usize, colour: Colour) -> Option<u32> {
        let (left, right) = (self.left_end(start), self.right_end(start + len));
        let mid = End::Colour(colour);
        if (at == 0 && left == mid) || (at + 1 == len && right == mid) {
            return None;
        }
        Some(self.value(at, left, mid) ^ self.value(len - 1 - at, mid, right))
    }

    /// A move inside run (start, run) that changes its value to `target`. A few offsets first
    /// (the edges of the run, its middle, and `target` counted from either end: by the closed
    /// form one of them always works, which keeps long runs O(1)); every offset if those fail.
    fn move_to_value(&self, start: usize, run: Run, target: u32) -> Option<(usize, Colour)> {
        let len = run.len;
        let t = target as usize;
        let near = [
            0,
            1,
            2,
            len.wrapping_sub(1),
            len.wrapping_sub(2),
            len.wrapping_sub(3),
            (len.wrapping_sub(1)) / 2,
            len / 2,
            t.wrapping_sub(1),
            t,
            t + 1,
            len.wrapping_sub(t + 2),
            len.wrapping_sub(t + 1),
            len.wrapping_sub(t),
        ];
        near.iter()
            .copied()
            .filter(|&at| at < len)
            .chain(0..len)
            .flat_map(|at| Colour::BOTH.map(|c| (at, c)))
            .find(|&(at, c)| self.value_after(start, len, at, c) == Some(target))
            .map(|(at, c)| (start + at, c))
    }

    /// A winning move (the position must have a non-zero xor): a run whose value has the top
    /// bit of the xor set can move to `value ^ xor` < value, which exists by the mex rule.
    /// The run is the one of least such value, the first of them on the strip.
    pub fn winning_move(&self) -> Result<(usize, Colour), ValuedError> {
        if self.xor == 0 {
            return Err(ValuedError::Lost);
        }
        let top = 1u32 << (31 - self.xor.leading_zeros());
        let (&value, starts) = self
            .by_value
            .range(top..)
            .find(|(v, _)| *v & top != 0)
            .ok_or_else(|| {
                ValuedError::Inconsistent(format!("xor {} but no run with bit {top}", self.xor))
            })?;
        let start = *starts
            .iter()
            .next()
            .ok_or_else(|| ValuedError::Inconsistent("empty value group".to_owned()))?;
        let run = self.runs[&start];
        self.move_to_value(start, run, value ^ self.xor)
            .ok_or_else(|| {
                ValuedError::Inconsistent(format!(
                "evaluator inconsistency: run of {} at cell {} has value {value} but no move to {}",
                run.len,
                start + 1,
                value ^ self.xor
            ))
            })
    }

    /// Winning replies for the player to move, counted up to 2, over every legal move.
    pub fn winning_replies(&self) -> usize {
        let mut count = 0;
        for (&start, &run) in &self.runs {
            let wanted = self.xor ^ run.value;
            for at in 0..run.len {
                for c in Colour::BOTH {
                    if self.value_after(start, run.len, at, c) == Some(wanted) {
                        count += 1;
                        if count == 2 {
                            return count;
                        }
                    }
                }
            }
        }
        count
    }
}

/// Why [`ValuedStrip`] refuses a move or has none to give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ValuedError {
    /// The cell (counted from 1) is in no live run: occupied, or with no legal colour left.
    NotLive(usize),
    /// No winning move: the Grundy value is 0.
    Lost,
    /// The runs and their values disagree (the evaluator's bug); the text says where.
    Inconsistent(String),
}

impl fmt::Display for ValuedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ValuedError::NotLive(cell) => write!(f, "cell {cell} is in no live run"),
            ValuedError::Lost => f.write_str("no winning move: the Grundy value is 0"),
            ValuedError::Inconsistent(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for ValuedError {}
