//! The referee's session, std only (the Kattis validator is built from it by plain `rustc`):
//! - [`session`]: the protocol and the judging, move by move, over any
//!   [`combgames_core::peer::Peer`];
//! - [`options`]: the options of a session in one table, read from `referee play`'s command
//!   line and from the Kattis input files, and their help;
//! - [`kattis`]: `referee kattis`, the session as a Kattis/DOMjudge interactive validator over
//!   the validator's own stdio;
//! - [`transcript`]: the timestamped log, readable and replayable;
//! - [`fault`]: the first fault of a session is the one that counts.
//!
//! A session over any [`Peer`](combgames_core::peer::Peer), here a player in the same process
//! that answers with the referee's own evaluator and so wins every round:
//!
//! ```
//! use combgames_core::peer::{Event, Limits, Peer};
//! use combgames_core::rng::Rng;
//! use combgames_core::round::Round;
//! use combgames_core::verdict::Verdict;
//! use combgames_registry::Game;
//! use combgames_session::options;
//! use combgames_session::session::{run_over, Config};
//! use std::collections::VecDeque;
//! use std::time::Duration;
//!
//! struct Perfect { round: Option<Box<dyn Round>>, out: VecDeque<String>, rng: Rng }
//! impl Perfect {
//!     fn answer(&mut self) {
//!         let round = self.round.as_mut().unwrap();
//!         if round.mover_has_move() {
//!             let line = round.winning_move(&mut self.rng).unwrap(); // played too
//!             self.out.push_back(line);
//!         }
//!     }
//! }
//! impl Peer for Perfect {
//!     fn send(&mut self, line: &str) {
//!         if line.starts_with("play") {
//!         } else if line == "end" {
//!             self.round = None;
//!         } else if let Some(round) = self.round.as_mut() {
//!             round.play_line(line).unwrap(); // the referee's move
//!             self.answer();
//!         } else {
//!             let mut round = Game::Subtraction.from_line(line).unwrap(); // a position
//!             let first = round.mover_wins().unwrap();
//!             self.out.push_back(if first { "first" } else { "second" }.into());
//!             self.round = Some(round);
//!             if first {
//!                 self.answer();
//!             }
//!         }
//!     }
//!     fn close_input(&mut self) {}
//!     fn next_line(&mut self) -> Event {
//!         self.out.pop_front().map_or(Event::Eof, |line| Event::Line(line.into_bytes()))
//!     }
//!     fn set_max_line(&mut self, _: usize) {}
//!     fn max_line(&self) -> usize {
//!         1 << 16
//!     }
//! }
//!
//! let words = ["--rounds", "5", "--size", "2..1000"].map(String::from);
//! let options = options::parse(Game::Subtraction, &words).unwrap();
//! let second = Duration::from_secs(1);
//! let config = Config {
//!     game: Game::Subtraction,
//!     seed: Some(1),
//!     script: options.generated(),
//!     limits: Limits { cpu: second, wall: second, idle: second, memory: None },
//!     transcript: None,
//!     command: Vec::new(),
//!     move_cap: None,
//!     play_options: None,
//! };
//! let player = Perfect { round: None, out: VecDeque::new(), rng: Rng::new(2) };
//! let report = run_over(&config, player);
//! assert_eq!((report.verdict, report.rounds), (Verdict::Ok, 5), "{}", report.message);
//! ```

pub mod fault;
pub mod kattis;
pub mod options;
pub mod report;
pub mod session;
pub mod transcript;

/// The message of a solution that filled its scratch space of `bytes` (the sandbox's capped
/// tmpfs; the verdict is MLE: a tmpfs is memory).
pub fn scratch_full(bytes: u64) -> String {
    format!("the scratch space ({} MiB) is full", bytes >> 20)
}
