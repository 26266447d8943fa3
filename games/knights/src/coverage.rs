//! Coverage classes of knights (games/knights/README.md, coverage classes): the board sides the evaluator and the
//! suspense rule tell apart, and for boards past the evaluator's DP branch every cell of the
//! suspense rule's table and every square near an edge or a corner, per N mod 4. The session
//! reaches them all in its rounds [`FIRST_ROUND`]..: one round per tiny side with a knight
//! on every square, then catalogue rounds with a knight on every line class; then rounds whose
//! side reads every cell of the suspense rule's table (the level rounds) and every edge class
//! (the edge level rounds, which hold the far corner's four cells too).

use crate::{Evaluator, Game as Position};
use combgames_core::rng::Rng;
use combgames_core::round::RoundSpec;

/// Boards up to this side get a class of their own: the near band (lines 1..=3) and the far
/// band (lines N − 2..=N) touch or overlap, so each side is its own shape.
pub const TINY: u64 = 8;
/// Largest side the evaluator solves by the plain DP on the board itself; beyond it the
/// compression to a board of side 32 + N mod 4 (games/knights/docs/compression.md).
pub const DP_SIDE: u64 = 35;
/// Lines from an edge that get a class of their own ("a few steps": a knight step moves a
/// coordinate by 1 or 2).
const EDGE_LINES: u64 = 3;

/// The first session round of the coverage rounds (after the opening, rounds 2..=10).
pub const FIRST_ROUND: u64 = 11;

/// The coverage rounds in order: tiny sides 1..=TINY, one side of 9..=35, then N ≥ 36 for
/// each residue mod 4 (the catalogue), then per residue the level rounds ([`level_knights`])
/// of odd and even suspense, then per residue the edge level rounds ([`edge_level_knights`]).
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
}

/// How many distinct suspense numbers the 36 squares whose lines are both among 1, 2, 3,
/// N − 2, N − 1, N take, for N ≡ 0, 1, 2, 3 (mod 4), N ≥ 36: the edge level rounds of each
/// residue (tests/referee/coverage.rs checks the count on every side tried).
pub const EDGE_LEVELS: [usize; 4] = [7, 9, 7, 6];

const EDGE_ROUNDS: usize = EDGE_LEVELS[0] + EDGE_LEVELS[1] + EDGE_LEVELS[2] + EDGE_LEVELS[3];

const COVERS: usize = TINY as usize + 1 + 4 + 8 + EDGE_ROUNDS + 8 + CORNER_RIVALS.len();

/// The first round of the level rounds.
pub const LEVEL_ROUND: u64 = FIRST_ROUND + TINY + 5;
/// The first round of the edge level rounds.
pub const EDGE_ROUND: u64 = LEVEL_ROUND + 8;
/// The first round of the rival rounds ([`rival_knights`]), then the corner rival rounds
/// ([`corner_rival_knights`]).
pub const RIVAL_ROUND: u64 = EDGE_ROUND + EDGE_ROUNDS as u64;

fn cover(index: usize) -> Option<Cover> {
    match index as u64 {
        i if i < TINY => Some(Cover::Tiny(i + 1)),
        i if i == TINY => Some(Cover::Dp),
        i if i < TINY + 5 => Some(Cover::Residue(i - TINY - 1)),
        i if i < TINY + 13 => {
            let j = i - TINY - 5;
            Some(Cover::Level(j / 2, j % 2))
        }
        i if i < TINY + 13 + EDGE_ROUNDS as u64 => {
            let mut j = (i - TINY - 13) as usize;
            for (r, &count) in EDGE_LEVELS.iter().enumerate() {
                if j < count {
                    return Some(Cover::EdgeLevel(r as u64, j));
                }
                j -= count;
            }
            None
        }
        i if i < TINY + 21 + EDGE_ROUNDS as u64 => {
            let j = i - TINY - 13 - EDGE_ROUNDS as u64;
            Some(Cover::Rival(j / 2, j % 2))
        }
        i if i < TINY + 21 + (EDGE_ROUNDS + CORNER_RIVALS.len()) as u64 => {
            let (r, j) = CORNER_RIVALS[(i - TINY - 21) as usize - EDGE_ROUNDS];
            Some(Cover::CornerRival(r, j))
        }
        _ => None,
    }
}

/// The table class of coordinate `c` on the board of side `n` (N ≥ 36): its residue mod 4
/// (0..=3), or 4 for the line N − 1 and 5 for the line N.
fn table_class(n: u64, c: u64) -> usize {
    match n - c {
        d @ (0 | 1) => 5 - d as usize,
        _ => (c % 4) as usize,
    }
}

