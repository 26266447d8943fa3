//! The strip placement game behind UVa 11534 "Say Goodbye to Tic-Tac-Toe" (`tictactoe`) and
//! SGU 328 "A Coloring Game" (`coloring`).
//!
//! Rules (both problems): a 1×N strip of cells; a move puts one of two colours into an empty
//! cell that has no neighbour of the same colour; a player with no move loses. UVa writes the
//! colours `X`/`O` and an empty cell `.`; SGU writes them `1`/`2` and an empty cell `0`.
//!
//! Theory. A mark never constrains anything beyond its two neighbours, so the marks cut the
//! strip into independent runs of empty cells, each bounded on either side by the strip's edge
//! or by a colour. The position is the disjunctive sum of its runs, and its Grundy value is the
//! xor of the runs' values (Sprague–Grundy). For a run of `L ≥ 1` empty cells:
//!
//! | left end | right end        | Grundy value |
//! |----------|------------------|--------------|
//! | edge     | edge             | `L mod 2`    |
//! | edge     | colour (or back) | `L`          |
//! | colour c | colour c         | `1`          |
//! | colour c | the other colour | `0`          |
//!
//! (the closed form stated in the project's problems.md for SGU 328). This module holds both
//! the plain mex recurrence over runs, [`RunGrundyTable::by_mex`], and that closed form,
//! [`run_grundy_formula`]; `games/strip/tests/solution/theory.rs` equates them for every length up to 5000 and checks
//! whole positions against an exhaustive game search that uses neither.
//! [`ValuedStrip`] keeps a strip valued under moves by both: the referee's evaluator, which
//! the strip generator also uses to make lost starts.
//!
//! ## Proof of the closed form for every length
//!
//! Write `f(L, a, b)` for the table's value; runs of length 0 are worth 0, as the table says.
//! By induction on `L ≥ 1`, assuming the table for all shorter runs (the parts a move leaves
//! are shorter). Putting colour `e` at offset `i` (`0 ≤ i < L`, counted from the left end `a`)
//! leaves `f(i, a, e) xor f(L-1-i, e, b)`; the move is illegal exactly when the cell touches an
//! end of colour `e` (`i = 0` and `a = e`, or `i = L-1` and `b = e`). Let `c ≠ d` be the two
//! colours.
//!
//! - `(c, d)`: `e = c` needs `i ≥ 1` and leaves `1 xor 0`; `e = d` needs `i ≤ L-2` and leaves
//!   `0 xor 1`. Every option is worth 1 (and `L = 1` has none), so the mex is 0.
//! - `(c, c)`: `e = d` is legal everywhere and leaves `0 xor 0`; `e = c` needs
//!   `1 ≤ i ≤ L-2` and leaves `1 xor 1`. Every option is worth 0 and there is one, so 1.
//! - `(edge, c)` (the mirror image `(c, edge)` is the same game): `e = d` at offset `i` leaves
//!   `i xor 0 = i` for every `i` in `0..L`, so every value below `L` is an option; `e = c` at
//!   `i ≤ L-2` leaves `i xor 1 ≤ i + 1 ≤ L-1`. The options are exactly `0..L`: the mex is `L`.
//! - `(edge, edge)`: any colour at `i` leaves `i xor (L-1-i)`, and `x xor y` has the parity of
//!   `x + y = L-1`. For odd `L` every option is even, and `i = (L-1)/2` gives 0: the mex is 1.
//!   For even `L` every option is odd: the mex is 0. So `L mod 2`.
//!
//! Values can be large only for end runs (`f(L, edge, c) = L`), and the options of an end run
//! are exactly the values below it, so a winning move changes an end run to
//! `value xor total` by colouring the cell that many cells from the strip's edge with the
//! colour the run does not touch. `games/strip/tests/solution/theory.rs` also checks each step of this induction
//! (the mex of the options valued by the closed form is the closed form) at run lengths up to
//! 10^6, the project's largest strip.
//!
//! Where it is: the colours and ends here; the run values and the plain rescanning functions in
//! `grundy.rs`, the referee's [`ValuedStrip`] in `valued.rs` (its coverage classes in
//! `valued/classes.rs`), the two notations in `notation.rs`.

