//! The strip placement game as the referee plays it, in both notations: `tictactoe`
//! (UVa 11534: cells `.`, `X`, `O`) and `coloring` (SGU 328: cells `0`, `1`, `2`).
//!
//! State kept between moves (no rescan of the strip): the cells, the *live* runs (runs of empty
//! cells with at least one legal move) by their first cell, each with its Grundy value, the
//! runs grouped by value, and the xor of all values. A move changes one run into at most two,
//! so it costs O(log n). A run with no legal move (one cell between different colours) has
//! value 0 (the mex of no options) and is not stored.
//!
//! Values come from [`RunGrundyTable::by_mex`] (src/strip.rs), the plain mex recurrence over
//! (length, left end, right end), computed once per process up to the longest strip played, but
//! at most [`DP_CAP`] cells. Longer runs take the closed form [`run_grundy_formula`], proven for
//! every length by induction in src/strip.rs; tests/strip.rs equates it to the table for every
//! length up to 5000 ≥ DP_CAP and checks the induction step at lengths up to 10^6
//! ([`MAX_CELLS`]), so every move of every strip the referee accepts is judged exactly. The
//! solution's own formula (the streamed xor of the edge runs and a parity) is used nowhere
//! here, and no solution file is included (tests/referee_strip.rs checks that).

use super::{rotated, MoveError, Play, TypedRound};
use crate::rng::Rng;
use crate::strip::{self, run_grundy_formula, Cell, Colour, End, RunGrundyTable};
use std::collections::{BTreeMap, BTreeSet};
// In the prelude from edition 2021 only; the bundled validator also builds with 2018.
use std::convert::TryFrom;
use std::sync::{Arc, Mutex};

/// Longest strip either game accepts (issue 5: strips up to 10^6 cells).
pub const MAX_CELLS: u64 = 1_000_000;

/// The strip game in one notation. Closures cannot capture the notation in a constant, so
/// each notation gets its own closures; a macro and not a `const fn`, since Rust 1.70 (the
/// judges' compiler, which builds the bundled Kattis referee) refuses `&mut` in the function
/// pointer types of a `const fn`.
macro_rules! strip_play {
    ($notation:expr) => {
        Play {
            size_is: "cells",
            min_size: 1,
            default_size: match $notation {
                Notation::Marks => DEFAULT_SIZE_TICTACTOE,
                Notation::Digits => DEFAULT_SIZE_COLORING,
            },
            max_size: MAX_CELLS,
            move_cap: MOVE_CAP,
            max_line: crate::referee::peer::MAX_LINE,
            options: &[],
            generate: |spec, _, rng| generate_in($notation, spec, rng),
            position_lines: match $notation {
                Notation::Marks => super::one_line,
                // `N`, then the digits.
                Notation::Digits => |_| Ok(2),
            },
            from_line: |line| Ok(Box::new(StripRound::from_line($notation, line)?)),
            // Cell 0 does not exist.
            illegal_move: match $notation {
                Notation::Marks => |_| "0 X".to_owned(),
                Notation::Digits => |_| "0 1".to_owned(),
            },
        }
    };
}

/// How the referee plays tictactoe (see the registry).
pub const PLAY_TICTACTOE: Play = strip_play!(Notation::Marks);
/// How the referee plays coloring: the same game in digits.
pub const PLAY_COLORING: Play = strip_play!(Notation::Digits);

fn generate_in(
    notation: Notation,
    spec: &super::RoundSpec,
    rng: &mut Rng,
) -> Result<Box<dyn super::Round>, String> {
    let range = spec.size.unwrap_or(match notation {
        Notation::Marks => DEFAULT_SIZE_TICTACTOE,
        Notation::Digits => DEFAULT_SIZE_COLORING,
    });
    Ok(Box::new(StripRound::generate(notation, range, rng)?))
}

