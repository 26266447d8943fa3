//! The judge's evaluator of any board up to N = 10^9 by compression
//! (games/knights/docs/compression.md): the small boards it reads, the map of a coordinate
//! onto them, the finite fact it rests on, and who wins a position.

use crate::{moves, SuspenseBoard};
use std::fmt;
use std::sync::OnceLock;

/// Lines kept as they are next to each edge by the compression ([`Evaluator`]).
pub const EDGE_BAND: u64 = 8;
/// The small boards of the compression have sides `BASE_SIDE + N mod 4` (32..=35).
pub const BASE_SIDE: u64 = 32;

/// The DP boards of sides 1..=BASE_SIDE + 3, computed once: every board up to that side is
/// evaluated on itself, every larger one on the board of side BASE_SIDE + N mod 4.
fn small_board(side: u64) -> &'static SuspenseBoard {
    static BOARDS: OnceLock<Vec<SuspenseBoard>> = OnceLock::new();
    let boards = BOARDS.get_or_init(|| {
        (1..=BASE_SIDE as usize + 3)
            .map(SuspenseBoard::compute)
            .collect()
    });
    &boards[side as usize - 1]
}

/// The side of the small board that evaluates boards of side n (itself if n ≤ BASE_SIDE + 3).
pub fn base_side(n: u64) -> u64 {
    if n <= BASE_SIDE + 3 {
        n
    } else {
        BASE_SIDE + n % 4
    }
}

/// Where coordinate c (1 ≤ c ≤ n) of the n×n board lands on the small board of side m =
/// [`base_side`]`(n)`: unchanged within [`EDGE_BAND`] of the near edge; at the same distance from
/// the far edge within EDGE_BAND of it; otherwise on the one line of EDGE_BAND + 1..=EDGE_BAND + 4
/// with c's residue mod 4. c − compress(c) is always a multiple of 4 (m ≡ n mod 4).
pub fn compress(n: u64, c: u64) -> u64 {
    let m = base_side(n);
    if m == n || c <= EDGE_BAND {
        c
    } else if n - c < EDGE_BAND {
        m - (n - c)
    } else {
        EDGE_BAND + 1 + (c - EDGE_BAND - 1) % 4
    }
}

/// Exact suspense numbers of one board side, for any side up to u64 (the problem's is 10^9):
/// s_N(x, y) = s_m(x', y') + (x − x')/2 + (y − y')/2, with m = [`base_side`]`(N)` and x', y'
/// from [`compress`]. Why that holds for every N is in games/knights/docs/compression.md; the
/// finite fact it rests on ([`check_translation_lemma`]) and the formula itself against the
/// whole-board DP (every square of every board up to N = 300, the borders of larger ones) are
/// checked in games/knights/tests/solution.rs. O(1) per square after a one-time DP of 35 boards up to 35×35.
#[derive(Clone, Copy)]
pub struct Evaluator {
    n: u64,
    board: &'static SuspenseBoard,
}

impl Evaluator {
    /// The evaluator of the n×n board, n ≥ 1.
    pub fn new(n: u64) -> Evaluator {
        assert!(n >= 1, "a board has a side of at least 1");
        Evaluator {
            n,
            board: small_board(base_side(n)),
        }
    }

    pub fn side(&self) -> u64 {
        self.n
    }

    /// The suspense number of (x, y), 1 ≤ x, y ≤ N.
    pub fn suspense(&self, x: u64, y: u64) -> u64 {
        debug_assert!((1..=self.n).contains(&x) && (1..=self.n).contains(&y));
        let (a, b) = (compress(self.n, x), compress(self.n, y));
        u64::from(self.board.get(a as usize, b as usize)) + (x - a) / 2 + (y - b) / 2
    }

