//! The coverage classes of a strip position (games/strip/README.md, coverage classes): the
//! kinds of its runs, its end cells, where a winning move lies, and the (class, error) pairs
//! a lost position shows.

use super::ValuedStrip;
use crate::{Cell, End};
use std::collections::BTreeMap;

/// The coverage classes of the runs (games/strip/README.md, coverage classes), [`ValuedStrip::classes`]'s `run:`
/// group: each kind of ends at the lengths its value and its moves tell apart.
pub const RUN_KINDS: [&str; 13] = [
    "run:open-odd",
    "run:open-even",
    "run:end-1",
    "run:end-2",
    "run:end-3-to-255",
    "run:end-256-to-65535",
    "run:end-past-65535",
    "run:equal-1",
    "run:equal-2",
    "run:equal-3-or-more",
    "run:different-1",
    "run:different-2",
    "run:different-3-or-more",
];

/// The coverage classes of a strip position: its runs ([`RUN_KINDS`]), its two end cells, and
/// where a winning move lies.
pub const CLASSES: [&str; 20] = [
    RUN_KINDS[0],
    RUN_KINDS[1],
    RUN_KINDS[2],
    RUN_KINDS[3],
    RUN_KINDS[4],
    RUN_KINDS[5],
    RUN_KINDS[6],
    RUN_KINDS[7],
    RUN_KINDS[8],
    RUN_KINDS[9],
    RUN_KINDS[10],
    RUN_KINDS[11],
    RUN_KINDS[12],
    "ends:both-empty",
    "ends:left-marked",
    "ends:right-marked",
    "ends:both-marked",
    "win:none",
    "win:end-run",
    "win:value-1",
];

/// The (class, error) pairs of the runs (games/strip/README.md, coverage classes), one per
/// [`RUN_KINDS`] kind, in its order. `run/any:KIND`: any wrong value of one length of the
/// kind changes the side, counted where the position is lost and each length of the kind
/// present is there an odd number of times (its runs' values then cancel in no pair, so one
/// wrong value makes the xor non-zero). `run-1:open-odd`: the empty strip of odd length is
/// its only run and is won, so the one wrong value that changes a choice there is 0 (one
/// too low): any other leaves it won, and the winning move is read off the runs it leaves.
///
/// `run-2:end-past-65535` (the last): every end run past 65535 cells valued 2 too small
/// changes the side. Two too large never does, and two too small only next to 65536 (an end
/// run of 65536 or 65537 cells beside one of 65534 or 65535; games/strip/README.md): the
/// `run/any:` pair, about one length, does not show such a shift of the whole kind.
pub const ERROR_PAIRS: [&str; 14] = [
    "run-1:open-odd",
    "run/any:open-even",
    "run/any:end-1",
    "run/any:end-2",
    "run/any:end-3-to-255",
    "run/any:end-256-to-65535",
    "run/any:end-past-65535",
    "run/any:equal-1",
    "run/any:equal-2",
    "run/any:equal-3-or-more",
    "run/any:different-1",
    "run/any:different-2",
    "run/any:different-3-or-more",
    "run-2:end-past-65535",
];

/// The [`RUN_KINDS`] kinds that span several lengths: their runs are told apart by length
/// in [`ValuedStrip::classes`]'s pairs (every other kind has one length, or only one run).
const BANDED_KINDS: [usize; 5] = [4, 5, 6, 9, 12];

/// The index in [`RUN_KINDS`] of a run of `len ≥ 1` cells between `left` and `right`.
pub fn run_kind(len: usize, left: End, right: End) -> usize {
    match (left, right) {
        (End::Edge, End::Edge) => 1 - len % 2,
        (End::Edge, _) | (_, End::Edge) => match len {
            1 => 2,
            2 => 3,
            3..=255 => 4,
            256..=65535 => 5,
            _ => 6,
        },
        (a, b) if a == b => 7 + len.min(3) - 1,
        _ => 10 + len.min(3) - 1,
    }
}

