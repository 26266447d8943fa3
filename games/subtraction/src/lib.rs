//! subtraction: the k-times dynamic subtraction game, judge side.
//!
//! A pile of n stones; the first move takes 1..=n-1 stones, every later move takes at least
//! one and at most ⌊k × previous removal⌋ (k rational, k ≥ 1); taking the last stone wins.
//!
//! Evaluation does not use the solutions' formula. Two independent pieces, tested against a
//! plain game search (games/subtraction/tests/eval.rs) and against each other:
//! - [`WallTable`]: f(m) = the smallest winning removal from a pile of m with no cap, built
//!   in O(S) for m ≤ S with a stack of "walls" (the paper's online construction, see below).
//!   A position (m stones, cap c) is a win for the player to move iff f(m) ≤ c.
//! - [`LosingSequence`]: the losing starts a0 = 1, a(i+1) = b(i) + 1 (b(i) the largest sum of
//!   earlier terms each more than k times the next smaller); the smallest term of the greedy
//!   decomposition of m is f(m). Used beyond the table, up to 10^18.

// In the prelude from edition 2021 only; the bundled validator also builds with 2018.
pub mod board;
pub mod check;
pub mod gen;
pub mod play;
pub mod shrink;
pub mod validate;

/// The problem of this game, as the registry lists it.
pub const SUBTRACTION: combgames_core::problem::Problem = combgames_core::problem::Problem {
    name: "subtraction",
    gen: &gen::GEN,
    validator: &validate::SUBTRACTION,
    play: &play::PLAY,
    shrink: shrink::subtraction,
    judge_sized: (100_000_000, Some(20)),
    largest: Some(combgames_core::problem::Largest {
        kind: "worst",
        size: 100_000_000,
        count: Some(20),
    }),
    board: board::board,
    notation: board::NOTATION,
    sides: ["the first player", "the second player"],
    human: board::HUMAN,
    replay: include_str!("replay.js"),
};

use std::convert::TryFrom;
use std::fmt;

/// Most decimals a written k may have, as in the judge input of solutions/subtraction.rs.
pub const MAX_DECIMALS: usize = 18;
/// Largest numerator or denominator of k in lowest terms, as in the judge input.
pub const MAX_K_PART: u64 = 1_000_000_000_000_000_000;

/// An exact rational k = num/den ≥ 1, as written in the input (integer, decimal or fraction).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ratio {
    pub num: u64,
    pub den: u64,
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Why a text is not a multiplier k; each variant holds the text as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RatioError {
    /// Not an integer, a decimal or a fraction.
    NotANumber(String),
    /// A part (the second field) does not fit in 64 bits.
    PartTooLarge(String, String),
    /// More than [`MAX_DECIMALS`] decimals as written.
    TooManyDecimals(String),
    /// A fraction over 0.
    ZeroDenominator(String),
    BelowOne(String),
    /// Numerator or denominator (in lowest terms, the other fields) above 10^18.
    LowestTermsTooLarge(String, u128, u128),
}

impl fmt::Display for RatioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RatioError::NotANumber(text) => {
                write!(f, "k {text:?} is not an integer, a decimal or a fraction")
            }
            RatioError::PartTooLarge(text, part) => write!(f, "k {text:?}: {part:?} is too large"),
            RatioError::TooManyDecimals(text) => {
                write!(f, "k {text:?} has more than {MAX_DECIMALS} decimals")
            }
            RatioError::ZeroDenominator(text) => write!(f, "k {text:?} divides by zero"),
            RatioError::BelowOne(text) => write!(f, "k {text:?} is below 1"),
            RatioError::LowestTermsTooLarge(text, num, den) => write!(
                f,
                "k {text:?} = {num}/{den} in lowest terms exceeds 10^18 in numerator or denominator"
            ),
        }
    }
}

impl std::error::Error for RatioError {}

/// A removal the rules forbid: `x` stones taken where `stones` are left and at most `max`
/// may be taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TakeError {
    pub x: u64,
    pub stones: u64,
    pub max: u64,
}

impl fmt::Display for TakeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.x == 0 {
            return f.write_str("taking 0: a move takes at least 1 stone");
        }
        write!(
            f,
            "taking {}: {} stones left, at most {} may be taken",
            self.x, self.stones, self.max
        )
    }
}

impl std::error::Error for TakeError {}

