//! The strip placement game behind UVa 11534 "Say Goodbye to Tic-Tac-Toe" (`tictactoe`) and
//! SGU 328 "A Coloring Game" (`coloring`).
//!
//! Rules (both problems): a 1×N strip of cells; a move puts one of two colours into an empty
//! cell that has no neighbour of the same colour; a player with no move loses. UVa writes the
//! colours `X`/`O` and an empty cell `.`; SGU writes them `1`/`2` and an empty cell `0`.
//!
//! Theory. A mark never constrains anything beyond its two neighbours, so the marks cut the
//! strip into independent runs of empty cells, each bounded on either side by the strip's edge
//! or by a colour. The position is the disjunctive sum of its runs, and its Grundy value is the
//! xor of the runs' values (Sprague–Grundy). For a run of `L ≥ 1` empty cells:
//!
//! | left end | right end        | Grundy value |
//! |----------|------------------|--------------|
//! | edge     | edge             | `L mod 2`    |
//! | edge     | colour (or back) | `L`          |
//! | colour c | colour c         | `1`          |
//! | colour c | the other colour | `0`          |
//!
//! (the closed form stated in the project's problems.md for SGU 328). This module holds both
//! the plain mex recurrence over runs, [`RunGrundyTable::by_mex`], and that closed form,
//! [`run_grundy_formula`]; `games/strip/tests/solution.rs` equates them for every length up to 5000 and checks
//! whole positions against an exhaustive game search that uses neither.
//! [`ValuedStrip`] keeps a strip valued under moves by both: the referee's evaluator, which
//! the strip generator also uses to make lost starts.
//!
//! ## Proof of the closed form for every length
//!
//! Write `f(L, a, b)` for the table's value; runs of length 0 are worth 0, as the table says.
//! By induction on `L ≥ 1`, assuming the table for all shorter runs (the parts a move leaves
//! are shorter). Putting colour `e` at offset `i` (`0 ≤ i < L`, counted from the left end `a`)
//! leaves `f(i, a, e) xor f(L-1-i, e, b)`; the move is illegal exactly when the cell touches an
//! end of colour `e` (`i = 0` and `a = e`, or `i = L-1` and `b = e`). Let `c ≠ d` be the two
//! colours.
//!
//! - `(c, d)`: `e = c` needs `i ≥ 1` and leaves `1 xor 0`; `e = d` needs `i ≤ L-2` and leaves
//!   `0 xor 1`. Every option is worth 1 (and `L = 1` has none), so the mex is 0.
//! - `(c, c)`: `e = d` is legal everywhere and leaves `0 xor 0`; `e = c` needs
//!   `1 ≤ i ≤ L-2` and leaves `1 xor 1`. Every option is worth 0 and there is one, so 1.
//! - `(edge, c)` (the mirror image `(c, edge)` is the same game): `e = d` at offset `i` leaves
//!   `i xor 0 = i` for every `i` in `0..L`, so every value below `L` is an option; `e = c` at
//!   `i ≤ L-2` leaves `i xor 1 ≤ i + 1 ≤ L-1`. The options are exactly `0..L`: the mex is `L`.
//! - `(edge, edge)`: any colour at `i` leaves `i xor (L-1-i)`, and `x xor y` has the parity of
//!   `x + y = L-1`. For odd `L` every option is even, and `i = (L-1)/2` gives 0: the mex is 1.
//!   For even `L` every option is odd: the mex is 0. So `L mod 2`.
//!
//! Values can be large only for end runs (`f(L, edge, c) = L`), and the options of an end run
//! are exactly the values below it, so a winning move changes an end run to
//! `value xor total` by colouring the cell that many cells from the strip's edge with the
//! colour the run does not touch. `games/strip/tests/solution.rs` also checks each step of this induction
//! (the mex of the options valued by the closed form is the closed form) at run lengths up to
//! 10^6, the project's largest strip.

pub mod board;
pub mod check;
pub mod gen;
pub mod play;
pub mod shrink;
pub mod validate;

