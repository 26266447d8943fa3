//! The coverage classes and (class, error) pairs of a subtraction position
//! (games/subtraction/README.md, coverage classes), and the session's rounds built to start in
//! each.

use super::{removal_giving_cap, SubtractionRound, K_MIX, MAX_SIZE, MUST_PLAY_K};
use crate as subtraction;
use crate::gen::{within_reach, Multiplier, Start};
use combgames_core::rng::Rng;
use combgames_core::round::{GameError, TypedRound};

/// The coverage classes of a subtraction position (games/subtraction/README.md), in the order a session
/// plays a round built for each, from round [`CLASS_ROUNDS_FROM`] on.
pub const CLASSES: &[&str] = &[
    "k:integer",
    "k:decimal",
    "k:fraction",
    "k:large-parts",
    "k:below-2",
    "k:2-or-more",
    "fresh:at-losing",
    "fresh:below-losing",
    "fresh:above-losing",
    "fresh:between",
    "small:fresh-to-k+1",
    "small:fresh-k+2",
    "small:fresh-k+3",
    "small:mid-takes-all",
    "small:mid-capped",
    "mid:at-losing",
    "mid:below-losing",
    "mid:above-losing",
    "mid:between",
    "cap:takes-all",
    "cap:equal-f",
    "cap:one-below-f",
    "cap:one-above-f",
    "cap:below-f",
    "cap:above-f",
];

/// A session's round that starts in a position of [`CLASSES`]'s first class; the next round
/// the second, and so on (rounds 11 to 35).
pub const CLASS_ROUNDS_FROM: u64 = 11;

/// The (class, error) pairs (games/subtraction/README.md, coverage classes), in the order a
/// session plays a round built for each, from round [`ERROR_ROUNDS_FROM`] on. `f±e:CLASS`:
/// the smallest winning removal f taken e too large or too small changes the side there
/// (f ≤ c against f ± e ≤ c, the cap c at the boundary the class names; `takes-all`: a
/// losing start m with c ≥ m, where f = m and f + e is past the pile); `term…:CLASS`: a
/// losing start a taken wrong (any other value, one too large or too small) changes the side
/// of a fresh pile of a, a + 1 or a − 1 stones; `order/…:CLASS`: the decomposition's parts
/// read in a wrong order (the second smallest or the largest part taken for f) changes the
/// side where the cap is at least f but below that part.
pub const ERROR_PAIRS: &[&str] = &[
    "term/any:fresh-at-losing",
    "term-1:fresh-below-losing",
    "term+1:fresh-above-losing",
    "f-1:fresh-at-losing",
    "f-2:fresh-at-losing",
    "f+1:equal-f",
    "f+2:equal-f",
    "f+2:one-above-f",
    "f-1:one-below-f",
    "f-2:one-below-f",
    "f-2:two-below-f",
    "f+1:takes-all",
    "f+2:takes-all",
    "order/next:cap-before-next",
    "order/largest:cap-before-largest",
];

/// The first round of the (class, error) pairs' rounds (36 to 50), after the class rounds.
pub const ERROR_ROUNDS_FROM: u64 = CLASS_ROUNDS_FROM + CLASSES.len() as u64;

/// The `f±e:` pairs ([`ERROR_PAIRS`]) of a mid-game position whose smallest winning removal
/// is f and whose cap c is below the pile: those where f + e ≤ c differs from f ≤ c (e = 1, 2
/// at c = f; 2 at c = f + 1; −1, −2 at c = f − 1; −2 at c = f − 2; a removal is at least 1).
pub(super) fn f_error_pairs(f: u64, cap: u64) -> Vec<&'static str> {
    let mut out = Vec::new();
    if cap == f {
        out.extend(["f+1:equal-f", "f+2:equal-f"]);
    } else if cap == f + 1 {
        out.push("f+2:one-above-f");
    } else if cap + 1 == f {
        out.push("f-1:one-below-f");
        if f >= 3 {
            out.push("f-2:one-below-f");
        }
    } else if cap + 2 == f {
        out.push("f-2:two-below-f");
    }
    out
}

/// The class whose round recipe ([`class_round`]) a pair's round draws from, and the cap
/// rule's detail for the mid-game ones.
fn pair_recipe(pair: &str) -> (&'static str, &'static str) {
    match pair.split_once(':').map_or("", |p| p.1) {
        "fresh-at-losing" => ("fresh", "at-losing"),
        "fresh-below-losing" => ("fresh", "below-losing"),
        "fresh-above-losing" => ("fresh", "above-losing"),
        "equal-f" => ("cap", "equal-f"),
        "one-above-f" => ("cap", "one-above-f"),
        "one-below-f" => ("cap", "one-below-f"),
        "takes-all" => ("cap", "takes-all-at-losing"),
        "cap-before-next" => ("cap", "before-next"),
        "cap-before-largest" => ("cap", "before-largest"),
        _ => ("cap", "two-below-f"),
    }
}

/// Whether a session's pile range holds a position of every class: the small piles of every
/// k of the mix (2 up to 10^5 + 3) and piles of a few thousand stones.
pub(super) fn covers_classes((lo, hi): (u64, u64)) -> bool {
    lo <= 2 && hi >= 1_000_000
}

/// Draws a class round tries before it falls back to k = 1 (every class has a k = 1 position
/// within 64 stones, [`fallback_round`]).
const CLASS_TRIES: usize = 400;

/// Largest pile a class round draws for a k of 1000 or more: beyond the wall table, such a k
/// needs about k·ln(n/k) losing starts, and 10^7 keeps that under half a million.
const BIG_K_PILE: u64 = 10_000_000;

