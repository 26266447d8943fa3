//! `referee human`: a person at the keyboard, over pipes and in a terminal (tmux).
//!
//! One test binary for the area (a binary per file would be built and linked apart); the
//! shared helpers in tests/ are modules of the binaries that use them.

use combgames_testkit as common;

mod input_bounds;
mod pipe;
mod play;
