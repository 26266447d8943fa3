//! The subtraction game as the referee plays it: exact rational k, the wall-stack evaluator
//! below 2^16 stones and the greedy decomposition over the losing starts beyond (both in
//! src/subtraction.rs, proven in tests/subtraction_eval.rs), so every move of a pile up to
//! 10^18 is judged exactly.
//!
//! Generated rounds reach the judges' sizes: n from 2 to 10^18, a quarter of them
//! log-uniform, the others at or next to a losing start (a(i) half of the time, else
//! a(i) ± 1 or a(i) ± a few), two thirds of those with n in 10^12..10^18 (half of these past
//! 2^53), where an overflow, a double or a short table shows. A round of a
//! huge pile would last about n moves, so rounds are cut at [`MOVE_CAP`]; the referee's trap
//! moves are mostly small removals, so the pile stays huge for the whole cut round and every
//! reply of the solution is judged at that size.

use super::{rotated, GameOption, MoveError, Play, Trap, TypedRound};
use crate::rng::Rng;
use crate::subtraction::{self, Ratio};

/// Default pile sizes of generated rounds: every size the judge and the project allow.
pub const DEFAULT_SIZE: (u64, u64) = (2, MAX_SIZE);
/// Largest pile the referee accepts.
pub const MAX_SIZE: u64 = 1_000_000_000_000_000_000;
/// Moves after which a generated round is cut. A move costs the referee and the project's
/// player about 8 µs of CPU over the pipes (evaluation included), so 20 rounds cost under a
/// second of CPU (bench/subtraction_referee.sh) while each cut round judges 2500 replies of
/// the solution.
pub const MOVE_CAP: u64 = 5000;

/// How the referee plays subtraction (see the registry).
pub const PLAY: Play = Play {
    size_is: "stones n",
    min_size: 2,
    default_size: DEFAULT_SIZE,
    max_size: MAX_SIZE,
    move_cap: MOVE_CAP,
    max_line: crate::referee::peer::MAX_LINE,
    options: &[K_OPTION],
    generate: |spec, _round, rng| {
        let (lo, hi) = spec.size.unwrap_or(DEFAULT_SIZE);
        Ok(Box::new(generate_round(lo, hi, spec.option("--k"), rng)?))
    },
    position_lines: super::one_line,
    from_line: |line| match line.split_whitespace().collect::<Vec<_>>().as_slice() {
        [n, k] => {
            let n = n.parse().map_err(|_| format!("bad n in {line:?}"))?;
            Ok(Box::new(SubtractionRound::new(n, k)?))
        }
        _ => Err(format!("{line:?} is not a subtraction position")),
    },
    illegal_move: |_| "0".to_owned(),
};

/// `--k K`: every round on one k instead of [`K_MIX`].
const K_OPTION: GameOption = GameOption {
    flag: "--k",
    value: "K",
    help: "fixed k (integer, decimal or fraction); default a mix",
    parse: |k| Ratio::parse(k).map(|_| ()),
    check: check_k,
};

/// A fixed large k with large piles is out of the evaluator's reach: said when the command
/// line is read, not after the solution has started.
fn check_k(k: &str, (_, largest): (u64, u64)) -> Result<(), String> {
    SubtractionRound::new(largest, k)
        .map(|_| ())
        .map_err(|e| format!("with --size up to {largest}: {e}"))
}

/// The k values rounds are drawn from when `--k` is not given: integers (the judge's
/// 1..10^5), decimals and fractions. Below 2 every k has the same losing starts (the powers of
/// two) but other caps; 7/2, 7/3, 2.5 and 99999.5 tell k from its integer part; the parts of
/// `2.718281828459045235` (18 decimals), `1.000000000000000002` and
/// `1000000000000000000/999999999999999999` are near 10^18, so a 64-bit product of a part and
/// a pile overflows at once, and those of `123456789/98765432` do so at piles over 10^11.
pub const K_MIX: &[&str] = &[
    "1",
    "2",
    "3",
    "10",
    "100000",
    "1.5",
    "2.5",
    "99999.5",
    "2.718281828459045235",
    "1.000000000000000002",
    "3/2",
    "5/3",
    "7/2",
    "7/3",
    "123456789/98765432",
    "1000000000000000000/999999999999999999",
];

/// Piles of at least this size are "huge": the near-losing-start rounds put two thirds of
/// their piles at 10^12..10^18 (when `--size` allows).
const HUGE_FROM: u64 = 1_000_000_000_000;
/// 2^53: from here on an f64 cannot hold every pile.
const DOUBLE_EXACT: u64 = 1 << 53;

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

/// Most losing starts the referee computes for one round (16 bytes each, 64 MiB), the cap of
/// solutions/subtraction.rs too: with it every n ≤ 10^18 is in reach for k up to 135000
/// (tests/referee_misuse.rs). A larger k with a large n needs about k·ln(n/k) terms (the
/// terms grow by ~1/k each): the referee would think for hours, outside every limit, so such
/// a round is refused up front.
pub const MAX_TERMS: usize = 1 << 22;

