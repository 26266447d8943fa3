//! The knights players of the mutation suite: how each variant picks its side and its turns.
//! Shared by games/knights/tests/mutants/player.rs (the protocol player) and games/knights/tests/mutants/mod.rs
//! (which shows every bug's losing choice by a plain game search). Everything is built on the
//! library's own evaluator (`combgames_knights::Evaluator`), never on the solution file.
//!
//! Which turns win: exactly those that leave an even largest suspense. From a won position
//! (largest m, odd) the textbook turn sends every knight to its best option (the leaders to
//! m − 1, every other knight lower), but more turns win: a leader may take a smaller even
//! option, or an odd one, as long as some knight ends on an even value that no other knight's
//! new value exceeds; and once a leader reaches m − 1, every other knight may take any option
//! up to m − 1. The correct alternatives below use that freedom, and the tests check every
//! turn they make against a plain game search.

// Declared by both the player (player.rs) and the mutation tests (mod.rs), each using a part.
#![allow(dead_code)]

use combgames_core::rng::Rng;
use combgames_knights::{moves, Evaluator, SuspenseBoard, BASE_SIDE, EDGE_BAND};

pub type Square = (u64, u64);

/// Boards up to this side are evaluated exactly by every variant ("the contestant's DP");
/// the far-border bugs only act beyond it.
pub const SMALL: u64 = 6000;

