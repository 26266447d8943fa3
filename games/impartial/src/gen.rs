//! impartial's positions, the only code that makes them: a spec of games/impartial/docs/impartial.md (drawn
//! from [`FAMILIES`] unless fixed) and rows of heaps `k h1 ... hk` — gen's batch files (one
//! spec line, T, then T positions) and the referee's rounds
//! (games/impartial/src/play.rs wraps a [`Start`]).
//!
//! | kind | spec | positions |
//! |---|---|---|
//! | `random` | the seed's family (seed mod 15), normal play | 1..=10 heaps, each uniform in 1..=size |
//! | `lost` | the seed's family, normal play | as `random`, then the last heap replaced, where one exists, by a heap that makes the position lost (xor of values 0) |
//! | `misere` | the seed's family, misère play | 1..=8 heaps, 52 tokens at most |
//! | `session` | the round's family (round r plays family r mod 15, so 15 rounds play them all), misère one time in four | the referee's rounds: 1..=6 heaps log-uniform in the size range, half of them made lost; misère rounds 1..=8 heaps of at most [`MISERE_SESSION_SUM`] tokens |
//!
//! Every position is valued by the judge side's evaluator (games/impartial/src/lib.rs) where a kind needs
//! it; the size (the largest heap) is clamped to what the spec allows ([`Spec::max_heap`]).

use crate::{Evaluator, Spec, MISERE_MAX_HEAPS, MISERE_MAX_SUM};
use combgames_core::gen::{Generator, Spec as GenSpec, SESSION};
use combgames_core::rng::Rng;
use std::io::{self, Write};

/// The specs generated tests and rounds draw from: every family of games/impartial/docs/impartial.md
/// (codes with and without splits, three-heap hex, a split without removal, finite and
/// periodic sets, nim, lasker, grundy, queue, the aliases).
pub const FAMILIES: &[&str] = &[
    "kayles",
    "dawson-kayles",
    "dawson-chess",
    "0.6",
    "0.31",
    "4.07",
    "0.8",
    "{1,2,4}",
    "{2,5}",
    "{1..3}",
    "{1,4 mod 5}",
    "nim",
    "lasker",
    "grundy",
    "queue",
];

/// Tokens of a referee's misère round: the exhaustive search of a lost Lasker position of 40
/// tokens takes the referee about 0.7 s, of 32 tokens about 0.05 s; gen's `misere` kind goes to
/// the batch's 52 (one search per file).
pub const MISERE_SESSION_SUM: u64 = 32;

/// The batch problem's generator (see the registry).
pub const GEN: Generator = Generator {
    name: "impartial",
    kinds: &["random", "lost", "misere", SESSION],
    min_size: 1,
    max_size: crate::MAX_HEAP,
    default_size: crate::MAX_HEAP,
    size_is: "largest heap",
    max_count: Some(1000),
    default_count: 100,
    max_cells: None,
    notes: "codes with a three-heap split (0.8) keep heaps to 300; misere positions to 8 heaps and 52 tokens",
    write: write_test,
};

/// A round's or a case's start: the spec and the heaps.
pub struct Start {
    pub spec: Spec,
    pub heaps: Vec<u64>,
}

/// A spec of kind `kind`: `fixed` if given, else a family (misère as the kind says): the
/// `round`-th (cyclically) when given, so that a session's first 15 rounds play every family,
/// else one at random.
pub fn spec_for(
    kind: &str,
    fixed: Option<&str>,
    round: Option<u64>,
    rng: &mut Rng,
) -> Result<Spec, String> {
    if let Some(text) = fixed {
        return Spec::parse(text);
    }
    let family = match round {
        Some(r) => FAMILIES[((r.max(1) - 1) % FAMILIES.len() as u64) as usize],
        None => FAMILIES[rng.index(FAMILIES.len())],
    };
    let misere = match kind {
        "misere" => true,
        SESSION => rng.index(4) == 0,
        _ => false,
    };
    let text = if misere {
        format!("misere {family}")
    } else {
        family.to_owned()
    };
    Spec::parse(&text)
}

