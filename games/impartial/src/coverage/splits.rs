//! The split rounds of impartial's coverage: which rules split a heap, whether every winning
//! move of a position splits, and the search for such a position.

use super::spec;
use crate::gen::FAMILIES;
use crate::{options, Evaluator, Rules};
use combgames_core::rng::Rng;

/// Whether some move of these rules leaves two heaps or more.
pub fn splits(rules: &Rules) -> bool {
    match rules {
        Rules::Code(digits) => digits.iter().any(|d| d & 12 != 0),
        Rules::Lasker | Rules::Grundy | Rules::Queue => true,
        _ => false,
    }
}

pub(super) fn split_families() -> Vec<usize> {
    (0..FAMILIES.len())
        .filter(|&i| splits(&spec(i, false).rules))
        .collect()
}

/// Each heap size's options as (parts, value) pairs, cached: a code with three-heap splits has
/// tens of thousands of options on its largest heaps.
pub type Options = std::collections::HashMap<u64, Vec<(usize, u32)>>;

/// Whether the position is won in normal play and every winning move leaves two heaps or
/// more in place of the one it takes from.
pub fn only_splits_win(ev: &mut Evaluator, cache: &mut Options, heaps: &[u64]) -> bool {
    let x = heaps.iter().fold(0, |x, &h| x ^ ev.value(h));
    if x == 0 {
        return false;
    }
    for &h in heaps {
        let target = ev.value(h) ^ x;
        let list = cache.entry(h).or_insert_with(|| {
            options(&ev.spec.rules, h)
                .into_iter()
                .map(|parts| (parts.len(), parts.iter().fold(0, |v, &p| v ^ ev.value(p))))
                .collect()
        });
        if list.iter().any(|&(n, v)| n <= 1 && v == target) {
            return false;
        }
    }
    true
}

/// Heaps the split search scans exhaustively, from the bottom of the size range.
const SPLIT_SCAN: u64 = 40;

/// A won position whose winning moves all split: up to 100 draws of 1 to 3 heaps
/// (log-uniform in the range), else the first such among every row of 1 to 3 heaps of the
/// range's lowest [`SPLIT_SCAN`] sizes, the scan started at a drawn row (so whether one is
/// found does not depend on the draw). Lasker's nim has them only in few rows, such as
/// (1, 4k + 2, 4k + 3).
pub(super) fn split_position(
    ev: &mut Evaluator,
    (lo, hi): (u64, u64),
    rng: &mut Rng,
) -> Option<Vec<u64>> {
    let mut cache = Options::new();
    let lo = lo.max(1);
    for _ in 0..100 {
        let heaps: Vec<u64> = (0..1 + rng.index(3))
            .map(|_| rng.log_range(lo, hi))
            .collect();
        if only_splits_win(ev, &mut cache, &heaps) {
            return Some(heaps);
        }
    }
    let top = hi.min(lo + SPLIT_SCAN - 1);
    let mut rows: Vec<Vec<u64>> = Vec::new();
    for a in lo..=top {
        rows.push(vec![a]);
        for b in a..=top {
            rows.push(vec![a, b]);
            rows.extend((b..=top).map(|c| vec![a, b, c]));
        }
    }
    let from = rng.index(rows.len());
    let found = (0..rows.len())
        .map(|i| &rows[(from + i) % rows.len()])
        .find(|row| only_splits_win(ev, &mut cache, row))?;
    let mut heaps = found.clone();
    for i in (1..heaps.len()).rev() {
        heaps.swap(i, rng.index(i + 1));
    }
    Some(heaps)
}
