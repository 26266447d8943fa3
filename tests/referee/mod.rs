//! The referee's sessions across games, one module per concern: rounds, misuse, the solutions
//! and correct players it accepts, reruns and transcripts (each game's own are in its folder,
//! games/<g>/tests/).
//!
//! A module of tests/tests.rs, the one binary of the tests that cross games.

mod correct_players;
mod coverage;
mod kinds;
mod leading_zeros;
mod misuse;
mod rerun;
mod round_streams;
mod transcript_durability;
mod typed_round;
mod zoo;
