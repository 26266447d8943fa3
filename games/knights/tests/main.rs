//! The knights game's tests: its rules and evaluators against a brute force, its solution, the
//! referee's sessions, its judge-side programs and its mutants.

use combgames_testkit as common;

mod brute;
/// check-knights against a jury answer that is no right output.
mod checker;
mod coverage_errors;
mod coverage_levels;
mod gen;
/// `referee human` in a terminal (tmux).
mod human;
mod mutants;
mod referee;
/// The replay page in headless Chromium.
mod replay;
mod solution;
/// The validator's limits and the generator's kinds at every scale.
mod validator;
