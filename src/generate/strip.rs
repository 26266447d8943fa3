//! The strip problems' tests (tictactoe and coloring): strips reachable by legal play.

use super::{Generator, Spec};
use crate::rng::Rng;
use std::io::{self, Write};

const STRIP_KINDS: &[&str] = &["random", "ends", "empty", "full", "mixed"];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum StripKind {
    Random,
    Ends,
    Empty,
    Full,
}

fn strip_kind(kind: &str, rng: &mut Rng) -> StripKind {
    match kind {
        "ends" => StripKind::Ends,
        "empty" => StripKind::Empty,
        "full" => StripKind::Full,
        "mixed" => *rng.pick(&[
            StripKind::Random,
            StripKind::Ends,
            StripKind::Empty,
            StripKind::Full,
        ]),
        _ => StripKind::Random,
    }
}

/// A length up to `size`: anything for random strips, at least half of `size` otherwise so
/// that a large size gives large tests.
fn strip_length(kind: StripKind, size: u64, rng: &mut Rng) -> u64 {
    match kind {
        StripKind::Random => rng.between(1, size),
        _ => rng.between((size + 1) / 2, size),
    }
}

/// Writes a strip of `len` cells using `symbols` = [empty, mark 1, mark 2]; no two neighbours
/// hold the same mark, which is every position reachable by legal play (any subset of a
/// proper marking is proper, so the marks can be placed in any order).
fn write_strip(
    kind: StripKind,
    len: u64,
    symbols: [u8; 3],
    rng: &mut Rng,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (left_run, right_run) = match kind {
        // Runs of 20..45 % of the strip at each end.
        StripKind::Ends => (
            len * rng.between(20, 45) / 100,
            len * rng.between(20, 45) / 100,
        ),
        _ => (0, 0),
    };
    let fill_percent = match kind {
        StripKind::Random | StripKind::Ends => *rng.pick(&[1, 5, 20, 50, 80, 100]),
        StripKind::Empty => 0,
        StripKind::Full => 100,
    };
    let mut chunk = Vec::with_capacity(1 << 16);
    let mut previous = 0u8; // 0 empty, 1 or 2 a mark
    for i in 0..len {
        let in_end_run = i < left_run || i >= len - right_run;
        let cell = if in_end_run || !rng.chance(fill_percent) {
            0
        } else if previous == 0 {
            1 + rng.below(2) as u8
        } else {
            3 - previous
        };
        chunk.push(symbols[cell as usize]);
        previous = cell;
        if chunk.len() == chunk.capacity() {
            out.write_all(&chunk)?;
            chunk.clear();
        }
    }
    chunk.push(b'\n');
    out.write_all(&chunk)
}

pub const TICTACTOE: Generator = Generator {
    kinds: STRIP_KINDS,
    min_size: 1,
    max_size: 1_000_000,
    default_size: 100,
    size_is: "strip length",
    max_count: Some(1_000_000),
    default_count: 20,
    // 10^8 cells: the largest file a judge takes (100 MB).
    max_cells: Some(100_000_000),
    write: tictactoe,
};

pub const COLORING: Generator = Generator {
    kinds: STRIP_KINDS,
    min_size: 1,
    max_size: 100_000_000,
    default_size: 100_000,
    size_is: "strip length",
    max_count: None,
    default_count: 1,
    max_cells: None,
    write: coloring,
};

fn tictactoe(spec: &Spec, rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "{}", spec.cases())?;
    for _ in 0..spec.cases() {
        let kind = strip_kind(spec.kind, rng);
        let len = strip_length(kind, spec.size, rng);
        write_strip(kind, len, *b".XO", rng, out)?;
    }
    Ok(())
}

fn coloring(spec: &Spec, rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    let kind = strip_kind(spec.kind, rng);
    let len = strip_length(kind, spec.size, rng);
    writeln!(out, "{len}")?;
    write_strip(kind, len, *b"012", rng, out)
}