    /// The mover's best option from (x, y), None when stuck: the option with the largest even
    /// suspense if there is one, else one with the smallest (ties: the first in
    /// [`STEPS`](crate::STEPS)). The solution has its own copy on purpose
    /// (solutions/src/knights.rs, `best_move`): the referee never judges with a solution's code.
    pub fn best_move(&self, x: u64, y: u64) -> Option<(u64, u64)> {
        let mut best: Option<((u64, u64), u64)> = None;
        for to in moves(self.n, x, y) {
            let s = self.suspense(to.0, to.1);
            let better = match best {
                None => true,
                Some((_, t)) => match (s % 2 == 0, t % 2 == 0) {
                    (true, true) => s > t,
                    (true, false) => true,
                    (false, true) => false,
                    (false, false) => s < t,
                },
            };
            if better {
                best = Some((to, s));
            }
        }
        best.map(|(to, _)| to)
    }

    /// The option from (x, y) a player picks who wants a suspense of `parity` (0: even, the
    /// mover's best; 1: odd, a blunder): the largest such suspense (the last of equals in
    /// [`STEPS`](crate::STEPS) order), else the smallest one (the first of equals); None when
    /// stuck. For parity 0 it is [`Evaluator::best_move`] up to ties; the referee's moves and
    /// the generated lost starts take this one, whose ties their fixed seeds depend on.
    pub fn option_by_parity(&self, x: u64, y: u64, parity: u64) -> Option<(u64, u64)> {
        let options = || moves(self.n, x, y).map(|to| (to, self.suspense(to.0, to.1)));
        options()
            .filter(|&(_, s)| s % 2 == parity)
            .max_by_key(|&(_, s)| s)
            .or_else(|| options().min_by_key(|&(_, s)| s))
            .map(|(to, _)| to)
    }

    /// The largest suspense number over `squares` (0 for none).
    pub fn largest(&self, squares: &[(u64, u64)]) -> u64 {
        squares
            .iter()
            .map(|&(x, y)| self.suspense(x, y))
            .max()
            .unwrap_or(0)
    }
}

/// A counterexample to the finite fact of [`check_translation_lemma`], in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LemmaBroken(pub String);

impl fmt::Display for LemmaBroken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LemmaBroken {}

/// The finite fact the compression rests on, on each small board of side m = BASE_SIDE + r:
/// (a) s_m(a + 4, b) = s_m(a, b) + 2 and s_m(b, a + 4) = s_m(b, a) + 2 for every b and every
/// a with EDGE_BAND − 1 ≤ a and a + 4 ≤ m − EDGE_BAND + 1 (the lines a compressed option can
/// land on, games/knights/docs/compression.md); (b) every stuck square lies within EDGE_BAND of both
/// near edges (where the compression moves nothing).
pub fn check_translation_lemma() -> Result<(), LemmaBroken> {
    for m in BASE_SIDE..BASE_SIDE + 4 {
        let board = small_board(m);
        let m = m as usize;
        let band = EDGE_BAND as usize;
        for a in band - 1..=m - band - 3 {
            for b in 1..=m {
                if board.get(a + 4, b) != board.get(a, b) + 2 {
                    return Err(LemmaBroken(format!(
                        "m = {m}: s({}, {b}) ≠ s({a}, {b}) + 2",
                        a + 4
                    )));
                }
                if board.get(b, a + 4) != board.get(b, a) + 2 {
                    return Err(LemmaBroken(format!(
                        "m = {m}: s({b}, {}) ≠ s({b}, {a}) + 2",
                        a + 4
                    )));
                }
            }
        }
        for x in 1..=m {
            for y in 1..=m {
                if board.options(x, y).is_empty() && !(x <= band && y <= band) {
                    return Err(LemmaBroken(format!(
                        "m = {m}: stuck square ({x}, {y}) outside the near band"
                    )));
                }
            }
        }
    }
    Ok(())
}

/// Whether the player to move wins with knights on `squares` of the n×n board.
pub fn first_player_wins(n: u64, squares: &[(u64, u64)]) -> bool {
    Evaluator::new(n).largest(squares) % 2 == 1
}
