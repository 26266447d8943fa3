//! The pawns problem's tests: N, random or where a wrong period shows.

use super::{Generator, Spec};
use crate::rng::Rng;
use std::io::{self, Write};

/// Grundy values of the octal game 0.137 for 0..len, by the recurrence of the problem
/// statement (Dawson's chess): a move takes 3 columns out of a row, or 2 at its end.
pub fn dawson_grundy(len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    for n in 0..len {
        let mut seen = vec![false; n + 2];
        if n >= 2 {
            seen[g[n - 2] as usize] = true;
        }
        for i in 2..n {
            let v = (g[i - 2] ^ g[n - i - 1]) as usize;
            if v < seen.len() {
                seen[v] = true;
            }
        }
        let value = if n == 1 {
            1
        } else {
            seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
        };
        g.push(value);
    }
    g
}

/// The N below 300 whose Grundy value differs from the value its residue mod 34 settles on,
/// found from the sequence itself rather than copied from a table.
pub fn dawson_exceptions() -> Vec<u64> {
    let g = dawson_grundy(700);
    let settled = |n: usize| g[600 + (n + 34 - 600 % 34) % 34];
    (1..300)
        .filter(|&n| g[n] != settled(n))
        .map(|n| n as u64)
        .collect()
}

/// The project's limits from the problem statements.
pub const GEN: Generator = Generator {
    kinds: &["random", "exceptional"],
    min_size: 1,
    max_size: 1_000_000_000_000_000_000,
    default_size: 1_000_000_000_000_000_000,
    size_is: "N",
    max_count: None,
    default_count: 1,
    max_cells: None,
    write: pawns,
};

fn pawns(spec: &Spec, rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    let n = match spec.kind {
        "exceptional" => exceptional_pawns(spec.size, rng),
        _ => rng.log_uniform(1, spec.size),
    };
    writeln!(out, "{n}")
}

/// An N where a wrong period or a wrong modulus shows: an exception itself, an exception
/// shifted by a multiple of 34 (the period) or of 136 (a wrong period some solutions use),
/// or an N at the top of the range (the size itself, or just below it).
fn exceptional_pawns(size: u64, rng: &mut Rng) -> u64 {
    let mut bases = dawson_exceptions();
    // The list, in case the computed one were ever shorter.
    bases.extend([14, 16, 17, 31, 34, 51, 52, 136]);
    bases.retain(|&b| b <= size);
    if bases.is_empty() {
        return rng.between(1, size);
    }
    let base = *rng.pick(&bases);
    let shifted = |period: u64, rng: &mut Rng| {
        let max_m = (size - base) / period;
        if max_m == 0 {
            base
        } else {
            base + period * rng.log_uniform(1, max_m)
        }
    };
    match rng.below(6) {
        0 => base,
        1 => shifted(34, rng),
        2 => shifted(136, rng),
        // The largest N allowed (10^18 by default): overflow in a solution shows here.
        3 => size,
        4 => size - rng.below(size.min(200)),
        // The largest N with an exceptional residue mod 34.
        _ => base + (size - base) / 34 * 34,
    }
}
