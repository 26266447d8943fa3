//! The mutation suites: each game's wrong players (examples/*_mutants) must lose to the referee,
//! the right ones must not.
//!
//! A module of the referee's test binary (tests/referee/main.rs declares the shared helpers).

mod knights;
mod pawns;
mod race;
mod strip;
