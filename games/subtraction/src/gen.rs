//! subtraction's positions, the only code that makes them: a pile of n stones and a
//! multiplier k (an integer, a decimal or a fraction, with its exact value), written `n k`:
//! gen's cases (the judge's batch format, also for `referee judge`) and the referee's rounds
//! (games/subtraction/src/play.rs wraps a [`Start`] into its round).
//!
//! A kind is where its k comes from ([`KSource`], the one k maker) and where it puts n in the
//! size range (`Pile`):
//!
//! | kind | k | n |
//! |---|---|---|
//! | `random` | an integer, a decimal or a fraction, a third each | log-uniform |
//! | `integer` | an integer in 1..=10^5 (the judge's k) | log-uniform |
//! | `losing` | an integer in 1..=20 half of the time, else as `random` | near a losing start |
//! | `session` | one of [`K_MIX`] | a quarter log-uniform, else near a losing start |
//! | `worst` | an integer in the top tenth of 1..=10^5 | in the top tenth of the range |
//!
//! `session` is what the referee plays unless told otherwise. `worst` is the judge's slowest
//! input: most terms per case (about k·(1 + ln(n/k)), 8·10^5 at n = 10^8), each case on its
//! own k, so that a solution that builds the terms again for every case is TLE on the
//! default judge's `largest` test. Near a losing start means at or
//! next to a losing start a(i) of k (a(i) half of the time, else a(i) ± 1 or a(i) ± a few)
//! near a log-uniform target drawn from the whole range, from 10^12 up or from 2^53 up (a
//! third each, when the range reaches them), where an overflow, a double or a short table
//! shows: with the referee's default range of 2..10^18, at least two thirds of those piles
//! are past 10^12 and at least a third past 2^53.
//!
//! The referee's `--k` replaces the kind's source with one k, for every kind. A gen file of
//! the `losing` kind draws four k from its source first and each case takes one of them: the
//! losing starts of a k are built once (by the library's evaluator, the referee's own) and
//! serve every case on it.

use crate::{Evaluator, Position, Ratio, RatioError};
use combgames_core::gen::{Generator, Spec, SESSION, WORST};
use combgames_core::rng::Rng;
use std::fmt;
use std::io::{self, Write};

/// Why no start can be made for a referee's round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartError {
    /// The fixed k (the referee's `--k`) is not a multiplier.
    K(RatioError),
    /// A kind that is not one of [`GEN`]'s.
    UnknownKind(String),
    /// k (as written) with a pile of n stones is out of the evaluator's reach
    /// ([`within_reach`]).
    OutOfReach { k: String, n: u64 },
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::K(e) => e.fmt(f),
            StartError::UnknownKind(name) => write!(
                f,
                "subtraction has no kind {name:?} (kinds: {})",
                GEN.kinds.join(", ")
            ),
            StartError::OutOfReach { k, n } => write!(
                f,
                "k = {k} with n = {n} needs more than {MAX_TERMS} losing starts \
                 (every n ≤ 10^18 is in reach for k up to 135000)"
            ),
        }
    }
}

impl std::error::Error for StartError {}

/// A multiplier k ≥ 1 as written (`7`, `1.5`, `3/2`), with its exact value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Multiplier {
    pub text: String,
    pub k: Ratio,
}

impl Multiplier {
    /// The library's reading of `text` (the one the checker and the referee use, so the
    /// written k and its value cannot disagree).
    pub fn parse(text: &str) -> Result<Multiplier, RatioError> {
        let k = Ratio::parse(text)?;
        Ok(Multiplier {
            text: text.to_owned(),
            k,
        })
    }

    /// A multiplier this file writes, valid by construction.
    fn written(text: String) -> Multiplier {
        let k = Ratio::parse(&text).expect("the generator writes only valid multipliers");
        Multiplier { text, k }
    }

    fn integer(k: u64) -> Multiplier {
        Multiplier::written(k.to_string())
    }

    /// `whole.frac` with 1 to 3 fraction digits, the last one not zero.
    fn decimal(rng: &mut Rng) -> Multiplier {
        let whole = rng.log_range(1, 1000);
        let digits = rng.range(1, 3) as usize;
        let mut frac = rng.range(1, 10u64.pow(digits as u32) - 1);
        if frac % 10 == 0 {
            frac += 1; // no trailing zero: `1.50` is written `1.5`
        }
        Multiplier::written(format!("{whole}.{frac:0digits$}"))
    }

