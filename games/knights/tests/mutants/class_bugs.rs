//! The players of games/knights/tests/mutants/support.rs wrong in one coverage class
//! (games/knights/README.md, coverage classes): `cell…:`, `board:` and `edge…:`, their names,
//! help lines and the classes of a square they read.

use super::Bug;

/// A class of the board side, as the coverage classes name them (`board:n=5`,
/// `board:n=9..35`, `board:n%4=2`; games/knights/src/coverage.rs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardClass {
    /// One tiny side, 1..=8.
    Tiny(u64),
    /// 9..=35: the evaluator's DP branch.
    Dp,
    /// N ≥ 36 with N ≡ r (mod 4).
    Residue(u64),
}

impl BoardClass {
    pub fn holds(self, n: u64) -> bool {
        match self {
            BoardClass::Tiny(t) => n == t,
            BoardClass::Dp => (9..=35).contains(&n),
            BoardClass::Residue(r) => n > 35 && n % 4 == r,
        }
    }
}

/// The classes of a coordinate in the suspense rule's table, as the coverage classes name
/// them (games/knights/src/coverage.rs): its residue mod 4, or its distance 0 or 1 to the far
/// edge.
pub const CELL_CLASSES: [&str; 6] = ["0", "1", "2", "3", "N-1", "N"];

/// The help line of the parameterised variant.
pub const CELL_HELP: (&str, &str) = (
    "cell:R,X,Y",
    "for N > 35 with N = R mod 4, a square whose coordinates are of classes X and Y (0..3: the residue mod 4; N-1, N: the far lines) valued one more than its suspense (one wrong entry of the rule's 144)",
);

/// The help lines of the cell players off by another amount.
pub const CELL_OFF_HELP: [(&str, &str); 3] = [
    (
        "cell+2:R,X,Y",
        "as cell:R,X,Y, the squares valued two more than their suspense (the parity kept: a wrong order against a knight one above)",
    ),
    (
        "cell-1:R,X,Y",
        "as cell:R,X,Y, the squares valued one less than their suspense (not below 0)",
    ),
    (
        "cell-2:R,X,Y",
        "as cell:R,X,Y, the squares valued two less than their suspense (not below 0; the parity kept)",
    ),
];

/// The prefixes of the players wrong in one class (cells, edge classes), with their error:
/// the prefix without a sign is one too large.
const CELL_PREFIXES: [(&str, i64); 4] = [
    ("cell:", 1),
    ("cell+2:", 2),
    ("cell-1:", -1),
    ("cell-2:", -2),
];
const EDGE_PREFIXES: [(&str, i64); 4] = [
    ("edge:", 1),
    ("edge+2:", 2),
    ("edge-1:", -1),
    ("edge-2:", -2),
];

/// `cell:R,X,Y` (one too large), `cell+2:R,X,Y` (two too large), `cell-1:R,X,Y`,
/// `cell-2:R,X,Y` (one, two too small), R in 0..=3, X and Y among [`CELL_CLASSES`], as its bug.
pub fn cell_bug(name: &str) -> Option<Bug> {
    CELL_PREFIXES.iter().find_map(|&(prefix, by)| {
        let (r, x, y) = residue_and_classes(name, prefix, &CELL_CLASSES)?;
        Some(Bug::Cell { r, x, y, by })
    })
}

/// Every `cell:R,X,Y` name, in the coverage classes' order (R, then X, then Y).
pub fn cell_names() -> Vec<String> {
    cell_names_of("cell:")
}

/// Every name of the cell players of `prefix` (`cell:`, `cell+2:`, `cell-1:`, `cell-2:`), in
/// the coverage classes' order.
pub fn cell_names_of(prefix: &'static str) -> Vec<String> {
    (0..4)
        .flat_map(|r| {
            CELL_CLASSES.iter().flat_map(move |x| {
                CELL_CLASSES
                    .iter()
                    .map(move |y| format!("{prefix}{r},{x},{y}"))
            })
        })
        .collect()
}

/// The help line of the board players.
pub const BOARD_HELP: (&str, &str) = (
    "board:CLASS",
    "board:n=1 .. board:n=8, board:n=9..35, board:n%4=R (R in 0..3; N > 35): on every board of that side class, every square valued one more than its suspense",
);

