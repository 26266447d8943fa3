//! The referee's sessions, one module per game and per concern: rounds, traps, misuse, the
//! solutions and correct players it accepts, and its transcripts; the games' rules item by
//! item; the mutation suites (tests/mutants) and the replay page (tests/replay).
//!
//! One test binary for the area (a binary per file would be built and linked apart); the
//! shared helpers in tests/ are modules of the binaries that use them.

use combgames_testkit as common;
// The brute forces' and the pawn suite's other helpers serve the solutions' tests and
// examples/pawns_mutants.rs.
#[path = "../knights_brute/mod.rs"]
mod knights_brute;
#[path = "../knights_support/mod.rs"]
mod knights_support;
#[path = "../pawns_support/brute.rs"]
mod pawns_brute;
#[allow(dead_code)]
#[path = "../pawns_support/mutants.rs"]
mod pawns_mutants;
#[path = "../pawns_support/mod.rs"]
mod pawns_support;
#[path = "../strip_mutants/mod.rs"]
mod strip_mutants;
#[path = "../strip_search/mod.rs"]
mod strip_search;

// The mutation suites and the replay page: areas of their own, in this binary so that their
// sessions overlap with the referee's (one binary links once and keeps both cores busy).
#[path = "../mutants/mod.rs"]
mod mutants;
#[path = "../replay/mod.rs"]
mod replay;
mod rerun;

mod correct_players;
mod coverage;
mod kinds;
mod knights;
mod leading_zeros;
mod misuse;
mod pawns_positions;
mod race;
mod round_streams;
mod rules;
mod solutions;
mod strip;
mod transcript_durability;
mod traps;
mod typed_round;
mod zoo;
