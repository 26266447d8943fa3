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
//!
//! Here the kinds, the shapes and their drawing, [`make`] and the generators; the referee's
//! rounds in `session`, the starts of a coverage class or error pair in `classes`.

mod classes;
mod session;

pub use classes::{class_start, covers_classes, error_start};
use session::session;
pub use session::{session_round, MUST_PLAY_ROUNDS};

use crate as strip;
use crate::{Cell, Colour, StripError, ValuedError};
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

/// Puts `colour` in cell `at` if the cell exists and the colouring stays proper.
fn put(cells: &mut [Cell], at: usize, colour: Colour) {
    if at < cells.len() && strip::is_legal_move(cells, at, colour) {
        cells[at] = Some(colour);
    }
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
