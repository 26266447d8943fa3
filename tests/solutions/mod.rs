//! The solutions: each game's rules and evaluator against a brute force over all small cases
//! and published sequences, the solutions' play modes, the single-file sources (standalone,
//! bundle, both modes in one file), their answers to faulty input, and the samples.
//!
//! A module of tests/tests.rs, the one binary of the tests that cross games.

mod bundle;
mod one_file_both_modes;
mod samples;
mod small_faults;
mod standalone;
