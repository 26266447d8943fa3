//! What the documentation and `--help` promise against what the programs do.
//!
//! One test binary for the area (a binary per file would be built and linked apart); the
//! shared helpers in tests/ are modules of the binaries that use them.

#[path = "../common/mod.rs"]
mod common;

mod help;
mod protocol_doc;
