//! The knights problem's tests: knights on boards up to 10^9, at random or on the border classes.

use super::{Generator, Spec};
use crate::rng::Rng;
use std::io::{self, Write};

pub const GEN: Generator = Generator {
    kinds: &["random", "border"],
    min_size: 1,
    max_size: 1_000_000_000,
    default_size: 1_000_000_000,
    size_is: "board side N",
    max_count: Some(100_000),
    default_count: 10,
    max_cells: None,
    write: knights,
};

fn knights(spec: &Spec, rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    if spec.kind == "border" {
        // Any residue of N mod 4: one of the top four sizes up to --size.
        let n = spec.size - rng.below(spec.size.min(4));
        let mut classes = border_squares(n);
        // Fisher–Yates, so that a --count below the number of classes takes a random selection.
        for i in (1..classes.len()).rev() {
            classes.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let want = spec.count.map_or(classes.len(), |c| c as usize);
        let squares: Vec<(u64, u64)> = classes.iter().copied().cycle().take(want).collect();
        return write_knights(n, &squares, out);
    }
    let n = rng.log_uniform(1, spec.size);
    let squares: Vec<(u64, u64)> = (0..spec.cases())
        .map(|_| (rng.between(1, n), rng.between(1, n)))
        .collect();
    write_knights(n, &squares, out)
}

/// One square for every pair of row and column classes: the first 8 and last 8 lines of the
/// board (where the suspense numbers depend on the edges and on N mod 4) and 4 consecutive
/// lines in the middle (one of each residue mod 4).
pub fn border_squares(n: u64) -> Vec<(u64, u64)> {
    let mut lines: Vec<u64> = (1..=8)
        .chain(n.saturating_sub(7)..=n)
        .filter(|&v| (1..=n).contains(&v))
        .collect();
    let middle = n / 2;
    lines.extend((middle..middle + 4).filter(|&v| (1..=n).contains(&v)));
    lines.sort_unstable();
    lines.dedup();
    lines
        .iter()
        .flat_map(|&x| lines.iter().map(move |&y| (x, y)))
        .collect()
}

fn write_knights(n: u64, squares: &[(u64, u64)], out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "{} {n}", squares.len())?;
    for (x, y) in squares {
        writeln!(out, "{x} {y}")?;
    }
    Ok(())
}
