//! The subtraction game's tests: its rules and evaluators against a brute force, its solution, the
//! referee's sessions, its judge-side programs and its mutants.

use combgames_testkit as common;

// The plain game search the other modules check against.
mod brute;

/// FAIL, not a verdict, for a replayed script the referee cannot follow.
mod blame;

mod eval;
mod gen;
/// `referee human` in a terminal (tmux).
mod human;
/// `referee human` with its input piped.
mod human_pipe;
/// `--kind` shapes the referee's rounds.
mod kinds;
mod misuse;
mod mutants;
/// One file, both modes: the first token decides.
mod one_file;
mod referee;
/// `referee judge subtraction` on solutions written from the statement alone.
mod referee_judge;
/// The replay page in headless Chromium.
mod replay;
mod rules;
mod sessions;
mod solution;
mod solution_play;
mod traps;
mod validator;
