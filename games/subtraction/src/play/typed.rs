//! The protocol's side of a subtraction round ([`TypedRound`]): its position line, removals
//! read and written, the referee's winning and trap moves, and the coverage classes of each
//! position.

use super::classes::f_error_pairs;
use super::SubtractionRound;
use combgames_core::rng::Rng;
use combgames_core::round::{rotated, GameError, MoveError, Trap, TypedRound};

/// Evaluations the unique-reply trap may spend looking for a second winning reply, over all
/// its candidates (on small piles that settles every candidate; on huge piles with large caps
/// the candidates where the cap is exactly the smallest winning reply are found anyway).
const UNIQUE_REPLY_BUDGET: u64 = 96;

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

impl TypedRound for SubtractionRound {
    /// Stones taken.
    type Move = u64;

    fn position_line(&self) -> String {
        self.start.to_string()
    }

    fn describe(&self) -> String {
        let last = match self.start.last {
            Some(p) => format!(", last removal {p}"),
            None => String::new(),
        };
        format!(
            "{} (n = {}, k = {}{last})",
            self.pos, self.start.n, self.start.k.text
        )
    }

    fn parse_move(&self, line: &str) -> Result<u64, MoveError> {
        parse_count(line)
    }

    fn format_move(&self, x: &u64) -> String {
        x.to_string()
    }

    fn apply(&mut self, &x: &u64) -> Result<(), MoveError> {
        self.pos = self
            .pos
            .take(x, self.eval.k)
            .map_err(|e| MoveError::Illegal(e.to_string()))?;
        Ok(())
    }

    fn mover_wins(&mut self) -> Result<bool, GameError> {
        Ok(self.eval.mover_wins(self.pos))
    }

    fn winning_move(&mut self, _rng: &mut Rng) -> Result<u64, GameError> {
        let x = self.eval.smallest_win(self.pos.stones);
        if x > self.pos.max_take() {
            return Err(GameError::Internal(format!(
                "no winning move at {}",
                self.describe()
            )));
        }
        Ok(x)
    }

    /// Uniform over the winning removals found among candidates (a pile has up to 10^18
    /// removals): the sums of the smallest parts of the pile's greedy decomposition over the
    /// losing starts (f, f + the next part, ...: each leaves a position whose smallest part
    /// exceeds the cap it gives) and 16 random removals between f and the cap.
    fn random_winning_move(&mut self, rng: &mut Rng) -> Result<u64, GameError> {
        let cap = self.pos.max_take();
        let f = TypedRound::winning_move(self, rng)?;
        let mut candidates = Vec::new();
        let (mut taken, mut rest) = (0u64, self.pos.stones);
        while rest > 0 && candidates.len() < 64 {
            let part = self.eval.smallest_win(rest);
            taken += part;
            rest -= part;
            if taken > cap {
                break;
            }
            candidates.push(taken);
        }
        candidates.extend((0..16).map(|_| rng.range(f, cap)));
        candidates.sort_unstable();
        candidates.dedup();
        let mut wins = Vec::new();
        for x in candidates {
            if !self.leaves_opponent_winning(&x)? {
                wins.push(x);
            }
        }
        // f is among them: it is the first prefix sum.
        Ok(wins[rng.index(wins.len())])
    }

    /// The smallest winning removal f (also [`TypedRound::winning_move`]'s choice): it leaves
    /// the most stones and the opponent the smallest cap.
    fn slowest_winning_move(&mut self, rng: &mut Rng) -> Result<u64, GameError> {
        TypedRound::winning_move(self, rng)
    }

    fn leaves_opponent_winning(&mut self, &x: &u64) -> Result<bool, GameError> {
        Ok((1..=self.pos.max_take()).contains(&x) && self.eval.mover_wins(self.after(x)))
    }

    fn mover_has_move(&self) -> bool {
        self.pos.max_take() > 0
    }

    /// Its own: no random move is drawn first (a pile has up to 10^18 moves), and the
    /// unique-reply search shares one evaluation budget over its candidates.
    fn trap_move(&mut self, trap: Trap, rng: &mut Rng) -> Result<u64, GameError> {
        let max = self.pos.max_take();
        if max == 0 {
            return Err(GameError::Internal(format!(
                "no legal move at {}",
                self.describe()
            )));
        }
        if std::mem::take(&mut self.big_reply_due) {
            if let Some(y) = self.big_reply() {
                return Ok(y);
            }
        }
        Ok(match trap {
            // Mostly a few stones, so a huge pile stays huge and the solution's replies are
            // judged there many times; now and then any amount, so caps vary widely.
            Trap::Random if rng.index(4) == 0 => rng.range(1, max),
            Trap::Random => rng.range(1, max.min(8)),
            // Taking one stone keeps every later cap smallest: the slowest game.
            Trap::Longest => 1,
            Trap::UniqueReply => {
                let mut candidates: Vec<u64> = (1..=max.min(8)).collect();
                candidates.extend((0..4).map(|_| rng.range(1, max)));
                candidates.push(max);
                // At most this many positions evaluated for one trap move (a few
                // microseconds at a huge pile), beside one per candidate.
                let mut budget = UNIQUE_REPLY_BUDGET;
                rotated(candidates, rng)
                    .into_iter()
                    .find(|&x| self.winning_replies(x, &mut budget) == Some(1))
                    .unwrap_or_else(|| rng.range(1, max.min(8)))
            }
        })
    }

