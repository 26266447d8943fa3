//! Coverage classes of impartial (games/impartial/README.md): per family of [`FAMILIES`], heaps small
//! and large, odd and even (normal play); a won position whose every winning move splits a
//! heap (the families with splits); misère positions of heaps of 1 only and with exactly one
//! larger heap; misère positions of tame heaps with one above 60 (the tame rule) and holding
//! a wild heap with more than 40 tokens, up to 60 (the search's larger positions). The
//! session reaches them all in its rounds [`FIRST_ROUND`].. ([`round_start`]): the families'
//! heap rounds, the split rounds, the misère rounds.

use crate::gen::Start;
use crate::gen::{make_lost_if_possible, FAMILIES, MISERE_SESSION_SUM};
use crate::misere::Kind;
use crate::{options, Evaluator, Rules, Spec, MISERE_MAX_HEAPS, MISERE_MAX_SUM, MISERE_SEARCH_SUM};
use combgames_core::gen::SESSION;
use combgames_core::rng::Rng;
use combgames_core::round::RoundSpec;

/// The first session round of the coverage rounds (after the traps, rounds 2..=7).
pub const FIRST_ROUND: u64 = 8;
/// Heaps up to this size are `small`.
pub const SMALL: u64 = 8;

/// A heap's size class in normal play: small (up to [`SMALL`]) or large (over half the
/// largest heap the spec allows), odd or even; None in between.
fn heap_class(h: u64, max_heap: u64) -> Option<&'static str> {
    match (h <= SMALL, h > max_heap / 2, h % 2 == 1) {
        (true, _, true) => Some("small-odd"),
        (true, _, false) => Some("small-even"),
        (_, true, true) => Some("large-odd"),
        (_, true, false) => Some("large-even"),
        _ => None,
    }
}

const HEAP_CLASSES: [&str; 4] = ["small-odd", "small-even", "large-odd", "large-even"];

/// Whether some move of these rules leaves two heaps or more.
pub fn splits(rules: &Rules) -> bool {
    match rules {
        Rules::Code(digits) => digits.iter().any(|d| d & 12 != 0),
        Rules::Lasker | Rules::Grundy | Rules::Queue => true,
        _ => false,
    }
}

/// What the coverage round `round` plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cover {
    /// Family i, normal play, a heap of each size class.
    Heaps(usize),
    /// Family i (one with splits), a won position whose winning moves all split.
    Split(usize),
    /// Family i, misère, heaps of 1 only.
    Ones(usize),
    /// Family i, misère, exactly one heap above 1.
    OneLarge(usize),
    /// Family i, misère, tame heaps only, some above [`MISERE_MAX_SUM`] (the tame rule).
    TameLarge(usize),
    /// Family i, misère, a wild heap among heaps of more than [`WILD_ROUND_FROM`] tokens, up
    /// to [`WILD_ROUND_SUM`] (the search's larger positions).
    Wild(usize),
    /// Family i (one with a period, [`PERIODS`]), normal play: a lost position with one heap
    /// of each phase, low and high ([`phase_position`]).
    Phases(usize),
    /// Family i (one without a period), normal play, part 0 or 1: a lost position with one
    /// heap of each value class, a few of them two, other few in each part
    /// ([`value_position`]).
    Values(usize, usize),
}

/// The most tokens of a wild coverage round: the search's bound.
pub const WILD_ROUND_SUM: u64 = MISERE_SEARCH_SUM;
/// A wild coverage round has more tokens than this (the search's larger positions).
pub const WILD_ROUND_FROM: u64 = 40;

/// Tame heaps of family `ev` in max(lo, 41)..=hi (every one: the rounds draw among them).
fn tame_large_heaps(ev: &mut Evaluator, (lo, hi): (u64, u64)) -> Vec<u64> {
    (lo.max(MISERE_MAX_SUM + 1)..=hi)
        .filter(|&h| ev.kind(h) != Kind::Wild)
        .collect()
}