/// The problems of this game, as the registry lists them.
pub const TICTACTOE: combgames_core::problem::Problem = combgames_core::problem::Problem {
    name: "tictactoe",
    gen: &gen::TICTACTOE,
    validator: &validate::TICTACTOE,
    play: &play::PLAY_TICTACTOE,
    shrink: shrink::tictactoe,
    judge_sized: (100, Some(300)),
    largest: Some(combgames_core::problem::Largest {
        kind: "ends",
        size: 100,
        count: Some(10_000),
    }),
    board: board::board_tictactoe,
    notation: board::NOTATION_TICTACTOE,
    sides: ["the first player", "the second player"],
    human: board::HUMAN,
    replay: concat!(include_str!("replay.js"), "\nreturn strip('.XO');\n"),
};
pub const COLORING: combgames_core::problem::Problem = combgames_core::problem::Problem {
    name: "coloring",
    gen: &gen::COLORING,
    validator: &validate::COLORING,
    play: &play::PLAY_COLORING,
    shrink: shrink::coloring,
    judge_sized: (100_000, None),
    largest: Some(combgames_core::problem::Largest {
        kind: "mixed",
        size: 100_000,
        count: None,
    }),
    board: board::board_coloring,
    notation: board::NOTATION_COLORING,
    sides: ["the first player", "the second player"],
    human: board::HUMAN,
    replay: concat!(include_str!("replay.js"), "\nreturn strip('012');\n"),
};

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::sync::{Arc, Mutex};

/// One of the two colours. UVa's `X`/SGU's `1` is `One`, UVa's `O`/SGU's `2` is `Two`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    One,
    Two,
}

impl Colour {
    pub const BOTH: [Colour; 2] = [Colour::One, Colour::Two];

    /// UVa 11534's letter for this colour.
    pub fn mark(self) -> char {
        match self {
            Colour::One => 'X',
            Colour::Two => 'O',
        }
    }

    /// The colour that is not this one.
    pub fn other(self) -> Colour {
        match self {
            Colour::One => Colour::Two,
            Colour::Two => Colour::One,
        }
    }

    /// SGU 328's digit for this colour.
    pub fn digit(self) -> char {
        match self {
            Colour::One => '1',
            Colour::Two => '2',
        }
    }
}

/// A cell of the strip: empty, or holding a colour.
pub type Cell = Option<Colour>;

/// What bounds a run of empty cells on one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// The end of the strip.
    Edge,
    /// A coloured cell.
    Colour(Colour),
}

impl End {
    pub const ALL: [End; 3] = [
        End::Edge,
        End::Colour(Colour::One),
        End::Colour(Colour::Two),
    ];

    fn index(self) -> usize {
        match self {
            End::Edge => 0,
            End::Colour(Colour::One) => 1,
            End::Colour(Colour::Two) => 2,
        }
    }

    /// May `colour` be placed in the run cell next to this end?
    fn allows(self, colour: Colour) -> bool {
        self != End::Colour(colour)
    }
}

/// Grundy values of runs of every length `0..=max_len` and every pair of ends, computed by the
/// plain mex recurrence (no closed form).
pub struct RunGrundyTable {
    /// `values[len][left][right]`, ends indexed by [`End::index`].
    values: Vec<[[u32; 3]; 3]>,
}

impl RunGrundyTable {
    /// The mex recurrence: placing colour `c` at offset `i` of a run of `len` cells between
    /// `left` and `right` leaves a run of `i` cells between `left` and `c` and one of
    /// `len - 1 - i` cells between `c` and `right`; the move is legal unless the cell touches an
    /// end of colour `c`. Runs of length 0 have value 0. Time O(max_len²).
    pub fn by_mex(max_len: usize) -> RunGrundyTable {
        let mut values = vec![[[0u32; 3]; 3]; max_len + 1];
        // Grundy values of runs of length < len are at most len (the closed form says so, but
        // the table does not rely on it: `seen` grows when a larger value shows up).
        let mut seen: Vec<usize> = Vec::new();
        for len in 1..=max_len {
            for left in End::ALL {
                for right in End::ALL {
                    // `seen[g] == len * 9 + pair + 1` marks g as an option of this run.
                    let stamp = len * 9 + left.index() * 3 + right.index() + 1;
                    for at in 0..len {
                        for colour in Colour::BOTH {
                            if at == 0 && !left.allows(colour) {
                                continue;
                            }
                            if at == len - 1 && !right.allows(colour) {
                                continue;
                            }
                            let mid = End::Colour(colour).index();
                            let g = values[at][left.index()][mid]
                                ^ values[len - 1 - at][mid][right.index()];
                            let g = g as usize;
                            if g >= seen.len() {
                                seen.resize(2 * g + 2, 0);
                            }
                            seen[g] = stamp;
                        }
                    }
                    let mex = (0..).find(|&g| seen.get(g) != Some(&stamp)).unwrap_or(0);
                    values[len][left.index()][right.index()] = mex as u32;
                }
            }
        }
        RunGrundyTable { values }
    }

