//! The subtraction mutation suite's players, as pure move choosers: one plausible contestant
//! bug each, a rare blunderer, and correct players that pick other winning removals.
//! games/subtraction/tests/mutants/main.rs speaks the protocol around them; games/subtraction/tests/mutants/mod.rs
//! shows each bug losing on a concrete position and plays every variant against the referee.
//!
//! The contestant variants build the losing starts themselves (a(0) = 1, a(i+1) = a(i) + a(j),
//! j the number of terms m with a(i) > k·a(m); games/subtraction/src/lib.rs proves the rule), with one
//! bug each, and play the smallest part of the pile's greedy decomposition; with no bug
//! (`none`) that is right. The blunderer and the correct alternatives judge removals with the
//! library's evaluator (combgames_subtraction::Evaluator), never with solutions/subtraction.rs.
// Two crates take this module: the player (main.rs) and the suite (mod.rs); each uses a part.
#![allow(dead_code)]

use combgames_core::rng::Rng;
use combgames_subtraction::{Evaluator, Position, Ratio};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Correct: the smallest part of the greedy decomposition, sequence built right.
    None,
    /// The pile is held in a u32: every pile is decomposed modulo 2^32.
    U32Pile,
    /// The losing starts and the pile in f64 (and k too): exact only below 2^53.
    FloatTerms,
    /// The sequence's rule with "at least k times" (a(i) ≥ k·a(m)) instead of "more than".
    AtLeastK,
    /// Plays the largest part of the decomposition instead of the smallest.
    LargestPart,
    /// The sequence's rule against ⌈k·a(m)⌉ (the cap rounded up) instead of ⌊k·a(m)⌋.
    CeilCap,
    /// Right, except that one move in 1000 (seeded) is a losing one when one is legal.
    Blunder1000,
    /// The losing starts only up to 10^9 (enough for the judge's n ≤ 10^8).
    Truncated1e9,
    /// Forgets that the first move may not take the whole pile: from a losing start it claims
    /// the first move and takes all n stones.
    TakeAllFirst,
    /// a(i)·den > num·a(m) in wrapping 64-bit products: wrong once k's parts are large.
    MulOverflow,
    /// Reads k as its integer part (k = 3/2 plays as k = 1).
    IntegerK,
    /// Plays the smallest part only when it is below the cap (`<` where `<=` is right): where
    /// the cap is exactly the smallest part it believes itself lost.
    CapStrict,
    /// Computes each cap itself as x·num/den in wrapping 64-bit arithmetic: wrong only once
    /// x·num passes 2^64 (large removals, or k with a large numerator).
    CapOverflow,
    /// The losing starts only up to 10^17 (an array sized for a bound read one digit short).
    Truncated1e17,
    /// Keeps each cap the opponent's move gives in a u32 (the cap modulo 2^32): wrong only when
    /// a cap of 2^32 or more is needed whole, a winning reply past the cap's low 32 bits.
    CapU32,
    /// Reads a mid-game start `n k p` but plays it as the fresh pile `n k`: its first move may
    /// take anything up to n − 1, whatever cap p gives.
    IgnoreLast,
    /// Reads `n k p` with its cap ⌊k·p⌋, but, as on a fresh pile, never takes the whole pile
    /// with the round's first move (the cap held to n − 1): wrong where only taking every
    /// stone wins.
    CapBelowPile,
    /// Plays the smallest part when it is at most the cap plus one (`<= cap + 1`) after the
    /// round's first move: where the cap is one below the smallest winning removal it claims
    /// a win and plays one stone too many (coverage class cap:one-below-f).
    CapLoose,
    /// Takes the fresh pile of ⌊k⌋ + 2 stones for a losing start (the run of losing starts
    /// 1, 2, …, ⌊k⌋ + 1 believed one longer), though taking 1 wins (class small:fresh-k+2).
    SmallK2,
    /// The smallest winning removal f taken one too large (the (class, error) pairs'
    /// `f+1:`): plays and claims by f + 1.
    FPlus1,
    /// f taken one too small (at least 1): `f-1:`.
    FMinus1,
    /// f taken two too large: `f+2:`.
    FPlus2,
    /// f taken two too small (at least 1): `f-2:`.
    FMinus2,
    /// f taken as another value per pile (f xor 1..7, at least 1).
    FOther,
    /// Every losing start past the first ⌊k⌋ + 2 taken one too large: `term+1:`.
    TermPlus1,
    /// Every losing start past the first ⌊k⌋ + 2 taken one too small: `term-1:`.
    TermMinus1,
    /// f taken one too large only where the cap takes the whole pile (`f+1:takes-all`): at a
    /// losing start it believes itself lost, as f + 1 is past the pile.
    TakesAllFPlus1,
    /// f taken two too large only where the cap takes the whole pile: `f+2:takes-all`.
    TakesAllFPlus2,
    /// The decomposition's parts read in a wrong order: the second smallest part taken for f
    /// (claimed by and played) where there are two or more (`order/next:`).
    OrderNext,
    /// Correct: the largest winning removal (exact for caps up to 64; beyond, the largest among
    /// the 32 removals below the cap, the sums of the smallest parts and the smallest win).
    LargestWin,
    /// Correct: a random winning removal (among every removal for caps up to 64; beyond,
    /// among 32 random removals, the sums of the smallest parts and the smallest win).
    RandomWin,
}

