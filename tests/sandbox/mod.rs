//! Processes: the sandbox against hostile solutions, the referee's process control, and
//! `referee kattis` wired as the judge systems wire it.
//!
//! A module of tests/tests.rs, the one binary of the tests that cross games.

mod attacks;
mod hostile;
mod kattis_hostile;
mod referee_kattis;
mod referee_process;
mod spare;