    /// `p/q` in lowest terms with 2 ≤ q ≤ 12 and p > q.
    fn fraction(rng: &mut Rng) -> Multiplier {
        loop {
            let den = rng.range(2, 12);
            let num = den * rng.log_range(1, 1000) + rng.range(1, den - 1);
            let k = Multiplier::written(format!("{num}/{den}"));
            // Ratio::parse reduces: an unchanged denominator means p/q was in lowest terms.
            if k.k.den == den {
                return k;
            }
        }
    }
}

/// The k values of the referee's sessions (the `session` kind): integers (the judge's
/// 1..10^5), decimals and fractions. Below 2 every k has the same losing starts (the powers of
/// two) but other caps; 7/2, 7/3, 2.5 and 99999.5 tell k from its integer part; the parts of
/// `2.718281828459045235` (18 decimals), `1.000000000000000002` and
/// `1000000000000000000/999999999999999999` are near 10^18, so a 64-bit product of a part and
/// a pile overflows at once, and those of `123456789/98765432` do so at piles over 10^11.
pub const K_MIX: &[&str] = &[
    "1",
    "2",
    "3",
    "10",
    "100000",
    "1.5",
    "2.5",
    "99999.5",
    "2.718281828459045235",
    "1.000000000000000002",
    "3/2",
    "5/3",
    "7/2",
    "7/3",
    "123456789/98765432",
    "1000000000000000000/999999999999999999",
];

/// The judge's largest k (its k are integers 1..=10^5).
const JUDGE_MAX_K: u64 = 100_000;

/// Where a kind draws its multipliers from: every k of the game is made here. Each source's k
/// is at most `JUDGE_MAX_K`, so in the referee's reach at every pile up to 10^18 (see
/// [`MAX_TERMS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KSource {
    /// One of [`K_MIX`], uniformly.
    Mix,
    /// An integer in 1..=10^5 (the judge's k), log-uniform.
    Integer,
    /// An integer (as [`KSource::Integer`]), a decimal or a fraction (both below 1001),
    /// a third each.
    Any,
    /// An integer in 1..=20 half of the time, else as [`KSource::Any`]: so that some files
    /// of the `losing` kind hold integer k only (scripts/make-packages.sh keeps those for the
    /// judge, whose k are integers).
    SmallOrAny,
    /// An integer in the top tenth of 1..=10^5, uniformly: the most terms per pile.
    Top,
}

impl KSource {
    pub fn draw(self, rng: &mut Rng) -> Multiplier {
        match self {
            KSource::Mix => Multiplier::written(K_MIX[rng.index(K_MIX.len())].to_owned()),
            KSource::Integer => Multiplier::integer(rng.log_range(1, JUDGE_MAX_K)),
            KSource::Any => match rng.index(3) {
                0 => KSource::Integer.draw(rng),
                1 => Multiplier::decimal(rng),
                _ => Multiplier::fraction(rng),
            },
            KSource::Top => {
                Multiplier::integer(rng.range(JUDGE_MAX_K - JUDGE_MAX_K / 10, JUDGE_MAX_K))
            }
            KSource::SmallOrAny => match rng.index(2) {
                0 => Multiplier::integer(rng.log_range(1, 20)),
                _ => KSource::Any.draw(rng),
            },
        }
    }
}

/// How the starts of a round or a file get their k.
enum KChoice {
    /// Drawn from the source for each start.
    Drawn(KSource),
    /// Always this one (the referee's `--k`).
    Fixed(Multiplier),
    /// One of these, uniformly (drawn from the source beforehand).
    Pool(Vec<Multiplier>),
}

impl KChoice {
    fn draw(&self, rng: &mut Rng) -> Multiplier {
        match self {
            KChoice::Drawn(source) => source.draw(rng),
            KChoice::Fixed(k) => k.clone(),
            KChoice::Pool(ks) => ks[rng.index(ks.len())].clone(),
        }
    }
}

