//! The frame of the interactive packages' players (packages/<game>/interactive/*/*.rs): the
//! referee's lines as text, read through the solutions' protocol client, and the session's
//! exit rule. Each player declares that client as its module `protocol`
//! (solutions/src/shared/protocol.rs) beside this one; the packages hold every player bundled
//! with both (scripts/make-interactive-packages.sh), one std-only file.

use crate::protocol::{Referee, Stop};
use std::io::{StdinLock, StdoutLock};

/// Where a player writes its lines (with protocol::say, which flushes each).
pub type Out = StdoutLock<'static>;

/// The referee's lines, one at a time; `-1` ends the session (Stop::Abort).
pub struct Lines(Referee<StdinLock<'static>>);

impl Lines {
    /// The next line without its line end and the blanks around it (`what` names it in
    /// messages).
    pub fn next(&mut self, what: &str) -> Result<String, Stop> {
        self.0.next(what)?;
        Ok(String::from_utf8_lossy(self.0.text()).into_owned())
    }

    /// The number of rounds R of the header `play R`.
    pub fn rounds(&mut self) -> Result<u64, Stop> {
        self.0.rounds()
    }
}

/// Plays one session on stdin and stdout: `-1` (Stop::Abort) ends it quietly with status 0, a
/// fault is one line on stderr and status 1.
pub fn run(play: fn(&mut Lines, &mut Out) -> Result<(), Stop>) {
    let mut lines = Lines(Referee::new(std::io::stdin().lock()));
    if let Err(Stop::Fault(e)) = play(&mut lines, &mut std::io::stdout().lock()) {
        eprintln!("{e}");
        std::process::exit(1);
    }
}
