//! Coverage classes of knights (docs/coverage.md): the board sides the evaluator and the
//! suspense rule tell apart, and for boards past the evaluator's DP branch every cell of the
//! suspense rule's table and every square near an edge or a corner, per N mod 4. The session
//! reaches them all in its rounds [`FIRST_ROUND`]..: one round per tiny side with a knight
//! on every square, then catalogue rounds with a knight on every line class.

use crate::Game as Position;
use combgames_core::rng::Rng;
use combgames_core::round::RoundSpec;

/// Boards up to this side get a class of their own: the near band (lines 1..=3) and the far
/// band (lines N − 2..=N) touch or overlap, so each side is its own shape.
pub const TINY: u64 = 8;
/// Largest side the evaluator solves by the plain DP on the board itself; beyond it the
/// compression to a board of side 32 + N mod 4 (docs/knights_compression.md).
pub const DP_SIDE: u64 = 35;
/// Lines from an edge that get a class of their own ("a few steps": a knight step moves a
/// coordinate by 1 or 2).
const EDGE_LINES: u64 = 3;

/// The first session round of the coverage rounds (after the opening, rounds 2..=10).
pub const FIRST_ROUND: u64 = 11;

/// The coverage rounds in order: tiny sides 1..=TINY, one side of 9..=35, then N ≥ 36 for
/// each residue mod 4.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cover {
    Tiny(u64),
    Dp,
    Residue(u64),
}

const COVERS: usize = TINY as usize + 1 + 4;

fn cover(index: usize) -> Option<Cover> {
    match index as u64 {
        i if i < TINY => Some(Cover::Tiny(i + 1)),
        i if i == TINY => Some(Cover::Dp),
        i if i < TINY + 5 => Some(Cover::Residue(i - TINY - 1)),
        _ => None,
    }
}

/// The sides in lo..=hi a cover round may take (None when the range has none).
fn sides(c: Cover, (lo, hi): (u64, u64)) -> Option<(u64, u64)> {
    let (a, b) = match c {
        Cover::Tiny(n) => (n, n),
        Cover::Dp => (TINY + 1, DP_SIDE),
        Cover::Residue(_) => (DP_SIDE + 1, u64::MAX),
    };
    let (a, b) = (a.max(lo), b.min(hi));
    if a > b {
        return None;
    }
    if let Cover::Residue(r) = c {
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
        Cover::Residue(r) => {
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
        _ => {
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
            Cover::Residue(r) => {
                let n = DP_SIDE + 1 + (r + 4 - (DP_SIDE + 1) % 4) % 4;
                out.push(board_class(n));
                let cells = ["0", "1", "2", "3", "N-1", "N"];
                for x in cells {
                    for y in cells {
                        out.push(format!("cell:n%4={r},x{},y{}", cell_tail(x), cell_tail(y)));
                    }
                }
                let bands = ["1", "2", "3", "mid", "N-2", "N-1", "N"];
                for x in bands {
                    for y in bands {
                        if (x, y) != ("mid", "mid") {
                            out.push(format!("edge:n%4={r},x={x},y={y}"));
                        }
                    }
                }
            }
        }
    }
    out
}

fn cell_tail(label: &str) -> String {
    if label.starts_with('N') {
        format!("={label}")
    } else {
        format!("%4={label}")
    }
}

/// The class of the board side.
fn board_class(n: u64) -> String {
    match n {
        0..=TINY => format!("board:n={n}"),
        _ if n <= DP_SIDE => format!("board:n={}..{DP_SIDE}", TINY + 1),
        _ => format!("board:n%4={}", n % 4),
    }
}

/// The classes of a position: its side's, and on boards past the DP branch every knight's
/// cell of the suspense rule's table (N mod 4, each coordinate's residue mod 4 or its far-edge
/// distance 0 or 1) and band (lines 1..=3 and N − 2..=N, the rest `mid`). Bit sets first, the
/// names at the end: a position may hold 10^5 knights, and the session asks at every move.
pub fn of(n: u64, knights: &[(u64, u64)]) -> Vec<String> {
    let mut out = vec![board_class(n)];
    if n <= DP_SIDE {
        return out;
    }
    const CELLS: [&str; 6] = ["%4=0", "%4=1", "%4=2", "%4=3", "=N-1", "=N"];
    const BANDS: [&str; 7] = ["1", "2", "3", "mid", "N-2", "N-1", "N"];
    let cell = |c: u64| match n - c {
        d @ (0 | 1) => 5 - d as usize,
        _ => (c % 4) as usize,
    };
    let band = |c: u64| match c {
        1..=EDGE_LINES => c as usize - 1,
        _ if n - c < EDGE_LINES => 6 - (n - c) as usize,
        _ => 3,
    };
    let (mut cells, mut bands) = (0u64, 0u64);
    for &(x, y) in knights {
        cells |= 1 << (cell(x) * 6 + cell(y));
        bands |= 1 << (band(x) * 7 + band(y));
    }
    let r = n % 4;
    for i in (0..36).filter(|i| cells >> i & 1 == 1) {
        out.push(format!("cell:n%4={r},x{},y{}", CELLS[i / 6], CELLS[i % 6]));
    }
    // (mid, mid) is no edge class.
    for i in (0..49).filter(|&i| i != 3 * 7 + 3 && bands >> i & 1 == 1) {
        out.push(format!(
            "edge:n%4={r},x={},y={}",
            BANDS[i / 7],
            BANDS[i % 7]
        ));
    }
    out
}