/// Wild heaps of family `ev` up to WILD_ROUND_SUM that seven more heaps up to hi can bring
/// past WILD_ROUND_FROM tokens (the rounds need heaps from 1: lo ≤ 1).
fn wild_heaps(ev: &mut Evaluator, (lo, hi): (u64, u64)) -> Vec<u64> {
    if lo > 1 {
        return Vec::new();
    }
    (1..=hi.min(WILD_ROUND_SUM))
        .filter(|&h| h + 7 * hi > WILD_ROUND_FROM && ev.kind(h) == Kind::Wild)
        .collect()
}

fn split_families() -> Vec<usize> {
    (0..FAMILIES.len())
        .filter(|&i| splits(&spec(i, false).rules))
        .collect()
}

/// The session's coverage rounds, one a cover, in this order from [`FIRST_ROUND`]; a family
/// has a tame-large or a wild round only where it has such heaps at all (the rounds of a
/// 100-round session are few).
fn covers() -> Vec<Cover> {
    static COVERS: std::sync::OnceLock<Vec<Cover>> = std::sync::OnceLock::new();
    COVERS
        .get_or_init(|| {
            let n = FAMILIES.len();
            let has = |i: usize, heaps: fn(&mut Evaluator, (u64, u64)) -> Vec<u64>| {
                let mut ev = Evaluator::new(spec(i, true));
                !heaps(&mut ev, (1, spec_max(i))).is_empty()
            };
            (0..n)
                .map(Cover::Heaps)
                .chain(split_families().into_iter().map(Cover::Split))
                .chain((0..n).map(Cover::Ones))
                .chain((0..n).map(Cover::OneLarge))
                .chain(
                    (0..n)
                        .filter(|&i| has(i, tame_large_heaps))
                        .map(Cover::TameLarge),
                )
                .chain((0..n).filter(|&i| has(i, wild_heaps)).map(Cover::Wild))
                .chain(phase_families().into_iter().map(Cover::Phases))
                .chain(
                    value_families()
                        .into_iter()
                        .flat_map(|i| [Cover::Values(i, 0), Cover::Values(i, 1)]),
                )
                .collect()
        })
        .clone()
}

fn spec(family: usize, misere: bool) -> Spec {
    let text = if misere {
        format!("misere {}", FAMILIES[family])
    } else {
        FAMILIES[family].to_owned()
    };
    Spec::parse(&text).expect("the families parse")
}

/// The heaps of size class `class` in lo..=hi for a spec whose largest heap is `max`.
fn class_range(class: &str, (lo, hi): (u64, u64), max: u64) -> Option<(u64, u64)> {
    let (a, b) = if class.starts_with("small") {
        (1, SMALL)
    } else {
        (max / 2 + 1, max)
    };
    let odd = class.ends_with("odd");
    let (mut a, b) = (a.max(lo), b.min(hi));
    if (a % 2 == 1) != odd {
        a += 1;
    }
    (a <= b).then_some((a, b))
}

