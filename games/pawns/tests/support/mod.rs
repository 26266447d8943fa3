//! The test-side pawn game and driver (game.rs), for the tests of this binary and the example
//! `pawns_play_bench` (play_bench.rs, run by games/pawns/bench/pawns.sh), which declares
//! game.rs as its own module.

mod game;
pub use game::*;
