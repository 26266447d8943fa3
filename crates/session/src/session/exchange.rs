//! A session's state ([`Session`]) and its lines with the solution: a line sent, a line read
//! with every way a read can fail, the first fault that stops the session ([`Stop`]), and the
//! judging of the solution's end after the last round.

use super::{after_last_round, Config, ABORT};
use crate::fault::FirstFault;
use crate::transcript::Transcript;
use combgames_core::peer::{Event, Exit, Peer};
use combgames_core::rng::Rng;
use combgames_core::verdict::Verdict;
use std::collections::{BTreeMap, VecDeque};
use std::fmt;
use std::time::Duration;

/// A fault that ends the session at once.
pub(super) struct Stop;

pub(super) struct Session<'a, P: Peer> {
    pub(super) config: &'a Config,
    pub(super) solution: P,
    pub(super) transcript: Transcript,
    pub(super) fault: FirstFault,
    pub(super) rng: Rng,
    pub(super) rounds: u64,
    pub(super) moves: u64,
    pub(super) cut: u64,
    pub(super) replay: VecDeque<String>,
    pub(super) coverage: BTreeMap<String, u64>,
}

impl<P: Peer> Session<'_, P> {
    pub(super) fn send(&mut self, line: &str) {
        self.transcript.sent(line);
        self.solution.send(line);
    }

    /// Records a fault (if first), tells the solution, and stops.
    pub(super) fn fault(&mut self, verdict: Verdict, message: String) -> Stop {
        if self.fault.record(verdict, message.clone()) {
            self.transcript.note(&format!("fault {verdict}: {message}"));
            self.send(ABORT);
            self.solution.close_input();
        }
        Stop
    }

    /// Judges an early end of the solution's output: a crash is RE, a clean exit or a
    /// closed stdout is PE.
    fn output_ended(&mut self, expecting: &str) -> Stop {
        let exit = self.solution.settle_exit(Duration::from_secs(1));
        if let Some(bytes) = self.solution.scratch_full() {
            return self.fault(
                Verdict::Mle,
                format!("{} while {expecting}", crate::scratch_full(bytes)),
            );
        }
        if self.solution.memory_killed() {
            return self.fault(
                Verdict::Mle,
                format!(
                    "memory over {} MB while {expecting} (killed by the kernel's cap on the process tree)",
                    self.config.limits.memory.unwrap_or(0) >> 20
                ),
            );
        }
        match exit {
            Some(exit) if exit.is_cpu_limit() => self.fault(
                Verdict::Tle,
                format!("CPU time limit: {exit} while {expecting}"),
            ),
            Some(exit @ (Exit::Signal(_) | Exit::Code(1..))) => {
                self.fault(Verdict::Re, format!("{exit} while {expecting}"))
            }
            Some(exit) => self.fault(
                Verdict::Pe,
                format!("output ended ({exit}) while {expecting}"),
            ),
            None => self.fault(
                Verdict::Pe,
                format!("the solution closed its output while {expecting}"),
            ),
        }
    }

    /// The solution's next line, as text with trailing spaces removed.
    pub(super) fn read(&mut self, expecting: &str) -> Result<String, Stop> {
        match self.solution.next_line() {
            Event::Line(bytes) => {
                self.transcript.received(&bytes);
                let Ok(text) = String::from_utf8(bytes) else {
                    return Err(self.fault(
                        Verdict::Pe,
                        format!("a line that is not UTF-8 while {expecting}"),
                    ));
                };
                Ok(text.trim_end_matches(' ').to_owned())
            }
            Event::TooLong => Err(self.fault(
                Verdict::Pe,
                format!(
                    "a line longer than {} bytes while {expecting}",
                    self.solution.max_line()
                ),
            )),
            Event::Eof => Err(self.output_ended(expecting)),
            Event::Idle => Err(self.fault(
                Verdict::Idle,
                format!(
                    "no line within {:.1}s while {expecting} (missing flush?)",
                    self.config.limits.idle.as_secs_f64()
                ),
            )),
            Event::WallTime => Err(self.fault(
                Verdict::Tle,
                format!(
                    "wall time over {:.1}s while {expecting}",
                    self.config.limits.wall.as_secs_f64()
                ),
            )),
            Event::Memory => Err(self.fault(
                Verdict::Mle,
                format!(
                    "memory over {} MB while {expecting}",
                    self.config.limits.memory.unwrap_or(0) >> 20
                ),
            )),
            Event::CpuTime => Err(self.fault(
                Verdict::Tle,
                format!(
                    "CPU time over {:.1}s while {expecting}",
                    self.config.limits.cpu.as_secs_f64()
                ),
            )),
            Event::NotReading => Err(self.fault(
                Verdict::Pe,
                "the solution does not read its input".to_owned(),
            )),
        }
    }

    pub(super) fn referee_error(&mut self, round: u64, message: impl fmt::Display) -> Stop {
        self.fault(
            Verdict::Fail,
            format!("round {round}: referee error: {message}"),
        )
    }

    /// Normal end: close stdin, wait for the exit, judge extra output and the exit status.
    pub(super) fn finish(&mut self) {
        if !self.solution.is_child() {
            // Over the validator's own stdio (referee kattis) the wait for end of output is
            // short and bounded (the peer's `finish`): the judge system may hold its own copy
            // of the team's output pipe until the validator exits (problemtools), so the end
            // may never come; where it does come (DOMjudge, BAPCtools), output after the last
            // round is caught. The team's exit status belongs to the judge system.
            let (extra, _) = self.solution.finish();
            if extra {
                self.fault
                    .record(Verdict::Pe, "output after the last round");
            }
            return;
        }
        let (extra, event) = self.solution.finish();
        if let Some(ev) = event {
            let (v, what) = match self.solution.scratch_full() {
                Some(bytes) if ev == Event::Memory => (
                    Verdict::Mle,
                    format!("after the last round: {}", crate::scratch_full(bytes)),
                ),
                _ => after_last_round(ev),
            };
            self.fault.record(v, what);
            return;
        }
        if extra {
            self.fault
                .record(Verdict::Pe, "output after the last round");
            return;
        }
        match self.solution.exit() {
            Some(Exit::Code(0)) => {}
            Some(exit) if exit.is_cpu_limit() => {
                self.fault.record(
                    Verdict::Tle,
                    "CPU time limit (SIGXCPU) after the last round",
                );
            }
            Some(exit) => {
                self.fault
                    .record(Verdict::Re, format!("after the last round: {exit}"));
            }
            None => {
                self.fault.record(
                    Verdict::Pe,
                    "closed its output but did not exit after the last round",
                );
            }
        }
    }
}
