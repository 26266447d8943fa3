//! Coverage classes of knights (games/knights/README.md, coverage classes): the board sides the evaluator and the
//! suspense rule tell apart, and for boards past the evaluator's DP branch every cell of the
//! suspense rule's table and every square near an edge or a corner, per N mod 4; and the
//! (class, error) pairs, a class's suspense numbers one or two too large where that turns the
//! side taken. The session reaches them all in its rounds [`FIRST_ROUND`]..: one round per
//! tiny side with a knight on every square, then catalogue rounds with a knight on every line
//! class; then rounds whose side reads every cell of the suspense rule's table (the level
//! rounds) and every edge class (the edge level rounds, which hold the far corner's four cells
//! too), and rounds with a lone knight one above the others (the rival, corner rival and edge
//! rival rounds); after the session's first [`COVERAGE_ROUNDS`], the lone rounds, one class
//! alone at the largest with a rival one below, for the errors too small. Their knights:
//! games/knights/src/coverage_rounds.rs and games/knights/src/coverage_lone.rs.

use crate::coverage_lone::target_classes;
pub use crate::coverage_lone::{lone_knights, lone_plan, LONE_MOVES, LONE_ROUNDS};
pub use crate::coverage_rounds::{
    corner_rival_knights, edge_level_knights, edge_levels, edge_rival_knights, level_knights,
    rival_knights, EdgePlan,
};
use crate::coverage_rounds::{table_class, EDGE_LINES};
use crate::{Evaluator, Game as Position};
use combgames_core::rng::Rng;
use combgames_core::round::{RoundSpec, COVERAGE_ROUNDS};

/// Boards up to this side get a class of their own: the near band (lines 1..=3) and the far
/// band (lines N − 2..=N) touch or overlap, so each side is its own shape.
pub const TINY: u64 = 8;
/// Largest side the evaluator solves by the plain DP on the board itself; beyond it the
/// compression to a board of side 32 + N mod 4 (games/knights/docs/compression.md).
pub const DP_SIDE: u64 = 35;

/// The first session round of the coverage rounds (after the opening, rounds 2..=10).
pub const FIRST_ROUND: u64 = 11;

/// A coverage round: tiny sides 1..=TINY, one side of 9..=35, then N ≥ 36 for each residue
/// mod 4 (the catalogue), then per residue the level rounds ([`level_knights`]) of odd and
/// even suspense, the edge level rounds ([`edge_level_knights`]), the rival rounds, the
/// corner rival rounds and the edge rival rounds ([`edge_rival_knights`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cover {
    Tiny(u64),
    Dp,
    Residue(u64),
    /// N ≡ r (mod 4), the level's parity.
    Level(u64, u64),
    /// N ≡ r (mod 4), the index of the level among the values of the edge squares.
    EdgeLevel(u64, usize),
    /// N ≡ r (mod 4), the level's parity: the level round and a rival one above it.
    Rival(u64, u64),
    /// N ≡ r (mod 4), one of the far corner's four squares and a rival one above it.
    CornerRival(u64, u64),
    /// N ≡ r (mod 4), the index of the round among the residue's edge rival rounds.
    EdgeRival(u64, usize),
    /// N ≡ r (mod 4), the index of the round in the residue's [`lone_plan`].
    Lone(u64, usize),
}

/// How many distinct suspense numbers the 36 squares whose lines are both among 1, 2, 3,
/// N − 2, N − 1, N take, for N ≡ 0, 1, 2, 3 (mod 4), N ≥ 36: the edge level rounds of each
/// residue (games/knights/tests/coverage_levels.rs checks the count on every side tried).
pub const EDGE_LEVELS: [usize; 4] = [7, 9, 7, 6];

/// How many of those levels, the largest left out, have no level one above, for N ≡ 0, 1, 2,
/// 3: the edge rival rounds of each residue (games/knights/tests/coverage_errors.rs checks
/// the count on every side tried).
pub const EDGE_RIVALS: [usize; 4] = [2, 2, 2, 2];

