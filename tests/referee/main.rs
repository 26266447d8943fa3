//! The referee's sessions, one module per game and per concern: rounds, traps, misuse, the
//! solutions and correct players it accepts, and its transcripts; the games' rules item by
//! item; the mutation suites (tests/mutants) and the replay page (tests/replay).
//!
//! One test binary for the area (a binary per file would be built and linked apart); the
//! shared helpers in tests/ are modules of the binaries that use them.

use combgames_testkit as common;
// The brute force's other helpers serve the solutions' tests.
#[allow(dead_code)]
#[path = "../impartial_support/brute.rs"]
mod impartial_brute;
#[path = "../impartial_mutants/mod.rs"]
mod impartial_mutants;
#[path = "../subtraction_mutants/mod.rs"]
mod subtraction_mutants;
#[path = "../subtraction_search/mod.rs"]
mod subtraction_search;

// The mutation suites and the replay page: areas of their own, in this binary so that their
// sessions overlap with the referee's (one binary links once and keeps both cores busy).
#[path = "../mutants/mod.rs"]
mod mutants;
#[path = "../replay/mod.rs"]
mod replay;
mod rerun;

mod correct_players;
mod coverage;
mod impartial;
mod kinds;
mod leading_zeros;
mod misuse;
mod round_streams;
mod rules;
mod solutions;
mod subtraction;
mod transcript_durability;
mod traps;
mod typed_round;
mod zoo;
