//! What the documentation and `--help` promise against what the programs do.
//!
//! A module of tests/tests.rs.

mod help;
mod messages;
mod paths;
mod protocol_doc;
