//! Judge-side library for the combinatorial-game judge problems.
//!
//! The solutions in `solutions/` are single std-only files meant to be pasted into a judge;
//! this library holds what the judge side needs: rules engines, evaluators that do not share
//! the solutions' formulas, and the theory that checkers and the referee rely on.
//! One module per game.

pub mod checker;
pub mod escape;
pub mod generate;
pub mod knights;
pub mod octal;
pub mod pawns;
pub mod race;
pub mod referee;
pub mod registry;
pub mod rng;
pub mod strip;
pub mod subtraction;
pub mod validate;
pub mod verdict;