impl ValuedStrip {
    /// The coverage classes of the position, the player to move choosing (games/strip/README.md, coverage classes):
    /// the kinds of its runs ([`RUN_KINDS`]), whether its end cells are marked, and where a
    /// winning move lies: nowhere, in an end run worth 2 or more (its value xor the total
    /// is smaller), or in a run worth 1 (the total is 1). O(1): at most two runs are worth 2
    /// or more (only end runs are).
    pub fn classes(&self) -> Vec<&'static str> {
        let mut out: Vec<&'static str> = RUN_KINDS
            .iter()
            .zip(self.kinds)
            .filter(|(_, n)| *n > 0)
            .map(|(k, _)| *k)
            .collect();
        let marked = |c: Option<&Cell>| matches!(c, Some(Some(_)));
        out.push(
            match (marked(self.cells.first()), marked(self.cells.last())) {
                (false, false) => "ends:both-empty",
                (true, false) => "ends:left-marked",
                (false, true) => "ends:right-marked",
                (true, true) => "ends:both-marked",
            },
        );
        let x = self.xor;
        if x == 0 {
            out.push("win:none");
            out.extend(self.lost_error_pairs());
        } else {
            if self.by_value.keys().any(|&v| v >= 2 && v ^ x < v) {
                out.push("win:end-run");
            }
            if x == 1 && self.by_value.contains_key(&1) {
                out.push("win:value-1");
            }
            if self.kinds[0] > 0 {
                out.push(ERROR_PAIRS[0]);
            }
        }
        if self.kinds[6] > 0 && self.past_65535_shift_turns_side() {
            out.push(ERROR_PAIRS[13]);
        }
        out
    }

    /// Whether the xor is 0 with every end run past 65535 cells valued 2 less and not so
    /// with the true values, or the other way round. O(log runs): end runs are the first and
    /// the last live runs.
    fn past_65535_shift_turns_side(&self) -> bool {
        let mut shifted = self.xor;
        let mut ends: Vec<usize> = self.runs.keys().next().into_iter().copied().collect();
        ends.extend(self.runs.keys().next_back().filter(|s| !ends.contains(s)));
        for start in ends {
            let run = self.runs[&start];
            if run_kind(
                run.len,
                self.left_end(start),
                self.right_end(start + run.len),
            ) == 6
            {
                shifted ^= run.value ^ (run.value - 2);
            }
        }
        (shifted == 0) != (self.xor == 0)
    }

    /// The `run/any:` pairs of a lost position ([`ERROR_PAIRS`]): the kinds whose every
    /// length present is there an odd number of times. The one-length kinds read their count;
    /// the banded ones count their runs by length, O(runs) (the solution meets a lost position
    /// at a round's start only, unless it has already lost).
    fn lost_error_pairs(&self) -> Vec<&'static str> {
        let mut odd = [false; RUN_KINDS.len()];
        for (k, &n) in self.kinds.iter().enumerate() {
            odd[k] = n % 2 == 1;
        }
        let banded: Vec<usize> = BANDED_KINDS
            .iter()
            .copied()
            .filter(|&k| self.kinds[k] > 0)
            .collect();
        if !banded.is_empty() {
            let mut lengths: BTreeMap<(usize, usize), usize> = BTreeMap::new();
            for (&start, run) in &self.runs {
                let kind = run_kind(
                    run.len,
                    self.left_end(start),
                    self.right_end(start + run.len),
                );
                if banded.contains(&kind) {
                    *lengths.entry((kind, run.len)).or_default() += 1;
                }
            }
            for k in banded {
                odd[k] = lengths.range((k, 0)..(k + 1, 0)).all(|(_, &n)| n % 2 == 1);
            }
        }
        (1..RUN_KINDS.len())
            .filter(|&k| odd[k])
            .map(|k| ERROR_PAIRS[k])
            .collect()
    }
}