/// Default strip lengths, log-uniform (the same number of rounds for every bit length): a third
/// of the rounds are judge-size strips of at most 100 cells, the rest reach the project's 10^6,
/// with end runs of hundreds to hundreds of thousands of cells.
pub const DEFAULT_SIZE_TICTACTOE: (u64, u64) = (1, MAX_CELLS);
pub const DEFAULT_SIZE_COLORING: (u64, u64) = (1, MAX_CELLS);
/// Moves (both sides) after which a round is cut. Every move up to the cut is judged; a game on
/// a long strip lasts about as many moves as it has cells, and its first few thousand moves
/// already meet every kind of run. With it a default session of 20 rounds makes about 20 000
/// judged moves of the solution (a player that blunders once in 1000 moves is caught) in about
/// a second.
pub const MOVE_CAP: u64 = 4000;

/// Longest run valued by the mex table; beyond it the closed form (proven for every length,
/// tested equal to the table up to 5000). The table costs O(len²): about 0.1 s at 2048.
pub const DP_CAP: usize = 2048;

/// Up to this many empty cells the unique-reply trap tries every move (each try counts the
/// replies over the whole strip); on larger strips it samples a few.
const UNIQUE_REPLY_ALL_MOVES: usize = 40;
/// Above this length the unique-reply trap is not tried at all (O(n) per candidate).
const UNIQUE_REPLY_MAX_CELLS: usize = 400;

/// How positions and moves are written: the two problems' alphabets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// UVa 11534: `.`, `X`, `O`; the position is the strip line alone.
    Marks,
    /// SGU 328: `0`, `1`, `2`; the position is `N`, then the digit line.
    Digits,
}

impl Notation {
    fn game(self) -> &'static str {
        match self {
            Notation::Marks => "tictactoe",
            Notation::Digits => "coloring",
        }
    }

    fn symbol(self, colour: Colour) -> char {
        match self {
            Notation::Marks => colour.mark(),
            Notation::Digits => colour.digit(),
        }
    }

    fn colour_of(self, text: &str) -> Option<Colour> {
        Colour::BOTH
            .iter()
            .copied()
            .find(|&c| text.len() == 1 && text.starts_with(self.symbol(c)))
    }

    fn strip_text(self, cells: &[Cell]) -> String {
        match self {
            Notation::Marks => strip::to_marks(cells),
            Notation::Digits => strip::to_digits(cells),
        }
    }

    /// The position in the problem's single-case input format.
    fn position(self, cells: &[Cell]) -> String {
        match self {
            Notation::Marks => self.strip_text(cells),
            Notation::Digits => format!("{}\n{}", cells.len(), self.strip_text(cells)),
        }
    }

    /// Reads a position written by [`Notation::position`] (lines may be split anyhow by
    /// whitespace: a replayed script joins them with `\n`).
    pub fn parse_position(self, text: &str) -> Result<Vec<Cell>, String> {
        let tokens: Vec<&str> = text.split_whitespace().collect();
        let strip_text = match (self, tokens.as_slice()) {
            (Notation::Marks, [strip]) => *strip,
            (Notation::Digits, [n, digits]) => {
                let n: usize = n.parse().map_err(|_| format!("bad N in {text:?}"))?;
                if n != digits.len() {
                    return Err(format!("N = {n} but {} digits", digits.len()));
                }
                *digits
            }
            _ => return Err(format!("{text:?} is not a {} position", self.game())),
        };
        let cells = match self {
            Notation::Marks => strip::parse_marks(strip_text),
            Notation::Digits => strip::parse_digits(strip_text),
        }
        .map_err(|e| format!("{} position: {e}", self.game()))?;
        Ok(cells)
    }
}

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

#[derive(Clone, Copy, Debug)]
struct Run {
    len: usize,
    value: u32,
}

#[derive(Clone)]
pub struct StripRound {
    notation: Notation,
    start: String,
    cells: Vec<Cell>,
    empty: usize,
    /// Live runs by their first cell.
    runs: BTreeMap<usize, Run>,
    /// First cells of the live runs, by the runs' value.
    by_value: BTreeMap<u32, BTreeSet<usize>>,
    xor: u32,
    table: Arc<RunGrundyTable>,
}

