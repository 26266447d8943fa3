//! The incremental pawn board: the real 3×N board (N up to 10^6 and beyond) with everything
//! the referee asks of it kept up to date move by move, so that no question scans the board.
//!
//! What is kept, besides the cells:
//! - the maximal runs of untouched ("fresh") columns: W on row 1, row 2 empty, B on row 3;
//! - the non-empty columns that are not fresh ("odd"), and among them those where White or
//!   Black has a push;
//! - every capture open to either side;
//! - the segments (maximal runs of non-empty columns), each with its value once known: a
//!   fresh segment of n columns is worth g(n) of the octal game 0.137, a dead one (no move
//!   for either side in it) 0, and the XOR of the known values.
//!
//! A move changes at most two adjacent columns. Columns only ever lose pawns or change
//! between non-fresh states: a column never becomes fresh again (row 1 never regains its
//! white pawn) and an empty column never fills (a pawn enters a column only by capturing a
//! pawn there). So runs and segments only split, and a move costs O(log N): a few ordered-map
//! updates around the moved pawn, and the captures of the columns beside it recomputed.
//!
//! Evaluation (see [`super`] for the model and games/pawns/tests/eval.rs for its proof):
//! - quiet (no capture for either side): the XOR of the segments' values, non-zero iff the
//!   side to move wins; a segment neither fresh nor dead is reported, never guessed;
//! - captures pending: they are all in one segment (a push opens captures only beside itself,
//!   and captures stay inside a segment). The piece of that segment around its non-fresh
//!   columns (three columns of margin on each side) is cut out as a small [`Board`], the
//!   untouched columns beyond it and the other segments' XOR going along as a `Frame`; the
//!   captures are searched on the small board, the quiet ends valued by the frame. If play
//!   ever touched a cut column the frame says so (an error), which never happens: a capture
//!   chain reaches at most one column beside the pushed one.
//!
//! Choosing moves in quiet positions uses the nim rule: with X the XOR, a winning push is in
//! a fresh segment of value v with v XOR X < v, and leaves that segment worth v XOR X. The
//! pushes of a fresh segment of length L fall into O(1) classes: a push at 0-based column i
//! leaves the heaps max(i−1, 0) and max(L−i−2, 0), so once both exceed the pre-period n0
//! the value repeats with the period p ([`push_classes`]). Every chosen move is then checked
//! by the evaluator on the cut-out board before it is played or returned.
//!
//! Here the board's state ([`Live`]); its upkeep move by move in `update`, the evaluation in
//! `eval`, the choice of moves in `choose`, the push classes in `classes`.
//!
//! [`Board`]: crate::Board

mod choose;
mod classes;
mod eval;
mod update;

pub use classes::{classes_with, push_classes, push_value, PushClass};

use super::{Cell, Side};
use std::collections::{BTreeMap, BTreeSet};

const FRESH: [Cell; 3] = [
    Cell::Pawn(Side::White),
    Cell::Empty,
    Cell::Pawn(Side::Black),
];
const EMPTY: [Cell; 3] = [Cell::Empty; 3];

/// Columns of margin kept around the non-fresh columns of a segment when it is cut out.
const MARGIN: usize = 3;

fn si(side: Side) -> usize {
    match side {
        Side::White => 0,
        Side::Black => 1,
    }
}

const SIDES: [Side; 2] = [Side::White, Side::Black];

/// Whether `side` has a push inside this column.
fn column_push(col: &[Cell; 3], side: Side) -> bool {
    let fwd = side.forward();
    (0..3i64).any(|r| {
        let t = r + fwd;
        col[r as usize] == Cell::Pawn(side) && (0..3).contains(&t) && col[t as usize] == Cell::Empty
    })
}

/// A segment's value as far as it is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Value {
    /// Changed since last valued (or has captures pending).
    Stale,
    /// Every column fresh: worth g(length).
    Fresh(u32),
    /// No move for either side inside: worth 0.
    Dead,
}

/// The board, updated move by move.
/// Columns start..end (0-based, half-open).
pub type Span = (usize, usize);

#[derive(Clone, Debug)]
pub struct Live {
    cells: Vec<[Cell; 3]>,
    to_move: Side,
    /// Maximal runs of fresh columns: start → end (exclusive).
    fresh: BTreeMap<usize, usize>,
    /// Non-empty columns that are not fresh.
    odd: BTreeSet<usize>,
    /// Per side: odd columns where that side has a push.
    odd_push: [BTreeSet<usize>; 2],
    /// Per side: open captures as (column, row, target column), 0-based.
    caps: [BTreeSet<(usize, usize, usize)>; 2],
    /// Segments: start → (end, value).
    segs: BTreeMap<usize, (usize, Value)>,
    /// Starts of segments whose value is Stale.
    stale: BTreeSet<usize>,
    /// XOR of the known values.
    xor: u32,
    /// Fresh segments by value: by_value[v] holds the starts of fresh segments worth v.
    by_value: Vec<BTreeSet<usize>>,
    /// Fresh segments by length: (length, start).
    by_len: BTreeSet<(usize, usize)>,
    /// Columns (0-based) of the last move, for descriptions.
    last: Option<(usize, usize)>,
}
