//! The turns a knights round searches for: the referee's set-up turn that leaves the solution
//! a narrow win, and the test players' winning turns (the slowest, or one drawn at random).

use super::{options, KnightsRound, SetUpRank, Square, SET_UP_KNIGHTS};
use crate::Evaluator;
use combgames_core::rng::Rng;
use combgames_core::round::{GameError, TypedRound};

impl KnightsRound {
    /// A turn for the referee (any turn loses when it is to move in a lost position) that
    /// leaves the solution a narrow win, for rounds of up to [`SET_UP_KNIGHTS`] knights: one
    /// knight lands on a trap square T of odd suspense v (a square with two different even
    /// options, where only the larger one wins, or one whose suspense the far border changes),
    /// every other knight on an option of suspense at most v, preferably v − 1 (then the
    /// leader's reply must reach v − 1 exactly). Among the candidates: a rival at v − 1 and
    /// two even options first, then the largest v. None when no knight reaches a trap square.
    pub fn set_up_turn(&self) -> Option<Vec<Square>> {
        self.ranked_set_up_turn().map(|(_, turn)| turn)
    }

    /// [`KnightsRound::set_up_turn`] with its rank.
    pub(super) fn ranked_set_up_turn(&self) -> Option<(SetUpRank, Vec<Square>)> {
        if self.knights.len() > SET_UP_KNIGHTS {
            return None;
        }
        let n = self.n;
        let longer = Evaluator::new(n + 4);
        let opts: Vec<Vec<(Square, u64)>> = self
            .knights
            .iter()
            .map(|&k| options(n, k).map(|sq| (sq, self.s(sq))).collect())
            .collect();
        let two_even = |sq: Square| {
            let mut even: Vec<u64> = options(n, sq)
                .map(|o| self.s(o))
                .filter(|v| v % 2 == 0)
                .collect();
            even.sort_unstable();
            even.dedup();
            even.len() >= 2
        };
        // Even options 2 apart, the smaller first in the order of the steps: a search that
        // keeps the first even option unless a later one is more than 2 larger goes wrong.
        let gap_first = |sq: Square, v: u64| {
            let even: Vec<u64> = options(n, sq)
                .map(|o| self.s(o))
                .filter(|w| w % 2 == 0)
                .collect();
            v >= 3 && even.first() == Some(&(v - 3)) && even.contains(&(v - 1))
        };
        // A square of even suspense w with an option above w + 1: moving it to any (odd)
        // option instead of the smallest can hand over the win.
        let high_option = |sq: Square, w: u64| options(n, sq).any(|o| self.s(o) > w + 1);
        let mut best: Option<(SetUpRank, Vec<Square>)> = None;
        for (i, own) in opts.iter().enumerate() {
            for &(trap, v) in own {
                let doubled = v % 2 == 1 && two_even(trap);
                if v % 2 == 0 || !(doubled || self.s(trap) != longer.suspense(trap.0, trap.1)) {
                    continue;
                }
                let mut turn = Vec::with_capacity(opts.len());
                let mut rival = false;
                for (j, other) in opts.iter().enumerate() {
                    if j == i {
                        turn.push(trap);
                        continue;
                    }
                    if other.is_empty() {
                        turn.push(self.knights[j]);
                        continue;
                    }
                    // Preference: exactly v − 1 (one with an option above v first), then
                    // the largest below, then v itself.
                    let rank = |sq: Square, w: u64| (w + 1 == v, w < v, w, high_option(sq, w));
                    let pick = other
                        .iter()
                        .filter(|&&(_, w)| w <= v)
                        .max_by_key(|&&(sq, w)| rank(sq, w));
                    match pick {
                        Some(&(sq, w)) => {
                            rival |= w + 1 == v;
                            turn.push(sq);
                        }
                        None => break,
                    }
                }
                if turn.len() < opts.len() {
                    continue;
                }
                let score = (rival && gap_first(trap, v), rival && doubled, rival, v);
                if best.as_ref().map_or(true, |(b, _)| score > *b) {
                    best = Some((score, turn));
                }
            }
        }
        best
    }

    /// A winning turn for the test players (the mover wins): the largest suspense after it is
    /// an even M. M is the largest even value every knight can stay at or below and one
    /// reaches (`slowest`), or one of those values drawn at random; then every knight goes to
    /// an option of suspense at most M (the largest of them when `slowest`, else a random
    /// one), and one knight that can reach M exactly, drawn at random, goes there.
    fn winning_turn(&self, slowest: bool, rng: &mut Rng) -> Option<Vec<Square>> {
        let opts: Vec<Vec<(Square, u64)>> = self
            .knights
            .iter()
            .map(|&k| options(self.n, k).map(|sq| (sq, self.s(sq))).collect())
            .collect();
        // Every knight must stay at or below M: M is at least each knight's smallest option.
        let floor = opts
            .iter()
            .map(|o| o.iter().map(|&(_, w)| w).min().unwrap_or(0))
            .max()
            .unwrap_or(0);
        let mut evens: Vec<u64> = opts
            .iter()
            .flatten()
            .map(|&(_, w)| w)
            .filter(|&w| w % 2 == 0 && w >= floor)
            .collect();
        evens.sort_unstable();
        evens.dedup();
        let m = if slowest {
            *evens.last()?
        } else {
            *evens.get(rng.index(evens.len().max(1)))?
        };
        let mut turn: Vec<Square> = opts
            .iter()
            .zip(&self.knights)
            .map(|(o, &from)| {
                let below: Vec<&(Square, u64)> = o.iter().filter(|&&(_, w)| w <= m).collect();
                if below.is_empty() {
                    return from;
                }
                if slowest {
                    let top = below.iter().map(|&&(_, w)| w).max().expect("not empty");
                    let tied: Vec<Square> = below
                        .iter()
                        .filter(|&&&(_, w)| w == top)
                        .map(|&&(sq, _)| sq)
                        .collect();
                    tied[rng.index(tied.len())]
                } else {
                    below[rng.index(below.len())].0
                }
            })
            .collect();
        let reach: Vec<usize> = (0..opts.len())
            .filter(|&i| opts[i].iter().any(|&(_, w)| w == m))
            .collect();
        let i = reach[rng.index(reach.len())];
        let at_m: Vec<Square> = opts[i]
            .iter()
            .filter(|&&(_, w)| w == m)
            .map(|&(sq, _)| sq)
            .collect();
        turn[i] = at_m[rng.index(at_m.len())];
        Some(turn)
    }

    pub(super) fn checked_winning_turn(
        &mut self,
        slowest: bool,
        rng: &mut Rng,
    ) -> Result<Vec<Square>, GameError> {
        let turn = self.winning_turn(slowest, rng);
        match turn {
            Some(t) if self.largest() % 2 == 1 && self.largest_of(&t) % 2 == 0 => Ok(t),
            _ => Err(GameError::Internal(format!(
                "no winning turn found at {}",
                self.describe()
            ))),
        }
    }
}