/// The squares on two edge lines at the board's largest suspense, for N ≡ 0, 1, 2, 3 (as
/// bands, indices of `BANDS`: 4, 5, 6 the lines N − 2, N − 1, N): no square is one above
/// them, so their classes two too large never turn the side, and are not listed.
pub const EDGE_AT_LARGEST: [&[(usize, usize)]; 4] = [
    &[(6, 6)],
    &[(6, 6)],
    &[(5, 5), (5, 6), (6, 5), (6, 6)],
    &[(4, 6), (5, 6), (6, 4), (6, 5), (6, 6)],
];

/// The coverage rounds in session order, from [`FIRST_ROUND`].
fn covers() -> Vec<Cover> {
    let mut out: Vec<Cover> = (1..=TINY).map(Cover::Tiny).collect();
    out.push(Cover::Dp);
    out.extend((0..4).map(Cover::Residue));
    out.extend((0..8).map(|j| Cover::Level(j / 2, j % 2)));
    for (r, &count) in EDGE_LEVELS.iter().enumerate() {
        out.extend((0..count).map(|j| Cover::EdgeLevel(r as u64, j)));
    }
    out.extend((0..8).map(|j| Cover::Rival(j / 2, j % 2)));
    out.extend(CORNER_RIVALS.iter().map(|&(r, j)| Cover::CornerRival(r, j)));
    for (r, &count) in EDGE_RIVALS.iter().enumerate() {
        out.extend((0..count).map(|g| Cover::EdgeRival(r as u64, g)));
    }
    out
}

const EDGE_ROUNDS: usize = EDGE_LEVELS[0] + EDGE_LEVELS[1] + EDGE_LEVELS[2] + EDGE_LEVELS[3];

/// The first round of the level rounds.
pub const LEVEL_ROUND: u64 = FIRST_ROUND + TINY + 5;
/// The first round of the edge level rounds.
pub const EDGE_ROUND: u64 = LEVEL_ROUND + 8;
/// The first round of the rival rounds ([`rival_knights`]), then the corner rival rounds
/// ([`corner_rival_knights`]).
pub const RIVAL_ROUND: u64 = EDGE_ROUND + EDGE_ROUNDS as u64;
/// The first round of the edge rival rounds ([`edge_rival_knights`]).
pub const EDGE_RIVAL_ROUND: u64 = RIVAL_ROUND + 8 + CORNER_RIVALS.len() as u64;

/// The first round of the lone rounds ([`lone_knights`]): after the rounds every game's
/// session has, so a session of [`COVERAGE_ROUNDS`] plays as before them.
pub const LONE_ROUND: u64 = COVERAGE_ROUNDS + 1;

/// Rounds of a default knights session: through the last lone round.
pub const SESSION_ROUNDS: u64 =
    COVERAGE_ROUNDS + (LONE_ROUNDS[0] + LONE_ROUNDS[1] + LONE_ROUNDS[2] + LONE_ROUNDS[3]) as u64;

/// The lone rounds in session order, from [`LONE_ROUND`].
fn lone_covers() -> impl Iterator<Item = Cover> {
    (0..4u64).flat_map(|r| (0..LONE_ROUNDS[r as usize]).map(move |j| Cover::Lone(r, j)))
}

/// Session round `round`'s cover, if it is a coverage round.
fn cover(round: u64) -> Option<Cover> {
    if round >= LONE_ROUND {
        return lone_covers().nth((round - LONE_ROUND) as usize);
    }
    covers()
        .get(round.checked_sub(FIRST_ROUND)? as usize)
        .copied()
}

/// The move cap of session round `round`, where it is not the game's: the lone rounds'
/// [`LONE_MOVES`].
pub fn round_move_cap(round: u64) -> Option<u64> {
    matches!(cover(round), Some(Cover::Lone(..))).then_some(LONE_MOVES)
}