impl Ratio {
    /// Parses `3`, `1.5` or `3/2`; rejects anything else and values below 1.
    pub fn parse(text: &str) -> Result<Ratio, RatioError> {
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        let number = |s: &str| -> Result<u64, RatioError> {
            s.parse::<u64>()
                .map_err(|_| RatioError::PartTooLarge(text.to_owned(), s.to_owned()))
        };
        let (num, den) = if let Some((p, q)) = text.split_once('/') {
            if !digits(p) || !digits(q) {
                return Err(RatioError::NotANumber(text.to_owned()));
            }
            (u128::from(number(p)?), u128::from(number(q)?))
        } else if let Some((int, frac)) = text.split_once('.') {
            if !digits(int) || !digits(frac) {
                return Err(RatioError::NotANumber(text.to_owned()));
            }
            // The judge input's rule (solutions/subtraction.rs): at most 18 decimals as
            // written, so 10^decimals stays within 10^18.
            if frac.len() > MAX_DECIMALS {
                return Err(RatioError::TooManyDecimals(text.to_owned()));
            }
            // u128: a 64-bit integer part times 10^18 fits, and reduces below in lowest terms
            // (20.000000000000000000 is 20).
            let den = 10u128.pow(frac.len() as u32);
            (
                u128::from(number(int)?) * den + u128::from(number(frac)?),
                den,
            )
        } else {
            if !digits(text) {
                return Err(RatioError::NotANumber(text.to_owned()));
            }
            (u128::from(number(text)?), 1)
        };
        if den == 0 {
            return Err(RatioError::ZeroDenominator(text.to_owned()));
        }
        if num < den {
            return Err(RatioError::BelowOne(text.to_owned()));
        }
        let g = gcd(num, den);
        let (num, den) = (num / g, den / g);
        // Also the judge input's rule: numerator and denominator within 10^18 in lowest
        // terms, so every k the referee plays is one the solutions must accept.
        match (u64::try_from(num), u64::try_from(den)) {
            (Ok(num), Ok(den)) if num <= MAX_K_PART && den <= MAX_K_PART => Ok(Ratio { num, den }),
            _ => Err(RatioError::LowestTermsTooLarge(text.to_owned(), num, den)),
        }
    }

    /// ⌊k × x⌋, saturating at u64::MAX (a cap that large never binds).
    pub fn floor_mul(&self, x: u64) -> u64 {
        let v = x as u128 * self.num as u128 / self.den as u128;
        u64::try_from(v).unwrap_or(u64::MAX)
    }

    /// Whether a > k × b exactly.
    pub fn exceeds_k_times(&self, a: u64, b: u64) -> bool {
        a as u128 * self.den as u128 > b as u128 * self.num as u128
    }
}

impl fmt::Display for Ratio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

/// Stands for "no winning removal": f(0) (the player to move has already lost).
pub const NO_WIN: u64 = u64::MAX;

/// f(m) for m = 0..=S by the wall stack, in O(S) total.
///
/// f(m) = min{x ≥ 1 : f(m−x) > ⌊k x⌋}, i.e. m − j for the largest j < m that is still a
/// "wall": f(j) > ⌊k (m−j)⌋. Once a wall falls (⌊k (m−j)⌋ ≥ f(j)) it stays fallen as m
/// grows, so walls live on a stack, newest on top, and fallen ones are popped lazily: each
/// j is pushed and popped once. j = 0 (f = ∞) never falls.
pub struct WallTable {
    f: Vec<u64>,
}

impl WallTable {
    pub fn build(k: Ratio, size: usize) -> WallTable {
        let mut f = Vec::with_capacity(size + 1);
        f.push(NO_WIN);
        let mut walls: Vec<usize> = vec![0];
        for m in 1..=size {
            while let Some(&j) = walls.last() {
                if j != 0 && k.floor_mul((m - j) as u64) >= f[j] {
                    walls.pop();
                } else {
                    break;
                }
            }
            let top = walls.last().copied().unwrap_or(0);
            f.push((m - top) as u64);
            walls.push(m);
        }
        WallTable { f }
    }

    /// Largest m in the table.
    pub fn size(&self) -> u64 {
        (self.f.len() - 1) as u64
    }

    /// f(m) for m ≤ size(), else None.
    pub fn smallest_win(&self, m: u64) -> Option<u64> {
        usize::try_from(m).ok().and_then(|i| self.f.get(i)).copied()
    }
}

/// The losing starts a(i) with b(i), extended on demand up to a bound.
pub struct LosingSequence {
    k: Ratio,
    a: Vec<u64>,
    b: Vec<u64>,
    /// Largest index t with a(i) > k·a(t) for the last i, if any (moves forward only).
    below: Option<usize>,
}

impl LosingSequence {
    pub fn new(k: Ratio) -> LosingSequence {
        LosingSequence {
            k,
            a: vec![1],
            b: vec![1],
            below: None,
        }
    }

    /// Extends the sequence until its last term exceeds `m` (or the next would overflow).
    pub fn extend_past(&mut self, m: u64) {
        while *self.a.last().unwrap_or(&0) <= m && self.push_next() {}
    }

