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
//!
//! `referee play pawns --rounds 20 --seed 1 -- target/release/pawns --play`, its command line
//! read by hand (the example needs a built solution, so it is only compiled):
//!
//! ```no_run
//! use combgames_core::peer::Limits;
//! use combgames_registry::Game;
//! use combgames_session::{options, session::Config};
//! use std::time::Duration;
//!
//! let options = options::parse(Game::Pawns, &["--rounds".into(), "20".into()]).unwrap();
//! let config = Config {
//!     game: Game::Pawns,
//!     seed: Some(1),
//!     script: options.generated(),
//!     limits: Limits {
//!         cpu: Duration::from_secs(10),
//!         wall: Duration::from_secs(20),
//!         idle: Duration::from_secs(5),
//!         memory: Some(1024 << 20),
//!     },
//!     transcript: None,
//!     command: vec!["target/release/pawns".into(), "--play".into()],
//!     move_cap: None,
//!     play_options: None,
//! };
//! let report = combgames_referee::play::run(&config);
//! println!("{}", report.line()); // OK pawns seed=1 rounds=20 ...
//! ```

pub mod cli;
pub mod html;
pub mod human;
pub mod judge;
pub mod output;
pub mod play;
pub mod process;
pub mod program;