/// A square of the table's cell (cx, cy) on the board of `eval`, with suspense `m`, if the
/// seed's tries find one: a coordinate of a far line is fixed, else x is drawn (up to 40
/// tries), and the other solved for (a step of 4 along a line of one class adds 2 to the
/// suspense), every square checked with the evaluator.
fn square_at(
    eval: &Evaluator,
    (cx, cy): (usize, usize),
    m: u64,
    rng: &mut Rng,
) -> Option<(u64, u64)> {
    let n = eval.side();
    if cy >= 4 && cx < 4 {
        // The free coordinate is solved for: the board is symmetric.
        return square_at(eval, (cy, cx), m, rng).map(|(x, y)| (y, x));
    }
    // The lines of a class: a far line, or the residue's lines up to N − 2.
    let first = |c: usize| match c {
        4 => n - 1,
        5 => n,
        r => {
            if r == 0 {
                4
            } else {
                r as u64
            }
        }
    };
    let fixed = |c: usize| c >= 4;
    // With x given, the y of class cy with suspense m (None if there is none).
    let solve_y = |x: u64| -> Option<u64> {
        let y0 = first(cy);
        let s0 = eval.suspense(x, y0);
        let y = if fixed(cy) {
            y0
        } else {
            if m < s0 || (m - s0) % 2 != 0 {
                return None;
            }
            y0 + 2 * (m - s0)
        };
        (y <= n && table_class(n, y) == cy && eval.suspense(x, y) == m).then_some(y)
    };
    if fixed(cx) {
        let x = first(cx);
        return solve_y(x).map(|y| (x, y));
    }
    // The lines of class cx: first(cx) + 4k up to N − 2.
    let lines = (n - 2 - first(cx)) / 4 + 1;
    for _ in 0..40 {
        let x = first(cx) + 4 * rng.range(0, lines - 1);
        if let Some(y) = solve_y(x) {
            return Some((x, y));
        }
    }
    None
}

/// The level round of residue `r` and parity `p` on the board of `eval`: one knight in every
/// cell of the suspense rule's table whose suspense numbers have parity p (each cell's have
/// one: ⌊x/2⌋ + ⌊y/2⌋ plus the cell's entry), but the far corner's four squares (their values
/// are about N, above the others'; the edge level rounds read them), all at one suspense m
/// drawn near 3N/4. The largest is m, reached by every knight, so the side taken reads every
/// one of these cells: an entry too large by one in any of them takes the wrong side. None
/// when some cell has no square at a level the seed tries.
pub fn level_knights(eval: &Evaluator, p: u64, rng: &mut Rng) -> Option<Vec<(u64, u64)>> {
    let n = eval.side();
    let cells: Vec<(usize, usize)> = (0..6)
        .flat_map(|x| (0..6).map(move |y| (x, y)))
        .filter(|&(x, y)| x < 4 || y < 4)
        .filter(|&(x, y)| {
            let first = |c: usize| match c {
                4 => n - 1,
                5 => n,
                0 => 4,
                r => r as u64,
            };
            eval.suspense(first(x), first(y)) % 2 == p
        })
        .collect();
    for _ in 0..20 {
        let mut m = n / 2 + rng.range(n / 8, n / 4 + 1);
        if m % 2 != p {
            m += 1;
        }
        let mut knights = Vec::new();
        for &cell in &cells {
            match square_at(eval, cell, m, rng) {
                Some(sq) => knights.push(sq),
                None => break,
            }
        }
        if knights.len() == cells.len() {
            return Some(knights);
        }
    }
    None
}

/// The lines of the edge bands: 1..=3 and N − 2..=N (N ≥ 36).
fn edge_lines(n: u64) -> [u64; 6] {
    [1, 2, 3, n - 2, n - 1, n]
}

/// The levels of the edge level rounds on the board of `eval` (N ≥ 36): the distinct
/// suspense numbers of the 36 squares whose two lines are both edge lines, increasing.
pub fn edge_levels(eval: &Evaluator) -> Vec<u64> {
    let lines = edge_lines(eval.side());
    let mut levels: Vec<u64> = lines
        .iter()
        .flat_map(|&x| lines.iter().map(move |&y| eval.suspense(x, y)))
        .collect();
    levels.sort_unstable();
    levels.dedup();
    levels
}

/// The middle lines c (EDGE_LINES < c ≤ N − EDGE_LINES) whose square on the edge line `b`,
/// (c, b) if `mid_x` else (b, c), has suspense `m`: the nine lines next to each end tried one
/// by one, between them one line per residue mod 4 solved for (there a step of 4 adds 2 to
/// the suspense), every square checked with the evaluator.
fn mid_lines(eval: &Evaluator, mid_x: bool, b: u64, m: u64) -> Vec<u64> {
    let n = eval.side();
    let s = |c: u64| {
        if mid_x {
            eval.suspense(c, b)
        } else {
            eval.suspense(b, c)
        }
    };
    let (lo, hi) = (EDGE_LINES + 1, n - EDGE_LINES);
    let near = (lo + 8).min(hi);
    let far = (hi - 8).max(near + 1);
    let mut out: Vec<u64> = (lo..=near).chain(far..=hi).filter(|&c| s(c) == m).collect();
    for c0 in (near + 1..far).take(4) {
        let v0 = s(c0);
        if m >= v0 && (m - v0) % 2 == 0 {
            let c = c0 + 2 * (m - v0);
            if c < far && s(c) == m {
                out.push(c);
            }
        }
    }
    out
}

