//! Evaluation: the quiet segments valued, a capture chain's segment cut out as a small
//! [`Board`] with its [`Frame`], who wins, and the fresh segments looked up by length and
//! value.

use super::{si, Live, Value, MARGIN};
use crate::{grundy, Board, Frame, Move, PawnsError};
use std::collections::BTreeSet;
use std::ops::Range;

impl Live {
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
    pub(super) fn segment_of_value(&self, v: u32, probe: usize) -> Option<(usize, usize)> {
        let set = self.by_value.get(v as usize)?;
        let &s = set.range(probe..).next().or_else(|| set.iter().next())?;
        Some((s, self.segs[&s].0 - s))
    }
}
