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

    fn left_end(&self, start: usize) -> End {
        match start.checked_sub(1).map(|i| self.cells[i]) {
            Some(Some(c)) => End::Colour(c),
            _ => End::Edge,
        }
    }

    fn right_end(&self, past: usize) -> End {
        match self.cells.get(past) {
            Some(Some(c)) => End::Colour(*c),
            _ => End::Edge,
        }
    }

    fn ends(&self, start: usize, len: usize) -> (End, End) {
        (self.left_end(start), self.right_end(start + len))
    }

    fn add_run(&mut self, start: usize, len: usize) {
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

    fn remove_run(&mut self, start: usize) -> usize {
        let len = self.runs.remove(&start).expect("a run starts here");
        let (l, r) = self.ends(start, len);
        self.truth ^= run_grundy_formula(len as u64, l, r);
        self.belief ^= self.bug.believed_value(len, l, r);
        self.live.remove(&start);
        len
    }

    /// The run holding cell `at`: (first cell, length).
    fn run_at(&self, at: usize) -> Option<(usize, usize)> {
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

    /// Value of what a run (start, len) becomes after `c` goes to its offset `at`, by `value`,
    /// or None when that move is illegal.
    fn after(
        &self,
        start: usize,
        len: usize,
        at: usize,
        c: Colour,
        value: impl Fn(usize, End, End) -> u64,
    ) -> Option<u64> {
        let (l, r) = self.ends(start, len);
        let mid = End::Colour(c);
        if (at == 0 && l == mid) || (at + 1 == len && r == mid) {
            return None;
        }
        Some(value(at, l, mid) ^ value(len - 1 - at, mid, r))
    }

    fn true_after(&self, start: usize, len: usize, at: usize, c: Colour) -> Option<u64> {
        self.after(start, len, at, c, |n, l, r| {
            run_grundy_formula(n as u64, l, r)
        })
    }

    /// The live runs that touch a strip end (at most two, or the one empty strip).
    fn end_runs(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for start in [self.live.first(), self.live.last()].into_iter().flatten() {
            let len = self.runs[start];
            let (l, r) = self.ends(*start, len);
            if (l == End::Edge || r == End::Edge) && !out.contains(&(*start, len)) {
                out.push((*start, len));
            }
        }
        out
    }

    /// Up to `count` live runs between two marks: the first ones, then random probes.
    fn inner_runs(&mut self, first: usize, probes: usize) -> Vec<(usize, usize)> {
        let mut out: Vec<(usize, usize)> = Vec::new();
        let inner = |p: &Player, s: usize| {
            let (l, r) = p.ends(s, p.runs[&s]);
            l != End::Edge && r != End::Edge
        };
        for &s in self.live.iter().take(first + 2) {
            if inner(self, s) && out.len() < first {
                out.push((s, self.runs[&s]));
            }
        }
        for _ in 0..probes {
            let p = self.rng.index(self.cells.len());
            if let Some(&s) = self.live.range(p..).next() {
                if inner(self, s) && !out.iter().any(|&(o, _)| o == s) {
                    out.push((s, self.runs[&s]));
                }
            }
        }
        out
    }

    /// Offsets worth trying in a run of `len` moved to value `t`: its ends, its middle, and
    /// `t` counted from either end (by the closed form one of them always wins).
    fn offsets(len: usize, t: u64) -> Vec<usize> {
        let t = usize::try_from(t).unwrap_or(usize::MAX / 2).min(len + 2);
        let mut v = vec![
            0,
            1,
            len.wrapping_sub(1),
            len.wrapping_sub(2),
            len.wrapping_sub(1) / 2,
            len / 2,
            t,
            t + 1,
            t.wrapping_sub(1),
            len.wrapping_sub(1 + t),
            len.wrapping_sub(t),
            len.wrapping_sub(2 + t),
        ];
        v.retain(|&o| o < len);
        v
    }

    /// A uniform-ish legal move: the live run holding a random cell (else the next live run),
    /// a random cell of it and a random symbol; the run's first legal move if that fails.
    pub fn random_move(&mut self) -> Option<(usize, Colour)> {
        if self.live.is_empty() {
            return None;
        }
        let p = self.rng.index(self.cells.len());
        let holding = self.run_at(p).map(|(s, _)| s);
        let start = *holding
            .as_ref()
            .filter(|s| self.live.contains(s))
            .or_else(|| self.live.range(p..).next())
            .or_else(|| self.live.first())
            .expect("non-empty");
        let len = self.runs[&start];
        let at = start + self.rng.index(len);
        let c = Colour::BOTH[self.rng.index(2)];
        [c, other(c)]
            .into_iter()
            .find(|&c| self.is_legal(at, c))
            .map(|c| (at, c))
            .or_else(|| {
                (start..start + len)
                    .flat_map(|a| Colour::BOTH.map(|c| (a, c)))
                    .find(|&(a, c)| self.is_legal(a, c))
            })
    }

    /// A move to a believed (or true) total of 0 in the end runs and then in up to 64 runs
    /// between marks; None if there is none there.
    fn move_to_zero(&mut self, by_belief: bool, inner_too: bool) -> Option<(usize, Colour)> {
        let bug = if by_belief { self.bug } else { Bug::Right };
        let value = move |n: usize, l: End, r: End| bug.believed_value(n, l, r);
        let total = if by_belief {
            self.believed_total()
        } else {
            self.truth
        };
        if total == 0 {
            return None;
        }
        let mut runs = self.end_runs();
        if inner_too {
            runs.extend(self.inner_runs(64, 0));
        }
        for (start, len) in runs {
            let (l, r) = self.ends(start, len);
            let t = total ^ value(len, l, r);
            for at in Self::offsets(len, t) {
                for c in Colour::BOTH {
                    if self.after(start, len, at, c, value) == Some(t) {
                        return Some((start + at, c));
                    }
                }
            }
        }
        None
    }

    /// The winning moves it collects (truth): both of each end run's (at most two per run,
    /// found among the offsets above; every offset of the empty strip), and when the total is
    /// 1 a few random moves in runs between marks (every move there wins then).
    pub fn winning_moves(&mut self) -> Vec<(usize, Colour)> {
        let x = self.truth;
        let mut out = Vec::new();
        if x == 0 {
            return out;
        }
        let mut runs = self.end_runs();
        if x == 1 {
            runs.extend(self.inner_runs(4, 6));
        }
        for (start, len) in runs {
            let (l, r) = self.ends(start, len);
            let t = x ^ run_grundy_formula(len as u64, l, r);
            let offsets: Vec<usize> = if l == End::Edge && r == End::Edge {
                (0..len).collect()
            } else if l != End::Edge && r != End::Edge {
                let mut o = Self::offsets(len, t);
                o.push(self.rng.index(len));
                o
            } else {
                let t1 = t ^ 1;
                Self::offsets(len, t)
                    .into_iter()
                    .chain(Self::offsets(len, t1))
                    .collect()
            };
            for at in offsets {
                for c in Colour::BOTH {
                    let m = (start + at, c);
                    if self.true_after(start, len, at, c) == Some(t) && !out.contains(&m) {
                        out.push(m);
                    }
                }
            }
        }
        out
    }

    /// How many (cell, symbol) options a move takes away: its cell's, and its symbol on the
    /// neighbouring cells.
    pub fn options_lost(&self, at: usize, c: Colour) -> usize {
        let own = Colour::BOTH
            .iter()
            .filter(|&&s| self.is_legal(at, s))
            .count();
        let beside = [at.checked_sub(1), at.checked_add(1)]
            .into_iter()
            .flatten()
            .filter(|&j| self.is_legal(j, c))
            .count();
        own + beside
    }

    /// A legal move that leaves the opponent a won position, if random tries find one: random
    /// moves, then random cells of the end runs (when the total is 1 every move between two
    /// marks wins, so the losing moves are there).
    pub fn blunder(&mut self) -> Option<(usize, Colour)> {
        let mut tries: Vec<(usize, Colour)> = (0..20).filter_map(|_| self.random_move()).collect();
        for (start, len) in self.end_runs() {
            for _ in 0..20 {
                let at = start + self.rng.index(len);
                tries.push((at, Colour::BOTH[self.rng.index(2)]));
            }
        }
        tries.into_iter().find(|&(at, c)| {
            let Some((start, len)) = self.run_at(at) else {
                return false;
            };
            let (l, r) = self.ends(start, len);
            let rest = self.truth ^ run_grundy_formula(len as u64, l, r);
            self.true_after(start, len, at - start, c)
                .is_some_and(|v| v ^ rest != 0)
        })
    }

    /// The variant's move for the player to move (None when there is no legal move).
    pub fn choose(&mut self) -> Option<(usize, Colour)> {
        if !self.has_move() {
            return None;
        }
        let chosen = match self.bug {
            Bug::RandomWinning => {
                let moves = self.winning_moves();
                (!moves.is_empty()).then(|| moves[self.rng.index(moves.len())])
            }
            Bug::LongestWinning => {
                let moves = self.winning_moves();
                moves
                    .into_iter()
                    .min_by_key(|&(at, c)| self.options_lost(at, c))
            }
            Bug::EdgesOnly => self.move_to_zero(false, false),
            Bug::Blunder1000 if self.rng.index(1000) == 0 => {
                self.blunder().or_else(|| self.move_to_zero(false, true))
            }
            Bug::ColourIgnored => self.move_to_zero(false, true).map(|(at, c)| {
                if self.is_legal(at, Colour::One) {
                    (at, Colour::One)
                } else {
                    (at, c)
                }
            }),
            bug => self.move_to_zero(bug.judges_by_belief(), true),
        };
        chosen.or_else(|| self.random_move())
    }
}