/// The sides in lo..=hi a cover round may take (None when the range has none).
fn sides(c: Cover, (lo, hi): (u64, u64)) -> Option<(u64, u64)> {
    let (a, b) = match c {
        Cover::Tiny(n) => (n, n),
        Cover::Dp => (TINY + 1, DP_SIDE),
        Cover::Residue(_)
        | Cover::EdgeLevel(..)
        | Cover::CornerRival(..)
        | Cover::EdgeRival(..)
        | Cover::Lone(..) => (DP_SIDE + 1, u64::MAX),
        // Sides from 64 leave every cell room for a level shared by all.
        Cover::Level(..) | Cover::Rival(..) => (64, u64::MAX),
    };
    let (a, b) = (a.max(lo), b.min(hi));
    if a > b {
        return None;
    }
    if let Cover::Residue(r)
    | Cover::Level(r, _)
    | Cover::EdgeLevel(r, _)
    | Cover::Rival(r, _)
    | Cover::CornerRival(r, _)
    | Cover::EdgeRival(r, _)
    | Cover::Lone(r, _) = c
    {
        // The smallest side ≥ a with N ≡ r.
        let first = a + (r + 4 - a % 4) % 4;
        return (first <= b).then_some((first, b));
    }
    Some((a, b))
}

/// Session round `round`'s coverage position, if it is one and the size range has its side;
/// the seed draws the side within the class (log-uniform), the middle line and the order.
pub fn round_position(round: u64, range: (u64, u64), rng: &mut Rng) -> Option<Position> {
    let c = cover(round)?;
    let (lo, hi) = sides(c, range)?;
    let n = match c {
        Cover::Residue(r)
        | Cover::Level(r, _)
        | Cover::EdgeLevel(r, _)
        | Cover::Rival(r, _)
        | Cover::CornerRival(r, _)
        | Cover::EdgeRival(r, _)
        | Cover::Lone(r, _) => {
            let n = rng.log_range(lo, hi);
            let moved = n - (n + 4 - r) % 4;
            if moved >= lo {
                moved
            } else {
                moved + 4
            }
        }
        _ => rng.log_range(lo, hi),
    };
    let mut knights = match c {
        Cover::Tiny(_) => (1..=n).flat_map(|x| (1..=n).map(move |y| (x, y))).collect(),
        Cover::Level(_, p) => level_knights(&Evaluator::new(n), p, rng)?,
        Cover::EdgeLevel(_, j) => edge_level_knights(&Evaluator::new(n), j, rng)?,
        Cover::Rival(_, p) => rival_knights(&Evaluator::new(n), p, rng)?,
        Cover::CornerRival(_, j) => corner_rival_knights(&Evaluator::new(n), j, rng)?,
        Cover::EdgeRival(_, g) => edge_rival_knights(&Evaluator::new(n), g, rng)?,
        Cover::Lone(_, j) => lone_knights(&Evaluator::new(n), j, rng)?,
        Cover::Dp | Cover::Residue(_) => {
            // Lines 1..=3 and N − 2..=N (the edge classes), N − 5..=N − 2 (every residue mod 4
            // next to the far band: with N − 1 and N, every column of the rule's table) and
            // one middle line drawn by the seed.
            // (Sides up to 9 have no line between the two.)
            let mid = (n >= 10).then(|| rng.range(EDGE_LINES + 1, n - 6));
            let mut lines: Vec<u64> = (1..=EDGE_LINES).chain(mid).chain(n - 5..=n).collect();
            lines.sort_unstable();
            lines.dedup();
            lines
                .iter()
                .flat_map(|&x| lines.iter().map(move |&y| (x, y)))
                .collect::<Vec<_>>()
        }
    };
    for i in (1..knights.len()).rev() {
        knights.swap(i, rng.index(i + 1));
    }
    Some(Position { n, knights })
}

