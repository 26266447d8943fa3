//! The board and its upkeep move by move: the position read and its legal moves, a move
//! played, and the runs, segments and captures it changes kept up to date; and a short
//! picture of the board.

use super::{column_push, si, Live, Value, EMPTY, FRESH, SIDES};
use crate::{check_move, Board, Cell, Move, PawnsError, Side};
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

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
    /// positions of [`crate::position::Position`]. O(N + R log R) for R runs.
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

    pub(super) fn window(&self, cols: Range<usize>) -> Board {
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
    pub(super) fn seg_at(&self, col: usize) -> Option<(usize, usize)> {
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
    pub(super) fn captures_in(&self, s: usize, e: usize) -> bool {
        self.caps
            .iter()
            .any(|set| set.range((s, 0, 0)..(e, 0, 0)).next().is_some())
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