    /// Like [`extend_past`](Self::extend_past), but gives up (false) rather than hold more
    /// than `max_terms` terms: for a large k the terms grow by about 1/k per step, so
    /// passing a large m could take ~k·ln(m/k) terms, more time and memory than exist.
    pub fn extend_past_within(&mut self, m: u64, max_terms: usize) -> bool {
        while *self.a.last().unwrap_or(&0) <= m {
            if self.a.len() >= max_terms {
                return false;
            }
            if !self.push_next() {
                // The next term would pass u64: every m is already decomposed.
                return true;
            }
        }
        true
    }

    /// Appends the next term; false if it would not fit in u64.
    fn push_next(&mut self) -> bool {
        let last_b = *self.b.last().unwrap_or(&0);
        let Some(next) = last_b.checked_add(1) else {
            return false;
        };
        let mut t = self.below;
        loop {
            let cand = t.map_or(0, |t| t + 1);
            if cand < self.a.len() && self.k.exceeds_k_times(next, self.a[cand]) {
                t = Some(cand);
            } else {
                break;
            }
        }
        self.below = t;
        // b(i+1) = a(i+1) + b(t): the largest sum whose top term is a(i+1). Saturating:
        // past u64 the next term would not exist anyway.
        let b = match t {
            Some(t) => next.saturating_add(self.b[t]),
            None => next,
        };
        self.a.push(next);
        self.b.push(b);
        true
    }

    /// The terms computed so far.
    pub fn terms(&self) -> &[u64] {
        &self.a
    }

    /// f(m) from the terms computed so far, without extending them: None unless they pass m.
    pub fn known_smallest_win(&self, m: u64) -> Option<u64> {
        if m == 0 {
            return Some(NO_WIN);
        }
        if *self.a.last()? <= m {
            return None;
        }
        let mut rest = m;
        let mut smallest = m;
        while rest > 0 {
            let i = self.a.partition_point(|&t| t <= rest);
            smallest = self.a[i.saturating_sub(1)];
            rest -= smallest;
        }
        Some(smallest)
    }

    /// f(m): the smallest term of the greedy decomposition of m (m ≥ 1).
    pub fn smallest_win(&mut self, m: u64) -> u64 {
        if m == 0 {
            return NO_WIN;
        }
        self.extend_past(m);
        let mut rest = m;
        let mut smallest = m;
        while rest > 0 {
            // Largest term ≤ rest (a(0) = 1 always qualifies).
            let i = self.a.partition_point(|&t| t <= rest);
            let term = self.a[i.saturating_sub(1)];
            smallest = term;
            rest -= term;
        }
        smallest
    }
}

/// Parts of a pile's greedy decomposition over the losing starts: the smallest is f, the
/// smallest winning removal; a solution that reads the parts in a wrong order plays `next` (the
/// second smallest, None for a single part) or `largest` instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parts {
    pub largest: u64,
    pub next: Option<u64>,
    pub smallest: u64,
}

/// A subtraction position: `stones` left, the mover may take 1..=cap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub stones: u64,
    pub cap: u64,
}

impl Position {
    /// The start: n stones, the first move takes at most n − 1.
    pub fn start(n: u64) -> Position {
        Position {
            stones: n,
            cap: n.saturating_sub(1),
        }
    }

    /// Largest legal removal (0 when the mover has no move and has lost).
    pub fn max_take(&self) -> u64 {
        self.cap.min(self.stones)
    }

    /// Applies the removal of `x` stones, or says why it is illegal.
    pub fn take(&self, x: u64, k: Ratio) -> Result<Position, TakeError> {
        if x == 0 || x > self.max_take() {
            return Err(TakeError {
                x,
                stones: self.stones,
                max: self.max_take(),
            });
        }
        Ok(Position {
            stones: self.stones - x,
            cap: k.floor_mul(x),
        })
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} stones, cap {}",
            self.stones,
            self.cap.min(self.stones)
        )
    }
}

/// The referee's evaluator: f(m) from the wall table below its size, the greedy beyond.
pub struct Evaluator {
    pub k: Ratio,
    table: WallTable,
    sequence: LosingSequence,
}

/// The project's cost limit on one case (`validate-subtraction --project`): the losing starts
/// up to n must fall into at most this many runs of equal differences, the runs
/// solutions/subtraction.rs stores as blocks (its MAX_BLOCKS, 3·2^20; a case needing more is
/// refused there).
pub const MAX_RUNS: u64 = 3 << 20;