/// Heaps of kind `kind` for `ev`'s spec, each in lo..=hi (clamped to the spec's limits).
pub fn heaps_for(kind: &str, ev: &mut Evaluator, (lo, hi): (u64, u64), rng: &mut Rng) -> Vec<u64> {
    let spec = &ev.spec;
    let hi = hi.min(spec.max_heap());
    if spec.misere {
        // A drawn misère spec keeps to its tokens whatever the range (a fixed one is checked
        // against the range before the session starts).
        let most = if kind == SESSION {
            MISERE_SESSION_SUM
        } else {
            MISERE_MAX_SUM
        };
        let hi = hi.min(most);
        let lo = lo.min(hi);
        let count = 1 + rng.index(MISERE_MAX_HEAPS);
        let mut heaps = Vec::new();
        let mut left = most;
        for _ in 0..count {
            if left < lo {
                break;
            }
            let h = rng.range(lo, hi.min(left));
            heaps.push(h);
            left -= h;
        }
        return heaps;
    }
    // Likewise a drawn code with three-heap splits keeps to its 300.
    let lo = lo.min(hi);
    let (count, log) = match kind {
        SESSION => (1 + rng.index(6), true),
        _ => (1 + rng.index(10), false),
    };
    let mut heaps: Vec<u64> = (0..count)
        .map(|_| {
            if log {
                rng.log_range(lo, hi)
            } else {
                rng.range(lo, hi)
            }
        })
        .collect();
    let make_lost = match kind {
        "lost" => true,
        SESSION => rng.index(2) == 0,
        _ => false,
    };
    if make_lost {
        make_lost_if_possible(ev, &mut heaps, (lo, hi), rng);
    }
    heaps
}

/// Replaces the last heap by one in lo..=hi whose value is the xor of the others' (the sum
/// is then lost), searching from a random heap on; leaves the heaps alone if none has it.
pub(crate) fn make_lost_if_possible(
    ev: &mut Evaluator,
    heaps: &mut [u64],
    (lo, hi): (u64, u64),
    rng: &mut Rng,
) {
    let last = heaps.len() - 1;
    let want = heaps[..last].iter().fold(0, |x, &h| x ^ ev.value(h));
    let span = hi - lo + 1;
    let from = rng.range(0, span - 1);
    for i in 0..span {
        let h = lo + (from + i) % span;
        if ev.value(h) == want {
            heaps[last] = h;
            return;
        }
    }
}

/// A start of kind `kind` in the size range `size` (the referee's rounds).
pub fn round_start(
    kind: &str,
    size: (u64, u64),
    fixed: Option<&str>,
    round: u64,
    rng: &mut Rng,
) -> Result<(Start, Evaluator), String> {
    if !GEN.kinds.contains(&kind) {
        return Err(format!(
            "impartial has no kind {kind:?} (kinds: {})",
            GEN.kinds.join(", ")
        ));
    }
    let spec = spec_for(kind, fixed, (kind == SESSION).then_some(round), rng)?;
    let mut ev = Evaluator::new(spec.clone());
    let heaps = heaps_for(kind, &mut ev, size, rng);
    Ok((Start { spec, heaps }, ev))
}

/// The specs a referee's session plays in rounds 2..=7 whatever the seed, each with
/// the heap range where a narrow bug shows: Lasker's nim (where g(4j+3) and g(4j+4) swap),
/// nim with heaps past 63 (a Grundy value kept in a u64 mask), Dawson's chess and Dawson's
/// kayles on heaps of their pre-period (34..=51: the period 34 holds only from 52), and two
/// misère rounds (normal play's answer is wrong near the end). The normal-play rounds are made
/// lost for the first player where a heap allows, so a player with wrong values claims the
/// first move or, moving second, meets a position it values wrongly at once.
pub const SESSION_ROUNDS: [(&str, u64, u64); 6] = [
    ("lasker", 3, MAX_HEAP_SESSION),
    ("nim", 64, MAX_HEAP_SESSION),
    ("dawson-chess", 34, 51),
    ("dawson-kayles", 34, 51),
    ("misere kayles", 1, MISERE_SESSION_SUM),
    ("misere lasker", 1, MISERE_SESSION_SUM),
];

/// The largest heap of [`SESSION_ROUNDS`]' ranges (the referee's default size).
const MAX_HEAP_SESSION: u64 = crate::MAX_HEAP;

