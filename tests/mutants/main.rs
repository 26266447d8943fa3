//! The mutation suites: each game's wrong players (examples/*_mutants) must lose to the referee,
//! the right ones must not.
//!
//! One test binary for the area (a binary per file would be built and linked apart); the
//! shared helpers in tests/ are modules of the binaries that use them.

#[path = "../common/mod.rs"]
mod common;
// The brute forces' and the pawn suite's other helpers serve the solutions' tests and
// examples/pawns_mutants.rs.
#[allow(dead_code)]
#[path = "../impartial_support/brute.rs"]
mod impartial_brute;
#[path = "../impartial_mutants/mod.rs"]
mod impartial_mutants;
#[path = "../knights_brute/mod.rs"]
mod knights_brute;
#[path = "../knights_support/mod.rs"]
mod knights_support;
#[allow(dead_code)]
#[path = "../pawns_support/mutants.rs"]
mod pawns_mutants;
#[path = "../pawns_support/mod.rs"]
mod pawns_support;
#[path = "../strip_mutants/mod.rs"]
mod strip_mutants;
#[path = "../strip_search/mod.rs"]
mod strip_search;
#[path = "../subtraction_mutants/mod.rs"]
mod subtraction_mutants;
#[path = "../subtraction_search/mod.rs"]
mod subtraction_search;

mod impartial;
mod knights;
mod pawns;
mod race;
mod strip;
mod subtraction;