pub mod board;
pub mod check;
pub mod gen;
pub mod play;
pub mod shrink;
pub mod validate;

mod grundy;
mod notation;
mod valued;

pub use grundy::{
    first_conflict, is_legal_move, marks, position_grundy, run_grundy_dp, run_grundy_formula, runs,
    winning_move, RunGrundyTable,
};
pub use notation::{digit_of, mark_of, parse_digits, parse_marks, to_digits, to_marks, StripError};
pub use valued::{
    run_kind, Run, ValuedError, ValuedStrip, CLASSES, DP_CAP, ERROR_PAIRS, RUN_KINDS,
};

/// The problems of this game, as the registry lists them.
pub const TICTACTOE: combgames_core::problem::Problem = combgames_core::problem::Problem {
    name: "tictactoe",
    gen: &gen::TICTACTOE,
    validator: &validate::TICTACTOE,
    play: &play::PLAY_TICTACTOE,
    shrink: shrink::tictactoe,
    judge_sized: (100, Some(300)),
    largest: Some(combgames_core::problem::Largest {
        kind: "ends",
        size: 100,
        count: Some(10_000),
    }),
    board: board::board_tictactoe,
    notation: board::NOTATION_TICTACTOE,
    sides: ["the first player", "the second player"],
    human: board::HUMAN,
    replay: concat!(include_str!("replay.js"), "\nreturn strip('.XO');\n"),
};
pub const COLORING: combgames_core::problem::Problem = combgames_core::problem::Problem {
    name: "coloring",
    gen: &gen::COLORING,
    validator: &validate::COLORING,
    play: &play::PLAY_COLORING,
    shrink: shrink::coloring,
    judge_sized: (100_000, None),
    largest: Some(combgames_core::problem::Largest {
        kind: "mixed",
        size: 100_000,
        count: None,
    }),
    board: board::board_coloring,
    notation: board::NOTATION_COLORING,
    sides: ["the first player", "the second player"],
    human: board::HUMAN,
    replay: concat!(include_str!("replay.js"), "\nreturn strip('012');\n"),
};

/// One of the two colours. UVa's `X`/SGU's `1` is `One`, UVa's `O`/SGU's `2` is `Two`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    One,
    Two,
}

impl Colour {
    pub const BOTH: [Colour; 2] = [Colour::One, Colour::Two];

    /// UVa 11534's letter for this colour.
    pub fn mark(self) -> char {
        match self {
            Colour::One => 'X',
            Colour::Two => 'O',
        }
    }

    /// The colour that is not this one.
    pub fn other(self) -> Colour {
        match self {
            Colour::One => Colour::Two,
            Colour::Two => Colour::One,
        }
    }

    /// SGU 328's digit for this colour.
    pub fn digit(self) -> char {
        match self {
            Colour::One => '1',
            Colour::Two => '2',
        }
    }
}

/// A cell of the strip: empty, or holding a colour.
pub type Cell = Option<Colour>;

/// What bounds a run of empty cells on one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// The end of the strip.
    Edge,
    /// A coloured cell.
    Colour(Colour),
}

impl End {
    pub const ALL: [End; 3] = [
        End::Edge,
        End::Colour(Colour::One),
        End::Colour(Colour::Two),
    ];

    fn index(self) -> usize {
        match self {
            End::Edge => 0,
            End::Colour(Colour::One) => 1,
            End::Colour(Colour::Two) => 2,
        }
    }

    /// May `colour` be placed in the run cell next to this end?
    fn allows(self, colour: Colour) -> bool {
        self != End::Colour(colour)
    }
}
