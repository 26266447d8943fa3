//! The lone rounds (games/knights/README.md, errors by class): a class's suspense numbers too
//! small show at the side choice only where the class alone holds the largest, so each of
//! these rounds puts one square alone at the largest, with a rival at one below: one round per
//! edge class that has a move (its square in a cell the plan still needs), then one per cell
//! left. With the class's suspense numbers one or two too small the largest read is the
//! rival's, of the other parity, and the side taken is wrong. Every square is found and checked
//! with the library's evaluator; the seed draws the middle lines and the rival.

use crate::coverage_rounds::EDGE_LINES;
use crate::Evaluator;
use combgames_core::rng::Rng;

/// The middle band among a coordinate's bands (as in the edge classes' names): 0..=2 the
/// lines 1..=3, 3 the middle, 4..=6 the lines N − 2..=N.
pub const MID: usize = 3;

/// Moves after which a lone round is cut: its point is the side, judged at the solution's
/// first turn (move 1 or 2), and two knights play on for a turn each way.
pub const LONE_MOVES: u64 = 4;

/// A lone round's square: the bands of its coordinates and, for a middle band, the residue
/// mod 4 of its line; `None` there lets the seed draw it (no cell of the plan needs one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    pub bands: (usize, usize),
    pub residues: (Option<u64>, Option<u64>),
}

/// How many lone rounds residue r of N mod 4 has (the length of [`lone_plan`]; the knights
/// session's default rounds are counted from these, tests/coverage_errors.rs checks them).
pub const LONE_ROUNDS: [usize; 4] = [46, 49, 45, 46];

/// The table class (as the coverage classes number them: 0..=3 a residue, 4 the line N − 1, 5
/// the line N) of a coordinate of band `b` on boards N ≡ r (mod 4), the middle's residue `k`.
pub fn band_class(r: u64, b: usize, k: u64) -> usize {
    match b {
        0..=2 => b + 1,
        MID => k as usize,
        // N − 2 ≡ r + 2.
        4 => ((r + 2) % 4) as usize,
        _ => b - 1,
    }
}

/// Whether band pair `bands` is one of the four squares without a move ((1, 1), (1, 2),
/// (2, 1), (2, 2): suspense 0, so nothing is below it).
fn stuck((bx, by): (usize, usize)) -> bool {
    bx < 2 && by < 2
}

/// The lone rounds of residue r in session order: every edge class with a move (48 but the
/// four stuck squares'), the two lines first, then those with a middle line, whose residue is
/// that of the first cell no earlier round holds; then a square on two middle lines for each
/// cell still left. Every cell of the table and every edge class with a move is in one.
pub fn lone_plan(r: u64) -> Vec<Target> {
    let cell = |(bx, by): (usize, usize), (kx, ky): (u64, u64)| {
        band_class(r, bx, kx) * 6 + band_class(r, by, ky)
    };
    let mut held = [false; 36];
    let mut plan = Vec::new();
    let lines = [0, 1, 2, 4, 5, 6];
    for bx in lines {
        for by in lines.iter().copied().filter(|&by| !stuck((bx, by))) {
            held[cell((bx, by), (0, 0))] = true;
            plan.push(Target {
                bands: (bx, by),
                residues: (None, None),
            });
        }
    }
    let one_mid = lines
        .iter()
        .map(|&b| (MID, b))
        .chain(lines.iter().map(|&b| (b, MID)));
    for bands in one_mid {
        let k = (0..4).find(|&k| !held[cell(bands, (k, k))]);
        if let Some(k) = k {
            held[cell(bands, (k, k))] = true;
        }
        let (x, y) = (bands.0 == MID, bands.1 == MID);
        plan.push(Target {
            bands,
            residues: (k.filter(|_| x), k.filter(|_| y)),
        });
    }
    for i in (0..36).filter(|&i| !held[i]) {
        // Cells on a far line are all held above (tests/coverage_errors.rs).
        plan.push(Target {
            bands: (MID, MID),
            residues: (Some((i / 6) as u64 % 4), Some((i % 6) as u64 % 4)),
        });
    }
    plan
}

/// The cell (index 6·X + Y of the table's classes) and the edge class (index 7·X + Y of the
/// bands) that a target's square is in: None for the cell when the seed draws a middle
/// line's residue, None for the edge class on two middle lines.
pub fn target_classes(r: u64, t: Target) -> (Option<usize>, Option<usize>) {
    let class = |b: usize, k: Option<u64>| match b {
        MID => k.map(|k| k as usize),
        _ => Some(band_class(r, b, 0)),
    };
    let cell = class(t.bands.0, t.residues.0)
        .zip(class(t.bands.1, t.residues.1))
        .map(|(x, y)| x * 6 + y);
    let edge = (t.bands != (MID, MID)).then_some(t.bands.0 * 7 + t.bands.1);
    (cell, edge)
}

/// A coordinate of band `b` on the board of side n (N ≥ 36); in the middle band a line the
/// seed draws, of residue `k` mod 4 (drawn too when None).
fn coordinate(n: u64, b: usize, k: Option<u64>, rng: &mut Rng) -> u64 {
    match b {
        0..=2 => b as u64 + 1,
        MID => {
            let k = k.unwrap_or_else(|| rng.range(0, 3));
            // A line in EDGE_LINES + 1..=n − EDGE_LINES − 1 of residue k, inside the middle
            // band (n ≥ 36 leaves room).
            let line = rng.range(EDGE_LINES + 1, n - EDGE_LINES - 4);
            line + (k + 4 - line % 4) % 4
        }
        _ => n + b as u64 - 6,
    }
}

/// Lone round `j` of the board of `eval` (N ≥ 36, N ≡ r): the plan's square (its middle lines
/// drawn) at its suspense s ≥ 1, and a rival at s − 1, one of the square's options drawn (there
/// is one: s is one more than its largest even option, or if it has none, its smallest), in
/// another cell and another edge class (a knight step moves both coordinates by 1 or 2), in
/// an order drawn. None when j is past the plan.
pub fn lone_knights(eval: &Evaluator, j: usize, rng: &mut Rng) -> Option<Vec<(u64, u64)>> {
    let n = eval.side();
    let t = *lone_plan(n % 4).get(j)?;
    let square = (
        coordinate(n, t.bands.0, t.residues.0, rng),
        coordinate(n, t.bands.1, t.residues.1, rng),
    );
    let s = eval.suspense(square.0, square.1);
    let rivals: Vec<(u64, u64)> = crate::moves(n, square.0, square.1)
        .filter(|&(x, y)| s >= 1 && eval.suspense(x, y) == s - 1)
        .collect();
    let rival = *rivals.get(rng.index(rivals.len().max(1)))?;
    Some(if rng.range(0, 1) == 0 {
        vec![square, rival]
    } else {
        vec![rival, square]
    })
}
