//! The interactive referee: plays a game against a solution over pipes and judges it
//! (protocol and verdicts: docs/protocol.md). Split by concern:
//! - [`peer`]: the other side as the session sees it (lines within limits), std only;
//! - [`process`]: the child in its own process group, non-blocking pipes, limits, kill;
//! - [`session`]: the protocol and the judging, move by move, over any [`peer::Peer`];
//! - [`play`]: `referee play`, the session against a child;
//! - [`games`]: the games behind one interface (rules, evaluators, the referee's moves), a
//!   file per game;
//! - [`verdict`] and [`rng`]: the crate's one Verdict and one Rng (crate::verdict, crate::rng),
//!   named here too;
//! - [`transcript`]: the timestamped log, readable and replayable;
//! - [`html`]: the replay page of a transcript, every move judged (`--html`);
//! - [`human`]: `referee human`, a person plays in the terminal against the referee's perfect
//!   play or a solution, the board drawn in text after each move;
//! - [`kattis`]: `referee kattis`, the session as a Kattis/DOMjudge interactive validator,
//!   over the validator's own stdio; with [`options`], [`session`], [`games`] and the modules
//!   they use it is std only and builds from one file (checkers/referee_kattis.rs);
//! - [`options`]: the options of a session in one table, read from `referee play`'s command
//!   line and from the Kattis input files, and their help;
//! - [`cli`]: the command lines of `referee play`, `replay` and `judge`, read with lexopt (not
//!   std only, so not part of the Kattis validator).

pub mod cli;
pub mod games;
pub mod html;
pub mod human;
pub mod kattis;
pub mod options;
pub mod peer;
pub mod play;
pub mod process;
pub mod rng;
pub mod session;
pub mod transcript;
pub mod verdict;