/// The variants: name, whether the player is correct, what it does.
pub const VARIANTS: &[(&str, bool, &str)] = &[
    (
        "far-edge",
        false,
        "for N > 6000, suspense as if the far border were 4 lines further (ignores the far band)",
    ),
    (
        "mod4",
        false,
        "for N > 6000, the far band's values of the class (N + 1) mod 4 instead of N mod 4",
    ),
    (
        "far-off-by-one",
        false,
        "for N > 6000, a line at distance 1 or 2 from the far edge valued as one line further out",
    ),
    (
        "any-even",
        false,
        "every knight to ANY option of even suspense (not the largest), else the smallest",
    ),
    (
        "random-odd",
        false,
        "the largest even option when there is one, else ANY option (not the smallest)",
    ),
    (
        "leader-only",
        false,
        "knights of the largest suspense to their best option, every other knight anywhere",
    ),
    (
        "sum-parity",
        false,
        "takes `first` iff the SUM of the suspense numbers is odd (the rule of disjunctive sums)",
    ),
    (
        "blunder",
        false,
        "plays perfectly, but one turn in 1000 sends every knight to its worst option",
    ),
    (
        "far-corner",
        false,
        "for N > 6000, a square within 8 lines of BOTH far edges valued as on the board 4 lines longer (the far corner read off the interior pattern)",
    ),
    (
        "far-line-flip",
        false,
        "for N > 6000 with N = 1 mod 4, a knight on the far line N (either coordinate) takes the largest ODD option if any, else the smallest (the parity test inverted in that line's branch)",
    ),
    (
        "even-gap",
        false,
        "the largest even option found with `s > best + 2` (an off-by-one in the bound): of even options 2 apart it keeps the first listed",
    ),
    (
        "tiny-stuck",
        false,
        "for N <= 3, every knight valued as stuck (suspense 0): the tiny boards' side taken from the rule that no knight moves there",
    ),
    (
        "corner-cell",
        false,
        "for N > 35, the far corner square (N, N) valued one more than its suspense (a wrong entry of the rule's table at both far-edge distances 0)",
    ),
    (
        "exact",
        true,
        "correct: every knight to its best option (the largest even, else the smallest)",
    ),
    (
        "safe-random",
        true,
        "correct: the leaders to the largest even option, every other knight to a random option of suspense below the largest",
    ),
    (
        "lowest-even",
        true,
        "correct: the fastest win, the smallest even level E that every knight can keep under with one knight on it",
    ),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bug {
    FarEdge,
    Mod4,
    FarOffByOne,
    AnyEven,
    RandomOdd,
    LeaderOnly,
    SumParity,
    Blunder,
    FarCorner,
    FarLineFlip,
    EvenGap,
    TinyStuck,
    CornerCell,
    Exact,
    SafeRandom,
    LowestEven,
    /// `cell:R,X,Y`, `cell+2:…`, `cell-1:…`, `cell-2:…`: one entry of the suspense rule's
    /// table off by `by` ([`cell_bug`]).
    Cell {
        r: u64,
        x: usize,
        y: usize,
        by: i64,
    },
    /// `board:…`: every square of every board of one side class wrong ([`board_bug`]).
    Board(BoardClass),
    /// `edge:R,X,Y`, `edge+2:…`, `edge-1:…`, `edge-2:…`: the squares of one edge class off
    /// by `by` ([`edge_bug`]).
    Edge {
        r: u64,
        x: usize,
        y: usize,
        by: i64,
    },
}

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
    fn holds(self, n: u64) -> bool {
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
fn edge_band(n: u64, c: u64) -> usize {
    match c {
        1..=3 => c as usize - 1,
        _ if n - c < 3 => 6 - (n - c) as usize,
        _ => 3,
    }
}

/// The table class of coordinate `c` on a board of side `n` (an index of [`CELL_CLASSES`]).
fn cell_class(n: u64, c: u64) -> usize {
    match n - c {
        d @ (0 | 1) => 5 - d as usize,
        _ => (c % 4) as usize,
    }
}

impl Bug {
    pub fn parse(name: &str) -> Option<Bug> {
        Some(match name {
            "far-edge" => Bug::FarEdge,
            "mod4" => Bug::Mod4,
            "far-off-by-one" => Bug::FarOffByOne,
            "any-even" => Bug::AnyEven,
            "random-odd" => Bug::RandomOdd,
            "leader-only" => Bug::LeaderOnly,
            "sum-parity" => Bug::SumParity,
            "blunder" => Bug::Blunder,
            "far-corner" => Bug::FarCorner,
            "far-line-flip" => Bug::FarLineFlip,
            "even-gap" => Bug::EvenGap,
            "tiny-stuck" => Bug::TinyStuck,
            "corner-cell" => Bug::CornerCell,
            "exact" => Bug::Exact,
            "safe-random" => Bug::SafeRandom,
            "lowest-even" => Bug::LowestEven,
            _ => {
                return cell_bug(name)
                    .or_else(|| board_bug(name))
                    .or_else(|| edge_bug(name))
            }
        })
    }
}

/// The base boards of sides BASE_SIDE..BASE_SIDE + 3 (for the mod4 bug's wrong class).
fn base_board(r: u64) -> &'static SuspenseBoard {
    use std::sync::OnceLock;
    static BOARDS: OnceLock<Vec<SuspenseBoard>> = OnceLock::new();
    &BOARDS.get_or_init(|| {
        (0..4)
            .map(|r| SuspenseBoard::compute((BASE_SIDE + r) as usize))
            .collect()
    })[r as usize]
}

/// What a player believes about the suspense numbers of one board.
pub struct Belief {
    bug: Bug,
    n: u64,
    eval: Evaluator,
    /// The board 4 lines longer (far-edge bug).
    longer: Evaluator,
}

impl Belief {
    pub fn new(bug: Bug, n: u64) -> Belief {
        Belief {
            bug,
            n,
            eval: Evaluator::new(n),
            longer: Evaluator::new(n + 4),
        }
    }

    /// The true suspense number.
    pub fn truth(&self, (x, y): Square) -> u64 {
        self.eval.suspense(x, y)
    }

    /// The suspense number of (x, y) as this player computes it.
    pub fn suspense(&self, (x, y): Square) -> u64 {
        let n = self.n;
        if self.bug == Bug::TinyStuck && n <= 3 {
            return 0;
        }
        if self.bug == Bug::CornerCell && n > 35 && (x, y) == (n, n) {
            return self.truth((x, y)) + 1;
        }
        if let Bug::Cell {
            r,
            x: cx,
            y: cy,
            by,
        } = self.bug
        {
            if n > 35 && n % 4 == r && (cell_class(n, x), cell_class(n, y)) == (cx, cy) {
                return self.truth((x, y)).saturating_add_signed(by);
            }
        }
        if let Bug::Board(class) = self.bug {
            if class.holds(n) {
                return self.truth((x, y)) + 1;
            }
        }
        if let Bug::Edge {
            r,
            x: bx,
            y: by,
            by: off,
        } = self.bug
        {
            if n > 35 && n % 4 == r && (edge_band(n, x), edge_band(n, y)) == (bx, by) {
                return self.truth((x, y)).saturating_add_signed(off);
            }
        }
        if n <= SMALL {
            return self.truth((x, y));
        }
        match self.bug {
            Bug::FarEdge => self.longer.suspense(x, y),
            Bug::FarCorner if n - x < EDGE_BAND && n - y < EDGE_BAND => self.longer.suspense(x, y),
            Bug::Mod4 => {
                // The wrong class's small board, lines mapped as the compression does (far
                // lines by their distance to the far edge), ⌊c/2⌋ kept.
                let r = (n + 1) % 4;
                let m = BASE_SIDE + r;
                let map = |c: u64| {
                    if c <= EDGE_BAND {
                        c
                    } else if n - c < EDGE_BAND {
                        m - (n - c)
                    } else {
                        EDGE_BAND + 1 + (c - EDGE_BAND - 1) % 4
                    }
                };
                let (a, b) = (map(x), map(y));
                let s = u64::from(base_board(r).get(a as usize, b as usize));
                s + (x / 2 - a / 2) + (y / 2 - b / 2)
            }
            Bug::FarOffByOne => {
                let shift = |c: u64| if (1..=2).contains(&(n - c)) { c + 1 } else { c };
                let (a, b) = (shift(x), shift(y));
                let s = self.eval.suspense(a, b);
                (s + x / 2 + y / 2).saturating_sub(a / 2 + b / 2)
            }
            _ => self.truth((x, y)),
        }
    }

    /// The player's side: `first` iff it believes the mover wins.
    pub fn takes_first(&self, knights: &[Square]) -> bool {
        if self.bug == Bug::SumParity {
            return knights.iter().map(|&k| self.suspense(k)).sum::<u64>() % 2 == 1;
        }
        self.largest(knights) % 2 == 1
    }

    pub fn largest(&self, knights: &[Square]) -> u64 {
        knights.iter().map(|&k| self.suspense(k)).max().unwrap_or(0)
    }

    /// The options of a knight with their believed suspense numbers.
    fn options(&self, (x, y): Square) -> Vec<(Square, u64)> {
        moves(self.n, x, y)
            .map(|to| (to, self.suspense(to)))
            .collect()
    }

    /// The best option: the largest even believed suspense, else the smallest.
    fn best(&self, from: Square) -> Option<Square> {
        let opts = self.options(from);
        let even = opts
            .iter()
            .filter(|(_, s)| s % 2 == 0)
            .max_by_key(|(_, s)| *s);
        even.or_else(|| opts.iter().min_by_key(|(_, s)| *s))
            .map(|&(to, _)| to)
    }

    /// The worst option: the largest odd believed suspense, else the largest.
    fn worst(&self, from: Square) -> Option<Square> {
        let opts = self.options(from);
        let odd = opts
            .iter()
            .filter(|(_, s)| s % 2 == 1)
            .max_by_key(|(_, s)| *s);
        odd.or_else(|| opts.iter().max_by_key(|(_, s)| *s))
            .map(|&(to, _)| to)
    }

    /// A blunder: every knight to its worst option (stuck knights stay).
    pub fn blunder_turn(&self, knights: &[Square]) -> Vec<Square> {
        knights
            .iter()
            .map(|&k| self.worst(k).unwrap_or(k))
            .collect()
    }

    /// This player's turn: every knight's destination (stuck knights stay).
    pub fn turn(&self, knights: &[Square], rng: &mut Rng) -> Vec<Square> {
        let largest = self.largest(knights);
        if self.bug == Bug::Blunder && rng.index(1000) == 0 {
            return self.blunder_turn(knights);
        }
        if self.bug == Bug::LowestEven && largest % 2 == 1 {
            if let Some(turn) = self.lowest_even(knights) {
                return turn;
            }
        }
        knights
            .iter()
            .map(|&from| {
                let opts = self.options(from);
                if opts.is_empty() {
                    return from;
                }
                let pick = |list: &[&(Square, u64)], rng: &mut Rng| list[rng.index(list.len())].0;
                let to = match self.bug {
                    Bug::AnyEven => {
                        let even: Vec<&(Square, u64)> =
                            opts.iter().filter(|(_, s)| s % 2 == 0).collect();
                        if even.is_empty() {
                            self.best(from)
                        } else {
                            Some(pick(&even, rng))
                        }
                    }
                    Bug::RandomOdd => {
                        if opts.iter().any(|(_, s)| s % 2 == 0) {
                            self.best(from)
                        } else {
                            let all: Vec<&(Square, u64)> = opts.iter().collect();
                            Some(pick(&all, rng))
                        }
                    }
                    Bug::FarLineFlip
                        if self.n > SMALL && self.n % 4 == 1 && from.0.max(from.1) == self.n =>
                    {
                        let odd = opts
                            .iter()
                            .filter(|(_, s)| s % 2 == 1)
                            .max_by_key(|(_, s)| *s);
                        odd.or_else(|| opts.iter().min_by_key(|(_, s)| *s))
                            .map(|&(to, _)| to)
                    }
                    Bug::EvenGap => {
                        let mut best: Option<(Square, u64)> = None;
                        for &(to, s) in opts.iter().filter(|(_, s)| s % 2 == 0) {
                            if best.map_or(true, |(_, b)| s > b + 2) {
                                best = Some((to, s));
                            }
                        }
                        best.map(|(to, _)| to).or_else(|| self.best(from))
                    }
                    Bug::LeaderOnly if self.suspense(from) < largest => {
                        let all: Vec<&(Square, u64)> = opts.iter().collect();
                        Some(pick(&all, rng))
                    }
                    Bug::SafeRandom if largest % 2 == 1 && self.suspense(from) < largest => {
                        // Anything at most largest − 1 keeps the largest left even (the
                        // leaders land on largest − 1); the best option always qualifies.
                        let safe: Vec<&(Square, u64)> =
                            opts.iter().filter(|(_, s)| *s < largest).collect();
                        Some(pick(&safe, rng))
                    }
                    _ => self.best(from),
                };
                to.unwrap_or(from)
            })
            .collect()
    }

    /// The fastest win: the smallest even E such that every movable knight has an option of
    /// suspense at most E, each knight taking its largest such option, and the largest of
    /// those (stuck knights included) is exactly E. E = largest − 1 always works (the
    /// standard turn), so a won position always has one.
    fn lowest_even(&self, knights: &[Square]) -> Option<Vec<Square>> {
        let all: Vec<Vec<(Square, u64)>> = knights.iter().map(|&k| self.options(k)).collect();
        let mut levels: Vec<u64> = all
            .iter()
            .flatten()
            .map(|&(_, s)| s)
            .filter(|s| s % 2 == 0)
            .collect();
        levels.sort_unstable();
        levels.dedup();
        let floor = all
            .iter()
            .filter_map(|o| o.iter().map(|&(_, s)| s).min())
            .max()
            .unwrap_or(0);
        let stuck_max = knights
            .iter()
            .zip(&all)
            .filter(|(_, o)| o.is_empty())
            .map(|(&k, _)| self.suspense(k))
            .max()
            .unwrap_or(0);
        for &e in levels.iter().filter(|&&e| e >= floor.max(stuck_max)) {
            let turn: Vec<(Square, u64)> = knights
                .iter()
                .zip(&all)
                .map(|(&k, o)| {
                    o.iter()
                        .filter(|(_, s)| *s <= e)
                        .max_by_key(|(_, s)| *s)
                        .copied()
                        .unwrap_or((k, 0))
                })
                .collect();
            if turn.iter().map(|&(_, s)| s).max() == Some(e) {
                return Some(turn.into_iter().map(|(to, _)| to).collect());
            }
        }
        None
    }
}