/// Every class a session of `spec` reaches ([`combgames_core::round::Play::classes`]): those
/// of the cover rounds whose side fits the size range; none for a kind other than the session.
pub fn listed(spec: &RoundSpec, default: (u64, u64)) -> Vec<String> {
    if spec.kind.is_some_and(|k| k != combgames_core::gen::SESSION) {
        return Vec::new();
    }
    let range = spec.size.unwrap_or(default);
    let mut out = Vec::new();
    for c in covers().into_iter().chain(lone_covers()) {
        if sides(c, range).is_none() {
            continue;
        }
        match c {
            Cover::Tiny(n) => out.push(board_class(n)),
            Cover::Dp => out.push(board_class(DP_SIDE)),
            // Their classes are the catalogue's (the cells), met again with a side that
            // reads them.
            // Every cell but the far corner's (X and Y both N − 1 or N) one too large.
            Cover::Level(r, 0) => out.extend(
                (0..36)
                    .filter(|i| i / 6 < 4 || i % 6 < 4)
                    .map(|i| cell_name(r, i, Some(1))),
            ),
            Cover::Rival(r, 0) => out.extend(
                (0..36)
                    .filter(|i| i / 6 < 4 || i % 6 < 4)
                    .map(|i| cell_name(r, i, Some(2))),
            ),
            // The far corner's cells one too large.
            Cover::EdgeLevel(r, 0) => {
                out.extend([28, 29, 34, 35].map(|i| cell_name(r, i, Some(1))))
            }
            Cover::CornerRival(r, j) => {
                out.push(cell_name(r, [28, 29, 34, 35][j as usize], Some(2)))
            }
            // Every edge class two too large but the board's largest squares.
            Cover::EdgeRival(r, 0) => {
                for i in (0..49).filter(|&i| i != 3 * 7 + 3) {
                    if !EDGE_AT_LARGEST[r as usize].contains(&(i / 7, i % 7)) {
                        out.push(edge_name(r, i, "edge+2"));
                    }
                }
            }
            // One cell and one edge class too small, where the plan fixes them.
            Cover::Lone(r, j) => {
                let t = lone_plan(r)[j];
                let (cell, edge) = target_classes(r, t);
                for e in [1, 2] {
                    out.extend(cell.map(|i| cell_name(r, i, Some(-e))));
                    out.extend(edge.map(|i| edge_name(r, i, &format!("edge-{e}"))));
                }
            }
            Cover::Level(..) | Cover::EdgeLevel(..) | Cover::Rival(..) | Cover::EdgeRival(..) => {}
            Cover::Residue(r) => {
                let n = DP_SIDE + 1 + (r + 4 - (DP_SIDE + 1) % 4) % 4;
                out.push(board_class(n));
                out.extend((0..36).map(|i| cell_name(r, i, None)));
                for group in ["edge", "edge+1"] {
                    for i in (0..49).filter(|&i| i != 3 * 7 + 3) {
                        out.push(edge_name(r, i, group));
                    }
                }
            }
        }
    }
    // A cell is in several lone rounds: once each.
    let mut seen = std::collections::HashSet::new();
    out.retain(|c| seen.insert(c.clone()));
    out
}

/// The class of the board side.
fn board_class(n: u64) -> String {
    match n {
        0..=TINY => format!("board:n={n}"),
        _ if n <= DP_SIDE => format!("board:n={}..{DP_SIDE}", TINY + 1),
        _ => format!("board:n%4={}", n % 4),
    }
}

/// The errors of a class's suspense numbers that the session shows ([`of`]): one and two
/// too large, one and two too small (not below 0). Too small shows only where the class
/// alone holds the largest suspense, one class per position: the lone rounds
/// (games/knights/README.md, errors by class).
pub const ERRORS: [i64; 4] = [1, 2, -1, -2];

/// The far corner's squares (residue, index in `far_corner`) that some square of the board
/// exceeds by exactly one, on every side N ≥ 36 (tests/coverage_errors.rs): only those can be
/// shown two too large by a rival at v + 1. The others hold the board's largest suspense.
pub const CORNER_RIVALS: [(u64, u64); 7] = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (3, 0)];

const CELLS: [&str; 6] = ["%4=0", "%4=1", "%4=2", "%4=3", "=N-1", "=N"];

