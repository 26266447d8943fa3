//! The phase classes of impartial's coverage: the families whose Grundy values are periodic,
//! a heap's phase class, the lost position with one heap of each, and the classes of a
//! position.

use super::{rounds_where, Cover};
use crate::gen::FAMILIES;
use crate::Evaluator;
use combgames_core::rng::Rng;

/// The period of each family whose Grundy values are periodic on the heaps the referee plays
/// (g(n + p) = g(n) + s for every n past a pre-period, s the saltus: 4 for Lasker's nim, 1 for
/// 0.8), as (family, p); nim's values are the heaps themselves, split by their last two bits.
/// The other families (0.6, grundy, queue) show no period up to 1000 and have no phase class.
/// tests/coverage_phases.rs checks each against the evaluator's values.
pub const PERIODS: [(&str, u64); 12] = [
    ("kayles", 12),
    ("dawson-kayles", 34),
    ("dawson-chess", 34),
    ("0.31", 2),
    ("4.07", 4),
    ("0.8", 3),
    ("{1,2,4}", 3),
    ("{2,5}", 7),
    ("{1..3}", 4),
    ("{1,4 mod 5}", 5),
    ("nim", 4),
    ("lasker", 4),
];

pub(super) fn period(family: usize) -> Option<u64> {
    PERIODS
        .iter()
        .find(|p| p.0 == FAMILIES[family])
        .map(|p| p.1)
}

/// The session rounds of the phase rounds (`Cover::Phases`).
pub fn phase_rounds() -> std::ops::Range<u64> {
    rounds_where(|c| matches!(c, Cover::Phases(_)))
}

pub(super) fn phase_families() -> Vec<usize> {
    (0..FAMILIES.len())
        .filter(|&i| period(i).is_some())
        .collect()
}

/// A heap's phase class: its residue mod the period, low (up to half the largest heap the
/// spec allows) or high.
fn phase_class(family: &str, p: u64, h: u64, max: u64) -> String {
    let half = if h <= max / 2 { "low" } else { "high" };
    format!("{family},n%{p}={},{half}", h % p)
}

/// Every phase class with heaps in lo..=hi, as (class, its first and last heap).
fn phase_ranges(family: usize, (lo, hi): (u64, u64), max: u64) -> Vec<(String, u64, u64)> {
    let Some(p) = period(family) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (a, b) in [(1, max / 2), (max / 2 + 1, max)] {
        let (a, b) = (a.max(lo), b.min(hi));
        for r in 0..p {
            let first = a + (r + p - a % p) % p;
            if first <= b {
                let last = first + (b - first) / p * p;
                out.push((phase_class(FAMILIES[family], p, first, max), first, last));
            }
        }
    }
    out
}

pub(super) fn phase_classes(family: usize, range: (u64, u64), max: u64) -> Vec<String> {
    phase_ranges(family, range, max)
        .into_iter()
        .map(|c| c.0)
        .collect()
}

/// A lost position (xor of values 0) with exactly one heap of each phase class in the range:
/// one drawn per class, then one of them replaced by a heap of its class with the value that
/// makes the xor 0 (the classes tried in a drawn order), up to 200 draws. Any wrong value of
/// any one heap size then makes the xor non-zero: a player who believes it takes the first
/// move of a lost position.
pub(super) fn phase_position(
    ev: &mut Evaluator,
    range: (u64, u64),
    rng: &mut Rng,
) -> Option<Vec<u64>> {
    let family = FAMILIES.iter().position(|f| *f == ev.spec.text)?;
    let classes = phase_ranges(family, range, ev.spec.max_heap());
    if classes.is_empty() || classes.len() > crate::MAX_HEAPS {
        return None;
    }
    let p = period(family)?;
    for _ in 0..200 {
        let mut heaps: Vec<u64> = classes
            .iter()
            .map(|&(_, a, b)| a + p * rng.range(0, (b - a) / p))
            .collect();
        let x = heaps.iter().fold(0, |x, &h| x ^ ev.value(h));
        let mut order: Vec<usize> = (0..heaps.len()).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.index(i + 1));
        }
        let fixed = x == 0
            || order.iter().any(|&i| {
                let (_, a, b) = classes[i];
                let want = ev.value(heaps[i]) ^ x;
                let found = (a..=b).step_by(p as usize).find(|&h| ev.value(h) == want);
                found.map(|h| heaps[i] = h).is_some()
            });
        if fixed {
            for i in (1..heaps.len()).rev() {
                heaps.swap(i, rng.index(i + 1));
            }
            return Some(heaps);
        }
    }
    None
}

/// The phase classes of a normal-play position of a family with a period, and each class's
/// (class, error) pair `phase/any:…` where any wrong value changes the side: in a lost
/// position (xor 0), a class whose heaps are of one size, an odd number of them (a wrong value
/// of that size changes the xor; other sizes are right). Computed at every choice, so from the
/// evaluator's cached values.
pub fn phases_of(ev: &mut Evaluator, heaps: &[u64]) -> Vec<String> {
    let Some(p) = PERIODS.iter().find(|p| p.0 == ev.spec.text).map(|p| p.1) else {
        return Vec::new();
    };
    if ev.spec.misere {
        return Vec::new();
    }
    let max = ev.spec.max_heap();
    // Per class (residue, high): its first heap, how many, whether all of that size; the
    // names only at the end (the session asks at every move).
    let mut by_class: std::collections::BTreeMap<(u64, bool), (u64, usize, bool)> =
        Default::default();
    for &h in heaps {
        let e = by_class.entry((h % p, h > max / 2)).or_insert((h, 0, true));
        e.1 += 1;
        e.2 &= e.0 == h;
    }
    let lost = heaps.iter().fold(0, |x, &h| x ^ ev.value(h)) == 0;
    let mut out = Vec::new();
    for (_, (h, count, one_size)) in by_class {
        let class = phase_class(&ev.spec.text, p, h, max);
        if lost && count % 2 == 1 && one_size {
            out.push(format!("phase/any:{class}"));
        }
        out.push(format!("phase:{class}"));
    }
    out
}