/// The edge level round `j` on the board of `eval` (N ≥ 36): every square whose two lines are
/// edge lines (1..=3, N − 2..=N) with the j-th of their suspense numbers ([`edge_levels`]), m,
/// and for each class of an edge line and a middle line (`edge:…,x=mid,y=B` and
/// `edge:…,x=B,y=mid`) whose highest level reached is m, one of its squares at suspense m
/// (the seed draws the middle line among those found). Every knight is at the largest, m, so
/// a square of any of these classes valued wrong by one turns the side. Over the levels,
/// every edge class of the residue (48) is in one round. None when j is past the levels or
/// a class reaches none (neither happens for N ≥ 36: tests/referee/coverage.rs).
pub fn edge_level_knights(eval: &Evaluator, j: usize, rng: &mut Rng) -> Option<Vec<(u64, u64)>> {
    let n = eval.side();
    let levels = edge_levels(eval);
    let m = *levels.get(j)?;
    let lines = edge_lines(n);
    let mut knights: Vec<(u64, u64)> = lines
        .iter()
        .flat_map(|&x| lines.iter().map(move |&y| (x, y)))
        .filter(|&(x, y)| eval.suspense(x, y) == m)
        .collect();
    for &b in &lines {
        for mid_x in [true, false] {
            let (top, cs) = levels.iter().rev().find_map(|&l| {
                let cs = mid_lines(eval, mid_x, b, l);
                (!cs.is_empty()).then_some((l, cs))
            })?;
            if top == m {
                let c = cs[rng.index(cs.len())];
                knights.push(if mid_x { (c, b) } else { (b, c) });
            }
        }
    }
    Some(knights)
}

/// A square with suspense `m` on the board of `eval` (N ≥ 36), if the seed's tries find one:
/// the 36 cells of the rule's table in a drawn order, each tried by [`square_at`].
fn square_with(eval: &Evaluator, m: u64, rng: &mut Rng) -> Option<(u64, u64)> {
    let mut cells: Vec<(usize, usize)> = (0..6).flat_map(|x| (0..6).map(move |y| (x, y))).collect();
    for i in (1..cells.len()).rev() {
        cells.swap(i, rng.index(i + 1));
    }
    cells
        .into_iter()
        .find_map(|cell| square_at(eval, cell, m, rng))
}

/// The rival round of parity `p`: the level round's knights ([`level_knights`], every cell of
/// parity p at one suspense m but the far corner's) and one rival knight at m + 1, the only
/// largest. An entry two too large in any of the level's cells puts its knight at m + 2,
/// above the rival, and turns the side; the level round itself cannot show it (m + 2 is of
/// m's parity). The rival's own cell is read too: one too large or too small, or two too small.
pub fn rival_knights(eval: &Evaluator, p: u64, rng: &mut Rng) -> Option<Vec<(u64, u64)>> {
    let mut knights = level_knights(eval, p, rng)?;
    let m = eval.suspense(knights[0].0, knights[0].1);
    knights.push(square_with(eval, m + 1, rng)?);
    Some(knights)
}

/// The far corner's four squares, (N − 1, N − 1), (N − 1, N), (N, N − 1), (N, N): each one
/// cell of the rule's table.
fn far_corner(n: u64) -> [(u64, u64); 4] {
    [(n - 1, n - 1), (n - 1, n), (n, n - 1), (n, n)]
}

/// The corner rival round `j`: the far corner's square j, at suspense v, and a rival knight
/// at v + 1 (their values are about N, above every level round's): an entry two too large in
/// that cell puts it above the rival and turns the side.
pub fn corner_rival_knights(eval: &Evaluator, j: u64, rng: &mut Rng) -> Option<Vec<(u64, u64)>> {
    let q = far_corner(eval.side())[j as usize];
    let v = eval.suspense(q.0, q.1);
    Some(vec![q, square_with(eval, v + 1, rng)?])
}