/// Every variant: name, whether it is correct, what it does.
pub const VARIANTS: &[(Variant, &str, bool, &str)] = &[
    (
        Variant::None,
        "none",
        true,
        "correct: the smallest part of the greedy decomposition",
    ),
    (
        Variant::U32Pile,
        "u32-pile",
        false,
        "the pile held in a u32 (taken modulo 2^32)",
    ),
    (
        Variant::FloatTerms,
        "float-terms",
        false,
        "k, the losing starts and the pile in f64",
    ),
    (
        Variant::AtLeastK,
        "at-least-k",
        false,
        "losing starts built with >= k instead of > k",
    ),
    (
        Variant::LargestPart,
        "largest-part",
        false,
        "plays the largest part of the decomposition",
    ),
    (
        Variant::CeilCap,
        "ceil-cap",
        false,
        "losing starts built against ceil(k*x), not floor",
    ),
    (
        Variant::Blunder1000,
        "blunder-1000",
        false,
        "right, but one move in 1000 is a losing one",
    ),
    (
        Variant::Truncated1e9,
        "truncated-1e9",
        false,
        "losing starts only up to 10^9",
    ),
    (
        Variant::TakeAllFirst,
        "take-all-first",
        false,
        "first move may take the whole pile",
    ),
    (
        Variant::MulOverflow,
        "mul-overflow",
        false,
        "a*den > num*b in wrapping 64-bit products",
    ),
    (
        Variant::IntegerK,
        "integer-k",
        false,
        "k read as its integer part",
    ),
    (
        Variant::CapStrict,
        "cap-strict",
        false,
        "plays the smallest part only when it is < the cap",
    ),
    (
        Variant::CapOverflow,
        "cap-overflow",
        false,
        "each cap x*num/den in wrapping 64-bit products",
    ),
    (
        Variant::Truncated1e17,
        "terms-1e17",
        false,
        "losing starts only up to 10^17",
    ),
    (
        Variant::CapU32,
        "cap-u32",
        false,
        "each cap the opponent gives kept in a u32",
    ),
    (
        Variant::IgnoreLast,
        "ignore-last",
        false,
        "a mid-game start n k p played as the fresh pile n k",
    ),
    (
        Variant::CapBelowPile,
        "cap-below-pile",
        false,
        "a mid-game start's cap held to n - 1",
    ),
    (
        Variant::CapLoose,
        "cap-loose",
        false,
        "plays the smallest part when it is <= the cap + 1 (not the first move)",
    ),
    (
        Variant::SmallK2,
        "small-k2",
        false,
        "a fresh pile of floor(k) + 2 stones taken for lost",
    ),
    (
        Variant::FPlus1,
        "f+1",
        false,
        "the smallest winning removal f taken as f + 1",
    ),
    (
        Variant::FMinus1,
        "f-1",
        false,
        "f taken as f - 1 (at least 1)",
    ),
    (Variant::FPlus2, "f+2", false, "f taken as f + 2"),
    (
        Variant::FMinus2,
        "f-2",
        false,
        "f taken as f - 2 (at least 1)",
    ),
    (
        Variant::FOther,
        "f-other",
        false,
        "f taken as another value per pile",
    ),
    (
        Variant::TermPlus1,
        "term+1",
        false,
        "every losing start past the first floor(k) + 2 one too large",
    ),
    (
        Variant::TermMinus1,
        "term-1",
        false,
        "every losing start past the first floor(k) + 2 one too small",
    ),
    (
        Variant::TakesAllFPlus1,
        "takes-all-f+1",
        false,
        "f taken as f + 1 where the cap takes the whole pile",
    ),
    (
        Variant::TakesAllFPlus2,
        "takes-all-f+2",
        false,
        "f taken as f + 2 where the cap takes the whole pile",
    ),
    (
        Variant::OrderNext,
        "order-next",
        false,
        "the second smallest part taken for f",
    ),
    (
        Variant::LargestWin,
        "largest-win",
        true,
        "correct: the largest winning removal found",
    ),
    (
        Variant::RandomWin,
        "random-win",
        true,
        "correct: a random winning removal",
    ),
];

