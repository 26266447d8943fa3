//! The strip games' mutation suite (tictactoe = UVa 11534, coloring = SGU 328): players with
//! one plausible bug each, a rare blunderer, and correct players that pick other winning moves.
//! One game, so one player serves both notations; `games/strip/tests/mutants/player.rs` speaks the
//! protocol around it and `games/strip/tests/mutants/mod.rs` calls [`Player`] directly.
//!
//! Every player keeps the strip's runs of empty cells incrementally (O(log N) a move, so it
//! plays 10^6-cell strips), values them with the library's closed form
//! (`combgames_strip::run_grundy_formula`, proven in games/strip/src/lib.rs) or with its bug's own
//! belief, and chooses moves from that belief. Nothing here comes from solutions/*.rs.

// Declared by both the player (player.rs) and the mutation tests (mod.rs), each using a part.
#![allow(dead_code)]

// The variants and the player's state here; the player's runs and totals in support/runs.rs,
// its choice of moves in support/choose.rs.
mod choose;
mod runs;

use combgames_core::rng::Rng;
use combgames_strip::{run_grundy_formula, run_kind, Cell, Colour, End, RUN_KINDS};
use std::collections::{BTreeMap, BTreeSet};

/// The variants. Correct ones first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bug {
    /// Correct: the first winning move found near the offsets the closed form points at.
    Right,
    /// Correct: a random move among the winning moves it collects (both moves of an end run,
    /// any move of a run between marks when the total is 1).
    RandomWinning,
    /// Correct: among those winning moves, the one that takes the fewest (cell, symbol)
    /// options away, so the game lasts longest.
    LongestWinning,
    /// An end run's value kept in a `u8`: wrong from 256 cells on.
    U8EndRuns,
    /// A run between a strip end and a mark valued `L mod 2` (as between two strip ends).
    EndRunMod2,
    /// The empty strip valued `L` (as between an end and a mark) instead of `L mod 2`.
    EmptyAsEnd,
    /// Runs between equal marks valued 0 and between different marks 1 (swapped).
    SwapEqualDifferent,
    /// Runs between equal marks forgotten (valued 0): only the end runs counted.
    ForgetEqualRuns,
    /// The run at the right end of the strip measured one cell too long (`N - last` for
    /// `N - last - 1`), so a marked last cell leaves a phantom run of one.
    RightEndOffByOne,
    /// The run at the left end of the strip measured one cell too long (`first` for
    /// `first - 1`), so a marked first cell leaves a phantom run of one: wrong only where the
    /// strip's first cell is marked or ends its first run.
    LeftEndOffByOne,
    /// The symbol thought not to matter: `X` (coloring `1`) wherever it fits in the chosen cell.
    ColourIgnored,
    /// The side taken as if the answer were for the player who made the first mark
    /// (UVa's Alice) rather than the player to move: wrong when the number of marks is odd.
    TurnFromMarks,
    /// Wins only by moves in a run at a strip end; where the win needs a run between two
    /// marks (the total is 1), a random legal move.
    EdgesOnly,
    /// The right player, but one move in 1000 is a random move that hands over the win.
    Blunder1000,
    /// An end run's value kept in a `u16`: wrong from 65536 cells only.
    U16EndRuns,
    /// Runs between two equal marks valued from a table of [`EQUAL_RUN_TABLE`] entries (all 1)
    /// and 0 past it: wrong only for such runs longer than that.
    EqualRunTable,
    /// An end run of a single cell taken for dead (valued 0, as a single cell between two
    /// different marks is), though the colour unlike its mark still fits there.
    EndSingleDead,
    /// A single cell between two equal marks taken for dead (valued 0), though the other colour
    /// fits there.
    InnerSingleDead,
    /// Every run of one [`RUN_KINDS`] kind valued wrong by one error (`value:KIND,ERR`, the
    /// (class, error) pairs' mutants): the kind's index and the error.
    Value(usize, ValueError),
}

/// How a [`Bug::Value`] player values the runs of its kind wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueError {
    /// The value plus this (±1, ±2).
    Add(i64),
    /// Another value, drawn per length (the true value xor 1..15).
    Other,
}

