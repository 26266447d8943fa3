//! The race solution as a module (wrappers.rs), for the tests of this binary and the example
//! `race_gen` (race_gen.rs, run by games/race/bench/race.sh), which declares wrappers.rs as
//! its own module.

mod wrappers;
pub use wrappers::*;
