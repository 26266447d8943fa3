//! Choosing moves: a winning move by the nim rule and the push classes (checked on the cut
//! board before it is returned), some legal move, a losing move, and what the choosers look
//! at (the fresh runs, the captures).

use super::{push_classes, si, Live, PushClass, Span};
use crate::{grundy, Move, PawnsError};

impl Live {
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
}
