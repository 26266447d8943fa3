//! The batch judge side: checkers, validators, gen, and `referee judge` with its shrinker.
//!
//! One test binary for the area (a binary per file would be built and linked apart); the
//! shared helpers in tests/ are modules of the binaries that use them.

use combgames_testkit as common;
// What the documentation and `--help` promise (tests/docs).
#[path = "../docs/mod.rs"]
mod docs;

mod checkers;
mod checkers_jury_faults;
mod gen;
mod referee_judge;
mod referee_judge_build;
mod referee_judge_installed;
mod referee_judge_players;
mod referee_judge_report;
mod referee_judge_shrink;
mod referee_judge_statement;
mod validators;