/// A round whose start position is of `class`: k drawn from [`K_MIX`], then a start drawn by
/// the recipe of the class's group, kept when it is of the class (the seed chooses among the
/// positions of the class); k = 1 positions when no draw is ([`fallback_round`]).
pub(super) fn class_round(
    class: &str,
    (lo, hi): (u64, u64),
    rng: &mut Rng,
) -> Result<SubtractionRound, GameError> {
    let (lo, hi) = (lo.max(2), hi.max(2));
    let mut evals: Vec<subtraction::Evaluator> = Vec::new();
    for _ in 0..CLASS_TRIES {
        let k = Multiplier::parse(K_MIX[rng.index(K_MIX.len())]).expect("the mix's k parse");
        let floor = k.k.num / k.k.den;
        let top = if floor >= 1000 {
            hi.min(BIG_K_PILE)
        } else {
            hi
        };
        if top < lo {
            continue;
        }
        let i = match evals.iter().position(|e| e.k == k.k) {
            Some(i) => i,
            None => {
                evals.push(subtraction::Evaluator::new(k.k));
                evals.len() - 1
            }
        };
        let eval = &mut evals[i];
        let (group, detail) = if ERROR_PAIRS.contains(&class) {
            pair_recipe(class)
        } else {
            (
                class.split(':').next().unwrap_or(""),
                class.split(':').nth(1).unwrap_or(""),
            )
        };
        let drawn = rng.log_range(lo, top);
        within_reach(eval, drawn.saturating_add(2).min(top), &k.text)
            .map_err(GameError::unplayable)?;
        let near = |eval: &mut subtraction::Evaluator, rng: &mut Rng| {
            let l = eval.losing_start_at_most(drawn);
            match detail {
                "at-losing" => l,
                "below-losing" => eval.losing_start_at_most(drawn.saturating_mul(2).min(top)) - 1,
                "above-losing" => l + 1,
                _ => l + rng.range(2, 16),
            }
        };
        let (n, last) = match group {
            "k" => (drawn, None),
            "fresh" => (near(eval, rng), None),
            "mid" => {
                let n = near(eval, rng);
                (n, Some(rng.log_range(1, n)))
            }
            "small" => {
                let n = match detail {
                    "fresh-to-k+1" => rng.range(2, floor + 1),
                    "fresh-k+2" => floor + 2,
                    "fresh-k+3" => floor + 3,
                    _ => rng.range(2, floor + 3),
                };
                let last = match detail {
                    "mid-takes-all" => Some(rng.range(n, n.saturating_mul(2))),
                    "mid-capped" => Some(1),
                    _ => None,
                };
                (n, last)
            }
            _ => {
                // cap: a pile near a losing start (or a huge two-part one), its smallest
                // winning removal f, and the removal giving the cap the class names.
                let n = if detail == "takes-all-at-losing" {
                    eval.losing_start_at_most(drawn)
                } else if rng.index(2) == 0 {
                    drawn
                } else {
                    near(eval, rng)
                };
                let n = n.clamp(lo, top);
                within_reach(eval, n, &k.text).map_err(GameError::unplayable)?;
                let f = eval.smallest_win(n);
                // The second smallest and the largest part (f's when it is the only one).
                let parts = eval.known_parts(n);
                let next = parts.and_then(|p| p.next).unwrap_or(f);
                let largest = parts.map_or(f, |p| p.largest);
                let cap = match detail {
                    "takes-all" | "takes-all-at-losing" => n,
                    "before-next" if next > f => rng.range(f, next - 1),
                    // Past the second part where a third lies between, so the round tells
                    // the two orders apart.
                    "before-largest" if next < largest => rng.range(next, largest - 1),
                    "before-largest" if f < largest => rng.range(f, largest - 1),
                    "equal-f" => f,
                    "one-below-f" => f - 1,
                    "one-above-f" => f + 1,
                    "below-f" if f > 2 => rng.range(1, f - 2),
                    "two-below-f" if f > 2 => f - 2,
                    "above-f" if f + 2 < n => rng.range(f + 2, n - 1),
                    _ => continue,
                };
                if cap == 0 {
                    continue;
                }
                (n, Some(removal_giving_cap(k.k, cap)))
            }
        };
        if !(lo..=hi).contains(&n) || last.is_some_and(|p| p > MAX_SIZE) {
            continue;
        }
        let eval = evals.swap_remove(i);
        let start = Start { n, k, last };
        let round = SubtractionRound::with_evaluator(start, eval)?;
        if TypedRound::classes(&round).iter().any(|c| c == class) {
            return Ok(round);
        }
        evals.push(round.eval);
    }
    fallback_round(class, (lo, hi))
}

/// A k = 1 position of `class` within 64 stones (k = 1 has every class but the k ones it is
/// not: for those, the k of [`MUST_PLAY_K`] and 3), when the range holds it: the first pile
/// and last removal, in order, that is.
fn fallback_round(class: &str, (lo, hi): (u64, u64)) -> Result<SubtractionRound, GameError> {
    for k in ["1", "3", MUST_PLAY_K[0], MUST_PLAY_K[2]] {
        for n in lo.max(2)..=hi.min(64) {
            for last in std::iter::once(None).chain((1..=n).map(Some)) {
                let round = SubtractionRound::new_at(n, k, last)?;
                if TypedRound::classes(&round).iter().any(|c| c == class) {
                    return Ok(round);
                }
            }
        }
    }
    Err(GameError::Unplayable(format!(
        "no subtraction position of class {class} in the size range {lo} to {hi}"
    )))
}
