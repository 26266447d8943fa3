//! How a player chooses its move: towards a believed (or true) total of 0 in the end runs and
//! some inner runs, a random or a blundering move, and every winning move it finds.

use super::{other, Bug, Player};
use combgames_strip::{run_grundy_formula, Colour, End};

impl Player {
    /// Value of what a run (start, len) becomes after `c` goes to its offset `at`, by `value`,
    /// or None when that move is illegal.
    pub(super) fn after(
        &self,
        start: usize,
        len: usize,
        at: usize,
        c: Colour,
        value: impl Fn(usize, End, End) -> u64,
    ) -> Option<u64> {
        let (l, r) = self.ends(start, len);
        let mid = End::Colour(c);
        if (at == 0 && l == mid) || (at + 1 == len && r == mid) {
            return None;
        }
        Some(value(at, l, mid) ^ value(len - 1 - at, mid, r))
    }

    pub(super) fn true_after(&self, start: usize, len: usize, at: usize, c: Colour) -> Option<u64> {
        self.after(start, len, at, c, |n, l, r| {
            run_grundy_formula(n as u64, l, r)
        })
    }

    /// The live runs that touch a strip end (at most two, or the one empty strip).
    pub(super) fn end_runs(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for start in [self.live.first(), self.live.last()].into_iter().flatten() {
            let len = self.runs[start];
            let (l, r) = self.ends(*start, len);
            if (l == End::Edge || r == End::Edge) && !out.contains(&(*start, len)) {
                out.push((*start, len));
            }
        }
        out
    }

    /// Up to `count` live runs between two marks: the first ones, then random probes.
    pub(super) fn inner_runs(&mut self, first: usize, probes: usize) -> Vec<(usize, usize)> {
        let mut out: Vec<(usize, usize)> = Vec::new();
        let inner = |p: &Player, s: usize| {
            let (l, r) = p.ends(s, p.runs[&s]);
            l != End::Edge && r != End::Edge
        };
        for &s in self.live.iter().take(first + 2) {
            if inner(self, s) && out.len() < first {
                out.push((s, self.runs[&s]));
            }
        }
        for _ in 0..probes {
            let p = self.rng.index(self.cells.len());
            if let Some(&s) = self.live.range(p..).next() {
                if inner(self, s) && !out.iter().any(|&(o, _)| o == s) {
                    out.push((s, self.runs[&s]));
                }
            }
        }
        out
    }

    /// Offsets worth trying in a run of `len` moved to value `t`: its ends, its middle, and
    /// `t` counted from either end (by the closed form one of them always wins).
    pub(super) fn offsets(len: usize, t: u64) -> Vec<usize> {
        let t = usize::try_from(t).unwrap_or(usize::MAX / 2).min(len + 2);
        let mut v = vec![
            0,
            1,
            len.wrapping_sub(1),
            len.wrapping_sub(2),
            len.wrapping_sub(1) / 2,
            len / 2,
            t,
            t + 1,
            t.wrapping_sub(1),
            len.wrapping_sub(1 + t),
            len.wrapping_sub(t),
            len.wrapping_sub(2 + t),
        ];
        v.retain(|&o| o < len);
        v
    }

    /// A uniform-ish legal move: the live run holding a random cell (else the next live run),
    /// a random cell of it and a random symbol; the run's first legal move if that fails.
    pub fn random_move(&mut self) -> Option<(usize, Colour)> {
        if self.live.is_empty() {
            return None;
        }
        let p = self.rng.index(self.cells.len());
        let holding = self.run_at(p).map(|(s, _)| s);
        let start = *holding
            .as_ref()
            .filter(|s| self.live.contains(s))
            .or_else(|| self.live.range(p..).next())
            .or_else(|| self.live.first())
            .expect("non-empty");
        let len = self.runs[&start];
        let at = start + self.rng.index(len);
        let c = Colour::BOTH[self.rng.index(2)];
        [c, other(c)]
            .into_iter()
            .find(|&c| self.is_legal(at, c))
            .map(|c| (at, c))
            .or_else(|| {
                (start..start + len)
                    .flat_map(|a| Colour::BOTH.map(|c| (a, c)))
                    .find(|&(a, c)| self.is_legal(a, c))
            })
    }

