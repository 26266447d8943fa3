//! Processes: the sandbox against hostile solutions, the referee's process control, and
//! `referee kattis` wired as the judge systems wire it.
//!
//! One test binary for the area (a binary per file would be built and linked apart); the
//! shared helpers in tests/ are modules of the binaries that use them.

use combgames_testkit as common;

mod attacks;
mod kattis_hostile;
mod referee_kattis;
mod referee_process;
mod sandbox;
mod spare;