impl Variant {
    pub fn parse(name: &str) -> Option<Variant> {
        VARIANTS.iter().find(|v| v.1 == name).map(|v| v.0)
    }

    pub fn name(self) -> &'static str {
        VARIANTS.iter().find(|v| v.0 == self).map_or("?", |v| v.1)
    }

    pub fn is_correct(self) -> bool {
        VARIANTS.iter().any(|v| v.0 == self && v.2)
    }
}

/// Most terms a contestant's sequence holds (beyond, it stops: every k the referee plays with
/// n ≤ 10^18 needs fewer).
const MAX_TERMS: usize = 1 << 23;

/// Most parts a contestant's decomposition takes.
const MAX_PARTS: usize = 128;

/// A contestant's losing starts, built with the variant's bug.
enum Terms {
    Exact(Vec<u64>),
    Float(Vec<f64>),
}

/// The contestant's view of one round: the variant, k and its losing starts up to n.
pub struct Contestant {
    variant: Variant,
    k: Ratio,
    terms: Terms,
}

impl Contestant {
    pub fn new(variant: Variant, k: Ratio, n: u64) -> Contestant {
        let terms = if variant == Variant::FloatTerms {
            Terms::Float(float_terms(k, n))
        } else {
            Terms::Exact(exact_terms(variant, k, n))
        };
        Contestant { variant, k, terms }
    }

    /// The pile as this contestant holds it.
    fn view(&self, m: u64) -> u64 {
        if self.variant == Variant::U32Pile {
            m as u32 as u64
        } else {
            m
        }
    }

