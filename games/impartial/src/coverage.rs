//! Coverage classes of impartial (games/impartial/README.md): per family of [`FAMILIES`], heaps small
//! and large, odd and even (normal play); a won position whose every winning move splits a
//! heap (the families with splits); misère positions of heaps of 1 only and with exactly one
//! larger heap; misère positions of tame heaps with one above 60 (the tame rule) and holding
//! a wild heap with more than 40 tokens, up to 60 (the search's larger positions). The
//! session reaches them all in its rounds [`FIRST_ROUND`].. ([`round_start`]): the families'
//! heap rounds, the split rounds, the misère rounds.
//!
//! Here the classes of heaps and of misère positions, the session's coverage rounds and the
//! positions they start in, the classes listed and those of a position; the split rounds'
//! search in `splits`, the phase classes of the families with a period in `phases`, the value
//! classes of those without in `values`.

mod phases;
mod splits;
mod values;

use phases::{phase_classes, phase_families, phase_position};
pub use phases::{phase_rounds, phases_of, PERIODS};
pub use splits::{only_splits_win, splits, Options};
use splits::{split_families, split_position};
use values::{value_classes, value_families, value_plan, value_position};
pub use values::{value_rounds, values_of};

use crate::gen::Start;
use crate::gen::{make_lost_if_possible, FAMILIES, MISERE_SESSION_SUM};
use crate::misere::Kind;
use crate::{Evaluator, Spec, MISERE_MAX_HEAPS, MISERE_MAX_SUM, MISERE_SEARCH_SUM};
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
