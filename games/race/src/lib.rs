//! race — BOI 2008 "Game": the referee's side, with nothing of the solution in it.
//!
//! - [`Board`] (file `grid.rs`): the judge format of one board.
//! - [`Rules`], [`Position`], [`legal_moves`] (`rules.rs`): the rules engine, with the jump and
//!   both readings of "may the jumper land on the square it came from" ([`JumpBack`]).
//! - [`retrograde`] (`exhaustive.rs`): an exhaustive search over (A square, B square, side to
//!   move) — win, loss or draw for every position of a small board; it knows nothing of layers
//!   or parity.
//! - [`Evaluator`] (module [`eval`]): the referee's exact evaluator of every position on
//!   boards up to the referee's limit, checked against [`retrograde`] (games/race/docs/evaluator.md).
//! - [`PipesAndTanks`] (`pipes.rs`): the paper's boards that break the official O(n³) bound.
//!
//! The solution (`solutions/race.rs`) is not part of this library: the tests that check it
//! include the solution file themselves.
//!
//! Rule readings fixed here (problems.md §5): a player wins the moment it enters the
//! opponent's start square, by a step or by either half of a jump — stepping onto the
//! opponent standing on its own start square wins at once, no landing needed. A player with
//! no legal move loses (this never happens on a connected board). Landing back on the
//! square the jumper came from amounts to passing the turn; allowing it or not changes no
//! answer on any board the tests search (random boards up to 8×8, mazes, corridors, pipes
//! and tanks), and no connected board they search is a draw.

pub mod board;
pub mod check;
pub mod coverage;
pub mod gen;
pub mod play;
pub mod shrink;
pub mod validate;

/// The problem of this game, as the registry lists it.
pub const RACE: combgames_core::problem::Problem = combgames_core::problem::Problem {
    name: "race",
    gen: &gen::GEN,
    validator: &validate::RACE,
    play: &play::PLAY,
    shrink: shrink::race,
    judge_sized: (40, Some(10)),
    largest: Some(combgames_core::problem::Largest {
        kind: "pipes",
        size: 300,
        count: Some(10),
    }),
    board: board::board,
    notation: board::NOTATION,
    sides: ["A", "B"],
    human: board::HUMAN,
    replay: include_str!("replay.js"),
};

pub mod eval;
pub use eval::Evaluator;

mod exhaustive;
mod grid;
mod pipes;
mod rules;

pub use exhaustive::{brute_force_winner, retrograde, Retrograde, Value};
pub use grid::{squares_around, Board, BoardError, PlayRowsError};
pub use pipes::PipesAndTanks;
pub use rules::{legal_moves, JumpBack, Move, Outcome, Position, Rules};

/// The two players; A moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    A,
    B,
}

impl Player {
    pub fn other(self) -> Player {
        match self {
            Player::A => Player::B,
            Player::B => Player::A,
        }
    }

    pub fn letter(self) -> char {
        match self {
            Player::A => 'A',
            Player::B => 'B',
        }
    }
}
