//! The batch judge side: checkers, validators, gen, and `referee judge` with its shrinker.
//!
//! A module of tests/tests.rs, the one binary of the tests that cross games.

mod checkers;
mod checkers_jury_faults;
mod gen;
mod referee_judge;
mod referee_judge_build;
mod referee_judge_installed;
mod referee_judge_original;
mod referee_judge_players;
mod referee_judge_report;
mod referee_judge_setup;
mod referee_judge_shrink;
mod referee_judge_statement;
mod validators;
