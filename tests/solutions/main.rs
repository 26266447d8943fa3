//! The solutions: each game's rules and evaluator against a brute force over all small cases
//! and published sequences, the solutions' play modes, the single-file sources (standalone,
//! bundle, both modes in one file), their answers to faulty input, and the samples.
//!
//! One test binary for the area (a binary per file would be built and linked apart); the
//! shared helpers in tests/ are modules of the binaries that use them.

use combgames_testkit as common;

mod bundle;
mod one_file_both_modes;
mod samples;
mod small_faults;
mod standalone;