/// `board:n=T` (T in 1..=8), `board:n=9..35` or `board:n%4=R` (R in 0..=3) as its bug.
pub fn board_bug(name: &str) -> Option<Bug> {
    let rest = name.strip_prefix("board:n")?;
    let class = if rest == "=9..35" {
        BoardClass::Dp
    } else if let Some(r) = rest.strip_prefix("%4=") {
        BoardClass::Residue(r.parse().ok().filter(|&r| r < 4)?)
    } else {
        let t: u64 = rest.strip_prefix('=')?.parse().ok()?;
        // The digits alone: `parse` would take `+5`.
        if !rest[1..].bytes().all(|b| b.is_ascii_digit()) || !(1..=8).contains(&t) {
            return None;
        }
        BoardClass::Tiny(t)
    };
    Some(Bug::Board(class))
}

/// Every board player's name, in the coverage classes' order.
pub fn board_names() -> Vec<String> {
    (1..=8)
        .map(|t| format!("board:n={t}"))
        .chain(["board:n=9..35".to_owned()])
        .chain((0..4).map(|r| format!("board:n%4={r}")))
        .collect()
}

/// The bands of a coordinate near the edges, as the coverage classes name them: lines 1..3,
/// the middle, lines N-2..N.
pub const EDGE_BANDS: [&str; 7] = ["1", "2", "3", "mid", "N-2", "N-1", "N"];

/// The help line of the edge players.
pub const EDGE_HELP: (&str, &str) = (
    "edge:R,X,Y",
    "for N > 35 with N = R mod 4, a square whose coordinates are in bands X and Y (1, 2, 3, N-2, N-1, N: that line; mid: lines 4..N-3; not both mid) valued one more than its suspense (one of the 192 edge classes wrong)",
);

/// The help lines of the edge players off by another amount.
pub const EDGE_OFF_HELP: [(&str, &str); 3] = [
    (
        "edge+2:R,X,Y",
        "as edge:R,X,Y, the squares valued two more than their suspense (the parity kept)",
    ),
    (
        "edge-1:R,X,Y",
        "as edge:R,X,Y, the squares valued one less than their suspense (not below 0)",
    ),
    (
        "edge-2:R,X,Y",
        "as edge:R,X,Y, the squares valued two less than their suspense (not below 0)",
    ),
];

/// `edge:R,X,Y` (one too large), `edge+2:`, `edge-1:`, `edge-2:` (R in 0..=3, X and Y among
/// [`EDGE_BANDS`], not both `mid`) as its bug; too small not for the four stuck squares'
/// classes (both bands 1 or 2: suspense 0, nothing below).
pub fn edge_bug(name: &str) -> Option<Bug> {
    EDGE_PREFIXES.iter().find_map(|&(prefix, by)| {
        let (r, x, y) = residue_and_classes(name, prefix, &EDGE_BANDS)?;
        let stuck = x < 2 && y < 2;
        ((x, y) != (3, 3) && !(by < 0 && stuck)).then_some(Bug::Edge { r, x, y, by })
    })
}

/// `PREFIXR,X,Y` with R in 0..=3 and X, Y among `classes`: (R, X's index, Y's index).
fn residue_and_classes(name: &str, prefix: &str, classes: &[&str]) -> Option<(u64, usize, usize)> {
    let mut parts = name.strip_prefix(prefix)?.split(',');
    let r: u64 = parts.next()?.parse().ok().filter(|&r| r < 4)?;
    let mut class = || {
        let t = parts.next()?;
        classes.iter().position(|&c| c == t)
    };
    let (x, y) = (class()?, class()?);
    parts.next().is_none().then_some((r, x, y))
}

/// Every `edge:R,X,Y` name, in the coverage classes' order (R, then X, then Y).
pub fn edge_names() -> Vec<String> {
    edge_names_of("edge:")
}

/// Every name of the edge players of `prefix` (`edge:`, `edge+2:`, `edge-1:`, `edge-2:`), in
/// the coverage classes' order ([`edge_bug`]'s: 192, or 176 too small).
pub fn edge_names_of(prefix: &'static str) -> Vec<String> {
    (0..4)
        .flat_map(|r| {
            EDGE_BANDS.iter().flat_map(move |x| {
                EDGE_BANDS
                    .iter()
                    .map(move |y| format!("{prefix}{r},{x},{y}"))
            })
        })
        .filter(|name| edge_bug(name).is_some())
        .collect()
}

/// The band of coordinate `c` on a board of side `n` > 35 (an index of [`EDGE_BANDS`]).
pub(super) fn edge_band(n: u64, c: u64) -> usize {
    match c {
        1..=3 => c as usize - 1,
        _ if n - c < 3 => 6 - (n - c) as usize,
        _ => 3,
    }
}

/// The table class of coordinate `c` on a board of side `n` (an index of [`CELL_CLASSES`]).
pub(super) fn cell_class(n: u64, c: u64) -> usize {
    match n - c {
        d @ (0 | 1) => 5 - d as usize,
        _ => (c % 4) as usize,
    }
}
