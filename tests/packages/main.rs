//! The problem packages (batch and interactive) that scripts/make-packages.sh builds, and the
//! TeX check of their statements (scripts/tex-styles.sh).
//!
//! One test binary for the area (a binary per file would be built and linked apart); the
//! shared helpers in tests/ are modules of the binaries that use them.

use combgames_testkit as common;

mod compile_once;
mod interactive;
mod made;
mod packages;
mod tex;
