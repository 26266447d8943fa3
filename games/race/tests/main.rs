//! The race game's tests: its rules and evaluators against a brute force, its solution, the
//! referee's sessions, its judge-side programs and its mutants.

use combgames_testkit as common;

/// The solution as a module, with wrappers over the library's board (shared with the example
/// `race_gen`, solution/race_gen.rs).
mod solution;

/// The (class, error) pairs against their plain definition.
mod coverage_errors;

mod gen;

/// The referee's evaluator against the plain retrograde search.
mod eval;
/// `referee human` in a terminal (tmux).
mod human;
/// The solution's judge mode against the exhaustive search, the samples and bad input.
mod judge_mode;
/// The mutation suite (its players: the example `race_mutants`, mutants/race_mutants.rs).
mod mutants;
/// The referee's rounds, transcripts and `--play`'s protocol.
mod referee;
/// `referee judge race`: the test at the statement's largest sizes.
mod referee_judge;
/// The replay page in headless Chromium.
mod replay;
/// The validator's reachability rule.
mod validator;
