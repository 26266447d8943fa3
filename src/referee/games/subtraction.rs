//! The subtraction game as the referee plays it: exact rational k, the wall-stack evaluator.

use super::{MoveError, Round, Trap};
use crate::referee::rng::Rng;
use crate::subtraction::{self, Ratio};

/// Default pile sizes of generated rounds.
pub const DEFAULT_SIZE: (u64, u64) = (2, 20_000);
/// Largest pile the referee accepts.
pub const MAX_SIZE: u64 = 1_000_000_000_000_000_000;
/// Moves after which a round is cut (no cap until every player reads a cut).
pub const MOVE_CAP: u64 = u64::MAX;

/// Parses a whole non-negative decimal number, rejecting signs, spaces and leading `+`.
fn parse_count(text: &str) -> Result<u64, MoveError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(MoveError::Syntax(format!(
            "expected a number of stones, got {text:?}"
        )));
    }
    text.parse()
        .map_err(|_| MoveError::Illegal(format!("taking {text} stones is more than any pile")))
}

/// Most losing starts the referee computes for one round (16 bytes each, 64 MiB), the cap of
/// solutions/subtraction.rs too: with it every n ≤ 10^18 is in reach for k up to 135000
/// (tests/referee_misuse.rs). A larger k with a large n needs about k·ln(n/k) terms (the
/// terms grow by ~1/k each): the referee would think for hours, outside every limit, so such
/// a round is refused up front.
pub const MAX_TERMS: usize = 1 << 22;

pub struct SubtractionRound {
    n: u64,
    k_text: String,
    eval: subtraction::Evaluator,
    pos: subtraction::Position,
}

impl SubtractionRound {
    pub fn new(n: u64, k: &str) -> Result<SubtractionRound, String> {
        if n < 2 {
            return Err(format!("subtraction needs n ≥ 2, got {n}"));
        }
        let ratio = Ratio::parse(k)?;
        let mut eval = subtraction::Evaluator::new(ratio);
        if !eval.covers(n, MAX_TERMS) {
            return Err(format!(
                "k = {k} with n = {n} needs more than {MAX_TERMS} losing starts \
                 (every n ≤ 10^18 is in reach for k up to 135000)"
            ));
        }
        Ok(SubtractionRound {
            n,
            k_text: k.to_owned(),
            eval,
            pos: subtraction::Position::start(n),
        })
    }

    fn after(&self, x: u64) -> subtraction::Position {
        subtraction::Position {
            stones: self.pos.stones - x,
            cap: self.eval.k.floor_mul(x),
        }
    }

    /// How many winning replies the position after taking `x` leaves, counting to 2; None
    /// when that position's cap is too large to scan cheaply.
    fn winning_replies(&mut self, x: u64) -> Option<u32> {
        let next = self.after(x);
        if next.max_take() > 64 {
            return None;
        }
        let mut count = 0;
        for y in 1..=next.max_take() {
            let reply = subtraction::Position {
                stones: next.stones - y,
                cap: self.eval.k.floor_mul(y),
            };
            if !self.eval.mover_wins(reply) {
                count += 1;
                if count == 2 {
                    break;
                }
            }
        }
        Some(count)
    }
}

impl Round for SubtractionRound {
    fn position_line(&self) -> String {
        format!("{} {}", self.n, self.k_text)
    }

    fn describe(&self) -> String {
        format!("{} (n = {}, k = {})", self.pos, self.n, self.k_text)
    }

    fn mover_has_move(&self) -> bool {
        self.pos.max_take() > 0
    }

    fn play_line(&mut self, line: &str) -> Result<(), MoveError> {
        let x = parse_count(line)?;
        self.pos = self.pos.take(x, self.eval.k).map_err(MoveError::Illegal)?;
        Ok(())
    }

    fn mover_wins(&mut self) -> Result<bool, String> {
        Ok(self.eval.mover_wins(self.pos))
    }

    fn winning_move(&mut self, _rng: &mut Rng) -> Result<String, String> {
        let x = self.eval.smallest_win(self.pos.stones);
        if x > self.pos.max_take() {
            return Err(format!("no winning move at {}", self.describe()));
        }
        self.pos = self.after(x);
        Ok(x.to_string())
    }

    fn trap_move(&mut self, trap: Trap, rng: &mut Rng) -> Result<String, String> {
        let max = self.pos.max_take();
        if max == 0 {
            return Err(format!("no legal move at {}", self.describe()));
        }
        let x = match trap {
            Trap::Random => rng.range(1, max),
            // Taking one stone keeps every later cap smallest: the slowest game.
            Trap::Longest => 1,
            Trap::UniqueReply => {
                let mut candidates: Vec<u64> = (1..=max.min(8)).collect();
                candidates.extend((0..4).map(|_| rng.range(1, max)));
                let start = rng.index(candidates.len());
                candidates.rotate_left(start);
                candidates
                    .into_iter()
                    .find(|&x| self.winning_replies(x) == Some(1))
                    .unwrap_or_else(|| rng.range(1, max))
            }
        };
        self.pos = self.after(x);
        Ok(x.to_string())
    }

    fn blunder_move(&mut self) -> Result<Option<String>, String> {
        for x in 1..=self.pos.max_take().min(64) {
            if self.eval.mover_wins(self.after(x)) {
                self.pos = self.after(x);
                return Ok(Some(x.to_string()));
            }
        }
        Ok(None)
    }
}
