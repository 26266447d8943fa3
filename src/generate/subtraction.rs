//! The subtraction problem's tests: `n k` cases, k an integer, a decimal or a fraction.

use super::{Generator, Spec};
use crate::rng::Rng;
use crate::subtraction::{LosingSequence, Ratio};
use std::io::{self, Write};

/// A rational k ≥ 1 with the text it is written as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Multiplier {
    pub num: u64,
    pub den: u64,
    pub text: String,
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

impl Multiplier {
    pub fn integer(k: u64) -> Self {
        Multiplier {
            num: k,
            den: 1,
            text: k.to_string(),
        }
    }

    /// `whole.frac` with `digits` fraction digits, the last one not zero.
    fn decimal(whole: u64, frac: u64, digits: u32) -> Self {
        let den = 10u64.pow(digits);
        Multiplier {
            num: whole * den + frac,
            den,
            text: format!("{whole}.{frac:0width$}", width = digits as usize),
        }
    }

    fn random_integer(rng: &mut Rng) -> Self {
        Multiplier::integer(rng.log_uniform(1, 100_000))
    }

    fn random_decimal(rng: &mut Rng) -> Self {
        let whole = rng.log_uniform(1, 1000);
        let digits = rng.between(1, 3) as u32;
        let mut frac = rng.between(1, 10u64.pow(digits) - 1);
        if frac % 10 == 0 {
            frac += 1; // no trailing zero: `1.50` is written `1.5`
        }
        Multiplier::decimal(whole, frac, digits)
    }

    /// `p/q` in lowest terms with q ≥ 2 and p > q.
    fn random_fraction(rng: &mut Rng) -> Self {
        loop {
            let den = rng.between(2, 12);
            let num = den * rng.log_uniform(1, 1000) + rng.between(1, den - 1);
            if gcd(num, den) == 1 {
                return Multiplier {
                    num,
                    den,
                    text: format!("{num}/{den}"),
                };
            }
        }
    }

    fn random_any(rng: &mut Rng) -> Self {
        match rng.below(3) {
            0 => Multiplier::random_integer(rng),
            1 => Multiplier::random_decimal(rng),
            _ => Multiplier::random_fraction(rng),
        }
    }
}

/// The losing starts of the k-times dynamic subtraction game up to `limit`, for k = num/den:
/// the terms of the library's [`LosingSequence`] (the referee's evaluator builds the same
/// one), exact in integers. Checked against a game search in tests/gen.rs.
pub fn losing_starts(k: &Multiplier, limit: u64) -> Vec<u64> {
    let mut seq = LosingSequence::new(Ratio {
        num: k.num,
        den: k.den,
    });
    seq.extend_past(limit);
    seq.terms()
        .iter()
        .copied()
        .take_while(|&a| a <= limit)
        .collect()
}

pub const GEN: Generator = Generator {
    kinds: &["random", "integer", "losing"],
    min_size: 2,
    max_size: 1_000_000_000_000_000_000,
    default_size: 100_000_000,
    size_is: "n",
    max_count: Some(1_000_000),
    default_count: 20,
    max_cells: None,
    write: subtraction,
};

fn subtraction(spec: &Spec, rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    // Losing starts are computed once per multiplier: a small pool of multipliers per file.
    let pool: Vec<(Multiplier, Vec<u64>)> = if spec.kind == "losing" {
        (0..4)
            .map(|_| {
                let k = if rng.chance(50) {
                    Multiplier::integer(rng.log_uniform(1, 20))
                } else {
                    Multiplier::random_any(rng)
                };
                let starts = losing_starts(&k, spec.size.saturating_add(1));
                (k, starts)
            })
            .collect()
    } else {
        Vec::new()
    };
    writeln!(out, "{}", spec.cases())?;
    for _ in 0..spec.cases() {
        let (n, k) = match spec.kind {
            "losing" => {
                let (k, starts) = rng.pick(&pool);
                let near = *rng.pick(starts) + rng.below(3);
                ((near.saturating_sub(1)).clamp(2, spec.size), k.clone())
            }
            "integer" => (
                rng.log_uniform(2, spec.size),
                Multiplier::random_integer(rng),
            ),
            _ => (rng.log_uniform(2, spec.size), Multiplier::random_any(rng)),
        };
        writeln!(out, "{n} {}", k.text)?;
    }
    Ok(())
}
