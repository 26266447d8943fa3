//! A solution as the person's opponent: what it is sent, the lines it answers, judged as a
//! session judges them (a fault ends the game), and its exit after the last round.

use super::game::{referee_failure, Human, Opponent, Stop};
use super::term::abbreviated;
use combgames_core::peer::{Event, Exit};
use combgames_core::verdict::Verdict;
use combgames_session::session::ABORT;
use std::time::Duration;

impl Human<'_> {
    /// Against a solution: sends the position and reads the side it takes (`true`: first).
    pub(super) fn solution_side(&mut self, start: &str, number: u64) -> Result<bool, Stop> {
        self.send(start);
        let at = format!("round {number}, position {}", abbreviated(start));
        let side = self.read(&format!("waiting for the side in {at}"))?;
        match side.as_str() {
            "first" => Ok(true),
            "second" => Ok(false),
            _ => Err(self.fault(
                Verdict::Pe,
                format!("{at}: expected `first` or `second`, got {side:?}"),
            )),
        }
    }

    pub(super) fn send(&mut self, line: &str) {
        if let Opponent::Solution(peer) = &mut self.opponent {
            peer.send(line);
        }
        // Against a solution what it is sent is the transcript's `<` side.
        if self.against_solution() {
            for part in line.lines() {
                self.log('<', part);
            }
        }
    }

    /// Records the solution's fault: tells it (`-1`), closes its input, and stops.
    pub(super) fn fault(&mut self, verdict: Verdict, message: String) -> Stop {
        self.log('#', &format!("fault {verdict}: {message}"));
        if self.against_solution() {
            self.log('<', ABORT);
        }
        if let Opponent::Solution(peer) = &mut self.opponent {
            peer.send(ABORT);
            peer.close_input();
        }
        Stop::Fault(verdict, message)
    }

    /// The solution's next line, its trailing spaces removed; a fault as a session judges it.
    pub(super) fn read(&mut self, expecting: &str) -> Result<String, Stop> {
        let Opponent::Solution(peer) = &mut self.opponent else {
            return Err(referee_failure("no solution to read from"));
        };
        let limits = self.config.limits;
        let (verdict, message) = match peer.next_line() {
            Event::Line(bytes) => match String::from_utf8(bytes) {
                Ok(text) => {
                    let line = text.trim_end_matches(' ').to_owned();
                    self.log('>', &line);
                    return Ok(line);
                }
                Err(_) => (
                    Verdict::Pe,
                    format!("a line that is not UTF-8 while {expecting}"),
                ),
            },
            Event::TooLong => (
                Verdict::Pe,
                format!(
                    "a line longer than {} bytes while {expecting}",
                    peer.max_line()
                ),
            ),
            Event::Eof => match peer.settle_exit(Duration::from_secs(1)) {
                Some(exit) if exit.is_cpu_limit() => (
                    Verdict::Tle,
                    format!("CPU time limit: {exit} while {expecting}"),
                ),
                Some(exit @ (Exit::Signal(_) | Exit::Code(1..))) => {
                    (Verdict::Re, format!("{exit} while {expecting}"))
                }
                Some(exit) => (
                    Verdict::Pe,
                    format!("output ended ({exit}) while {expecting}"),
                ),
                None => (
                    Verdict::Pe,
                    format!("the solution closed its output while {expecting}"),
                ),
            },
            Event::Idle => (
                Verdict::Idle,
                format!(
                    "no line within {:.1}s while {expecting} (missing flush?)",
                    limits.idle.as_secs_f64()
                ),
            ),
            Event::WallTime => (
                Verdict::Tle,
                format!(
                    "wall time over {:.1}s while {expecting}",
                    limits.wall.as_secs_f64()
                ),
            ),
            Event::Memory => (
                Verdict::Mle,
                format!(
                    "memory over {} MB while {expecting}",
                    limits.memory.unwrap_or(0) >> 20
                ),
            ),
            Event::CpuTime => (
                Verdict::Tle,
                format!(
                    "CPU time over {:.1}s while {expecting}",
                    limits.cpu.as_secs_f64()
                ),
            ),
            Event::NotReading => (
                Verdict::Pe,
                "the solution does not read its input".to_owned(),
            ),
        };
        Err(self.fault(verdict, message))
    }

    /// After the last round: the solution's input closed, its exit judged as a session does.
    pub(super) fn finish_solution(&mut self) -> Option<(Verdict, String)> {
        let Opponent::Solution(peer) = &mut self.opponent else {
            return None;
        };
        let (extra, event) = peer.finish();
        if let Some(ev) = event {
            return Some(combgames_session::session::after_last_round(ev));
        }
        if extra {
            return Some((Verdict::Pe, "output after the last round".to_owned()));
        }
        match peer.exit() {
            Some(Exit::Code(0)) => None,
            Some(exit) if exit.is_cpu_limit() => Some((
                Verdict::Tle,
                "CPU time limit (SIGXCPU) after the last round".to_owned(),
            )),
            Some(exit) => Some((Verdict::Re, format!("after the last round: {exit}"))),
            None => Some((
                Verdict::Pe,
                "closed its output but did not exit after the last round".to_owned(),
            )),
        }
    }
}
