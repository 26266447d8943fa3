//! The referee's rounds: the round mix of [`SESSION`], the must-play shapes every session
//! meets first (with the two rare-run rounds), and a won start moved on to a lost one.
//!
//! [`SESSION`]: combgames_core::gen::SESSION

use super::{put, sprinkled_cell, usize_of, MakeError, Shape, Strip};
use crate::play::MAX_CELLS;
use crate::{Cell, Colour, ValuedStrip};
use combgames_core::rng::Rng;

/// The referee's round mix ([`SESSION`]): a log-uniform length in `lo..=hi` (within 1..=10^6,
/// the referee's longest strip), a shape by [`Shape::pick_session`], and a third of the
/// non-empty shapes moved on to a lost start ([`lost_start`]), so `second` is right about as
/// often as `first`.
///
/// [`SESSION`]: combgames_core::gen::SESSION
pub(super) fn session((lo, hi): (u64, u64), rng: &mut Rng) -> Result<Strip, MakeError> {
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