    /// The longest run length in the table.
    pub fn max_len(&self) -> usize {
        self.values.len() - 1
    }

    /// Grundy value of a run of `len` empty cells between `left` and `right`, or `None` when
    /// `len` exceeds the table.
    pub fn get(&self, len: usize, left: End, right: End) -> Option<u32> {
        self.values
            .get(len)
            .map(|by_left| by_left[left.index()][right.index()])
    }
}

/// The mex table of run Grundy values for lengths `0..=max_len` (see [`RunGrundyTable::by_mex`]).
pub fn run_grundy_dp(max_len: usize) -> RunGrundyTable {
    RunGrundyTable::by_mex(max_len)
}

/// Closed form of the Grundy value of a run of `len` empty cells between `left` and `right`
/// (table in the module docs). A run of length 0 has value 0.
pub fn run_grundy_formula(len: u64, left: End, right: End) -> u64 {
    if len == 0 {
        return 0;
    }
    match (left, right) {
        (End::Edge, End::Edge) => len % 2,
        (End::Edge, End::Colour(_)) | (End::Colour(_), End::Edge) => len,
        (End::Colour(a), End::Colour(b)) => u64::from(a == b),
    }
}

/// The first index `i` with cells `i` and `i + 1` holding the same colour: a strip with such a
/// pair cannot arise in play (every prefix of play keeps the colouring proper).
pub fn first_conflict(cells: &[Cell]) -> Option<usize> {
    cells
        .windows(2)
        .position(|w| w[0].is_some() && w[0] == w[1])
}

/// Whether `colour` may be placed in cell `at`: the cell exists, is empty and has no neighbour
/// of that colour.
pub fn is_legal_move(cells: &[Cell], at: usize, colour: Colour) -> bool {
    let neighbour_has = |i: Option<usize>| i.and_then(|i| cells.get(i)) == Some(&Some(colour));
    cells.get(at) == Some(&None)
        && !neighbour_has(at.checked_sub(1))
        && !neighbour_has(at.checked_add(1))
}

/// Number of marks on the strip; in UVa 11534 it is Alice's turn when it is even.
pub fn marks(cells: &[Cell]) -> usize {
    cells.iter().filter(|c| c.is_some()).count()
}

/// The runs of empty cells of a strip with their ends, as `(len, left, right)`, left to right.
pub fn runs(cells: &[Cell]) -> Vec<(u64, End, End)> {
    located_runs(cells)
        .into_iter()
        .map(|(_, len, left, right)| (len, left, right))
        .collect()
}

/// The runs with the index of their first cell: `(start, len, left, right)`.
fn located_runs(cells: &[Cell]) -> Vec<(usize, u64, End, End)> {
    let mut out = Vec::new();
    let mut left = End::Edge;
    let mut start = 0;
    for (i, cell) in cells.iter().enumerate() {
        if let Some(c) = cell {
            if i > start {
                out.push((start, (i - start) as u64, left, End::Colour(*c)));
            }
            left = End::Colour(*c);
            start = i + 1;
        }
    }
    if cells.len() > start {
        out.push((start, (cells.len() - start) as u64, left, End::Edge));
    }
    out
}