/// Where a kind puts n in its size range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pile {
    /// Log-uniform.
    LogUniform,
    /// At or next to a losing start ([`near_losing_start`]).
    NearLosing,
    /// Log-uniform a quarter of the time, else near a losing start.
    Mixed,
    /// Uniform in the top tenth of the range.
    Top,
}

/// Piles of at least this size are "huge": a third of the near-losing-start targets are drawn
/// from here up (when the range reaches it).
const HUGE_FROM: u64 = 1_000_000_000_000;
/// 2^53: from here on an f64 cannot hold every pile.
const DOUBLE_EXACT: u64 = 1 << 53;

/// Most losing starts the referee computes for one round (16 bytes each, 64 MiB), the cap of
/// solutions/subtraction.rs too: with it every n ≤ 10^18 is in reach for k up to 135000
/// (games/subtraction/tests/misuse.rs). A larger k with a large n needs about k·ln(n/k) terms (the
/// terms grow by ~1/k each): the referee would think for hours, outside every limit, so such
/// a round is refused up front. The starts made here stay in reach: their k are at most
/// 10^5 unless the referee's `--k` fixes a larger one.
pub const MAX_TERMS: usize = 1 << 22;

/// Prepares `eval` for every pile up to `n`, or says that `n` is out of its reach for k
/// (written `k`).
pub fn within_reach(eval: &mut Evaluator, n: u64, k: &str) -> Result<(), StartError> {
    if eval.covers(n, MAX_TERMS) {
        Ok(())
    } else {
        Err(StartError::OutOfReach { k: k.to_owned(), n })
    }
}

/// A pile in lo..=hi (2 ≤ lo ≤ hi) at or next to a losing start of `eval`'s k: the largest
/// losing start at most a log-uniform target (from the whole range, from 10^12 up, or from
/// 2^53 up, where a double no longer holds every pile), then an offset: 0 half of the time
/// (the start is lost), else ±1 or ± a few (won, usually by a small first move at a huge
/// pile).
fn near_losing_start(
    eval: &mut Evaluator,
    k: &Multiplier,
    (lo, hi): (u64, u64),
    rng: &mut Rng,
) -> Result<u64, StartError> {
    let from = [lo, HUGE_FROM, DOUBLE_EXACT][rng.index(3)];
    let target = if hi >= from {
        rng.log_range(lo.max(from), hi)
    } else {
        rng.log_range(lo, hi)
    };
    within_reach(eval, target, &k.text)?;
    let start = eval.losing_start_at_most(target);
    let offset = rng.range(1, 16);
    let n = match rng.index(8) {
        0..=3 => start,
        4 => start + 1,
        5 => start.saturating_sub(1),
        6 => start + offset,
        _ => start.saturating_sub(offset),
    };
    Ok(n.clamp(lo, hi))
}

/// The library's evaluators, one per value of k, built on first use and kept: the wall table
/// and the losing starts are the costly part of a start near a losing one.
#[derive(Default)]
struct Evaluators(Vec<Evaluator>);

impl Evaluators {
    fn get(&mut self, k: Ratio) -> &mut Evaluator {
        let i = match self.0.iter().position(|e| e.k == k) {
            Some(i) => i,
            None => {
                self.0.push(Evaluator::new(k));
                self.0.len() - 1
            }
        };
        &mut self.0[i]
    }

    /// The evaluator of k, out of the store.
    fn take(&mut self, k: Ratio) -> Evaluator {
        match self.0.iter().position(|e| e.k == k) {
            Some(i) => self.0.swap_remove(i),
            None => Evaluator::new(k),
        }
    }
}

/// A start of the game: n stones and the multiplier k, written `n k` (a case of the judge's
/// input and the referee's position line alike); or, for a referee's round that starts
/// mid-game, also the opponent's last removal p, written `n k p` (docs/protocol.md): the
/// mover may take 1..=min(n, ⌊k·p⌋).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Start {
    pub n: u64,
    pub k: Multiplier,
    /// The removal that gave the cap (None: a fresh pile, the first move takes 1..=n−1).
    pub last: Option<u64>,
}

impl Start {
    /// The position the round starts from.
    pub fn position(&self) -> Position {
        match self.last {
            None => Position::start(self.n),
            Some(p) => Position {
                stones: self.n,
                cap: self.k.k.floor_mul(p),
            },
        }
    }
}