/// The errors of the `value:` players, by name.
pub const VALUE_ERRORS: [(&str, ValueError); 5] = [
    ("+1", ValueError::Add(1)),
    ("-1", ValueError::Add(-1)),
    ("+2", ValueError::Add(2)),
    ("-2", ValueError::Add(-2)),
    ("other", ValueError::Other),
];

/// Every `value:KIND,ERR` player's name: each [`RUN_KINDS`] kind with each error that keeps
/// its values non-negative (values 0: open-even and between different marks; 1: open-odd,
/// end-1 and between equal marks). The empty strip of odd length has only `-1` (the value 0):
/// as its only run any other non-zero value changes no choice (`run-1:open-odd`).
pub fn value_variants() -> Vec<String> {
    let mut out = vec!["value:open-odd,-1".to_owned()];
    for kind in RUN_KINDS.iter().skip(1) {
        let kind = kind.trim_start_matches("run:");
        let least = match kind {
            "open-even" | "different-1" | "different-2" | "different-3-or-more" => 0,
            "end-2" => 2,
            k if k.starts_with("end-") && k != "end-1" => 3,
            _ => 1,
        };
        for (name, e) in VALUE_ERRORS {
            if !matches!(e, ValueError::Add(d) if d < -least) {
                out.push(format!("value:{kind},{name}"));
            }
        }
    }
    out
}

/// Entries of [`Bug::EqualRunTable`]'s table of runs between equal marks.
pub const EQUAL_RUN_TABLE: usize = 1 << 16;

/// Every variant: name, bug, what it gets wrong.
pub const VARIANTS: [(&str, Bug, &str); 18] = [
    ("right", Bug::Right, "correct: first winning move"),
    (
        "random-winning",
        Bug::RandomWinning,
        "correct: a random winning move",
    ),
    (
        "longest-winning",
        Bug::LongestWinning,
        "correct: the winning move that takes the fewest options away",
    ),
    (
        "u8-end-runs",
        Bug::U8EndRuns,
        "an end run's value in a u8 (wrong from 256 cells)",
    ),
    (
        "end-run-mod-2",
        Bug::EndRunMod2,
        "a run between an end and a mark valued L mod 2",
    ),
    (
        "empty-as-end",
        Bug::EmptyAsEnd,
        "the empty strip valued L instead of L mod 2",
    ),
    (
        "swap-equal-different",
        Bug::SwapEqualDifferent,
        "runs between equal marks 0, between different marks 1",
    ),
    (
        "forget-equal-runs",
        Bug::ForgetEqualRuns,
        "runs between equal marks not counted",
    ),
    (
        "right-end-off-by-one",
        Bug::RightEndOffByOne,
        "the right end run one cell too long",
    ),
    (
        "left-end-off-by-one",
        Bug::LeftEndOffByOne,
        "the left end run one cell too long",
    ),
    (
        "colour-ignored",
        Bug::ColourIgnored,
        "writes X (coloring: 1) wherever it fits in the chosen cell",
    ),
    (
        "turn-from-marks",
        Bug::TurnFromMarks,
        "the side flipped when the number of marks is odd",
    ),
    (
        "edges-only",
        Bug::EdgesOnly,
        "wins only by moves in end runs, random otherwise",
    ),
    (
        "blunder-1000",
        Bug::Blunder1000,
        "one move in 1000 hands over the win",
    ),
    (
        "u16-end-runs",
        Bug::U16EndRuns,
        "an end run's value in a u16 (wrong from 65536 cells)",
    ),
    (
        "equal-run-table",
        Bug::EqualRunTable,
        "runs between equal marks past 65536 cells valued 0",
    ),
    (
        "end-single-dead",
        Bug::EndSingleDead,
        "an end run of one cell valued 0",
    ),
    (
        "inner-single-dead",
        Bug::InnerSingleDead,
        "one cell between equal marks valued 0",
    ),
];

impl Bug {
    pub fn parse(name: &str) -> Option<Bug> {
        if let Some(rest) = name.strip_prefix("value:") {
            if !value_variants().iter().any(|v| v == name) {
                return None;
            }
            let (kind, err) = rest.split_once(',')?;
            let kind = RUN_KINDS.iter().position(|k| k[4..] == *kind)?;
            let err = VALUE_ERRORS.iter().find(|e| e.0 == err)?.1;
            return Some(Bug::Value(kind, err));
        }
        VARIANTS
            .iter()
            .find(|(n, _, _)| *n == name)
            .map(|&(_, b, _)| b)
    }

