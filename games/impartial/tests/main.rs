//! The impartial game's tests: its rules and evaluators against a brute force, its solution, the
//! referee's sessions, its judge-side programs and its mutants.

use combgames_testkit as common;

// The plain search over positions the other modules check against, and published sequences.
mod brute;
mod oeis;
mod published;

mod checker;
mod coverage_phases;
mod eval;
mod gen;
/// `referee human` in a terminal (tmux).
mod human;
mod misere;
mod mutants;
mod quotient;
mod rare;
mod referee;
/// The replay page in headless Chromium.
mod replay;
mod solution;
mod solution_misere;
mod validator;
