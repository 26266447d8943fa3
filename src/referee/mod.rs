//! The interactive referee: plays a game against a solution over pipes and judges it
//! (protocol and verdicts: docs/protocol.md). Split by concern:
//! - [`process`]: the child in its own process group, non-blocking pipes, limits, kill;
//! - [`session`]: the protocol and the judging, move by move;
//! - [`games`]: the games behind one interface (rules, evaluators, the referee's moves), a
//!   file per game;
//! - [`verdict`]: verdicts, exit codes, first-fault precedence;
//! - [`transcript`]: the timestamped log, readable and replayable;
//! - [`rng`]: the seeded generator that makes every session reproducible;
//! - [`judge`] and [`batch`]: `referee judge`, batch solutions on samples and generated tests;
//! - [`kattis`]: `referee kattis`, the session as a Kattis/DOMjudge interactive validator;
//! - [`cli`]: option values the subcommands share.

pub mod batch;
pub mod cli;
pub mod games;
pub mod judge;
pub mod kattis;
pub mod process;
pub mod rng;
pub mod session;
pub mod transcript;
pub mod verdict;
