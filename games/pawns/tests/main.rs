//! The pawns game's tests: its rules and evaluators against a brute force, its solution, the
//! referee's sessions, its judge-side programs and its mutants.

use combgames_testkit as common;

/// Plain game-tree search on the library's board (no theory).
mod brute;
mod gen;
/// One file, both modes: the first token decides.
mod one_file;
/// The test-side pawn game and the driver of the solution's play mode (shared with the
/// example `pawns_play_bench`, support/play_bench.rs).
mod support;

/// The referee's evaluator against the brute force.
mod eval;
/// `referee human` in a terminal (tmux).
mod human;
/// `referee human` with its input piped.
mod human_pipe;
/// The solution's judge mode against the brute force and the octal game.
mod judge_mode;
/// The mutation suite (its players: the example `pawns_mutants`, mutants/pawns_mutants.rs).
mod mutants;
/// The solution's play mode against the test-side driver.
mod play_mode;
/// Rounds that start from a board with columns already played.
mod positions;
/// The replay page in headless Chromium.
mod replay;
/// The crate's rules through its public API.
mod rules;
/// The referee against the solution on other sizes than the default mix.
mod sessions;
/// The referee's unique-reply trap.
mod traps;
/// The validator's limits and the generator's kinds at every scale.
mod validator;
