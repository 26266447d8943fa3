//! The strip positions of tictactoe and coloring (one game in two notations): the one maker of
//! strips, for gen's tests (and so the batch judge's and the packages') and for the referee's
//! rounds ([`make`]; `Play::generate` of games/strip/src/play.rs wraps what it makes).
//!
//! Every strip made is a proper colouring: no two neighbours hold the same colour. That is
//! every position reachable by legal play (any subset of a proper colouring is proper, so its
//! marks can be placed in any order), so every strip is a fair start.
//!
//! The shapes, each a kind of its own (`--kind`):
//! - `random`: marks anywhere, each cell marked with a probability of 10 to 70 %;
//! - `ends`: long empty runs at both ends, each 20 to 45 % of the strip (the runs whose Grundy
//!   values are their lengths: both large), marks between them;
//! - `edge-runs`: empty runs at both ends, each log-uniform from 0 to half the strip (values of
//!   every magnitude, small and large mixed), marks between them;
//! - `one-end`: a long empty run (a third of the strip or more) at one end only;
//! - `sparse`: 1 to 8 marks only (long runs between equal and between different marks);
//! - `empty`: no mark, an even length two times in three (a lost start);
//! - `full`: every cell marked.
//!
//! `ends` and `edge-runs` are one maker (`Shape::cells` with the end runs given) with two
//! draws of the runs' lengths that serve two purposes: `ends` makes judge tests whose answer
//! hangs on two large end-run values (the packages' tictactoe data), `edge-runs` the referee's
//! spread of run lengths, where a small run next to a huge one is as common as two huge ones.
//!
//! Two kinds mix the shapes: `mixed`, each strip of a shape drawn uniformly, and `session`, the
//! referee's rounds ([`SESSION`]; see `session`). Lengths lie in a range `lo..=hi` (gen's is
//! `1..=--size`, the referee's its `--size`): uniform for `random`, in the upper half of the
//! range for the other shapes (so a large size gives large tests), log-uniform for `session`.
//!
//! A strip of a shape is drawn cell by cell as it is read ([`Strip::each_cell`]): gen writes a
//! strip of 10^8 cells without holding it. Only `session`'s strips are held whole, for the
//! evaluator that moves some of them on to a lost start; they stay within the referee's
//! 10^6 cells.

use crate as strip;
use crate::play::MAX_CELLS;
use crate::{Cell, Colour, StripError, ValuedError, ValuedStrip};
use combgames_core::gen::{Generator, Spec, SESSION};
use combgames_core::rng::Rng;
use std::collections::BTreeMap;
// In the prelude from edition 2021 only; the bundled referee is formatted as 2018.
use std::convert::TryFrom;
use std::fmt;
use std::io::{self, Write};
use std::num::TryFromIntError;
use std::ops::Range;

const STRIP_KINDS: &[&str] = &[
    "random",
    "ends",
    "empty",
    "full",
    "mixed",
    "edge-runs",
    "one-end",
    "sparse",
    SESSION,
];

/// The shapes of strips; see the module docs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    Random,
    Ends,
    EdgeRuns,
    OneEnd,
    Sparse,
    Empty,
    Full,
}

impl Shape {
    const ALL: [Shape; 7] = [
        Shape::Random,
        Shape::Ends,
        Shape::EdgeRuns,
        Shape::OneEnd,
        Shape::Sparse,
        Shape::Empty,
        Shape::Full,
    ];

    /// The shape a kind names; `None` for the mixes.
    fn of_kind(kind: &str) -> Option<Shape> {
        Some(match kind {
            "random" => Shape::Random,
            "ends" => Shape::Ends,
            "edge-runs" => Shape::EdgeRuns,
            "one-end" => Shape::OneEnd,
            "sparse" => Shape::Sparse,
            "empty" => Shape::Empty,
            "full" => Shape::Full,
            _ => return None,
        })
    }