impl fmt::Display for Start {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.n, self.k.text)?;
        match self.last {
            Some(p) => write!(f, " {p}"),
            None => Ok(()),
        }
    }
}

/// A kind of start (the module comment's table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kind {
    k: KSource,
    pile: Pile,
}

impl Kind {
    /// The kind called `name`, one of [`GEN`]'s kinds.
    pub fn named(name: &str) -> Result<Kind, StartError> {
        let (k, pile) = match name {
            "random" => (KSource::Any, Pile::LogUniform),
            "integer" => (KSource::Integer, Pile::LogUniform),
            "losing" => (KSource::SmallOrAny, Pile::NearLosing),
            SESSION => (KSource::Mix, Pile::Mixed),
            WORST => (KSource::Top, Pile::Top),
            _ => return Err(StartError::UnknownKind(name.to_owned())),
        };
        Ok(Kind { k, pile })
    }

    /// One start with n in lo..=hi (2 ≤ lo ≤ hi) and k from `ks`: k first, then n. An error
    /// only when the k is out of the evaluator's reach at the pile aimed at (a k fixed by the
    /// referee's `--k`; every source's k is in reach).
    fn draw(
        self,
        ks: &KChoice,
        range: (u64, u64),
        rng: &mut Rng,
        evals: &mut Evaluators,
    ) -> Result<Start, StartError> {
        let (lo, hi) = range;
        let k = ks.draw(rng);
        let near = match self.pile {
            Pile::LogUniform | Pile::Top => false,
            Pile::NearLosing => true,
            Pile::Mixed => rng.index(4) != 0,
        };
        let n = if self.pile == Pile::Top {
            rng.range(hi - (hi - lo) / 10, hi)
        } else if near {
            near_losing_start(evals.get(k.k), &k, range, rng)?
        } else {
            rng.log_range(lo, hi)
        };
        Ok(Start { n, k, last: None })
    }
}

/// A referee round's start: of kind `kind`, n in `size` (raised to at least 2), k fixed by
/// `fixed_k` (the referee's `--k`) or drawn from the kind's source; with the evaluator the
/// round judges by (already built for k, so it is built once).
pub fn round_start(
    kind: &str,
    size: (u64, u64),
    fixed_k: Option<&str>,
    rng: &mut Rng,
) -> Result<(Start, Evaluator), StartError> {
    let kind = Kind::named(kind)?;
    let ks = match fixed_k {
        Some(k) => KChoice::Fixed(Multiplier::parse(k).map_err(StartError::K)?),
        None => KChoice::Drawn(kind.k),
    };
    let range = (size.0.max(2), size.1.max(2));
    let mut evals = Evaluators::default();
    let start = kind.draw(&ks, range, rng, &mut evals)?;
    let eval = evals.take(start.k.k);
    Ok((start, eval))
}

pub const GEN: Generator = Generator {
    name: "subtraction",
    kinds: &["random", "integer", "losing", SESSION, WORST],
    min_size: 2,
    max_size: 1_000_000_000_000_000_000,
    default_size: 100_000_000,
    size_is: "n",
    max_count: Some(1_000_000),
    default_count: 20,
    max_cells: None,
    notes: "only integer and worst keep to the judge's integer k; the others draw decimal and
\
            fraction k too (valid for validate-subtraction --project)",
    write: subtraction,
};

/// The `losing` kind's k per gen file (see the module comment).
const POOL: usize = 4;

fn subtraction(spec: &Spec, rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    let kind = Kind::named(spec.kind).expect("Spec::new admits only GEN's kinds");
    let ks = match kind.pile {
        Pile::NearLosing => KChoice::Pool((0..POOL).map(|_| kind.k.draw(rng)).collect()),
        // The session's sixteen k are a pool already; log-uniform piles need no evaluator.
        Pile::Mixed | Pile::LogUniform | Pile::Top => KChoice::Drawn(kind.k),
    };
    let mut evals = Evaluators::default();
    writeln!(out, "{}", spec.cases())?;
    for _ in 0..spec.cases() {
        let start = kind
            .draw(&ks, (2, spec.size), rng, &mut evals)
            .expect("every k a source draws is in reach up to 10^18");
        writeln!(out, "{start}")?;
    }
    Ok(())
}