    /// The smallest removals, up to 64 (one evaluation each).
    fn blunder_candidates(&self) -> Box<dyn Iterator<Item = u64>> {
        Box::new(1..=self.pos.max_take().min(64))
    }

    /// games/subtraction/README.md, coverage classes: k's notation, size of its parts and side of 2; a fresh
    /// pile's place among the losing starts and below ⌊k⌋ + 4; a mid-game pile's place and
    /// its cap against f, the smallest winning removal.
    fn classes(&self) -> Vec<String> {
        let (m, cap) = (self.pos.stones, self.pos.max_take());
        if cap == 0 {
            return Vec::new();
        }
        let k = self.start.k.k;
        let text = &self.start.k.text;
        let mut out: Vec<&str> = vec![
            if text.contains('/') {
                "k:fraction"
            } else if text.contains('.') {
                "k:decimal"
            } else {
                "k:integer"
            },
            if k.num < 2 * k.den {
                "k:below-2"
            } else {
                "k:2-or-more"
            },
        ];
        // A part times a pile past 2^32 passes 64 bits.
        if k.num.max(k.den) > u64::from(u32::MAX) {
            out.push("k:large-parts");
        }
        let floor = k.num / k.den;
        let losing = |x: u64| x >= 1 && self.eval.known_smallest_win(x) == Some(x);
        let fresh = self.start.last.is_none() && m == self.start.n;
        let place = [
            (losing(m), "at-losing"),
            (losing(m + 1), "below-losing"),
            (m >= 2 && losing(m - 1), "above-losing"),
        ];
        let mut between = true;
        for (is, name) in place {
            if is {
                between = false;
                out.push(if fresh {
                    match name {
                        "at-losing" => "fresh:at-losing",
                        "below-losing" => "fresh:below-losing",
                        _ => "fresh:above-losing",
                    }
                } else {
                    match name {
                        "at-losing" => "mid:at-losing",
                        "below-losing" => "mid:below-losing",
                        _ => "mid:above-losing",
                    }
                });
            }
        }
        if between {
            out.push(if fresh {
                "fresh:between"
            } else {
                "mid:between"
            });
        }
        if fresh && losing(m) {
            out.push("term/any:fresh-at-losing");
            out.push("f-1:fresh-at-losing");
            if m >= 3 {
                out.push("f-2:fresh-at-losing");
            }
        } else if fresh {
            if losing(m + 1) {
                out.push("term-1:fresh-below-losing");
            }
            if m >= 2 && losing(m - 1) {
                out.push("term+1:fresh-above-losing");
            }
        }
        if fresh {
            if m <= floor + 1 {
                out.push("small:fresh-to-k+1");
            } else if m == floor + 2 {
                out.push("small:fresh-k+2");
            } else if m == floor + 3 {
                out.push("small:fresh-k+3");
            }
        } else {
            if m <= floor.saturating_add(3) {
                out.push(if cap >= m {
                    "small:mid-takes-all"
                } else {
                    "small:mid-capped"
                });
            }
            if cap >= m {
                out.push("cap:takes-all");
                // f = m: f + 1 and f + 2 are past the pile, so the mover believes it lost.
                if losing(m) {
                    out.extend(["f+1:takes-all", "f+2:takes-all"]);
                }
            } else if let Some(parts) = self.eval.known_parts(m) {
                let f = parts.smallest;
                out.push(match cap {
                    c if c == f => "cap:equal-f",
                    c if c + 1 == f => "cap:one-below-f",
                    c if c == f + 1 => "cap:one-above-f",
                    c if c < f => "cap:below-f",
                    _ => "cap:above-f",
                });
                out.extend(f_error_pairs(f, cap));
                // A part above f taken for it turns the side where the cap lies between.
                if f <= cap && parts.next.is_some_and(|g| cap < g) {
                    out.push("order/next:cap-before-next");
                }
                if f <= cap && cap < parts.largest {
                    out.push("order/largest:cap-before-largest");
                }
            }
        }
        out.into_iter().map(str::to_owned).collect()
    }
}