    /// The shapes of the referee's rounds, weighted: empty, random, edge runs and sparse strips
    /// twice as often as one end run.
    fn pick_session(rng: &mut Rng) -> Shape {
        use Shape::*;
        [
            Empty, Empty, Random, Random, EdgeRuns, EdgeRuns, OneEnd, Sparse, Sparse,
        ][rng.index(9)]
    }

    /// A length in `lo..=hi` for a strip of this shape (outside `session`).
    fn length(self, (lo, hi): (u64, u64), rng: &mut Rng) -> u64 {
        match self {
            Shape::Random => rng.range(lo, hi),
            _ => rng.range(lo.max((hi + 1) / 2), hi),
        }
    }

    /// A strip of `n` cells of this shape (`shortest`: the length range's lower end, which an
    /// empty strip made even respects).
    fn cells(self, n: usize, shortest: usize, rng: &mut Rng) -> Strip {
        let sprinkled = |len: usize, marked: Range<usize>, percent: u64| Strip::Drawn {
            len,
            sprinkled: marked,
            percent,
            marks: BTreeMap::new(),
        };
        match self {
            // Two thirds of the empty strips have an even length, a lost start (the first
            // player's every move leaves two end runs of different lengths): as many lost
            // rounds as the other shapes get by being moved on ([`session`]).
            Shape::Empty if n % 2 == 1 && n > shortest && rng.index(3) != 0 => {
                sprinkled(n - 1, 0..0, 0)
            }
            Shape::Empty => sprinkled(n, 0..0, 0),
            Shape::Full => sprinkled(n, 0..n, 100),
            Shape::Random => sprinkled(n, 0..n, rng.range(10, 70)),
            Shape::Ends => {
                let a = n * rng.range(20, 45) as usize / 100;
                let b = n * rng.range(20, 45) as usize / 100;
                sprinkled(n, a..n - b.min(n - a), rng.range(10, 70))
            }
            Shape::EdgeRuns => {
                let half = n as u64 / 2 + 1;
                let a = rng.log_range(1, half) as usize - 1;
                let b = rng.log_range(1, half) as usize - 1;
                sprinkled(n, a..n - b.min(n - a), rng.range(10, 70))
            }
            Shape::OneEnd => {
                let a = rng.range(n as u64 / 3, n as u64) as usize;
                if rng.index(2) == 0 {
                    sprinkled(n, a..n, rng.range(10, 70))
                } else {
                    sprinkled(n, 0..n - a, rng.range(10, 70))
                }
            }
            Shape::Sparse => {
                let mut marks = BTreeMap::new();
                for _ in 0..rng.range(1, 8) {
                    let at = rng.index(n);
                    mark_if_allowed(&mut marks, at, rng);
                }
                Strip::Drawn {
                    len: n,
                    sprinkled: 0..0,
                    percent: 0,
                    marks,
                }
            }
        }
    }
}

/// A strip as made: drawn cell by cell as it is read, or held whole.
#[derive(Clone, Debug)]
pub enum Strip {
    /// `len` cells: those in `sprinkled` each marked with probability `percent` % (with a
    /// colour its left neighbour allows), those in `marks` marked so, the others empty.
    Drawn {
        len: usize,
        sprinkled: Range<usize>,
        percent: u64,
        marks: BTreeMap<usize, Colour>,
    },
    /// Every cell, made beforehand.
    Held(Vec<Cell>),
}

impl Strip {
    /// The number of cells.
    pub fn len(&self) -> usize {
        match self {
            Strip::Drawn { len, .. } => *len,
            Strip::Held(cells) => cells.len(),
        }
    }

    /// Always false: a strip has a cell.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Hands each cell to `f`, left to right, drawing those still to be drawn from `rng`.
    pub fn each_cell<E>(
        &self,
        rng: &mut Rng,
        mut f: impl FnMut(Cell) -> Result<(), E>,
    ) -> Result<(), E> {
        match self {
            Strip::Held(cells) => cells.iter().try_for_each(|&cell| f(cell)),
            Strip::Drawn {
                len,
                sprinkled,
                percent,
                marks,
            } => {
                let mut previous = None;
                for at in 0..*len {
                    let cell = if sprinkled.contains(&at) {
                        sprinkled_cell(previous, *percent, rng)
                    } else {
                        marks.get(&at).copied()
                    };
                    f(cell)?;
                    previous = cell;
                }
                Ok(())
            }
        }
    }