/// The sides in lo..=hi a cover round may take (None when the range has none).
fn sides(c: Cover, (lo, hi): (u64, u64)) -> Option<(u64, u64)> {
    let (a, b) = match c {
        Cover::Tiny(n) => (n, n),
        Cover::Dp => (TINY + 1, DP_SIDE),
        Cover::Residue(_) | Cover::EdgeLevel(..) | Cover::CornerRival(..) => {
            (DP_SIDE + 1, u64::MAX)
        }
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
    | Cover::CornerRival(r, _) = c
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
    let c = cover(round.checked_sub(FIRST_ROUND)? as usize)?;
    let (lo, hi) = sides(c, range)?;
    let n = match c {
        Cover::Residue(r)
        | Cover::Level(r, _)
        | Cover::EdgeLevel(r, _)
        | Cover::Rival(r, _)
        | Cover::CornerRival(r, _) => {
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
    for c in (0..COVERS).filter_map(cover) {
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
            Cover::Level(..) | Cover::EdgeLevel(..) | Cover::Rival(..) => {}
            Cover::Residue(r) => {
                let n = DP_SIDE + 1 + (r + 4 - (DP_SIDE + 1) % 4) % 4;
                out.push(board_class(n));
                out.extend((0..36).map(|i| cell_name(r, i, None)));
                let bands = ["1", "2", "3", "mid", "N-2", "N-1", "N"];
                for group in ["edge", "edge+1"] {
                    for x in bands {
                        for y in bands {
                            if (x, y) != ("mid", "mid") {
                                out.push(format!("{group}:n%4={r},x={x},y={y}"));
                            }
                        }
                    }
                }
            }
        }
    }
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

/// The errors of a cell's entry that the session shows ([`of`]): one and two too large. An
/// entry too small shows only where its cell alone holds the largest suspense, one cell per
/// choice, more cells (144) than a session has rounds.
pub const CELL_ERRORS: [u64; 2] = [1, 2];

/// The far corner's squares (residue, index in `far_corner`) that some square of the board
/// exceeds by exactly one, on every side N ≥ 36 (tests/coverage_errors.rs): only those can be
/// shown two too large by a rival at v + 1. The others hold the board's largest suspense.
pub const CORNER_RIVALS: [(u64, u64); 7] = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (3, 0)];

const CELLS: [&str; 6] = ["%4=0", "%4=1", "%4=2", "%4=3", "=N-1", "=N"];

/// A cell's class name: `cell:n%4=R,xC,yC`, or with an error `cell+E:…`, for the index
/// 6·X + Y of the cell (X, Y indices of [`CELLS`]).
fn cell_name(r: u64, i: usize, error: Option<u64>) -> String {
    let group = error.map_or("cell".to_owned(), |e| format!("cell+{e}"));
    format!("{group}:n%4={r},x{},y{}", CELLS[i / 6], CELLS[i % 6])
}

/// The classes of a position: its side's, and on boards past the DP branch every knight's
/// cell of the suspense rule's table (N mod 4, each coordinate's residue mod 4 or its far-edge
/// distance 0 or 1) and band (lines 1..=3 and N − 2..=N, the rest `mid`); and each
/// (cell, error) pair of [`CELL_ERRORS`] the position shows: `cell+E:…` where that cell's
/// entry E too large changes the parity of the largest suspense, so the side read off it;
/// `edge+1:…` the same for an edge class's squares one too large.
/// Per-cell maxima first, the names at the end: a position may hold 10^5 knights, and the
/// session asks at every move.
pub fn of(eval: &Evaluator, knights: &[(u64, u64)]) -> Vec<String> {
    let n = eval.side();
    let mut out = vec![board_class(n)];
    if n <= DP_SIDE {
        return out;
    }
    const BANDS: [&str; 7] = ["1", "2", "3", "mid", "N-2", "N-1", "N"];
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
    let edge_name =
        |i: usize, group: &str| format!("{group}:n%4={r},x={},y={}", BANDS[i / 7], BANDS[i % 7]);
    for i in (0..49).filter(|&i| i != 3 * 7 + 3 && band_top[i].is_some()) {
        out.push(edge_name(i, "edge"));
    }
    let largest = top.iter().flatten().max().copied().unwrap_or(0);
    // An edge class one too large: as a cell's, its largest knight plus one against the
    // largest outside it.
    for i in (0..49).filter(|&i| i != 3 * 7 + 3) {
        let Some(t) = band_top[i] else { continue };
        let others = (0..49)
            .filter(|&j| j != i)
            .filter_map(|j| band_top[j])
            .max();
        if others.unwrap_or(0).max(t + 1) % 2 != largest % 2 {
            out.push(edge_name(i, "edge+1"));
        }
    }
    for e in CELL_ERRORS {
        for i in 0..36 {
            let Some(t) = top[i] else { continue };
            let others = (0..36).filter(|&j| j != i).filter_map(|j| top[j]).max();
            if others.unwrap_or(0).max(t + e) % 2 != largest % 2 {
                out.push(cell_name(r, i, Some(e)));
            }
        }
    }
    out
}