/// A generated round: k from `k` or [`K_MIX`], n in lo..=hi (see the module comment).
pub fn generate_round(
    lo: u64,
    hi: u64,
    k: Option<&str>,
    rng: &mut Rng,
) -> Result<SubtractionRound, String> {
    let (lo, hi) = (lo.max(2), hi.max(2));
    let k = match k {
        Some(k) => k.to_owned(),
        None => K_MIX[rng.index(K_MIX.len())].to_owned(),
    };
    let ratio = Ratio::parse(&k)?;
    let mut eval = subtraction::Evaluator::new(ratio);
    let n = match rng.index(4) {
        0 => rng.log_range(lo, hi),
        _ => {
            // A losing start near a log-uniform target (from the whole range, from 10^12 up,
            // or from 2^53 up, where a double no longer holds every pile), then an offset: 0
            // half of the time (the start is lost), else ±1 or ± a few (won, usually by a
            // small first move at a huge pile).
            let from = [lo, HUGE_FROM, DOUBLE_EXACT][rng.index(3)];
            let target = if hi >= from {
                rng.log_range(lo.max(from), hi)
            } else {
                rng.log_range(lo, hi)
            };
            if !eval.covers(target, MAX_TERMS) {
                return Err(out_of_reach(target, &k));
            }
            let start = eval.losing_start_at_most(target);
            let offset = rng.range(1, 16);
            let n = match rng.index(8) {
                0..=3 => start,
                4 => start + 1,
                5 => start.saturating_sub(1),
                6 => start + offset,
                _ => start.saturating_sub(offset),
            };
            n.clamp(lo, hi)
        }
    };
    SubtractionRound::with_evaluator(n, k, eval)
}

fn out_of_reach(n: u64, k: &str) -> String {
    format!(
        "k = {k} with n = {n} needs more than {MAX_TERMS} losing starts \
         (every n ≤ 10^18 is in reach for k up to 135000)"
    )
}

pub struct SubtractionRound {
    n: u64,
    k_text: String,
    eval: subtraction::Evaluator,
    pos: subtraction::Position,
}

impl SubtractionRound {
    pub fn new(n: u64, k: &str) -> Result<SubtractionRound, String> {
        let ratio = Ratio::parse(k)?;
        SubtractionRound::with_evaluator(n, k.to_owned(), subtraction::Evaluator::new(ratio))
    }

    fn with_evaluator(
        n: u64,
        k_text: String,
        mut eval: subtraction::Evaluator,
    ) -> Result<SubtractionRound, String> {
        if n < 2 {
            return Err(format!("subtraction needs n ≥ 2, got {n}"));
        }
        if !eval.covers(n, MAX_TERMS) {
            return Err(out_of_reach(n, &k_text));
        }
        Ok(SubtractionRound {
            n,
            k_text,
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
    /// when that is not settled within `budget` evaluations (which it spends). The smallest
    /// winning reply is f (the smallest winning removal with no cap): when f is the whole cap
    /// the winning reply is unique; otherwise the removals above f are searched for a second.
    fn winning_replies(&mut self, x: u64, budget: &mut u64) -> Option<u32> {
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

impl TypedRound for SubtractionRound {
    /// Stones taken.
    type Move = u64;

    fn position_line(&self) -> String {
        format!("{} {}", self.n, self.k_text)
    }

    fn describe(&self) -> String {
        format!("{} (n = {}, k = {})", self.pos, self.n, self.k_text)
    }

    fn parse_move(&self, line: &str) -> Result<u64, MoveError> {
        parse_count(line)
    }

    fn format_move(&self, x: &u64) -> String {
        x.to_string()
    }

    fn apply(&mut self, &x: &u64) -> Result<(), MoveError> {
        self.pos = self.pos.take(x, self.eval.k).map_err(MoveError::Illegal)?;
        Ok(())
    }

    fn mover_wins(&mut self) -> Result<bool, String> {
        Ok(self.eval.mover_wins(self.pos))
    }

    fn winning_move(&mut self, _rng: &mut Rng) -> Result<u64, String> {
        let x = self.eval.smallest_win(self.pos.stones);
        if x > self.pos.max_take() {
            return Err(format!("no winning move at {}", self.describe()));
        }
        Ok(x)
    }

    fn leaves_opponent_winning(&mut self, &x: &u64) -> Result<bool, String> {
        Ok((1..=self.pos.max_take()).contains(&x) && self.eval.mover_wins(self.after(x)))
    }

    fn mover_has_move(&self) -> bool {
        self.pos.max_take() > 0
    }

    /// Its own: no random move is drawn first (a pile has up to 10^18 moves), and the
    /// unique-reply search shares one evaluation budget over its candidates.
    fn trap_move(&mut self, trap: Trap, rng: &mut Rng) -> Result<u64, String> {
        let max = self.pos.max_take();
        if max == 0 {
            return Err(format!("no legal move at {}", self.describe()));
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
}
