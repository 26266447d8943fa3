//! Judge-side library for the combinatorial-game judge problems.
//!
//! The solutions in `solutions/` are single std-only files meant to be pasted into a judge;
//! this library holds what the judge side needs: rules engines, evaluators that do not share
//! the solutions' formulas, and the theory that checkers and the referee rely on.
//!
//! - the games: a module per game (`pawns`, `strip`, `knights`, `race`, `subtraction`, with
//!   `octal`), rules and evaluators of the judge's own; [`registry`] lists them, once;
//! - the batch judge side: [`checker`] (the checkers' contracts), [`validate`] (input
//!   validators), [`generate`] (test data), [`judge`] (`referee judge`: solutions run on tests);
//! - the interactive side: [`referee`] (sessions, processes, the Kattis validator);
//! - shared: [`verdict`], [`rng`], [`escape`].
//!
//! The programs are in `checkers/` (checkers, validators, gen, referee, referee-kattis)
//! and `tools/` (bundle); the solutions, outside this library, in `solutions/`.

pub mod cgroup;
pub mod checker;
pub mod escape;
pub mod generate;
pub mod impartial;
pub mod judge;
pub mod knights;
pub mod mounts;
pub mod namespaces;
pub mod octal;
pub mod pawns;
pub mod pidns;
pub mod privileges;
pub mod race;
pub mod referee;
pub mod registry;
pub mod rng;
pub mod sandbox;
pub mod strip;
pub mod subtraction;
pub mod validate;
pub mod verdict;