/// An upper bound on the runs of equal differences among the losing starts up to n, from the
/// sequence's definition alone (no sequence is built, so t = 10^6 cases stay cheap):
/// - a(i+1) = b(i) + 1 = a(i) + a(t+1) for the largest t with k·a(t) < a(i) (a(i+1) = a(i) + 1
///   when there is none), and k·a(t+1) ≥ a(i); so the first floor(k) + 1 terms are 1, 2, ...,
///   and every later term is at least (1 + 1/k) times the one before: at most
///   m + ln(n/m)/ln(1 + 1/k) terms up to n, m = floor(k) + 1; every run holds one of them;
/// - each run's difference a(t+1) has k·a(t) < a(i) ≤ n, so there is one run per term below
///   n/k at most, and one with difference 1.
///
/// The smaller of the two, with a margin for the float logarithm. Exact for neither: for k
/// between about 10^5 and 10^12 with n near 10^18 it overstates (a case may be refused here
/// that the solution answers), never understates.
pub fn runs_bound(k: Ratio, n: u64) -> u64 {
    // Runs with difference a(t+1), a(t) < n/k: at most ceil(n·den/num) of them, plus one.
    let (num, den) = (u128::from(k.num), u128::from(k.den));
    let by_differences = (u128::from(n) * den + num - 1) / num + 1;
    let m = k.num / k.den + 1;
    let by_terms = if n <= m {
        u128::from(n)
    } else {
        let tail = (n as f64 / m as f64).ln() / (k.den as f64 / k.num as f64).ln_1p();
        u128::from(m) + (tail * (1.0 + 1e-9)) as u128 + 2
    };
    u64::try_from(by_differences.min(by_terms)).unwrap_or(u64::MAX)
}

/// Default table size: cheap to build (a few ms) and covers every small game exactly.
pub const TABLE_SIZE: usize = 1 << 16;

impl Evaluator {
    pub fn new(k: Ratio) -> Evaluator {
        Evaluator::with_table(k, TABLE_SIZE)
    }

    pub fn with_table(k: Ratio, size: usize) -> Evaluator {
        Evaluator {
            k,
            table: WallTable::build(k, size),
            sequence: LosingSequence::new(k),
        }
    }

    /// Prepares f(m) for every m ≤ `n`; false if the losing sequence would need more than
    /// `max_terms` terms to pass `n` (then evaluating positions near `n` is out of reach).
    pub fn covers(&mut self, n: u64, max_terms: usize) -> bool {
        n <= self.table.size() || self.sequence.extend_past_within(n, max_terms)
    }

    /// f(m) = the smallest winning removal from m stones with no cap (NO_WIN for m = 0).
    pub fn smallest_win(&mut self, m: u64) -> u64 {
        match self.table.smallest_win(m) {
            Some(f) => f,
            None => self.sequence.smallest_win(m),
        }
    }

    /// f(m) from what is built already (the table, the losing starts computed so far), for
    /// callers that may not extend them (a round's coverage classes): None beyond both.
    pub fn known_smallest_win(&self, m: u64) -> Option<u64> {
        self.table
            .smallest_win(m)
            .or_else(|| self.sequence.known_smallest_win(m))
    }

    /// The parts of m's greedy decomposition (m ≥ 1) that the (class, error) pairs read, from
    /// what is built already: None where [`known_smallest_win`](Self::known_smallest_win) is.
    pub fn known_parts(&self, m: u64) -> Option<Parts> {
        if m == 0 {
            return None;
        }
        let mut parts = Parts {
            largest: 0,
            next: None,
            smallest: 0,
        };
        if m <= self.table.size() {
            // From the smallest part up: the smallest part of what the smaller parts leave is
            // the next larger part.
            let mut rest = m;
            while rest > 0 {
                let part = self.table.smallest_win(rest)?;
                match (parts.smallest, parts.next) {
                    (0, _) => parts.smallest = part,
                    (_, None) => parts.next = Some(part),
                    _ => {}
                }
                parts.largest = part;
                rest -= part;
            }
            return Some(parts);
        }
        let a = self.sequence.terms();
        if *a.last()? <= m {
            return None;
        }
        let mut rest = m;
        while rest > 0 {
            let part = a[a.partition_point(|&t| t <= rest).saturating_sub(1)];
            if parts.largest == 0 {
                parts.largest = part;
            }
            if parts.smallest != 0 {
                parts.next = Some(parts.smallest);
            }
            parts.smallest = part;
            rest -= part;
        }
        Some(parts)
    }

    /// The largest losing start ≤ `x` (x ≥ 1): a(i) with a(i) ≤ x < a(i+1).
    pub fn losing_start_at_most(&mut self, x: u64) -> u64 {
        self.sequence.extend_past(x);
        let terms = self.sequence.terms();
        terms[terms.partition_point(|&t| t <= x).saturating_sub(1)]
    }

    /// Whether the player to move wins.
    pub fn mover_wins(&mut self, p: Position) -> bool {
        p.stones > 0 && self.smallest_win(p.stones) <= p.cap
    }

    /// Whether the first player wins from n stones.
    pub fn first_wins(&mut self, n: u64) -> bool {
        self.mover_wins(Position::start(n))
    }
}
