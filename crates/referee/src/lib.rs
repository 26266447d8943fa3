//! The referee's programs over the std-only session (crates/session): plays a game against a
//! solution over pipes and judges it (protocol and verdicts: docs/protocol.md). By concern:
//! - [`process`]: the solution as a [`combgames_core::peer::Peer`]: a child confined by the
//!   sandbox (crates/sandbox), non-blocking pipes, limits, kill;
//! - [`program`]: the `referee` program's help and dispatch (checkers/referee.rs is its `main`);
//! - [`play`]: `referee play` and `replay`, the session against a child;
//! - [`html`]: the replay page of a transcript, every move judged (`--html`);
//! - [`human`]: `referee human`, a person plays in the terminal against the referee's perfect
//!   play or a solution, the board drawn in text after each move;
//! - [`judge`]: `referee judge`, a batch solution run on samples and generated tests;
//! - [`cli`]: the command lines of `referee play`, `replay` and `judge`, read with lexopt;
//! - [`output`]: the files written for the user, never through a link planted at their name.

pub mod cli;
pub mod html;
pub mod human;
pub mod judge;
pub mod output;
pub mod play;
pub mod process;
pub mod program;
