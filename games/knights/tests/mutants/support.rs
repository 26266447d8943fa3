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

// The players wrong in one coverage class: their names and the squares they value wrong.
#[path = "class_bugs.rs"]
mod class_bugs;
pub use class_bugs::*;

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
