//! The tests that cross games, one binary of modules by area (each game's own tests are the
//! binary in its folder, games/<g>/tests/main.rs); the helpers they share are the testkit crate.
//!
//! - [`docs`]: what the documentation and `--help` promise;
//! - [`human`]: `referee human` over pipes and in a terminal;
//! - [`judge`]: checkers, validators, gen, `referee judge` and its shrinker;
//! - [`layout`]: the house's rules (the shared crates name no game);
//! - [`packages`]: the problem packages and their statements;
//! - [`referee`]: sessions, misuse, reruns, transcripts;
//! - [`replay`]: the replay page's command line;
//! - [`sandbox`]: the sandbox against hostile solutions, process control, `referee kattis`;
//! - [`solutions`]: the single-file sources, their faults and the samples.

use combgames_testkit as common;

mod docs;
mod human;
mod judge;
mod layout;
mod packages;
mod referee;
mod replay;
mod sandbox;
mod solutions;