    /// (largest, second smallest, smallest) part of the greedy decomposition of the pile `m` as
    /// this contestant sees it (None for an empty pile; the second smallest is the smallest for
    /// a single part). Each part is more than k ≥ 1 times the next, so a
    /// right decomposition of a pile up to 10^18 has at most 60 parts; the search stops after
    /// MAX_PARTS (a short sequence would otherwise take every term of it at every move).
    pub fn parts(&self, m: u64) -> Option<(u64, u64, u64)> {
        let m = self.view(m);
        let (mut largest, mut next, mut smallest) = (None, 0, 0);
        let mut count = 0;
        match &self.terms {
            Terms::Exact(a) => {
                let (mut rest, mut hi) = (m, a.len());
                while rest > 0 && hi > 0 && count < MAX_PARTS {
                    count += 1;
                    let i = a[..hi].partition_point(|&t| t <= rest);
                    if i == 0 {
                        break;
                    }
                    let t = a[i - 1];
                    largest.get_or_insert(t);
                    next = if smallest == 0 { t } else { smallest };
                    smallest = t;
                    rest -= t;
                    hi = i - 1;
                }
            }
            Terms::Float(a) => {
                let (mut rest, mut hi) = (m as f64, a.len());
                while rest > 0.0 && hi > 0 && count < MAX_PARTS {
                    count += 1;
                    let i = a[..hi].partition_point(|&t| t <= rest);
                    if i == 0 {
                        break;
                    }
                    let t = a[i - 1];
                    largest.get_or_insert(t as u64);
                    next = if smallest == 0 { t as u64 } else { smallest };
                    smallest = t as u64;
                    rest -= t;
                    hi = i - 1;
                }
            }
        }
        largest.map(|l| (l, next, smallest))
    }

    /// The part this contestant would take and the most it believes it may take, at `pos`.
    fn pick(&self, pos: Position, first_move: bool) -> (u64, u64) {
        let view = self.view(pos.stones);
        let believed = match (first_move, self.variant) {
            (true, Variant::TakeAllFirst) => view,
            (true, _) => view.saturating_sub(1),
            (false, _) => pos.max_take().min(view),
        };
        let pick = match self.parts(pos.stones) {
            Some((largest, _, _)) if self.variant == Variant::LargestPart => largest,
            Some((_, next, _)) if self.variant == Variant::OrderNext => next,
            Some((_, _, smallest)) if pos.max_take() >= pos.stones && !first_move => {
                match self.variant {
                    Variant::TakesAllFPlus1 => smallest + 1,
                    Variant::TakesAllFPlus2 => smallest + 2,
                    _ => self.believed_f(smallest),
                }
            }
            Some((_, _, smallest)) => self.believed_f(smallest),
            None => 0,
        };
        (pick, believed)
    }

    /// The smallest winning removal as the `f…` variants take it.
    fn believed_f(&self, f: u64) -> u64 {
        match self.variant {
            Variant::FPlus1 => f + 1,
            Variant::FMinus1 => f.saturating_sub(1).max(1),
            Variant::FPlus2 => f + 2,
            Variant::FMinus2 => f.saturating_sub(2).max(1),
            // A fixed draw per value: the multiplier spreads consecutive ones.
            Variant::FOther => (f ^ (1 + f.wrapping_mul(2_654_435_761) % 7)).max(1),
            _ => f,
        }
    }

    /// Whether this contestant thinks it may play `pick` when it believes `believed` is the
    /// most it may take.
    fn may_take(&self, pick: u64, believed: u64, first_move: bool) -> bool {
        if self.variant == Variant::CapStrict {
            (1..believed).contains(&pick)
        } else if self.variant == Variant::CapLoose && !first_move {
            (1..=believed.saturating_add(1)).contains(&pick)
        } else {
            (1..=believed).contains(&pick)
        }
    }

    /// The removal this contestant plays at `pos` (`first_move`: the round's first move).
    pub fn choose(&self, pos: Position, first_move: bool) -> u64 {
        match self.pick(pos, first_move) {
            (pick, believed) if self.may_take(pick, believed, first_move) => pick,
            _ => 1, // lost, as far as it knows: any move
        }
    }

    /// Whether this contestant claims the first move from n stones.
    pub fn claims_first(&self, n: u64) -> bool {
        self.claims(Position::start(n), true)
    }

    /// Whether this contestant claims the first move at `pos` (`fresh`: a fresh pile, whose
    /// first move has its own rule; else a mid-game start whose cap came from a removal).
    pub fn claims(&self, pos: Position, fresh: bool) -> bool {
        if self.variant == Variant::SmallK2 && fresh && pos.stones == self.k.num / self.k.den + 2 {
            return false;
        }
        let (pick, believed) = self.pick(pos, fresh);
        self.may_take(pick, believed, fresh)
    }
}

