//! The strip game's tests (tictactoe and coloring): its rules and evaluators against a brute
//! force, its solution, the referee's sessions, its judge-side programs and its mutants.

use combgames_testkit as common;

mod gen;
/// `referee human` in a terminal (tmux).
mod human;
mod mutants;
/// One file, both modes: the first token decides.
mod one_file;
mod referee;
/// The replay page in headless Chromium.
mod replay;
mod rules;
mod search;
mod solution;
mod validator;
