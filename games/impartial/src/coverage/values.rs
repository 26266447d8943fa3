//! The value classes of impartial's coverage, for the families without a period: a heap's
//! value class, the lost position with one heap of each (a few of them two), and the classes
//! of a position.

use super::phases::period;
use super::{rounds_where, Cover, PERIODS};
use crate::gen::FAMILIES;
use crate::Evaluator;
use combgames_core::rng::Rng;

/// The families without a period on the heaps the referee plays (0.6, grundy, queue): their
/// classes are the values themselves ([`value_classes`]).
pub(super) fn value_families() -> Vec<usize> {
    (0..FAMILIES.len())
        .filter(|&i| period(i).is_none())
        .collect()
}

/// A heap's value class in a family without a period: its value V and whether it is low (up
/// to half the largest heap the spec allows) or high.
fn value_class(family: &str, v: u32, h: u64, max: u64) -> String {
    let half = if h <= max / 2 { "low" } else { "high" };
    format!("{family},g={v},{half}")
}

/// Every value class with heaps in lo..=hi: (class, its value, its heaps), by value then low
/// before high.
pub(super) fn value_classes(
    ev: &mut Evaluator,
    (lo, hi): (u64, u64),
) -> Vec<(String, u32, Vec<u64>)> {
    let max = ev.spec.max_heap();
    let mut by: std::collections::BTreeMap<(u32, bool), Vec<u64>> = Default::default();
    for h in lo.max(1)..=hi {
        by.entry((ev.value(h), h > max / 2)).or_default().push(h);
    }
    by.into_iter()
        .map(|((v, _), heaps)| (value_class(&ev.spec.text, v, heaps[0], max), v, heaps))
        .collect()
}

/// Which value classes (indices into [`value_classes`]) may hold a second heap so that one
/// heap of each class, and a second of these, xor to 0: the sets of fewest classes of two
/// sizes or more whose values xor to the values' xor of all classes (empty when that is 0),
/// those with the fewest classes of under [`FEW_SIZES`] sizes first (a wrong value of every
/// heap of a doubled class cancels in the xor; such errors are likelier in rare values).
/// None when there is no such set or the position would pass [`crate::MAX_HEAPS`] heaps.
pub(super) fn value_plan(ev: &mut Evaluator, range: (u64, u64)) -> Option<Vec<Vec<usize>>> {
    let classes = value_classes(ev, range);
    let x = classes.iter().fold(0, |x, c| x ^ c.1);
    if x == 0 {
        return (!classes.is_empty() && classes.len() <= crate::MAX_HEAPS).then(|| vec![vec![]]);
    }
    let single: Vec<usize> = (0..classes.len())
        .filter(|&i| classes[i].2.len() < 2)
        .collect();
    let mut sets = xor_sets(&classes, &single, x);
    sets.sort_by_key(|d| {
        d.iter()
            .filter(|&&i| classes[i].2.len() < FEW_SIZES)
            .count()
    });
    let fits = sets
        .first()
        .is_some_and(|d| classes.len() + d.len() <= crate::MAX_HEAPS);
    fits.then_some(sets)
}

/// Classes of fewer heap sizes than this are doubled only where no other set does.
const FEW_SIZES: usize = 8;

/// The smallest sets (one, else two, else three classes, none of `outside`) whose values xor
/// to `x`, in the classes' order.
fn xor_sets(classes: &[(String, u32, Vec<u64>)], outside: &[usize], x: u32) -> Vec<Vec<usize>> {
    let free: Vec<usize> = (0..classes.len())
        .filter(|i| !outside.contains(i))
        .collect();
    let v = |i: usize| classes[i].1;
    let mut out: Vec<Vec<usize>> = free
        .iter()
        .filter(|&&i| v(i) == x)
        .map(|&i| vec![i])
        .collect();
    for size in 2..=3 {
        if !out.is_empty() {
            break;
        }
        for (a, &i) in free.iter().enumerate() {
            for (b, &j) in free.iter().enumerate().skip(a + 1) {
                if size == 2 {
                    if v(i) ^ v(j) == x {
                        out.push(vec![i, j]);
                    }
                    continue;
                }
                for &l in &free[b + 1..] {
                    if v(i) ^ v(j) ^ v(l) == x {
                        out.push(vec![i, j, l]);
                    }
                }
            }
        }
    }
    out
}

/// A lost position of a family without a period (xor of values 0) holding one heap of each
/// of its value classes, drawn in its class, and a second heap of another size in each class
/// of one of [`value_plan`]'s sets (two heaps of one value add 0 to the xor, so the others'
/// values xor to 0): part 0 the first set, part 1 the one sharing the fewest classes with it;
/// the order drawn. Every heap size then occurs once, so any wrong value of any one size makes
/// the xor non-zero: the player takes the wrong side. A class doubled in one part has one
/// heap in the other, unless every set holds it, so a wrong value of every heap of a class
/// shows too.
pub(super) fn value_position(
    ev: &mut Evaluator,
    range: (u64, u64),
    part: usize,
    rng: &mut Rng,
) -> Option<Vec<u64>> {
    let sets = value_plan(ev, range)?;
    let classes = value_classes(ev, range);
    let shared = |d: &Vec<usize>| d.iter().filter(|i| sets[0].contains(i)).count();
    let doubled = match part {
        0 => &sets[0],
        _ => sets.iter().min_by_key(|d| shared(d)).unwrap_or(&sets[0]),
    };
    let mut heaps = Vec::new();
    for (i, (_, _, list)) in classes.iter().enumerate() {
        let a = rng.index(list.len());
        heaps.push(list[a]);
        if doubled.contains(&i) {
            let b = (a + 1 + rng.index(list.len() - 1)) % list.len();
            heaps.push(list[b]);
        }
    }
    for i in (1..heaps.len()).rev() {
        heaps.swap(i, rng.index(i + 1));
    }
    Some(heaps)
}

/// The value classes of a normal-play position of a family without a period, and each
/// class's (class, error) pair `value/any:…` where any wrong value of one heap size changes
/// the side: in a lost position, a class with a heap size that occurs an odd number of times.
pub fn values_of(ev: &mut Evaluator, heaps: &[u64]) -> Vec<String> {
    if ev.spec.misere || PERIODS.iter().any(|p| p.0 == ev.spec.text) {
        return Vec::new();
    }
    if !FAMILIES.contains(&ev.spec.text.as_str()) {
        return Vec::new();
    }
    let max = ev.spec.max_heap();
    // Per class: a heap of it, and the sizes met an odd number of times so far.
    let mut by_class: std::collections::BTreeMap<(u32, bool), (u64, Vec<u64>)> = Default::default();
    let mut x = 0;
    for &h in heaps {
        let v = ev.value(h);
        x ^= v;
        let odd = &mut by_class
            .entry((v, h > max / 2))
            .or_insert((h, Vec::new()))
            .1;
        match odd.iter().position(|&o| o == h) {
            Some(i) => {
                odd.swap_remove(i);
            }
            None => odd.push(h),
        }
    }
    let mut out = Vec::new();
    for ((v, _), (h, odd)) in by_class {
        let class = value_class(&ev.spec.text, v, h, max);
        if x == 0 && !odd.is_empty() {
            out.push(format!("value/any:{class}"));
        }
        out.push(format!("value:{class}"));
    }
    out
}

/// The session rounds of the value rounds (`Cover::Values`), two a family without a period.
pub fn value_rounds() -> std::ops::Range<u64> {
    rounds_where(|c| matches!(c, Cover::Values(..)))
}
