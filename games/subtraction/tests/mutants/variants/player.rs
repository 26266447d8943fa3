//! One variant's player for one round: a contestant, or the blunderer and the correct
//! alternatives judging removals with the library's evaluator.

use super::{Contestant, Variant};
use combgames_core::rng::Rng;
use combgames_subtraction::{Evaluator, Position, Ratio};

/// One variant's player for one round.
pub struct Player {
    variant: Variant,
    k: Ratio,
    eval: Evaluator,
    contestant: Option<Contestant>,
}

/// Removals scanned whole by the correct alternatives; beyond, a sample.
const SCAN_ALL: u64 = 64;
const SAMPLE: u64 = 32;

impl Player {
    pub fn new(variant: Variant, k: Ratio, n: u64) -> Player {
        let contestant = match variant {
            Variant::Blunder1000 | Variant::LargestWin | Variant::RandomWin => None,
            _ => Some(Contestant::new(variant, k, n)),
        };
        // The contestants never consult the evaluator: no table for them.
        let eval = match contestant {
            Some(_) => Evaluator::with_table(k, 0),
            None => Evaluator::new(k),
        };
        Player {
            variant,
            k,
            eval,
            contestant,
        }
    }

    /// Whether this player claims the first move from n stones.
    pub fn claims_first(&mut self, n: u64) -> bool {
        self.claims(Position::start(n), true)
    }

    /// Whether this player claims the first move at `pos` (`fresh`: a fresh pile; else a
    /// mid-game start `n k p`, its cap from p as this player computes caps).
    pub fn claims(&mut self, pos: Position, fresh: bool) -> bool {
        match &self.contestant {
            Some(c) => c.claims(pos, fresh),
            None => self.eval.mover_wins(pos),
        }
    }

    /// Whether taking `x` at `pos` wins (leaves a lost position), by the library's evaluator.
    pub fn wins_by(&mut self, pos: Position, x: u64) -> bool {
        let rest = Position {
            stones: pos.stones - x,
            cap: self.k.floor_mul(x),
        };
        !self.eval.mover_wins(rest)
    }

    /// The removal played at `pos`; `blunder` (the blunderer's 1-in-1000 roll) makes the
    /// blunderer play a losing removal if one of the first 64 is.
    pub fn choose(&mut self, pos: Position, first_move: bool, blunder: bool, rng: &mut Rng) -> u64 {
        if let Some(c) = &self.contestant {
            return c.choose(pos, first_move);
        }
        let cap = pos.max_take();
        let smallest = self.eval.smallest_win(pos.stones);
        if smallest > cap {
            return 1; // a lost position: any move
        }
        match self.variant {
            Variant::Blunder1000 => {
                if blunder {
                    if let Some(x) = (1..=cap.min(64)).find(|&x| !self.wins_by(pos, x)) {
                        return x;
                    }
                }
                smallest
            }
            Variant::LargestWin => {
                let mut candidates = self.candidates(pos, smallest);
                candidates.sort_unstable_by(|a, b| b.cmp(a));
                candidates
                    .into_iter()
                    .find(|&x| self.wins_by(pos, x))
                    .unwrap_or(smallest)
            }
            _ => {
                let candidates = self.candidates(pos, smallest);
                let winning: Vec<u64> = candidates
                    .into_iter()
                    .filter(|&x| self.wins_by(pos, x))
                    .collect();
                if winning.is_empty() {
                    smallest
                } else {
                    winning[rng.index(winning.len())]
                }
            }
        }
    }

    /// Removals the correct alternatives consider (all ≤ the cap): every one up to SCAN_ALL;
    /// beyond, SAMPLE removals (the ones just below the cap for the largest, random ones for
    /// the random player), the sums of the smallest parts of the decomposition (each part is
    /// the smallest winning removal of what the smaller ones leave) and the smallest win.
    fn candidates(&mut self, pos: Position, smallest: u64) -> Vec<u64> {
        let cap = pos.max_take();
        if cap <= SCAN_ALL {
            return (1..=cap).collect();
        }
        let mut out = vec![smallest];
        if self.variant == Variant::LargestWin {
            out.extend(cap - SAMPLE + 1..=cap);
        } else {
            // A fixed stream per position keeps the choice a function of the position.
            let mut rng = Rng::new(pos.stones ^ cap.rotate_left(32));
            out.extend((0..SAMPLE).map(|_| rng.range(1, cap)));
        }
        let mut sum = 0u64;
        while sum < pos.stones {
            let part = self.eval.smallest_win(pos.stones - sum);
            sum += part;
            if sum > cap {
                break;
            }
            out.push(sum);
        }
        out
    }
}