/// The bands of a coordinate in the edge classes' names: lines 1, 2, 3, the middle, N − 2,
/// N − 1, N.
const BANDS: [&str; 7] = ["1", "2", "3", "mid", "N-2", "N-1", "N"];

/// An edge class's name in `group` (`edge`, `edge+E`), for the index 7·X + Y of its bands.
fn edge_name(r: u64, i: usize, group: &str) -> String {
    format!("{group}:n%4={r},x={},y={}", BANDS[i / 7], BANDS[i % 7])
}

/// A cell's class name: `cell:n%4=R,xC,yC`, or with an error `cell+E:…` (`cell-E:…` too
/// small), for the index 6·X + Y of the cell (X, Y indices of [`CELLS`]).
fn cell_name(r: u64, i: usize, error: Option<i64>) -> String {
    let group = error.map_or("cell".to_owned(), |e| format!("cell{e:+}"));
    format!("{group}:n%4={r},x{},y{}", CELLS[i / 6], CELLS[i % 6])
}

/// The classes of a position: its side's, and on boards past the DP branch every knight's
/// cell of the suspense rule's table (N mod 4, each coordinate's residue mod 4 or its far-edge
/// distance 0 or 1) and band (lines 1..=3 and N − 2..=N, the rest `mid`). At the side choice
/// (`side`: a round's start) also each (class, error) pair of [`ERRORS`] it shows:
/// `cell+E:…` (`cell-E:…`) where that cell's entry E too large (too small, not below 0)
/// changes the parity of the largest suspense, so the side read off it; `edge+E:…`
/// (`edge-E:…`) the same for an edge class's squares. At a
/// move no pair is named: the turns that win depend on the options' suspense numbers alone,
/// not on the squares the knights stand on (games/knights/README.md, errors by class).
/// Per-class maxima first, the names at the end: a position may hold 10^5 knights, and the
/// session asks at every move.
pub fn of(eval: &Evaluator, knights: &[(u64, u64)], side: bool) -> Vec<String> {
    let n = eval.side();
    let mut out = vec![board_class(n)];
    if n <= DP_SIDE {
        return out;
    }
    let cell = |c: u64| table_class(n, c);
    let band = |c: u64| match c {
        1..=EDGE_LINES => c as usize - 1,
        _ if n - c < EDGE_LINES => 6 - (n - c) as usize,
        _ => 3,
    };
    let mut top: [Option<u64>; 36] = [None; 36];
    let mut band_top: [Option<u64>; 49] = [None; 49];
    for &(x, y) in knights {
        let i = cell(x) * 6 + cell(y);
        let s = eval.suspense(x, y);
        top[i] = Some(top[i].map_or(s, |t| t.max(s)));
        let b = band(x) * 7 + band(y);
        band_top[b] = Some(band_top[b].map_or(s, |t| t.max(s)));
    }
    let r = n % 4;
    for i in (0..36).filter(|&i| top[i].is_some()) {
        out.push(cell_name(r, i, None));
    }
    // (mid, mid) is no edge class.
    for i in (0..49).filter(|&i| i != 3 * 7 + 3 && band_top[i].is_some()) {
        out.push(edge_name(r, i, "edge"));
    }
    if !side {
        return out;
    }
    let largest = top.iter().flatten().max().copied().unwrap_or(0);
    // A class's largest knight plus e against the largest outside it.
    let turns = |tops: &[Option<u64>], i: usize, e: i64| {
        let others = tops
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .filter_map(|(_, t)| *t)
            .max();
        tops[i]
            .is_some_and(|t| others.unwrap_or(0).max(t.saturating_add_signed(e)) % 2 != largest % 2)
    };
    for e in ERRORS {
        for i in (0..49).filter(|&i| i != 3 * 7 + 3 && turns(&band_top, i, e)) {
            out.push(edge_name(r, i, &format!("edge{e:+}")));
        }
    }
    for e in ERRORS {
        for i in (0..36).filter(|&i| turns(&top, i, e)) {
            out.push(cell_name(r, i, Some(e)));
        }
    }
    out
}