    pub fn name(self) -> &'static str {
        VARIANTS
            .iter()
            .find(|(_, b, _)| *b == self)
            .map_or("?", |(n, _, _)| n)
    }

    /// Whether this variant plays perfectly (the referee must pass it).
    pub fn is_correct(self) -> bool {
        matches!(self, Bug::Right | Bug::RandomWinning | Bug::LongestWinning)
    }

    /// What this variant believes a run of `len` empty cells between these ends is worth
    /// (`len` may be 0: only [`Bug::RightEndOffByOne`] and [`Bug::LeftEndOffByOne`] give such a
    /// run a value).
    pub fn believed_value(self, len: usize, left: End, right: End) -> u64 {
        let truth = run_grundy_formula(len as u64, left, right);
        let end_run = matches!(
            (left, right),
            (End::Edge, End::Colour(_)) | (End::Colour(_), End::Edge)
        );
        match (self, left, right) {
            (Bug::U8EndRuns, _, _) if end_run => u64::from(len as u8),
            (Bug::U16EndRuns, _, _) if end_run => u64::from(len as u16),
            (Bug::EqualRunTable, End::Colour(a), End::Colour(b))
                if a == b && len > EQUAL_RUN_TABLE =>
            {
                0
            }
            (Bug::Value(kind, err), _, _) if len > 0 && run_kind(len, left, right) == kind => {
                match err {
                    ValueError::Add(d) => truth.saturating_add_signed(d),
                    // A fixed draw per length: the multiplier spreads consecutive lengths.
                    ValueError::Other => {
                        truth ^ (1 + (len as u64).wrapping_mul(2_654_435_761) % 15)
                    }
                }
            }
            (Bug::EndSingleDead, _, _) if end_run && len == 1 => 0,
            (Bug::InnerSingleDead, End::Colour(a), End::Colour(b)) if a == b && len == 1 => 0,
            (Bug::EndRunMod2, _, _) if end_run => len as u64 % 2,
            (Bug::EmptyAsEnd, End::Edge, End::Edge) => len as u64,
            (Bug::SwapEqualDifferent, End::Colour(a), End::Colour(b)) if len > 0 => {
                u64::from(a != b)
            }
            (Bug::ForgetEqualRuns, End::Colour(_), End::Colour(_)) => 0,
            (Bug::RightEndOffByOne, End::Colour(_), End::Edge)
            | (Bug::LeftEndOffByOne, End::Edge, End::Colour(_)) => {
                run_grundy_formula(len as u64 + 1, left, right)
            }
            _ => truth,
        }
    }

    /// Whether moves are chosen by the bug's belief (else by the truth).
    fn judges_by_belief(self) -> bool {
        matches!(
            self,
            Bug::U8EndRuns
                | Bug::Value(..)
                | Bug::U16EndRuns
                | Bug::EqualRunTable
                | Bug::EndSingleDead
                | Bug::InnerSingleDead
                | Bug::EndRunMod2
                | Bug::EmptyAsEnd
                | Bug::SwapEqualDifferent
                | Bug::ForgetEqualRuns
                | Bug::RightEndOffByOne
                | Bug::LeftEndOffByOne
        )
    }
}

fn other(c: Colour) -> Colour {
    match c {
        Colour::One => Colour::Two,
        Colour::Two => Colour::One,
    }
}

/// A player: the strip, its runs, the true and the believed xor of the runs' values.
#[derive(Clone, Debug)]
pub struct Player {
    bug: Bug,
    cells: Vec<Cell>,
    /// Every run of empty cells (length ≥ 1), by first cell: its length.
    runs: BTreeMap<usize, usize>,
    /// First cells of the runs with a legal move.
    live: BTreeSet<usize>,
    /// Xor of the runs' values by the closed form.
    truth: u64,
    /// Xor of the runs' values as the bug believes (runs of length ≥ 1 only).
    belief: u64,
    marks: usize,
    rng: Rng,
}
