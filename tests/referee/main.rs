//! The referee's sessions, one module per game and per concern: rounds, traps, misuse, the
//! solutions and correct players it accepts, and its transcripts.
//!
//! One test binary for the area (a binary per file would be built and linked apart); the
//! shared helpers in tests/ are modules of the binaries that use them.

#[path = "../common/mod.rs"]
mod common;
#[path = "../knights_brute/mod.rs"]
mod knights_brute;
#[path = "../pawns_support/brute.rs"]
mod pawns_brute;
#[path = "../strip_search/mod.rs"]
mod strip_search;
#[path = "../subtraction_search/mod.rs"]
mod subtraction_search;

mod correct_players;
mod coverage;
mod impartial;
mod kinds;
mod knights;
mod leading_zeros;
mod misuse;
mod pawns_positions;
mod race;
mod round_streams;
mod solutions;
mod strip;
mod subtraction;
mod transcript_durability;
mod traps;
mod typed_round;
mod zoo;
