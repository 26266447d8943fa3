//! `referee human`: a person at the keyboard, over pipes and in a terminal (tmux).
//!
//! A module of tests/tests.rs, the one binary of the tests that cross games.

mod input_bounds;
mod pipe;
