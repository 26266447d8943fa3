//! The solutions: each game's rules and evaluator against a brute force over all small cases
//! and published sequences, the solutions' play modes, the single-file sources (standalone,
//! bundle, both modes in one file), their answers to faulty input, and the samples.
//!
//! One test binary for the area (a binary per file would be built and linked apart); the
//! shared helpers in tests/ are modules of the binaries that use them.

use combgames_testkit as common;
#[path = "../impartial_support/brute.rs"]
mod impartial_brute;
#[path = "../impartial_support/oeis.rs"]
mod impartial_oeis;
#[path = "../impartial_support/published.rs"]
mod impartial_published;
#[path = "../subtraction_search/mod.rs"]
mod subtraction_search;

mod bundle;
mod impartial;
mod impartial_eval;
mod impartial_misere;
mod impartial_rare;
mod one_file_both_modes;
mod samples;
mod small_faults;
mod standalone;
mod subtraction;
mod subtraction_eval;
mod subtraction_play;