    /// Every cell (drawn from `rng` where still to be drawn).
    pub fn into_cells(self, rng: &mut Rng) -> Vec<Cell> {
        match self {
            Strip::Held(cells) => cells,
            drawn => {
                let mut cells = Vec::with_capacity(drawn.len());
                let filled: Result<(), ()> = drawn.each_cell(rng, |cell| {
                    cells.push(cell);
                    Ok(())
                });
                filled.expect("collecting cannot fail");
                cells
            }
        }
    }
}

/// The next cell of a sprinkled stretch after `previous`: marked with probability `percent` %
/// with a random colour, the other one where `previous` holds it. (This is what placing a
/// random allowed colour does to a cell whose right neighbour is still empty.) A full
/// stretch draws no chance.
fn sprinkled_cell(previous: Cell, percent: u64, rng: &mut Rng) -> Cell {
    if percent < 100 && rng.range(1, 100) > percent {
        return None;
    }
    let first = Colour::BOTH[rng.index(2)];
    Some(if previous == Some(first) {
        first.other()
    } else {
        first
    })
}

/// Puts a random colour in cell `at` if one is allowed there (left as is otherwise).
fn mark_if_allowed(marks: &mut BTreeMap<usize, Colour>, at: usize, rng: &mut Rng) {
    let first = Colour::BOTH[rng.index(2)];
    let beside_holds = |i: Option<usize>, c: Colour| i.and_then(|i| marks.get(&i)) == Some(&c);
    let allowed = [first, first.other()].iter().copied().find(|&c| {
        !marks.contains_key(&at)
            && !beside_holds(at.checked_sub(1), c)
            && !beside_holds(at.checked_add(1), c)
    });
    if let Some(c) = allowed {
        marks.insert(at, c);
    }
}

/// Why [`make`] makes no strip.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MakeError {
    /// A kind that is not one of the generator's.
    UnknownKind(String),
    /// A length that does not fit in memory's index type.
    TooLong(TryFromIntError),
    /// The evaluator refused the strip made or had no winning move in it (a bug here).
    Strip(StripError),
    Valued(ValuedError),
}