    /// A move to a believed (or true) total of 0 in the end runs and then in up to 64 runs
    /// between marks; None if there is none there.
    pub(super) fn move_to_zero(
        &mut self,
        by_belief: bool,
        inner_too: bool,
    ) -> Option<(usize, Colour)> {
        let bug = if by_belief { self.bug } else { Bug::Right };
        let value = move |n: usize, l: End, r: End| bug.believed_value(n, l, r);
        let total = if by_belief {
            self.believed_total()
        } else {
            self.truth
        };
        if total == 0 {
            return None;
        }
        let mut runs = self.end_runs();
        if inner_too {
            runs.extend(self.inner_runs(64, 0));
        }
        for (start, len) in runs {
            let (l, r) = self.ends(start, len);
            let t = total ^ value(len, l, r);
            for at in Self::offsets(len, t) {
                for c in Colour::BOTH {
                    if self.after(start, len, at, c, value) == Some(t) {
                        return Some((start + at, c));
                    }
                }
            }
        }
        None
    }

    /// The winning moves it collects (truth): both of each end run's (at most two per run,
    /// found among the offsets above; every offset of the empty strip), and when the total is
    /// 1 a few random moves in runs between marks (every move there wins then).
    pub fn winning_moves(&mut self) -> Vec<(usize, Colour)> {
        let x = self.truth;
        let mut out = Vec::new();
        if x == 0 {
            return out;
        }
        let mut runs = self.end_runs();
        if x == 1 {
            runs.extend(self.inner_runs(4, 6));
        }
        for (start, len) in runs {
            let (l, r) = self.ends(start, len);
            let t = x ^ run_grundy_formula(len as u64, l, r);
            let offsets: Vec<usize> = if l == End::Edge && r == End::Edge {
                (0..len).collect()
            } else if l != End::Edge && r != End::Edge {
                let mut o = Self::offsets(len, t);
                o.push(self.rng.index(len));
                o
            } else {
                let t1 = t ^ 1;
                Self::offsets(len, t)
                    .into_iter()
                    .chain(Self::offsets(len, t1))
                    .collect()
            };
            for at in offsets {
                for c in Colour::BOTH {
                    let m = (start + at, c);
                    if self.true_after(start, len, at, c) == Some(t) && !out.contains(&m) {
                        out.push(m);
                    }
                }
            }
        }
        out
    }

    /// How many (cell, symbol) options a move takes away: its cell's, and its symbol on the
    /// neighbouring cells.
    pub fn options_lost(&self, at: usize, c: Colour) -> usize {
        let own = Colour::BOTH
            .iter()
            .filter(|&&s| self.is_legal(at, s))
            .count();
        let beside = [at.checked_sub(1), at.checked_add(1)]
            .into_iter()
            .flatten()
            .filter(|&j| self.is_legal(j, c))
            .count();
        own + beside
    }

    /// A legal move that leaves the opponent a won position, if random tries find one: random
    /// moves, then random cells of the end runs (when the total is 1 every move between two
    /// marks wins, so the losing moves are there).
    pub fn blunder(&mut self) -> Option<(usize, Colour)> {
        let mut tries: Vec<(usize, Colour)> = (0..20).filter_map(|_| self.random_move()).collect();
        for (start, len) in self.end_runs() {
            for _ in 0..20 {
                let at = start + self.rng.index(len);
                tries.push((at, Colour::BOTH[self.rng.index(2)]));
            }
        }
        tries.into_iter().find(|&(at, c)| {
            let Some((start, len)) = self.run_at(at) else {
                return false;
            };
            let (l, r) = self.ends(start, len);
            let rest = self.truth ^ run_grundy_formula(len as u64, l, r);
            self.true_after(start, len, at - start, c)
                .is_some_and(|v| v ^ rest != 0)
        })
    }

    /// The variant's move for the player to move (None when there is no legal move).
    pub fn choose(&mut self) -> Option<(usize, Colour)> {
        if !self.has_move() {
            return None;
        }
        let chosen = match self.bug {
            Bug::RandomWinning => {
                let moves = self.winning_moves();
                (!moves.is_empty()).then(|| moves[self.rng.index(moves.len())])
            }
            Bug::LongestWinning => {
                let moves = self.winning_moves();
                moves
                    .into_iter()
                    .min_by_key(|&(at, c)| self.options_lost(at, c))
            }
            Bug::EdgesOnly => self.move_to_zero(false, false),
            Bug::Blunder1000 if self.rng.index(1000) == 0 => {
                self.blunder().or_else(|| self.move_to_zero(false, true))
            }
            Bug::ColourIgnored => self.move_to_zero(false, true).map(|(at, c)| {
                if self.is_legal(at, Colour::One) {
                    (at, Colour::One)
                } else {
                    (at, c)
                }
            }),
            bug => self.move_to_zero(bug.judges_by_belief(), true),
        };
        chosen.or_else(|| self.random_move())
    }
}
