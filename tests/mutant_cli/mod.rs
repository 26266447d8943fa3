//! The mutation-suite players' command line is `combgames_testkit::mutant_cli` (a player is an
//! example of the root package, which has the testkit among its dev-dependencies): this module
//! only passes it on to the players that still include this file by path.

pub use combgames_testkit::mutant_cli::*;
