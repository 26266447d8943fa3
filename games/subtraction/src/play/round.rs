//! A subtraction round made: from a position line (`n k` or `n k p`) or a start, checked to
//! be within the evaluator's reach; and the referee's look ahead (the big reply, the winning
//! replies a removal leaves).

use super::{SubtractionRound, MAX_SIZE};
use crate as subtraction;
use crate::gen::{within_reach, Multiplier, Start};
use combgames_core::round::GameError;

/// A count of the position line: digits only, no sign, no leading zero.
fn count_in(line: &str, what: &str, text: &str) -> Result<u64, GameError> {
    let plain = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    plain
        .then(|| text.parse().ok())
        .flatten()
        .ok_or_else(|| GameError::Position(format!("bad {what} {text:?} in {line:?}")))
}

/// The round of a position line: `n k` (a fresh pile) or `n k p` (p the opponent's last
/// removal: the mover may take 1..=min(n, ⌊k·p⌋)); 2 ≤ n ≤ 10^18, 1 ≤ p ≤ 10^18. A line
/// that is neither is a GameError::Position naming what is wrong (a replayed pile beyond what
/// the referee plays is its own input's fault, FAIL, never the solution's).
pub(super) fn read_position(line: &str) -> Result<SubtractionRound, GameError> {
    let (n, k, p) = match line.split_whitespace().collect::<Vec<_>>().as_slice() {
        [n, k] => (*n, *k, None),
        [n, k, p] => (*n, *k, Some(*p)),
        _ => {
            return Err(GameError::Position(format!(
                "{line:?} is not a subtraction position (`n k` or `n k p`)"
            )))
        }
    };
    let n = count_in(line, "n", n)?;
    // n < 2 is refused with the round (SubtractionRound::with_evaluator).
    if n > MAX_SIZE {
        return Err(GameError::Position(format!(
            "n = {n} is beyond the referee's range 2 to 10^18"
        )));
    }
    let last = match p {
        None => None,
        Some(p) => {
            let p = count_in(line, "p", p)?;
            if !(1..=MAX_SIZE).contains(&p) {
                return Err(GameError::Position(format!(
                    "p = {p} (the last removal) is outside 1 to 10^18"
                )));
            }
            Some(p)
        }
    };
    SubtractionRound::new_at(n, k, last)
}

impl SubtractionRound {
    /// The round of a fresh pile, `n k`.
    pub fn new(n: u64, k: &str) -> Result<SubtractionRound, GameError> {
        SubtractionRound::new_at(n, k, None)
    }

    /// The round of `n k p` (`last` = Some(p)) or of a fresh pile `n k` (None).
    pub fn new_at(n: u64, k: &str, last: Option<u64>) -> Result<SubtractionRound, GameError> {
        let k = Multiplier::parse(k).map_err(GameError::position)?;
        let eval = subtraction::Evaluator::new(k.k);
        SubtractionRound::with_evaluator(Start { n, k, last }, eval)
    }

    /// The round from `start`, judged by `eval` (built for its k).
    pub(super) fn with_evaluator(
        start: Start,
        mut eval: subtraction::Evaluator,
    ) -> Result<SubtractionRound, GameError> {
        if start.n < 2 {
            return Err(GameError::Position(format!(
                "subtraction needs n ≥ 2, got {}",
                start.n
            )));
        }
        if start.last == Some(0) {
            return Err(GameError::Position(
                "the last removal p must be at least 1".to_owned(),
            ));
        }
        within_reach(&mut eval, start.n, &start.k.text).map_err(GameError::unplayable)?;
        Ok(SubtractionRound {
            pos: start.position(),
            start,
            eval,
            big_reply_due: false,
        })
    }

    /// The removal y (the lost referee's) that leaves the largest smallest winning reply
    /// f(m − y) among the losing starts below the cap (a bug in caps or in big parts shows only
    /// when the reply needed is large; f(m − y) ≤ ⌊k·y⌋ as every move loses), with y at most a
    /// quarter of the pile and the reply leaving at least half, so the round goes on long.
    /// None when every candidate's reply is 1.
    pub(super) fn big_reply(&mut self) -> Option<u64> {
        let m = self.pos.stones;
        let limit = self.pos.max_take().min(m / 4);
        let mut best: Option<(u64, u64)> = None;
        for shift in 0..16 {
            if limit >> shift == 0 {
                break;
            }
            let y = self.eval.losing_start_at_most(limit >> shift);
            let reply = self.eval.smallest_win(m - y);
            if reply > 1 && m - y - reply >= m / 2 && best.map_or(true, |(_, r)| reply > r) {
                best = Some((y, reply));
            }
        }
        best.map(|(y, _)| y)
    }

    pub(super) fn after(&self, x: u64) -> subtraction::Position {
        subtraction::Position {
            stones: self.pos.stones - x,
            cap: self.eval.k.floor_mul(x),
        }
    }

    /// How many winning replies the position after taking `x` leaves, counting to 2; None
    /// when that is not settled within `budget` evaluations (which it spends). The smallest
    /// winning reply is f (the smallest winning removal with no cap): when f is the whole cap
    /// the winning reply is unique; otherwise the removals above f are searched for a second.
    pub(super) fn winning_replies(&mut self, x: u64, budget: &mut u64) -> Option<u32> {
        let next = self.after(x);
        let cap = next.max_take();
        let f = self.eval.smallest_win(next.stones);
        if f > cap {
            return Some(0);
        }
        if f == cap {
            return Some(1);
        }
        let last = cap.min(f + *budget);
        *budget -= last - f;
        for y in f + 1..=last {
            let reply = subtraction::Position {
                stones: next.stones - y,
                cap: self.eval.k.floor_mul(y),
            };
            if !self.eval.mover_wins(reply) {
                return Some(2);
            }
        }
        (last == cap).then_some(1)
    }
}