impl StripRound {
    pub fn new(notation: Notation, cells: Vec<Cell>) -> Result<StripRound, String> {
        let n = cells.len();
        if n == 0 || n as u64 > MAX_CELLS {
            return Err(format!(
                "{} needs 1 ≤ N ≤ {MAX_CELLS}, got {n}",
                notation.game()
            ));
        }
        if let Some(i) = strip::first_conflict(&cells) {
            return Err(format!(
                "cells {} and {} hold the same colour",
                i + 1,
                i + 2
            ));
        }
        let mut round = StripRound {
            notation,
            start: notation.position(&cells),
            empty: cells.iter().filter(|c| c.is_none()).count(),
            cells,
            runs: BTreeMap::new(),
            by_value: BTreeMap::new(),
            xor: 0,
            table: table_covering(n),
        };
        let mut run_start = 0;
        for i in 0..=n {
            if i == n || round.cells[i].is_some() {
                if i > run_start {
                    round.add_run(run_start, i - run_start);
                }
                run_start = i + 1;
            }
        }
        Ok(round)
    }

    /// A position for a generated round of `lo..=hi` cells (log-uniform); see [`StripShape`].
    pub fn generate(
        notation: Notation,
        (lo, hi): (u64, u64),
        rng: &mut Rng,
    ) -> Result<StripRound, String> {
        let (lo, hi) = (lo.clamp(1, MAX_CELLS), hi.clamp(1, MAX_CELLS));
        let n = rng.log_range(lo, hi.max(lo));
        let shape = StripShape::pick(rng);
        let shortest = usize::try_from(lo).map_err(|e| e.to_string())?;
        let n = usize::try_from(n).map_err(|e| e.to_string())?;
        let cells = shape.cells(n, shortest, rng);
        let mut round = StripRound::new(notation, cells)?;
        // A third of the non-empty shapes are turned into `second` positions: from a won
        // position, the evaluator's winning move leads to one that is lost for the mover.
        if shape != StripShape::Empty && rng.index(3) == 0 && round.xor != 0 {
            let (at, colour) = round.find_winning_move()?;
            round.place(at, colour)?;
            round.start = notation.position(&round.cells);
        }
        Ok(round)
    }

