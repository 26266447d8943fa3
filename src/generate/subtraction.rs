//! The subtraction problem's tests: `n k` cases, k an integer, a decimal or a fraction.

use super::{Generator, Spec};
use crate::rng::Rng;
use crate::subtraction::{LosingSequence, Ratio};
use std::io::{self, Write};

/// A multiplier k ≥ 1 as the test writes it (`7`, `1.5`, `3/2`), with its exact value.
#[derive(Clone, Debug)]
struct Multiplier {
    k: Ratio,
    text: String,
}

impl Multiplier {
    /// The value is the library's reading of the text (the one the checker and the referee
    /// use), so the two cannot disagree.
    fn written(text: String) -> Self {
        let k = Ratio::parse(&text).expect("the generator writes only valid multipliers");
        Multiplier { k, text }
    }

    fn integer(k: u64) -> Self {
        Multiplier::written(k.to_string())
    }

    fn random_integer(rng: &mut Rng) -> Self {
        Multiplier::integer(rng.log_uniform(1, 100_000))
    }

    /// `whole.frac` with 1 to 3 fraction digits, the last one not zero.
    fn random_decimal(rng: &mut Rng) -> Self {
        let whole = rng.log_uniform(1, 1000);
        let digits = rng.between(1, 3) as usize;
        let mut frac = rng.between(1, 10u64.pow(digits as u32) - 1);
        if frac % 10 == 0 {
            frac += 1; // no trailing zero: `1.50` is written `1.5`
        }
        Multiplier::written(format!("{whole}.{frac:0digits$}"))
    }

    /// `p/q` in lowest terms with q ≥ 2 and p > q.
    fn random_fraction(rng: &mut Rng) -> Self {
        loop {
            let den = rng.between(2, 12);
            let num = den * rng.log_uniform(1, 1000) + rng.between(1, den - 1);
            let k = Multiplier::written(format!("{num}/{den}"));
            // Ratio::parse reduces: an unchanged denominator means p/q was in lowest terms.
            if k.k.den == den {
                return k;
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

/// The losing starts of the k-times dynamic subtraction game up to `limit`: the terms of the
/// library's [`LosingSequence`] (the referee's evaluator builds the same one), exact in
/// integers. Checked against a game search in tests/gen.rs.
pub fn losing_starts(k: Ratio, limit: u64) -> Vec<u64> {
    let mut seq = LosingSequence::new(k);
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
                let starts = losing_starts(k.k, spec.size.saturating_add(1));
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
