//! The contestant variants: the losing starts built with the variant's bug, the pile's greedy
//! decomposition, and the part taken and the side claimed by it.

use super::Variant;
use combgames_subtraction::{Position, Ratio};

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