/// The variants wrong only in one coverage class (games/subtraction/README.md) that a default session's
/// class rounds (11..35) put in front of them: caught in sessions of COVERAGE_ROUNDS rounds.
pub const CLASS_VARIANTS: &[&str] = &["cap-loose", "small-k2"];

/// a > k·b as the variant compares it.
fn more_than_k_times(variant: Variant, k: Ratio, a: u64, b: u64) -> bool {
    let (num, den) = (k.num as u128, k.den as u128);
    let (a128, b128) = (a as u128, b as u128);
    match variant {
        Variant::AtLeastK => a128 * den >= num * b128,
        Variant::CeilCap => a128 > (num * b128 + den - 1) / den,
        Variant::MulOverflow => a.wrapping_mul(k.den) > k.num.wrapping_mul(b),
        Variant::IntegerK => a128 > num / den * b128,
        _ => a128 * den > num * b128,
    }
}

fn exact_terms(variant: Variant, k: Ratio, n: u64) -> Vec<u64> {
    let limit = match variant {
        Variant::Truncated1e9 => 1_000_000_000,
        Variant::Truncated1e17 => 100_000_000_000_000_000,
        _ => u64::MAX,
    };
    // The u32 contestant only ever decomposes piles below 2^32.
    let n = if variant == Variant::U32Pile {
        n.min(u32::MAX as u64)
    } else {
        n
    };
    let mut a = vec![1u64];
    let mut j = 0;
    while *a.last().unwrap() <= n && a.len() < MAX_TERMS {
        let i = a.len() - 1;
        while j < i && more_than_k_times(variant, k, a[i], a[j]) {
            j += 1;
        }
        match a[i].checked_add(a[j]) {
            Some(next) if next <= limit => a.push(next),
            _ => break,
        }
    }
    // The term+1 and term-1 variants: the run 1, 2, ..., floor(k) + 1 and the term after it
    // kept, every later one off by one (built right, so the error does not grow).
    let kept = (k.num / k.den).saturating_add(2).min(a.len() as u64) as usize;
    match variant {
        Variant::TermPlus1 => a[kept..].iter_mut().for_each(|t| *t = t.saturating_add(1)),
        Variant::TermMinus1 => a[kept..].iter_mut().for_each(|t| *t -= 1),
        _ => {}
    }
    a
}

fn float_terms(k: Ratio, n: u64) -> Vec<f64> {
    let k = k.num as f64 / k.den as f64;
    let n = n as f64;
    let mut a = vec![1.0f64];
    let mut j = 0;
    while *a.last().unwrap() <= n && a.len() < MAX_TERMS {
        let i = a.len() - 1;
        while j < i && a[i] > k * a[j] {
            j += 1;
        }
        let next = a[i] + a[j];
        a.push(next);
    }
    a
}

/// The cap after a removal of `x` as `variant` computes it: ⌊k·x⌋ exactly, for
/// [`Variant::CapOverflow`] in wrapping 64-bit products, for [`Variant::CapU32`] modulo 2^32.
pub fn believed_cap(variant: Variant, k: Ratio, x: u64) -> u64 {
    match variant {
        Variant::CapOverflow => x.wrapping_mul(k.num) / k.den,
        Variant::CapU32 => k.floor_mul(x) as u32 as u64,
        _ => k.floor_mul(x),
    }
}

/// The position a mid-game start `n k p` is to `variant`, and whether it plays the round's
/// first move by the fresh pile's rule (only [`Variant::IgnoreLast`] does).
pub fn believed_start(variant: Variant, k: Ratio, n: u64, p: u64) -> (Position, bool) {
    let cap = believed_cap(variant, k, p);
    match variant {
        Variant::IgnoreLast => (Position::start(n), true),
        Variant::CapBelowPile => (
            Position {
                stones: n,
                cap: cap.min(n - 1),
            },
            false,
        ),
        _ => (Position { stones: n, cap }, false),
    }
}

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
