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

use super::{check_move, grundy, octal, Board, Cell, Frame, Move, PawnsError, Side};
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

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

/// A class of pushes in a fresh segment: the 0-based positions `first + k·step` for
/// k < `count`, all leaving the segment worth `value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PushClass {
    pub first: usize,
    pub step: usize,
    pub count: usize,
    pub value: u32,
}

impl PushClass {
    /// The k-th position of the class.
    pub fn nth(&self, k: usize) -> usize {
        self.first + k * self.step
    }
}

/// The pushes of a segment of `len` columns grouped by the value they leave, for a heap
/// value function `value_of_push(i)` that is known to repeat with period `p` for positions
/// i in `lo..=hi` (i and i+p both there): positions outside the band are listed one by
/// one, those inside in p classes.
pub fn classes_with(
    len: usize,
    lo: usize,
    hi: i64,
    p: usize,
    value_of_push: impl Fn(usize) -> u32,
) -> Vec<PushClass> {
    let single = |i: usize| PushClass {
        first: i,
        step: 1,
        count: 1,
        value: value_of_push(i),
    };
    if p == 0 || hi < lo as i64 || (hi - lo as i64 + 1) < 2 * p as i64 {
        return (0..len).map(single).collect();
    }
    let hi = hi as usize;
    let mut out: Vec<PushClass> = (0..lo).map(single).collect();
    for first in lo..lo + p {
        out.push(PushClass {
            first,
            step: p,
            count: (hi - first) / p + 1,
            value: value_of_push(first),
        });
    }
    out.extend((hi + 1..len).map(single));
    out
}

/// Value left by a push at 0-based column `i` of a fresh segment of `len` columns, for the
/// heap values `g`: the push and its chain take out columns i−1..i+1.
pub fn push_value(len: usize, i: usize, g: impl Fn(usize) -> u32) -> u32 {
    if len == 1 {
        return 0;
    }
    g(i.saturating_sub(1)) ^ g((len - i).saturating_sub(2))
}

