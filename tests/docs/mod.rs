//! What the documentation and `--help` promise against what the programs do.
//!
//! A module of the judge's test binary (tests/judge/main.rs).

mod help;
mod messages;
mod protocol_doc;