impl fmt::Display for MakeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MakeError::UnknownKind(kind) => write!(f, "strips have no kind {kind:?}"),
            MakeError::TooLong(e) => e.fmt(f),
            MakeError::Strip(e) => e.fmt(f),
            MakeError::Valued(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for MakeError {}

/// A strip of `kind` (one of the generator's kinds) with a length in `lo..=hi`: gen's cases and
/// the referee's rounds alike. The referee's range lies within 1..=10^6, where every kind
/// works; an unknown kind is an error.
pub fn make(kind: &str, (lo, hi): (u64, u64), rng: &mut Rng) -> Result<Strip, MakeError> {
    let (lo, hi) = (lo.max(1), hi.max(lo.max(1)));
    let shape = match kind {
        SESSION => return session((lo, hi), rng),
        "mixed" => Shape::ALL[rng.index(Shape::ALL.len())],
        _ => Shape::of_kind(kind).ok_or_else(|| MakeError::UnknownKind(kind.to_owned()))?,
    };
    let n = shape.length((lo, hi), rng);
    let shortest = lo.max((hi + 1) / 2);
    Ok(shape.cells(usize_of(n)?, usize_of(shortest)?, rng))
}

fn usize_of(n: u64) -> Result<usize, MakeError> {
    usize::try_from(n).map_err(MakeError::TooLong)
}

/// The referee's round mix ([`SESSION`]): a log-uniform length in `lo..=hi` (within 1..=10^6,
/// the referee's longest strip), a shape by [`Shape::pick_session`], and a third of the
/// non-empty shapes moved on to a lost start ([`lost_start`]), so `second` is right about as
/// often as `first`.
fn session((lo, hi): (u64, u64), rng: &mut Rng) -> Result<Strip, MakeError> {
    let (lo, hi) = (lo.clamp(1, MAX_CELLS), hi.clamp(1, MAX_CELLS));
    let n = rng.log_range(lo, hi.max(lo));
    let shape = Shape::pick_session(rng);
    session_of(shape, n, lo, rng)
}

/// The shapes a referee session plays first, one a round (see [`session_round`]): the empty
/// strip, one long end run, runs at both ends, sparse marks (long runs between equal and
/// between different marks).
const MUST_PLAY: [Shape; 4] = [Shape::Empty, Shape::OneEnd, Shape::EdgeRuns, Shape::Sparse];

/// Rounds a session plays from `MUST_PLAY` and then the two rare-run rounds
/// (`long_runs`, `single_end_run`) before it draws shapes again.
pub const MUST_PLAY_ROUNDS: usize = MUST_PLAY.len() + 2;

/// Shortest strip of the long-runs round where the range allows: a fifth of it passes what a
/// `u16` holds (65535).
const LONG_RUNS_CELLS: u64 = 400_000;

/// A session round of the must-play shape number `index`: so that every session meets the
/// runs a narrow bug needs, whatever the seed, on a strip of at least 1000 cells where the
/// range has them (end runs of hundreds of cells, past what a byte holds), then a strip of at
/// least `LONG_RUNS_CELLS` with runs past what 16 bits hold, then an end run of one cell.
pub fn session_round(
    index: usize,
    (lo, hi): (u64, u64),
    rng: &mut Rng,
) -> Result<Strip, MakeError> {
    let (lo, hi) = (lo.clamp(1, MAX_CELLS), hi.clamp(1, MAX_CELLS));
    let hi = hi.max(lo);
    let index = index % MUST_PLAY_ROUNDS;
    if index == MUST_PLAY.len() {
        let n = rng.log_range(lo.max(hi.min(LONG_RUNS_CELLS)), hi);
        return Ok(Strip::Held(long_runs(usize_of(n)?, rng)));
    }
    let mut n = rng.log_range(lo.max(hi.min(1000)), hi);
    if index == MUST_PLAY.len() + 1 {
        return Ok(Strip::Held(single_end_run(usize_of(n)?, rng)));
    }
    let shape = MUST_PLAY[index];
    // The empty strip of even length is the lost one (worth L mod 2 = 0), where a player that
    // values it L takes the wrong side.
    if shape == Shape::Empty && n % 2 == 1 {
        n = if n > lo { n - 1 } else { (n + 1).min(hi) };
    }
    session_of(shape, n, lo, rng)
}

/// Draws a class round makes (each a strip checked for its class) before it gives up.
const CLASS_TRIES: usize = 200;

/// Whether a session's length range holds a strip of every coverage class (crate::CLASSES):
/// the shortest ones (a run of one or two cells) and an end run past 65535 cells.
pub fn covers_classes((lo, hi): (u64, u64)) -> bool {
    lo <= 8 && hi >= 100_000
}

/// A start of coverage class `class` (one of crate::CLASSES, games/strip/README.md, coverage classes) with a
/// length in `lo..=hi`: a run of the class planted in a sprinkled strip (`run:`), or a
/// sprinkled strip with its end cells set (`ends:`) or drawn as is (`win:`); kept when the
/// evaluator finds the class in it, moved on to a lost start a third of the time where the
/// class survives that. The seed chooses the lengths, the place and the rest of the strip.
/// None when no draw is of the class (not for a range [`covers_classes`] accepts).
pub fn class_start(
    class: &str,
    (lo, hi): (u64, u64),
    rng: &mut Rng,
) -> Result<Option<Vec<Cell>>, MakeError> {
    let (lo, hi) = (lo.clamp(1, MAX_CELLS), hi.clamp(1, MAX_CELLS));
    let hi = usize_of(hi.max(lo))?;
    let lo = usize_of(lo)?;
    for _ in 0..CLASS_TRIES {
        let Some(cells) = class_draw(class, lo, hi, rng) else {
            continue;
        };
        if !(lo..=hi).contains(&cells.len()) {
            continue;
        }
        let valued = ValuedStrip::new(cells).map_err(MakeError::Strip)?;
        if !valued.classes().contains(&class) {
            continue;
        }
        if !class.starts_with("win:") && valued.xor() != 0 && rng.index(3) == 0 {
            let mut moved = valued.clone();
            let (at, colour) = moved.winning_move().map_err(MakeError::Valued)?;
            moved.place(at, colour).map_err(MakeError::Valued)?;
            if moved.classes().contains(&class) {
                return Ok(Some(moved.into_cells()));
            }
        }
        return Ok(Some(valued.into_cells()));
    }
    Ok(None)
}

/// A start that shows the (class, error) pair `pair` (one of crate::ERROR_PAIRS,
/// games/strip/README.md, coverage classes) with a length in `lo..=hi` (a range
/// [`covers_classes`] accepts): the empty strip of the pair's parity for the open runs, else
/// a lost strip with one run of the pair's kind (`error_cells`). The seed chooses the run's
/// length within its kind, the other runs' lengths, the colours, the marked stretches between
/// the runs and which way the strip reads. None when no draw fits the range.
pub fn error_start(
    pair: &str,
    (lo, hi): (u64, u64),
    rng: &mut Rng,
) -> Result<Option<Vec<Cell>>, MakeError> {
    let (lo, hi) = (lo.clamp(1, MAX_CELLS), hi.clamp(1, MAX_CELLS));
    let hi = usize_of(hi.max(lo))?;
    let lo = usize_of(lo)?;
    let Some((_, kind)) = pair.split_once(':') else {
        return Ok(None);
    };
    let class = format!("run:{kind}");
    for _ in 0..CLASS_TRIES {
        let cells = if kind.starts_with("open-") {
            class_draw(&class, lo, hi, rng)
        } else if pair.starts_with("run-2:") {
            shift_cells(lo, rng)
        } else {
            error_cells(kind, lo, rng)
        };
        let Some(cells) = cells.filter(|c| (lo..=hi).contains(&c.len())) else {
            continue;
        };
        let valued = ValuedStrip::new(cells).map_err(MakeError::Strip)?;
        if valued.classes().contains(&pair) {
            return Ok(Some(valued.into_cells()));
        }
    }
    Ok(None)
}

/// A lost strip holding one run of `kind` (a [`strip::RUN_KINDS`] kind past `run:`, not an
/// open one), its value set beside different ones, from left to right: an end run, a mark,
/// marked cells, the runs between marks, marked cells, a mark, an end run; then reversed
/// half of the time. An end kind's run is the left end run, beside a run between equal marks
/// (value 1) and a right end run of its length xor 1 (so the two end runs never cancel); a
/// run between marks sits between end runs of a drawn length a and a xor its value. A length
/// of 0 is a marked end cell. At least `lo` cells.
fn error_cells(kind: &str, lo: usize, rng: &mut Rng) -> Option<Vec<Cell>> {
    let banded = |rng: &mut Rng| match kind {
        "end-1" | "equal-1" | "different-1" => 1,
        "end-2" | "equal-2" | "different-2" => 2,
        "end-3-to-255" => rng.range(3, 255),
        "end-256-to-65535" => rng.log_range(256, 65535),
        "end-past-65535" => rng.log_range(65536, 300_000),
        _ => rng.log_range(3, 10_000),
    } as usize;
    let len = banded(rng);
    // (left end run, the inner runs as (length, equal marks), right end run)
    let (left, inner, right) = if kind.starts_with("end-") {
        let equal = rng.range(1, 4) as usize;
        (len, vec![(equal, true)], len ^ 1)
    } else {
        let equal = kind.starts_with("equal-");
        let a = rng.log_range(1, 2000) as usize - 1;
        (a, vec![(len, equal)], a ^ usize::from(equal))
    };
    let mut cells: Vec<Cell> = vec![None; left];
    // `count` marked cells, each unlike the one before.
    fn marked(cells: &mut Vec<Cell>, count: usize, rng: &mut Rng) {
        for _ in 0..count {
            let c = match cells.last() {
                Some(Some(c)) => c.other(),
                _ => Colour::BOTH[rng.index(2)],
            };
            cells.push(Some(c));
        }
    }
    marked(&mut cells, 1 + rng.index(4), rng);
    for (len, equal) in inner {
        let Some(Some(c)) = cells.last().copied() else {
            return None;
        };
        cells.extend(std::iter::repeat(None).take(len));
        cells.push(Some(if equal { c } else { c.other() }));
        marked(&mut cells, rng.index(4), rng);
    }
    let short = lo.saturating_sub(cells.len() + right);
    marked(&mut cells, short, rng);
    cells.extend(std::iter::repeat(None).take(right));
    if rng.index(2) == 0 {
        cells.reverse();
    }
    Some(cells)
}

/// A won strip where end runs past 65535 cells valued 2 too small make the xor 0: an end run
/// of 65536 or 65537 cells (a), at the other end one of (a − 2) xor y cells, y the xor of the
/// runs between, 0 (none) or 1 (one run between equal marks of 1 to 4 cells); marked cells
/// between; reversed half of the time. At least `lo` cells.
fn shift_cells(lo: usize, rng: &mut Rng) -> Option<Vec<Cell>> {
    let a = 65536 + rng.index(2);
    let y = rng.index(2);
    let mut cells: Vec<Cell> = vec![None; a];
    let c = Colour::BOTH[rng.index(2)];
    cells.push(Some(c));
    if y == 1 {
        cells.extend(std::iter::repeat(None).take(1 + rng.index(4)));
        cells.push(Some(c));
    }
    let marks = 1 + rng.index(4) + lo.saturating_sub(cells.len() + ((a - 2) ^ y));
    for _ in 0..marks {
        let last = cells.last().copied().flatten().unwrap_or(c);
        cells.push(Some(last.other()));
    }
    cells.extend(std::iter::repeat(None).take((a - 2) ^ y));
    if rng.index(2) == 0 {
        cells.reverse();
    }
    Some(cells)
}

/// One draw of [`class_start`]: None when the draw cannot fit `hi`.
fn class_draw(class: &str, lo: usize, hi: usize, rng: &mut Rng) -> Option<Vec<Cell>> {
    let (group, detail) = class.split_once(':')?;
    let percent = rng.range(10, 70);
    if group != "run" {
        let n = rng.log_range(lo as u64, hi.min(10_000) as u64) as usize;
        let mut cells = sprinkled(vec![None; n], 0..0, percent, rng);
        let set = |cells: &mut Vec<Cell>, at: usize, marked: bool, rng: &mut Rng| {
            cells[at] = None;
            if marked {
                let c = Colour::BOTH[rng.index(2)];
                put(cells, at, c);
                put(cells, at, c.other());
            }
        };
        let ends = match detail {
            "both-empty" => Some((false, false)),
            "left-marked" => Some((true, false)),
            "right-marked" => Some((false, true)),
            "both-marked" => Some((true, true)),
            _ => None,
        };
        if let Some((left, right)) = ends {
            set(&mut cells, 0, left, rng);
            set(&mut cells, n - 1, right, rng);
        }
        return Some(cells);
    }
    let (len, ends) = match detail {
        "open-odd" | "open-even" => {
            let mut n = rng.log_range(lo as u64, hi.min(100_000) as u64) as usize;
            if (n % 2 == 1) != (detail == "open-odd") {
                n = if n > lo { n - 1 } else { n + 1 };
            }
            return (n <= hi).then(|| vec![None; n]);
        }
        "end-1" => (1, 1),
        "end-2" => (2, 1),
        "end-3-to-255" => (rng.range(3, 255), 1),
        "end-256-to-65535" => (rng.log_range(256, 65535), 1),
        "end-past-65535" => (rng.log_range(65536, 300_000), 1),
        "equal-1" | "different-1" => (1, 2),
        "equal-2" | "different-2" => (2, 2),
        _ => (rng.log_range(3, 10_000), 2),
    };
    let len = len as usize;
    let base = len + ends;
    let n = (base + rng.log_range(1, 2000) as usize - 1).max(lo);
    if n > hi {
        return None;
    }
    let mut cells = vec![None; n];
    let c = Colour::BOTH[rng.index(2)];
    let run = if ends == 1 {
        // An end run: at the left or the right edge, bounded by one mark.
        if rng.index(2) == 0 {
            cells[len] = Some(c);
            0..len
        } else {
            cells[n - 1 - len] = Some(c);
            n - len..n
        }
    } else {
        let at = rng.index(n - base + 1);
        let other = if class.contains("equal") {
            c
        } else {
            c.other()
        };
        cells[at] = Some(c);
        cells[at + len + 1] = Some(other);
        at + 1..at + 1 + len
    };
    Some(sprinkled(cells, run, percent, rng))
}

/// `cells` with each empty cell outside `keep` marked with probability `percent` % where a
/// colour is allowed.
fn sprinkled(mut cells: Vec<Cell>, keep: Range<usize>, percent: u64, rng: &mut Rng) -> Vec<Cell> {
    for at in 0..cells.len() {
        if keep.contains(&at) || cells[at].is_some() || rng.range(1, 100) > percent {
            continue;
        }
        let c = Colour::BOTH[rng.index(2)];
        put(&mut cells, at, c);
        put(&mut cells, at, c.other());
    }
    cells
}

/// Puts `colour` in cell `at` if the cell exists and the colouring stays proper.
fn put(cells: &mut [Cell], at: usize, colour: Colour) {
    if at < cells.len() && strip::is_legal_move(cells, at, colour) {
        cells[at] = Some(colour);
    }
}

/// A strip whose runs are the longest of their kinds at once: end runs of a fifth to a
/// quarter of the strip at both ends, next to the left one a run between two equal marks of
/// a quarter to a third of it (the only long one of its kind), and densely marked cells
/// between that and the right end run (short runs only). On 400 000 cells or more each long
/// run passes 65535 cells. As drawn, not moved on: a position is lost only by chance.
fn long_runs(n: usize, rng: &mut Rng) -> Vec<Cell> {
    let mut cells = vec![None; n];
    let fifth = n / 5;
    let left = fifth + rng.index(n / 20 + 1);
    let right = fifth + rng.index(n / 20 + 1);
    let gap = n / 4 + rng.index(n / 12 + 1);
    let colour = Colour::BOTH[rng.index(2)];
    put(&mut cells, left, colour);
    put(&mut cells, left + gap + 1, colour);
    let dense = left + gap + 3..n.saturating_sub(right + 1);
    let percent = rng.range(30, 70);
    for at in dense {
        if rng.range(1, 100) <= percent {
            let first = Colour::BOTH[rng.index(2)];
            put(&mut cells, at, first);
            put(&mut cells, at, first.other());
        }
    }
    cells
}

/// A randomly marked strip (10 to 70 % of the cells) with an end run of exactly one cell at
/// one end (the cell next to it marked, the other end's cell marked too when the strip is
/// long enough, so that it is the only end run of one) and an odd number of marks.
fn single_end_run(n: usize, rng: &mut Rng) -> Vec<Cell> {
    let percent = rng.range(10, 70);
    let mut cells: Vec<Cell> = Vec::with_capacity(n);
    let mut previous = None;
    for _ in 0..n {
        let cell = sprinkled_cell(previous, percent, rng);
        cells.push(cell);
        previous = cell;
    }
    if n >= 4 {
        cells[0] = None;
        if cells[1].is_none() {
            let c = Colour::BOTH[rng.index(2)];
            put(&mut cells, 1, c);
            put(&mut cells, 1, c.other());
        }
        // The other end: a mark in the last cell leaves no end run there.
        if cells[n - 1].is_none() {
            let c = Colour::BOTH[rng.index(2)];
            put(&mut cells, n - 1, c);
            put(&mut cells, n - 1, c.other());
        }
    }
    // An odd number of marks, so the side to move is not the one a count of marks from an
    // empty strip gives: the first cell inside that can change, changed (the ends stay).
    if cells.iter().flatten().count() % 2 == 0 {
        for at in 2..n.saturating_sub(2) {
            if cells[at].is_some() {
                cells[at] = None;
                break;
            }
            let before = cells[at];
            put(&mut cells, at, Colour::One);
            put(&mut cells, at, Colour::Two);
            if cells[at] != before {
                break;
            }
        }
    }
    if rng.index(2) == 0 {
        cells.reverse();
    }
    cells
}

fn session_of(shape: Shape, n: u64, lo: u64, rng: &mut Rng) -> Result<Strip, MakeError> {
    let cells = shape
        .cells(usize_of(n)?, usize_of(lo)?, rng)
        .into_cells(rng);
    if shape != Shape::Empty && rng.index(3) == 0 {
        return lost_start(cells).map(Strip::Held);
    }
    Ok(Strip::Held(cells))
}

/// A won position moved on by the evaluator's winning move ([`ValuedStrip::winning_move`]), so
/// that it is lost for the player to move; a lost position stays as it is.
fn lost_start(cells: Vec<Cell>) -> Result<Vec<Cell>, MakeError> {
    let mut valued = ValuedStrip::new(cells).map_err(MakeError::Strip)?;
    if valued.xor() != 0 {
        let (at, colour) = valued.winning_move().map_err(MakeError::Valued)?;
        valued.place(at, colour).map_err(MakeError::Valued)?;
    }
    Ok(valued.into_cells())
}

pub const TICTACTOE: Generator = Generator {
    name: "tictactoe",
    kinds: STRIP_KINDS,
    min_size: 1,
    max_size: 1_000_000,
    default_size: 100,
    size_is: "strip length",
    max_count: Some(1_000_000),
    default_count: 20,
    // 10^8 cells: the largest file a judge takes (100 MB).
    max_cells: Some(100_000_000),
    notes: "",
    write: tictactoe,
};

pub const COLORING: Generator = Generator {
    name: "coloring",
    kinds: STRIP_KINDS,
    min_size: 1,
    max_size: 100_000_000,
    default_size: 100_000,
    size_is: "strip length",
    max_count: None,
    default_count: 1,
    max_cells: None,
    notes: "session: at most 10^6 cells (the referee's largest strip)",
    write: coloring,
};

fn strip_for(spec: &Spec, rng: &mut Rng) -> io::Result<Strip> {
    make(spec.kind, (1, spec.size), rng).map_err(|e| io::Error::new(io::ErrorKind::Other, e))
}

fn tictactoe(spec: &Spec, rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "{}", spec.cases())?;
    for _ in 0..spec.cases() {
        let case = strip_for(spec, rng)?;
        write_line(&case, strip::mark_of, rng, out)?;
    }
    Ok(())
}

fn coloring(spec: &Spec, rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    let case = strip_for(spec, rng)?;
    writeln!(out, "{}", case.len())?;
    write_line(&case, strip::digit_of, rng, out)
}

/// Writes the strip's cells in a notation (`symbol`: the library's, [`strip::mark_of`] or
/// [`strip::digit_of`]), then a newline, in chunks (a strip may have 10^8 cells).
fn write_line(
    line: &Strip,
    symbol: fn(Cell) -> char,
    rng: &mut Rng,
    out: &mut dyn Write,
) -> io::Result<()> {
    // The three symbols looked up once: a call per cell would cost a fifth of the time.
    let symbols = [None, Some(Colour::One), Some(Colour::Two)].map(|cell| symbol(cell) as u8);
    let mut chunk = Vec::with_capacity(1 << 16);
    line.each_cell(rng, |cell| {
        chunk.push(match cell {
            None => symbols[0],
            Some(Colour::One) => symbols[1],
            Some(Colour::Two) => symbols[2],
        });
        if chunk.len() == chunk.capacity() {
            out.write_all(&chunk)?;
            chunk.clear();
        }
        Ok::<(), io::Error>(())
    })?;
    chunk.push(b'\n');
    out.write_all(&chunk)
}