/// The pushes of a fresh segment of `len` columns of 0.137, grouped by the value they leave.
pub fn push_classes(len: usize) -> Vec<PushClass> {
    let (n0, p) = octal().period().expect("0.137 has a proven period");
    let g = |n: usize| grundy(n as u64);
    classes_with(len, n0 + 1, len as i64 - 2 - n0 as i64, p, |i| {
        push_value(len, i, g)
    })
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

impl Live {
    /// The start position on `n` columns, White to move.
    pub fn start(n: usize) -> Live {
        let mut live = Live {
            cells: vec![FRESH; n],
            to_move: Side::White,
            fresh: BTreeMap::new(),
            odd: BTreeSet::new(),
            odd_push: [BTreeSet::new(), BTreeSet::new()],
            caps: [BTreeSet::new(), BTreeSet::new()],
            segs: BTreeMap::new(),
            stale: BTreeSet::new(),
            xor: 0,
            by_value: Vec::new(),
            by_len: BTreeSet::new(),
            last: None,
        };
        if n > 0 {
            live.fresh.insert(0, n);
            live.segs.insert(0, (n, Value::Stale));
            live.stale.insert(0);
        }
        live
    }

    pub fn width(&self) -> usize {
        self.cells.len()
    }

    /// A quiet board, White to move, whose untouched columns are the runs `runs` (0-based,
    /// half-open, ascending, disjoint, not adjacent) and every other column empty: the
    /// positions of [`super::position::Position`]. O(N + R log R) for R runs.
    pub fn from_runs(n: usize, runs: Vec<(usize, usize)>) -> Live {
        let mut live = Live::start(0);
        live.cells = vec![EMPTY; n];
        for &(s, e) in &runs {
            live.cells[s..e].fill(FRESH);
            live.fresh.insert(s, e);
            live.segs.insert(s, (e, Value::Stale));
            live.stale.insert(s);
        }
        live
    }

    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// The cell at 0-based (row, col), None off the board.
    pub fn cell(&self, row: i64, col: i64) -> Option<Cell> {
        if !(0..3).contains(&row) || col < 0 {
            return None;
        }
        self.cells.get(col as usize).map(|c| c[row as usize])
    }

    /// The whole board as a [`Board`] (O(N); for tests and small boards).
    pub fn board(&self) -> Board {
        self.window(0..self.width())
    }

    fn window(&self, cols: Range<usize>) -> Board {
        Board {
            cells: self.cells[cols].to_vec(),
            to_move: self.to_move,
        }
    }

    /// The captures open to the side to move.
    pub fn captures(&self) -> Vec<Move> {
        self.captures_of(self.to_move)
    }

    fn captures_of(&self, side: Side) -> Vec<Move> {
        let fwd = side.forward();
        self.caps[si(side)]
            .iter()
            .map(|&(c, r, tc)| Move {
                row: r as u64 + 1,
                col: c as u64 + 1,
                to_row: (r as i64 + fwd) as u64 + 1,
                to_col: tc as u64 + 1,
            })
            .collect()
    }

    /// The push of the side to move in 0-based column `col`: its pawn there with an empty
    /// square ahead (row 1 or 3 in a fresh column); not checked further.
    pub fn push_at(&self, col: usize) -> Move {
        let side = self.to_move;
        let fwd = side.forward();
        let row = (0..3i64)
            .find(|&r| {
                self.cells[col][r as usize] == Cell::Pawn(side)
                    && self.cell(r + fwd, col as i64) == Some(Cell::Empty)
            })
            .unwrap_or(if side == Side::White { 0 } else { 2 });
        Move {
            row: row as u64 + 1,
            col: col as u64 + 1,
            to_row: (row + fwd) as u64 + 1,
            to_col: col as u64 + 1,
        }
    }

    /// Every legal move of the side to move (O(N); for tests and small boards).
    pub fn legal_moves(&self) -> Vec<Move> {
        let caps = self.captures();
        if !caps.is_empty() {
            return caps;
        }
        let mut cols: Vec<usize> = self
            .fresh
            .iter()
            .flat_map(|(&s, &e)| s..e)
            .chain(self.odd_push[si(self.to_move)].iter().copied())
            .collect();
        cols.sort_unstable();
        cols.into_iter().map(|c| self.push_at(c)).collect()
    }

    /// Whether the side to move has a legal move.
    pub fn has_move(&self) -> bool {
        let me = si(self.to_move);
        !self.caps[me].is_empty() || !self.fresh.is_empty() || !self.odd_push[me].is_empty()
    }

    /// Whether `m` is legal for the side to move (the same checks and words as
    /// [`Board::play`]).
    pub fn check(&self, m: Move) -> Result<(), PawnsError> {
        let side = self.to_move;
        check_move(
            self.width() as u64,
            side,
            |r, c| self.cell(r, c),
            || !self.caps[si(side)].is_empty(),
            m,
        )
    }

    /// Plays `m` for the side to move, or says why it is illegal.
    pub fn play(&mut self, m: Move) -> Result<(), PawnsError> {
        self.check(m)?;
        let side = self.to_move;
        let (r, c, tr, tc) = (
            m.row as usize - 1,
            m.col as usize - 1,
            m.to_row as usize - 1,
            m.to_col as usize - 1,
        );
        let before_from = self.cells[c];
        let before_to = self.cells[tc];
        self.cells[c][r] = Cell::Empty;
        self.cells[tc][tr] = Cell::Pawn(side);
        self.column_changed(c, before_from);
        if tc != c {
            self.column_changed(tc, before_to);
        }
        let lo = c.min(tc).saturating_sub(1);
        let hi = (c.max(tc) + 1).min(self.width() - 1);
        for x in lo..=hi {
            self.recount_captures(x);
        }
        self.to_move = side.other();
        self.last = Some((c.min(tc), c.max(tc)));
        Ok(())
    }

    /// The segment (start, end) holding the non-empty column `col`.
    fn seg_at(&self, col: usize) -> Option<(usize, usize)> {
        self.segs
            .range(..=col)
            .next_back()
            .filter(|(_, &(end, _))| end > col)
            .map(|(&s, &(e, _))| (s, e))
    }

    /// Forgets the value of the segment starting at `start`.
    fn make_stale(&mut self, start: usize) {
        let Some(entry) = self.segs.get_mut(&start) else {
            return;
        };
        match entry.1 {
            Value::Fresh(v) => {
                self.xor ^= v;
                self.by_value[v as usize].remove(&start);
                self.by_len.remove(&(entry.0 - start, start));
            }
            Value::Dead | Value::Stale => {}
        }
        entry.1 = Value::Stale;
        self.stale.insert(start);
    }

    fn column_changed(&mut self, x: usize, before: [Cell; 3]) {
        let now = self.cells[x];
        if before == FRESH && now != FRESH {
            let (&s, &e) = self
                .fresh
                .range(..=x)
                .next_back()
                .expect("a fresh column lies in a fresh run");
            self.fresh.remove(&s);
            if s < x {
                self.fresh.insert(s, x);
            }
            if x + 1 < e {
                self.fresh.insert(x + 1, e);
            }
        }
        let odd = now != EMPTY && now != FRESH;
        if odd {
            self.odd.insert(x);
        } else {
            self.odd.remove(&x);
        }
        for side in SIDES {
            if odd && column_push(&now, side) {
                self.odd_push[si(side)].insert(x);
            } else {
                self.odd_push[si(side)].remove(&x);
            }
        }
        let (s, e) = self
            .seg_at(x)
            .expect("a column that changes held a pawn, so it lies in a segment");
        self.make_stale(s);
        if now == EMPTY {
            self.segs.remove(&s);
            self.stale.remove(&s);
            if s < x {
                self.segs.insert(s, (x, Value::Stale));
                self.stale.insert(s);
            }
            if x + 1 < e {
                self.segs.insert(x + 1, (e, Value::Stale));
                self.stale.insert(x + 1);
            }
        }
    }

    /// Recomputes the captures whose capturing pawn stands in column `x`.
    fn recount_captures(&mut self, x: usize) {
        for side in SIDES {
            let set = &mut self.caps[si(side)];
            let old: Vec<_> = set.range((x, 0, 0)..(x + 1, 0, 0)).copied().collect();
            for k in old {
                set.remove(&k);
            }
            let fwd = side.forward();
            for r in 0..3i64 {
                if self.cells[x][r as usize] != Cell::Pawn(side) {
                    continue;
                }
                for dc in [-1i64, 1] {
                    let tc = x as i64 + dc;
                    if self.cell(r + fwd, tc) == Some(Cell::Pawn(side.other())) {
                        self.caps[si(side)].insert((x, r as usize, tc as usize));
                    }
                }
            }
        }
    }

    /// Whether any capture of either side starts in columns s..e.
    fn captures_in(&self, s: usize, e: usize) -> bool {
        self.caps
            .iter()
            .any(|set| set.range((s, 0, 0)..(e, 0, 0)).next().is_some())
    }

    /// Values every stale segment without captures; errors on a segment outside the model.
    fn refresh(&mut self) -> Result<(), PawnsError> {
        let stale: Vec<usize> = self.stale.iter().copied().collect();
        for s in stale {
            let (e, _) = self.segs[&s];
            if self.captures_in(s, e) {
                continue;
            }
            let value = if self.odd.range(s..e).next().is_none() {
                let v = grundy((e - s) as u64);
                if self.by_value.len() <= v as usize {
                    self.by_value.resize(v as usize + 1, BTreeSet::new());
                }
                self.by_value[v as usize].insert(s);
                self.by_len.insert((e - s, s));
                self.xor ^= v;
                Value::Fresh(v)
            } else if self
                .fresh
                .range(..e)
                .next_back()
                .is_some_and(|(_, &fe)| fe > s)
                || self.odd_push.iter().any(|p| p.range(s..e).next().is_some())
            {
                return Err(PawnsError::Model(format!(
                    "columns {} to {} form a segment outside the model (neither untouched nor dead) in {}",
                    s + 1,
                    e,
                    self.describe()
                )));
            } else {
                Value::Dead
            };
            self.segs.insert(s, (e, value));
            self.stale.remove(&s);
        }
        Ok(())
    }

    /// The piece of board around `cols` (inside one segment) cut out with its frame, for
    /// evaluating positions in and after a capture chain there. None if `cols` is in no
    /// segment.
    fn cut(&mut self, cols: Range<usize>) -> Result<(Board, usize, Frame), PawnsError> {
        self.refresh()?;
        let (s, e) = self
            .seg_at(cols.start)
            .ok_or_else(|| PawnsError::Model(format!("column {} is empty", cols.start + 1)))?;
        if cols.end > e {
            return Err(PawnsError::Model(format!(
                "columns {} to {} are not in one segment",
                cols.start + 1,
                cols.end
            )));
        }
        let rest = match self.segs[&s].1 {
            Value::Fresh(v) => self.xor ^ v,
            Value::Dead => self.xor,
            Value::Stale => {
                // Captures pending here, and nowhere else.
                if !self.stale.iter().all(|&t| t == s)
                    || self.caps.iter().flatten().any(|&(c, _, _)| c < s || c >= e)
                {
                    return Err(PawnsError::Model(format!(
                        "captures pending outside one segment in {}",
                        self.describe()
                    )));
                }
                self.xor
            }
        };
        let lo = self
            .odd
            .range(s..e)
            .next()
            .map_or(cols.start, |&c| c.min(cols.start));
        let hi = self
            .odd
            .range(s..e)
            .next_back()
            .map_or(cols.end - 1, |&c| c.max(cols.end - 1));
        let a = lo.saturating_sub(MARGIN).max(s);
        let b = (hi + 1 + MARGIN).min(e);
        let frame = Frame {
            ext: (a - s, e - b),
            rest,
        };
        Ok((self.window(a..b), a, frame))
    }

    /// Whether the side to move wins with perfect play.
    pub fn mover_wins(&mut self) -> Result<bool, PawnsError> {
        let me = si(self.to_move);
        match self.caps[me].iter().next() {
            None => {
                if !self.caps[1 - me].is_empty() {
                    return Err(PawnsError::Model(format!(
                        "a capture is pending for the side not to move in {}",
                        self.describe()
                    )));
                }
                self.refresh()?;
                if let Some(&s) = self.stale.iter().next() {
                    return Err(PawnsError::Model(format!(
                        "segment at column {} has no value",
                        s + 1
                    )));
                }
                Ok(self.xor != 0)
            }
            Some(&(c, _, _)) => {
                let (board, _, frame) = self.cut(c..c + 1)?;
                frame.mover_wins(&board)
            }
        }
    }

    /// The legal move `m` played on the cut around its columns: the cut board after it and
    /// the frame that values the rest of the board.
    fn cut_after(&mut self, m: Move) -> Result<(Board, Frame), PawnsError> {
        self.check(m)?;
        let (c, tc) = (m.col as usize - 1, m.to_col as usize - 1);
        let (board, a, frame) = self.cut(c.min(tc)..c.max(tc) + 1)?;
        let local = Move {
            col: m.col - a as u64,
            to_col: m.to_col - a as u64,
            ..m
        };
        Ok((board.play(local)?, frame))
    }

    /// Whether the side to move after `m` (the opponent of the side playing it) wins.
    pub fn wins_after(&mut self, m: Move) -> Result<bool, PawnsError> {
        let (next, frame) = self.cut_after(m)?;
        frame.mover_wins(&next)
    }

    /// Winning replies of the opponent after `m`, counted up to 2, when `m` opens captures
    /// (None when it does not: the reply is then a push anywhere).
    pub fn winning_replies_in_chain(&mut self, m: Move) -> Result<Option<u32>, PawnsError> {
        let (next, frame) = self.cut_after(m)?;
        let replies = next.captures(next.to_move);
        if replies.is_empty() {
            return Ok(None);
        }
        let mut count = 0;
        for r in replies {
            if !frame.mover_wins(&next.play(r)?)? {
                count += 1;
                if count == 2 {
                    break;
                }
            }
        }
        Ok(Some(count))
    }

    /// The XOR of the segments' values (the position must be quiet).
    pub fn value(&mut self) -> Result<u32, PawnsError> {
        if self.caps.iter().any(|c| !c.is_empty()) {
            return Err(PawnsError::Model("captures are pending".to_owned()));
        }
        self.refresh()?;
        Ok(self.xor)
    }

    /// The fresh segments (start, length) by ascending start, in a quiet position.
    pub fn fresh_segments(&mut self) -> Result<Vec<(usize, usize)>, PawnsError> {
        self.value()?;
        Ok(self
            .segs
            .iter()
            .filter(|(_, (_, v))| matches!(v, Value::Fresh(_)))
            .map(|(&s, &(e, _))| (s, e - s))
            .collect())
    }

    /// The longest fresh segment (start, length), the rightmost of equal ones, in a quiet
    /// position: O(log S) where [`Live::fresh_segments`] is O(S).
    pub fn longest_fresh_segment(&mut self) -> Result<Option<(usize, usize)>, PawnsError> {
        self.value()?;
        Ok(self.by_len.iter().next_back().map(|&(len, s)| (s, len)))
    }

    /// The leftmost fresh segment (start, length) whose value passes `wanted`, in a quiet
    /// position: one look-up per value, O(V log S), where scanning the segments is O(S).
    pub fn leftmost_segment_worth(
        &mut self,
        wanted: impl Fn(u32) -> bool,
    ) -> Result<Option<(usize, usize)>, PawnsError> {
        self.value()?;
        let start = (0..self.by_value.len())
            .filter(|&v| wanted(v as u32))
            .filter_map(|v| self.by_value[v].iter().next().copied())
            .min();
        Ok(start.map(|s| (s, self.segs[&s].0 - s)))
    }

    /// Up to `limit` fresh segments (start, length) of each value passing `wanted`, taken
    /// from the column `probe` on (then from the left), in a quiet position.
    pub fn segments_worth(
        &mut self,
        wanted: impl Fn(u32) -> bool,
        probe: usize,
        limit: usize,
    ) -> Result<Vec<(usize, usize)>, PawnsError> {
        self.value()?;
        let mut out = Vec::new();
        for v in (0..self.by_value.len()).filter(|&v| wanted(v as u32)) {
            let set = &self.by_value[v];
            for &s in set.range(probe..).chain(set.range(..probe)).take(limit) {
                out.push((s, self.segs[&s].0 - s));
            }
        }
        Ok(out)
    }

    /// A fresh segment worth `v`, found from a probe column (None if there is none).
    fn segment_of_value(&self, v: u32, probe: usize) -> Option<(usize, usize)> {
        let set = self.by_value.get(v as usize)?;
        let &s = set.range(probe..).next().or_else(|| set.iter().next())?;
        Some((s, self.segs[&s].0 - s))
    }

    /// A winning move of the side to move, chosen with `pick(len)` (an index below len) among
    /// the captures or among the segments and push classes; None if the side to move loses.
    pub fn winning_move(
        &mut self,
        pick: &mut impl FnMut(usize) -> usize,
    ) -> Result<Option<Move>, PawnsError> {
        let caps = self.captures();
        if !caps.is_empty() {
            let start = pick(caps.len());
            for k in 0..caps.len() {
                let m = caps[(start + k) % caps.len()];
                if !self.wins_after(m)? {
                    return Ok(Some(m));
                }
            }
            return Ok(None);
        }
        let x = self.value()?;
        if x == 0 {
            return Ok(None);
        }
        let values: Vec<u32> = (0..self.by_value.len() as u32)
            .filter(|&v| v ^ x < v && !self.by_value[v as usize].is_empty())
            .collect();
        if values.is_empty() {
            return Err(PawnsError::Model(format!(
                "XOR {x} but no segment to move in at {}",
                self.describe()
            )));
        }
        let v = values[pick(values.len())];
        let (s, len) = self
            .segment_of_value(v, pick(self.width()))
            .expect("the value's set is not empty");
        let target = v ^ x;
        let classes: Vec<PushClass> = push_classes(len)
            .into_iter()
            .filter(|c| c.value == target)
            .collect();
        let total: usize = classes.iter().map(|c| c.count).sum();
        if total == 0 {
            return Err(PawnsError::Model(format!(
                "no push leaves {target} in the segment at column {} of length {len}",
                s + 1
            )));
        }
        let mut k = pick(total);
        let mut col = None;
        for c in &classes {
            if k < c.count {
                col = Some(s + c.nth(k));
                break;
            }
            k -= c.count;
        }
        let m = self.push_at(col.expect("k < total"));
        if self.wins_after(m)? {
            return Err(PawnsError::Model(format!(
                "push {m} should leave a lost position at {}",
                self.describe()
            )));
        }
        Ok(Some(m))
    }

    /// A legal push of the side to move near a probe column (None if it has none), or a
    /// capture if any is open.
    pub fn some_move(&self, probe: usize) -> Option<Move> {
        let caps = self.captures();
        if !caps.is_empty() {
            return Some(caps[probe % caps.len()]);
        }
        let probe = probe % self.width().max(1);
        if let Some((_, &e)) = self.fresh.range(..=probe).next_back() {
            if e > probe {
                return Some(self.push_at(probe));
            }
        }
        let run = self
            .fresh
            .range(probe..)
            .next()
            .or_else(|| self.fresh.iter().next());
        if let Some((&s, &e)) = run {
            return Some(self.push_at(s + probe % (e - s)));
        }
        let set = &self.odd_push[si(self.to_move)];
        let col = set.range(probe..).next().or_else(|| set.iter().next())?;
        Some(self.push_at(*col))
    }

    /// How many fresh runs there are, and the first and the last (0-based, half-open): O(1),
    /// for the coverage classes of every position.
    pub fn fresh_run_ends(&self) -> (usize, Option<Span>, Option<Span>) {
        let first = self.fresh.iter().next().map(|(&s, &e)| (s, e));
        let last = self.fresh.iter().next_back().map(|(&s, &e)| (s, e));
        (self.fresh.len(), first, last)
    }

    /// Whether the side to move has a capture (then it must take one).
    pub fn has_capture(&self) -> bool {
        !self.caps[si(self.to_move)].is_empty()
    }

    /// The fresh runs, for choosers that look at all of them.
    pub fn fresh_runs(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.fresh.iter().map(|(&s, &e)| (s, e))
    }

    /// A move after which the opponent wins, if the side to move has one.
    pub fn losing_move(&mut self) -> Result<Option<Move>, PawnsError> {
        let caps = self.captures();
        if !caps.is_empty() {
            for m in caps {
                if self.wins_after(m)? {
                    return Ok(Some(m));
                }
            }
            return Ok(None);
        }
        let x = self.value()?;
        let segs = self.fresh_segments()?;
        for (s, len) in segs {
            let v = grundy(len as u64);
            if let Some(c) = push_classes(len).iter().find(|c| c.value != x ^ v) {
                let m = self.push_at(s + c.first);
                if self.wins_after(m)? {
                    return Ok(Some(m));
                }
                return Err(PawnsError::Model(format!(
                    "push {m} should hand over the win"
                )));
            }
        }
        Ok(None)
    }

    /// A short picture: the whole board up to 40 columns, else the columns around the last
    /// move (rows 3/2/1, `W`, `B`, `.`), and the side to move. O(1) for wide boards.
    pub fn describe(&self) -> String {
        let n = self.width();
        let (a, b) = if n <= 40 {
            (0, n)
        } else {
            let (lo, hi) = self.last.unwrap_or((0, 0));
            (lo.saturating_sub(5), (hi + 6).min(n))
        };
        let rows: Vec<String> = (0..3)
            .rev()
            .map(|row| {
                self.cells[a..b]
                    .iter()
                    .map(|c| match c[row] {
                        Cell::Empty => '.',
                        Cell::Pawn(Side::White) => 'W',
                        Cell::Pawn(Side::Black) => 'B',
                    })
                    .collect()
            })
            .collect();
        if a == 0 && b == n {
            format!(
                "{} (rows 3/2/1), {:?} to move",
                rows.join("/"),
                self.to_move
            )
        } else {
            format!(
                "columns {} to {} of {n}: {} (rows 3/2/1), {:?} to move",
                a + 1,
                b,
                rows.join("/"),
                self.to_move
            )
        }
    }
}