/// A heap of size class `class` (the parity kept), drawn in its range.
fn heap_of(class: &str, range: (u64, u64), max: u64, rng: &mut Rng) -> Option<u64> {
    let (a, b) = class_range(class, range, max)?;
    Some(a + 2 * rng.range(0, (b - a) / 2))
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

/// Session round `round`'s coverage start, if it is one and the size range allows it.
pub fn round_start(round: u64, (lo, hi): (u64, u64), rng: &mut Rng) -> Option<(Start, Evaluator)> {
    let cover = *covers().get(round.checked_sub(FIRST_ROUND)? as usize)?;
    let misere = matches!(
        cover,
        Cover::Ones(_) | Cover::OneLarge(_) | Cover::TameLarge(_) | Cover::Wild(_)
    );
    let family = match cover {
        Cover::Heaps(i)
        | Cover::Split(i)
        | Cover::Ones(i)
        | Cover::OneLarge(i)
        | Cover::TameLarge(i)
        | Cover::Wild(i)
        | Cover::Phases(i)
        | Cover::Values(i, _) => i,
    };
    let spec = spec(family, misere);
    let mut ev = Evaluator::new(spec.clone());
    let max = spec.max_heap();
    let hi = hi.min(max);
    if lo > hi {
        return None;
    }
    let heaps = match cover {
        Cover::Heaps(_) => {
            let mut heaps: Vec<u64> = HEAP_CLASSES
                .iter()
                .filter_map(|c| heap_of(c, (lo, hi), max, rng))
                .collect();
            if heaps.is_empty() {
                return None;
            }
            // One more heap, made the one that loses the position half of the time.
            heaps.push(rng.log_range(lo.max(1), hi));
            if rng.index(2) == 0 {
                make_lost_if_possible(&mut ev, &mut heaps, (lo, hi), rng);
            }
            for i in (1..heaps.len()).rev() {
                heaps.swap(i, rng.index(i + 1));
            }
            heaps
        }
        Cover::Split(_) => split_position(&mut ev, (lo, hi), rng)?,
        Cover::Phases(_) => phase_position(&mut ev, (lo, hi), rng)?,
        Cover::Values(_, part) => value_position(&mut ev, (lo, hi), part, rng)?,
        Cover::Ones(_) => {
            if lo > 1 {
                return None;
            }
            vec![1; 1 + rng.index(MISERE_MAX_HEAPS)]
        }
        Cover::OneLarge(_) => {
            let top = hi.min(MISERE_SESSION_SUM);
            let low = lo.max(2);
            if low > top {
                return None;
            }
            let ones = if lo <= 1 {
                rng.index(MISERE_MAX_HEAPS) as u64
            } else {
                0
            };
            let ones = ones.min(MISERE_SESSION_SUM - low);
            let large = rng.range(low, top.min(MISERE_SESSION_SUM - ones));
            let mut heaps = vec![1; ones as usize];
            heaps.insert(rng.index(heaps.len() + 1), large);
            heaps
        }
        Cover::TameLarge(_) => {
            let tame = tame_large_heaps(&mut ev, (lo, hi));
            if tame.is_empty() {
                return None;
            }
            (0..1 + rng.index(4))
                .map(|_| tame[rng.index(tame.len())])
                .collect()
        }
        Cover::Wild(_) => {
            let wild = wild_heaps(&mut ev, (lo, hi));
            if wild.is_empty() {
                return None;
            }
            let w = wild[rng.index(wild.len())];
            // The target sum, then up to seven heaps of at most hi that make it up.
            let sum = rng.range((WILD_ROUND_FROM + 1).max(w), WILD_ROUND_SUM.min(w + 7 * hi));
            let mut heaps = vec![w];
            let mut rest = sum - w;
            for slots in (1..=7u64).rev() {
                if rest == 0 {
                    break;
                }
                let h = rng.range(rest.saturating_sub(hi * (slots - 1)).max(1), rest.min(hi));
                heaps.push(h);
                rest -= h;
            }
            for i in (1..heaps.len()).rev() {
                heaps.swap(i, rng.index(i + 1));
            }
            heaps
        }
    };
    Some((Start { spec, heaps }, ev))
}

/// Heaps the split search scans exhaustively, from the bottom of the size range.
const SPLIT_SCAN: u64 = 40;

/// A won position whose winning moves all split: up to 100 draws of 1 to 3 heaps
/// (log-uniform in the range), else the first such among every row of 1 to 3 heaps of the
/// range's lowest [`SPLIT_SCAN`] sizes, the scan started at a drawn row (so whether one is
/// found does not depend on the draw). Lasker's nim has them only in few rows, such as
/// (1, 4k + 2, 4k + 3).
fn split_position(ev: &mut Evaluator, (lo, hi): (u64, u64), rng: &mut Rng) -> Option<Vec<u64>> {
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

/// Every class a session of `spec` reaches ([`combgames_core::round::Play::classes`]): those
/// of the coverage rounds the size range allows; none for another kind or a fixed `--spec`.
pub fn listed(spec: &RoundSpec, default: (u64, u64)) -> Vec<String> {
    if spec.kind.is_some_and(|k| k != SESSION) || spec.option("--spec").is_some() {
        return Vec::new();
    }
    let range = spec.size.unwrap_or(default);
    let mut out = Vec::new();
    for cover in covers() {
        match cover {
            Cover::Heaps(i) => {
                let max = spec_max(i);
                let hi = range.1.min(max);
                for c in HEAP_CLASSES {
                    if class_range(c, (range.0, hi), max).is_some() {
                        out.push(format!("heaps:{},{c}", FAMILIES[i]));
                    }
                }
            }
            Cover::Split(i) => {
                let mut ev = Evaluator::new(spec_of(i));
                let hi = range.1.min(spec_max(i));
                if range.0 <= hi
                    && split_position(&mut ev, (range.0, hi), &mut Rng::new(0)).is_some()
                {
                    out.push(format!("split:{}", FAMILIES[i]));
                }
            }
            Cover::Ones(i) => {
                if range.0 <= 1 {
                    out.push(format!("misere:{},all-ones", FAMILIES[i]));
                }
            }
            Cover::OneLarge(i) => {
                if range.0.max(2) <= range.1.min(MISERE_SESSION_SUM) {
                    out.push(format!("misere:{},one-large", FAMILIES[i]));
                }
            }
            Cover::TameLarge(i) => {
                let mut ev = Evaluator::new(self::spec(i, true));
                if !tame_large_heaps(&mut ev, (range.0, range.1.min(spec_max(i)))).is_empty() {
                    out.push(format!("misere:{},tame-large", FAMILIES[i]));
                }
            }
            Cover::Wild(i) => {
                let mut ev = Evaluator::new(self::spec(i, true));
                if !wild_heaps(&mut ev, (range.0, range.1.min(spec_max(i)))).is_empty() {
                    out.push(format!("misere:{},wild", FAMILIES[i]));
                }
            }
            Cover::Phases(i) => {
                let mut ev = Evaluator::new(spec_of(i));
                let hi = range.1.min(spec_max(i));
                if range.0 <= hi
                    && phase_position(&mut ev, (range.0, hi), &mut Rng::new(0)).is_some()
                {
                    let classes = phase_classes(i, (range.0, hi), spec_max(i));
                    for c in classes {
                        out.push(format!("phase/any:{c}"));
                        out.push(format!("phase:{c}"));
                    }
                }
            }
            // Each part's round shows every value class (listed with part 0).
            Cover::Values(i, 0) => {
                let mut ev = Evaluator::new(spec_of(i));
                let hi = range.1.min(spec_max(i));
                if range.0 <= hi && value_plan(&mut ev, (range.0, hi)).is_some() {
                    for (c, _, _) in value_classes(&mut ev, (range.0, hi)) {
                        out.push(format!("value/any:{c}"));
                        out.push(format!("value:{c}"));
                    }
                }
            }
            Cover::Values(..) => {}
        }
    }
    out
}

fn spec_of(i: usize) -> Spec {
    spec(i, false)
}

fn spec_max(i: usize) -> u64 {
    spec_of(i).max_heap()
}

/// The classes of a position of `spec` (heaps of 0 already dropped); `only_splits` says
/// whether it is won and its winning moves all split ([`only_splits_win`]; read only for
/// rules with splits in normal play); `all_tame` whether every heap is tame (misère only).
pub fn of(
    spec: &Spec,
    heaps: &[u64],
    only_splits: impl FnOnce() -> bool,
    all_tame: impl FnOnce() -> bool,
) -> Vec<String> {
    let family = spec.text.strip_prefix("misere ").unwrap_or(&spec.text);
    let mut out = Vec::new();
    if spec.misere {
        let large = heaps.iter().filter(|&&h| h > 1).count();
        if !heaps.is_empty() && large == 0 {
            out.push(format!("misere:{family},all-ones"));
        }
        if large == 1 {
            out.push(format!("misere:{family},one-large"));
        }
        let sum: u64 = heaps.iter().sum();
        let big = heaps.iter().any(|&h| h > MISERE_MAX_SUM);
        match (all_tame(), big, sum > WILD_ROUND_FROM) {
            (true, true, _) => out.push(format!("misere:{family},tame-large")),
            (false, _, true) => out.push(format!("misere:{family},wild")),
            _ => {}
        }
        return out;
    }
    let max = spec.max_heap();
    for c in HEAP_CLASSES {
        if heaps.iter().any(|&h| heap_class(h, max) == Some(c)) {
            out.push(format!("heaps:{family},{c}"));
        }
    }
    if splits(&spec.rules) && only_splits() {
        out.push(format!("split:{family}"));
    }
    out
}

/// The families without a period on the heaps the referee plays (0.6, grundy, queue): their
/// classes are the values themselves ([`value_classes`]).
fn value_families() -> Vec<usize> {
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
fn value_classes(ev: &mut Evaluator, (lo, hi): (u64, u64)) -> Vec<(String, u32, Vec<u64>)> {
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
fn value_plan(ev: &mut Evaluator, range: (u64, u64)) -> Option<Vec<Vec<usize>>> {
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
fn value_position(
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

fn period(family: usize) -> Option<u64> {
    PERIODS
        .iter()
        .find(|p| p.0 == FAMILIES[family])
        .map(|p| p.1)
}

/// The session rounds of the covers `kind` matches (they follow one another, [`covers`]).
fn rounds_where(kind: fn(&Cover) -> bool) -> std::ops::Range<u64> {
    let covers = covers();
    let first = covers.iter().position(kind).unwrap_or(covers.len()) as u64;
    let count = covers.iter().filter(|c| kind(c)).count() as u64;
    FIRST_ROUND + first..FIRST_ROUND + first + count
}

/// The session rounds of one kind of coverage round, by the name of its class (`split`,
/// `all-ones`, `one-large`, `tame-large`, `wild`, `phase`, `value`; `heaps` for the families'
/// heap rounds); `None` for another name. What a mutation suite plays to reach a class.
pub fn class_rounds(kind: &str) -> Option<std::ops::Range<u64>> {
    let kind: fn(&Cover) -> bool = match kind {
        "heaps" => |c| matches!(c, Cover::Heaps(_)),
        "split" => |c| matches!(c, Cover::Split(_)),
        "all-ones" => |c| matches!(c, Cover::Ones(_)),
        "one-large" => |c| matches!(c, Cover::OneLarge(_)),
        "tame-large" => |c| matches!(c, Cover::TameLarge(_)),
        "wild" => |c| matches!(c, Cover::Wild(_)),
        "phase" => |c| matches!(c, Cover::Phases(_)),
        "value" => |c| matches!(c, Cover::Values(..)),
        _ => return None,
    };
    Some(rounds_where(kind))
}

/// The session rounds of the phase rounds (`Cover::Phases`).
pub fn phase_rounds() -> std::ops::Range<u64> {
    rounds_where(|c| matches!(c, Cover::Phases(_)))
}

/// The session rounds of the value rounds (`Cover::Values`), two a family without a period.
pub fn value_rounds() -> std::ops::Range<u64> {
    rounds_where(|c| matches!(c, Cover::Values(..)))
}

fn phase_families() -> Vec<usize> {
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

fn phase_classes(family: usize, range: (u64, u64), max: u64) -> Vec<String> {
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
fn phase_position(ev: &mut Evaluator, range: (u64, u64), rng: &mut Rng) -> Option<Vec<u64>> {
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
