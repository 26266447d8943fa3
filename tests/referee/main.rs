//! The referee's sessions, one module per game and per concern: rounds, traps, misuse, the
//! solutions and correct players it accepts, and its transcripts; the games' rules item by
//! item; the mutation suites (tests/mutants) and the replay page (tests/replay).
//!
//! One test binary for the area (a binary per file would be built and linked apart); the
//! shared helpers in tests/ are modules of the binaries that use them.

use combgames_testkit as common;

// The mutation suites and the replay page: areas of their own, in this binary so that their
// sessions overlap with the referee's (one binary links once and keeps both cores busy).
#[path = "../replay/mod.rs"]
mod replay;
mod rerun;

mod correct_players;
mod coverage;
mod kinds;
mod leading_zeros;
mod misuse;
mod round_streams;
mod solutions;
mod transcript_durability;
mod typed_round;
mod zoo;
