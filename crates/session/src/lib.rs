//! The referee's session, std only (the Kattis validator is built from it by plain `rustc`):
//! - [`session`]: the protocol and the judging, move by move, over any
//!   [`combgames_core::peer::Peer`];
//! - [`options`]: the options of a session in one table, read from `referee play`'s command
//!   line and from the Kattis input files, and their help;
//! - [`kattis`]: `referee kattis`, the session as a Kattis/DOMjudge interactive validator over
//!   the validator's own stdio;
//! - [`transcript`]: the timestamped log, readable and replayable;
//! - [`fault`]: the first fault of a session is the one that counts.

pub mod fault;
pub mod kattis;
pub mod options;
pub mod session;
pub mod transcript;

/// The message of a solution that filled its scratch space of `bytes` (the sandbox's capped
/// tmpfs; the verdict is MLE: a tmpfs is memory).
pub fn scratch_full(bytes: u64) -> String {
    format!("the scratch space ({} MiB) is full", bytes >> 20)
}