/// A move to a position of value 0 (so the player to move wins by it), or `None` when the
/// position is already 0 (every move loses against best play). Tries each cell of each run
/// once with the closed form, O(N) in all: a move in a run only changes that run's value.
pub fn winning_move(cells: &[Cell]) -> Option<(usize, Colour)> {
    let total = position_grundy(cells);
    if total == 0 {
        return None;
    }
    for (start, len, left, right) in located_runs(cells) {
        let wanted = total ^ run_grundy_formula(len, left, right);
        for at in 0..len {
            for colour in Colour::BOTH {
                let mid = End::Colour(colour);
                let touches_same = (at == 0 && left == mid) || (at == len - 1 && right == mid);
                if !touches_same
                    && run_grundy_formula(at, left, mid)
                        ^ run_grundy_formula(len - 1 - at, mid, right)
                        == wanted
                {
                    return Some((start + at as usize, colour));
                }
            }
        }
    }
    None
}

/// Grundy value of a whole proper strip: the xor of its runs' closed-form values. The player to
/// move wins exactly when it is non-zero.
pub fn position_grundy(cells: &[Cell]) -> u64 {
    runs(cells)
        .into_iter()
        .fold(0, |g, (len, l, r)| g ^ run_grundy_formula(len, l, r))
}

// ---------------------------------------------------------------------------------------------
// The referee's evaluator: a strip kept valued under moves.

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
/// length by induction in the module docs; games/strip/tests/solution.rs equates it to the table for every
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

/// Parses a strip in UVa 11534's notation (`.`, `X`, `O`); the colouring must be proper.
pub fn parse_marks(s: &str) -> Result<Vec<Cell>, StripError> {
    parse_with(s, |ch| match ch {
        '.' => Some(None),
        'X' => Some(Some(Colour::One)),
        'O' => Some(Some(Colour::Two)),
        _ => None,
    })
}

/// Parses a strip in SGU 328's notation (`0`, `1`, `2`); the colouring must be proper.
pub fn parse_digits(s: &str) -> Result<Vec<Cell>, StripError> {
    parse_with(s, |ch| match ch {
        '0' => Some(None),
        '1' => Some(Some(Colour::One)),
        '2' => Some(Some(Colour::Two)),
        _ => None,
    })
}

/// Why a text is not a proper strip ([`parse_marks`], [`parse_digits`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StripError {
    /// A character that is no cell of the notation, at this cell (counted from 1).
    BadCell { at: usize, ch: char },
    /// No cell at all.
    Empty,
    /// Cells `at` and `at + 1` (counted from 1) hold the same colour.
    SameColour { at: usize },
}

impl fmt::Display for StripError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StripError::BadCell { at, ch } => {
                write!(f, "cell {at}: {ch:?} is not a cell of the strip")
            }
            StripError::Empty => write!(f, "empty strip"),
            StripError::SameColour { at } => {
                write!(f, "cells {} and {} hold the same colour", at, at + 1)
            }
        }
    }
}

impl std::error::Error for StripError {}

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

fn parse_with(s: &str, cell_of: impl Fn(char) -> Option<Cell>) -> Result<Vec<Cell>, StripError> {
    let mut cells = Vec::with_capacity(s.len());
    for (i, ch) in s.chars().enumerate() {
        match cell_of(ch) {
            Some(cell) => cells.push(cell),
            None => return Err(StripError::BadCell { at: i + 1, ch }),
        }
    }
    if cells.is_empty() {
        return Err(StripError::Empty);
    }
    if let Some(i) = first_conflict(&cells) {
        return Err(StripError::SameColour { at: i + 1 });
    }
    Ok(cells)
}

/// A cell in UVa 11534's notation.
pub fn mark_of(cell: Cell) -> char {
    cell.map_or('.', Colour::mark)
}

/// A cell in SGU 328's notation.
pub fn digit_of(cell: Cell) -> char {
    cell.map_or('0', Colour::digit)
}

/// Writes a strip in UVa 11534's notation.
pub fn to_marks(cells: &[Cell]) -> String {
    cells.iter().copied().map(mark_of).collect()
}

/// Writes a strip in SGU 328's notation.
pub fn to_digits(cells: &[Cell]) -> String {
    cells.iter().copied().map(digit_of).collect()
}