/// Round `round` (1-based) of a referee's session when it is one of [`SESSION_ROUNDS`]
/// (rounds 2..=7), within the size range `size` where the two overlap; None otherwise.
pub fn session_round(
    round: u64,
    (lo, hi): (u64, u64),
    rng: &mut Rng,
) -> Option<Result<(Start, Evaluator), String>> {
    // No usize::try_from: the bundled Kattis referee is edition 2018 (no TryFrom in the
    // prelude); a round number past the list is never one of them anyway.
    let index = round.checked_sub(2)?;
    if index >= SESSION_ROUNDS.len() as u64 {
        return None;
    }
    let (text, from, to) = SESSION_ROUNDS[index as usize];
    let (lo, hi) = (lo.max(from), hi.min(to));
    if lo > hi {
        return None;
    }
    let spec = match Spec::parse(text) {
        Ok(spec) => spec,
        Err(e) => return Some(Err(e)),
    };
    let mut ev = Evaluator::new(spec.clone());
    let heaps = if spec.misere {
        heaps_for(SESSION, &mut ev, (lo, hi), rng)
    } else {
        // Heaps where the values break a pattern a contestant may assume: for Lasker's nim
        // those ≡ 3 or 0 mod 4 (worth n + 1 and n − 1, not n), for Dawson's games those of
        // the pre-period whose value is not the one 34 further down.
        let odd_one = |ev: &mut Evaluator, n: u64| match text {
            "lasker" => n % 4 == 3 || n % 4 == 0,
            "dawson-chess" | "dawson-kayles" => ev.value(n) != ev.value(n % 34),
            _ => true,
        };
        let pool: Vec<u64> = (lo..=hi.min(lo + 4096))
            .filter(|&n| odd_one(&mut ev, n))
            .collect();
        let draw = |ev: &mut Evaluator, rng: &mut Rng| {
            // Three heaps or more: two heaps made lost are equal, and mirroring wins them
            // without knowing any value.
            let count = 3 + rng.index(3);
            let mut heaps: Vec<u64> = (0..count)
                .map(|_| match pool.len() {
                    0 => rng.range(lo, hi),
                    len => pool[rng.index(len)],
                })
                .collect();
            make_lost_if_possible(ev, &mut heaps, (lo, hi), rng);
            heaps
        };
        let mut heaps = draw(&mut ev, rng);
        if text.starts_with("dawson") {
            // The side itself must turn on the pre-period: a lost position whose heaps, each
            // valued as the heap 34 lower, would xor to a win. (Else the odd heaps may cancel,
            // and a player reading the period from 0 takes the right side and is exact again
            // once the heaps fall below 34.) Up to 64 draws; the last is kept otherwise.
            for _ in 0..64 {
                let xor = |ev: &mut Evaluator, fold: fn(u64) -> u64| {
                    heaps.iter().fold(0, |x, &h| x ^ ev.value(fold(h)))
                };
                if xor(&mut ev, |h| h) == 0 && xor(&mut ev, |h| h % 34) != 0 {
                    break;
                }
                heaps = draw(&mut ev, rng);
            }
        }
        heaps
    };
    Some(Ok((Start { spec, heaps }, ev)))
}

/// `k h1 ... hk`.
pub fn heaps_line(heaps: &[u64]) -> String {
    let mut line = heaps.len().to_string();
    for h in heaps {
        line.push(' ');
        line.push_str(&h.to_string());
    }
    line
}

fn write_test(gen: &GenSpec, rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    let invalid = |e: String| io::Error::new(io::ErrorKind::InvalidInput, e);
    // A batch file's game is its seed's family (seeds 0..15 cover all fifteen, so a package's
    // data reaches every family); the session kind draws it as the referee does.
    let spec = if gen.kind == SESSION {
        spec_for(gen.kind, None, None, rng).map_err(invalid)?
    } else {
        let family = FAMILIES[(gen.seed % FAMILIES.len() as u64) as usize];
        let text = if gen.kind == "misere" {
            format!("misere {family}")
        } else {
            family.to_owned()
        };
        Spec::parse(&text).map_err(invalid)?
    };
    let mut ev = Evaluator::new(spec.clone());
    let t = gen.cases();
    writeln!(out, "{spec}")?;
    writeln!(out, "{t}")?;
    for _ in 0..t {
        let heaps = heaps_for(gen.kind, &mut ev, (1, gen.size), rng);
        writeln!(out, "{}", heaps_line(&heaps))?;
    }
    Ok(())
}