    pub fn from_line(notation: Notation, text: &str) -> Result<StripRound, String> {
        StripRound::new(notation, notation.parse_position(text)?)
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

    /// Grundy value of a run: the mex table within it, the closed form beyond (module docs).
    fn value(&self, len: usize, left: End, right: End) -> u32 {
        match self.table.get(len, left, right) {
            Some(v) => v,
            // Run lengths are at most MAX_CELLS, so the closed form (≤ len) fits.
            None => run_grundy_formula(len as u64, left, right) as u32,
        }
    }

    fn add_run(&mut self, start: usize, len: usize) {
        let (left, right) = (self.left_end(start), self.right_end(start + len));
        if len == 0 || !run_is_live(len, left, right) {
            return;
        }
        let value = self.value(len, left, right);
        self.runs.insert(start, Run { len, value });
        self.by_value.entry(value).or_default().insert(start);
        self.xor ^= value;
    }

    fn remove_run(&mut self, start: usize) -> Option<Run> {
        let run = self.runs.remove(&start)?;
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
    fn run_at(&self, at: usize) -> Option<(usize, Run)> {
        let (&start, &run) = self.runs.range(..=at).next_back()?;
        (at < start + run.len).then_some((start, run))
    }

    /// Puts `colour` in cell `at`, keeping the runs and the xor; the move must be legal.
    fn place(&mut self, at: usize, colour: Colour) -> Result<(), String> {
        let (start, run) = self
            .run_at(at)
            .ok_or_else(|| format!("cell {} is in no live run", at + 1))?;
        self.remove_run(start);
        self.cells[at] = Some(colour);
        self.empty -= 1;
        self.add_run(start, at - start);
        self.add_run(at + 1, start + run.len - at - 1);
        Ok(())
    }

    /// Value of what is left of run (start, len) after `colour` goes to offset `at`, or None
    /// when that move is illegal.
    fn value_after(&self, start: usize, len: usize, at: usize, colour: Colour) -> Option<u32> {
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
    fn find_winning_move(&self) -> Result<(usize, Colour), String> {
        if self.xor == 0 {
            return Err(format!("no winning move at {}", self.describe()));
        }
        let top = 1u32 << (31 - self.xor.leading_zeros());
        let (&value, starts) = self
            .by_value
            .range(top..)
            .find(|(v, _)| *v & top != 0)
            .ok_or_else(|| format!("xor {} but no run with bit {top}", self.xor))?;
        let start = *starts
            .iter()
            .next()
            .ok_or_else(|| "empty value group".to_owned())?;
        let run = self.runs[&start];
        self.move_to_value(start, run, value ^ self.xor)
            .ok_or_else(|| {
                format!(
                "evaluator inconsistency: run of {} at cell {} has value {value} but no move to {}",
                run.len,
                start + 1,
                value ^ self.xor
            )
            })
    }

    /// Some legal move, about uniform over the cells: the run holding a random cell, else the
    /// next live run (wrapping).
    fn sample_move(&self, rng: &mut Rng) -> Option<(usize, Colour)> {
        let p = rng.index(self.cells.len());
        let (start, run) = self
            .run_at(p)
            .or_else(|| self.runs.range(p..).next().map(|(&s, &r)| (s, r)))
            .or_else(|| self.runs.iter().next().map(|(&s, &r)| (s, r)))?;
        let at = start + rng.index(run.len);
        let first = Colour::BOTH[rng.index(2)];
        let other = if first == Colour::One {
            Colour::Two
        } else {
            Colour::One
        };
        [first, other]
            .iter()
            .copied()
            .find(|&c| strip::is_legal_move(&self.cells, at, c))
            .map(|c| (at, c))
            // An end cell of a live run of 1 may allow neither; any live run has some move.
            .or_else(|| self.move_in_run(start, run))
    }

    fn move_in_run(&self, start: usize, run: Run) -> Option<(usize, Colour)> {
        (start..start + run.len)
            .flat_map(|at| Colour::BOTH.map(|c| (at, c)))
            .find(|&(at, c)| strip::is_legal_move(&self.cells, at, c))
    }

    /// How many (cell, colour) options a move takes away: those of its cell, and its colour on
    /// the neighbouring cells. Fewer lost options keep the game longer.
    fn options_lost(&self, at: usize, colour: Colour) -> usize {
        let own = Colour::BOTH
            .iter()
            .filter(|&&c| strip::is_legal_move(&self.cells, at, c))
            .count();
        let beside = [at.checked_sub(1), at.checked_add(1)]
            .iter()
            .flatten()
            .copied()
            .filter(|&j| strip::is_legal_move(&self.cells, j, colour))
            .count();
        own + beside
    }

    /// Winning replies for the player to move, counted up to 2, over every legal move.
    fn winning_replies(&self) -> usize {
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

    /// Parses `c S`: a 1-based cell and a symbol of the game's notation.
    fn parse_cell_colour(&self, line: &str) -> Result<(usize, Colour), MoveError> {
        let want = match self.notation {
            Notation::Marks => "`cell X` or `cell O`",
            Notation::Digits => "`cell 1` or `cell 2`",
        };
        let syntax = || MoveError::Syntax(format!("expected a move {want}, got {line:?}"));
        let (cell, symbol) = line.split_once(' ').ok_or_else(syntax)?;
        if cell.is_empty() || !cell.bytes().all(|b| b.is_ascii_digit()) {
            return Err(syntax());
        }
        let colour = self.notation.colour_of(symbol).ok_or_else(syntax)?;
        let n = self.cells.len();
        let at = cell
            .parse::<usize>()
            .ok()
            .filter(|c| (1..=n).contains(c))
            .ok_or_else(|| MoveError::Illegal(format!("cell {cell} is outside 1..={n}")))?;
        Ok((at - 1, colour))
    }
}

/// The kinds of start positions the generator mixes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum StripShape {
    /// Every cell empty: one run touching both ends (value N mod 2); an even N two times in
    /// three.
    Empty,
    /// Marks anywhere, at a random density.
    Random,
    /// Empty runs at both ends (values their lengths), each log-uniform up to half the strip
    /// (so hundreds and thousands of cells on long strips too), marks between them.
    EdgeRuns,
    /// A long empty run at one end only.
    OneEdgeRun,
    /// A few marks only (1..8): long runs between equal and between different marks.
    Sparse,
}

impl StripShape {
    fn pick(rng: &mut Rng) -> StripShape {
        use StripShape::*;
        [
            Empty, Empty, Random, Random, EdgeRuns, EdgeRuns, OneEdgeRun, Sparse, Sparse,
        ][rng.index(9)]
    }

    /// A proper colouring of `n` cells of this shape. Any proper colouring arises in play (its
    /// marks placed in any order are legal moves), so every one is a fair start.
    /// (`shortest`: the size range's lower end, which an empty strip made even respects.)
    fn cells(self, n: usize, shortest: usize, rng: &mut Rng) -> Vec<Cell> {
        let mut cells = vec![None; n];
        let (from, to, percent) = match self {
            // Two thirds of the empty strips have an even length, a lost start (the first
            // player's every move leaves two end runs of different lengths): as many lost
            // rounds as the other shapes get by being moved on (below).
            StripShape::Empty if n % 2 == 1 && n > shortest && rng.index(3) != 0 => {
                cells.pop();
                return cells;
            }
            StripShape::Empty => return cells,
            StripShape::Random => (0, n, rng.range(10, 70)),
            StripShape::EdgeRuns => {
                let half = n as u64 / 2 + 1;
                let a = rng.log_range(1, half) as usize - 1;
                let b = rng.log_range(1, half) as usize - 1;
                (a, n - b.min(n - a), rng.range(10, 70))
            }
            StripShape::OneEdgeRun => {
                let a = rng.range(n as u64 / 3, n as u64) as usize;
                if rng.index(2) == 0 {
                    (a, n, rng.range(10, 70))
                } else {
                    (0, n - a, rng.range(10, 70))
                }
            }
            StripShape::Sparse => (0, n, 0),
        };
        if self == StripShape::Sparse {
            for _ in 0..rng.range(1, 8) {
                let at = rng.index(n);
                sprinkle(&mut cells, at, rng);
            }
        } else {
            for at in from..to {
                if rng.range(1, 100) <= percent {
                    sprinkle(&mut cells, at, rng);
                }
            }
        }
        cells
    }
}

/// Puts a random colour in cell `at` if one is allowed there (left as is otherwise).
fn sprinkle(cells: &mut [Cell], at: usize, rng: &mut Rng) {
    let first = Colour::BOTH[rng.index(2)];
    for c in [
        first,
        if first == Colour::One {
            Colour::Two
        } else {
            Colour::One
        },
    ] {
        if strip::is_legal_move(cells, at, c) {
            cells[at] = Some(c);
            return;
        }
    }
}

impl TypedRound for StripRound {
    /// A cell (0-based) and the colour put there.
    type Move = (usize, Colour);

    fn position_line(&self) -> String {
        self.start.clone()
    }

    /// The strip itself when short; a summary for long strips (messages stay small and this
    /// stays O(1) per move).
    fn describe(&self) -> String {
        let n = self.cells.len();
        if n <= 120 {
            format!("{:?}", self.notation.strip_text(&self.cells))
        } else {
            format!(
                "a strip of {n} cells, {} empty, {} live runs, Grundy xor {}",
                self.empty,
                self.runs.len(),
                self.xor
            )
        }
    }

    fn parse_move(&self, line: &str) -> Result<(usize, Colour), MoveError> {
        self.parse_cell_colour(line)
    }

    fn format_move(&self, &(at, colour): &(usize, Colour)) -> String {
        format!("{} {}", at + 1, self.notation.symbol(colour))
    }

    fn apply(&mut self, &(at, colour): &(usize, Colour)) -> Result<(), MoveError> {
        if self.cells[at].is_some() {
            return Err(MoveError::Illegal(format!("cell {} is occupied", at + 1)));
        }
        if !strip::is_legal_move(&self.cells, at, colour) {
            return Err(MoveError::Illegal(format!(
                "cell {} has a neighbour holding {}",
                at + 1,
                self.notation.symbol(colour)
            )));
        }
        self.place(at, colour).map_err(MoveError::Illegal)
    }

    fn mover_wins(&mut self) -> Result<bool, String> {
        Ok(self.xor != 0)
    }

    fn winning_move(&mut self, _rng: &mut Rng) -> Result<(usize, Colour), String> {
        self.find_winning_move()
    }

    /// The xor after the move is not 0.
    fn leaves_opponent_winning(&mut self, &(at, c): &(usize, Colour)) -> Result<bool, String> {
        Ok(self.run_at(at).is_some_and(|(start, run)| {
            self.value_after(start, run.len, at - start, c)
                .is_some_and(|v| v != self.xor ^ run.value)
        }))
    }

    fn mover_has_move(&self) -> bool {
        !self.runs.is_empty()
    }

    /// About uniform over the cells, in O(log n) ([`StripRound::sample_move`]).
    fn random_move(&mut self, rng: &mut Rng) -> Result<(usize, Colour), String> {
        self.sample_move(rng)
            .ok_or_else(|| format!("no legal move at {}", self.describe()))
    }

    /// Of 12 more random moves and `random`, one that takes the fewest options away.
    fn longest_move(
        &mut self,
        random: (usize, Colour),
        rng: &mut Rng,
    ) -> Result<(usize, Colour), String> {
        Ok((0..12)
            .filter_map(|_| self.sample_move(rng))
            .chain([random])
            .min_by_key(|&(at, c)| self.options_lost(at, c))
            .unwrap_or(random))
    }

    /// Every legal move when few cells are empty, else 8 random ones, from a random one on;
    /// none on strips over [`UNIQUE_REPLY_MAX_CELLS`] (each try costs O(n)).
    fn unique_reply_candidates(&mut self, rng: &mut Rng) -> Result<Vec<(usize, Colour)>, String> {
        if self.cells.len() > UNIQUE_REPLY_MAX_CELLS {
            return Ok(Vec::new());
        }
        let candidates: Vec<(usize, Colour)> = if self.empty <= UNIQUE_REPLY_ALL_MOVES {
            (0..self.cells.len())
                .flat_map(|at| Colour::BOTH.map(|c| (at, c)))
                .filter(|&(at, c)| strip::is_legal_move(&self.cells, at, c))
                .collect()
        } else {
            (0..8).filter_map(|_| self.sample_move(rng)).collect()
        };
        Ok(rotated(candidates, rng))
    }

    fn winning_replies_after(&mut self, &(at, c): &(usize, Colour)) -> Result<Option<u32>, String> {
        let mut next = self.clone();
        Ok(match next.place(at, c) {
            Ok(()) => Some(next.winning_replies() as u32),
            Err(_) => None,
        })
    }

    /// The first cells (up to 8) of each live run in turn: almost any run has a move that
    /// leaves a non-zero xor there (a run's options take many values).
    fn blunder_candidates(&self) -> Box<dyn Iterator<Item = (usize, Colour)>> {
        let runs: Vec<(usize, usize)> = self.runs.iter().map(|(&s, r)| (s, r.len)).collect();
        Box::new(runs.into_iter().flat_map(|(start, len)| {
            (0..len.min(8)).flat_map(move |at| Colour::BOTH.map(|c| (start + at, c)))
        }))
    }
}
