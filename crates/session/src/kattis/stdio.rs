//! The team behind the judge system's pipes: [`StdioPeer`] over the validator's own stdin and
//! stdout, each write to the team bounded by a watchdog, and the wait for the end of the
//! team's output after the last round.

use super::write_judge_message;
use combgames_core::peer::{Event, Limits, LineBuffer, Peer, Wait, MAX_LINE};
use combgames_core::verdict::{Verdict, KATTIS_ERROR};
use std::fs::File;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Bounds every write to the team: a team that stops reading, or exits while the judge system
/// holds a copy of its input pipe (problemtools, DOMjudge), would leave the validator blocked in
/// write() for ever once the pipe buffer (64 KiB) is full. A thread watches each write: one
/// that lasts longer than the idle limit ends the validator with PE (the team does not read
/// its input), its reason in judgemessage.txt.
pub(super) struct WriteWatchdog {
    deadline: Arc<Mutex<Option<Instant>>>,
    limit: Duration,
}

impl WriteWatchdog {
    pub(super) fn start(
        limit: Duration,
        game: &'static str,
        feedback_dir: PathBuf,
    ) -> WriteWatchdog {
        let deadline = Arc::new(Mutex::new(None::<Instant>));
        let watched = Arc::clone(&deadline);
        std::thread::spawn(move || loop {
            std::thread::sleep(WATCHDOG_PERIOD);
            let due = *watched.lock().unwrap_or_else(|e| e.into_inner());
            if due.is_some_and(|t| Instant::now() >= t) {
                let line = format!(
                    "PE {game}: the team does not read its input (a write blocked for over {:.1}s)",
                    limit.as_secs_f64()
                );
                let code = match write_judge_message(&feedback_dir, &line) {
                    Ok(()) => Verdict::Pe.kattis_exit_code(),
                    Err(_) => KATTIS_ERROR,
                };
                eprintln!("{line}");
                std::process::exit(i32::from(code));
            }
        });
        WriteWatchdog { deadline, limit }
    }

    fn arm(&self) {
        *self.deadline.lock().unwrap_or_else(|e| e.into_inner()) =
            Some(Instant::now() + self.limit);
    }

    fn disarm(&self) {
        *self.deadline.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }
}

/// How often the write watchdog looks at the clock.
const WATCHDOG_PERIOD: Duration = Duration::from_millis(20);

/// Bytes read from the team's output at a time.
const CHUNK: usize = 1 << 16;
/// Chunks read ahead of the session at most: memory stays bounded whatever the team writes.
const READ_AHEAD: usize = 4;
/// After the last round, how long the validator waits for the end of the team's output, to
/// catch output after the last round (PE). Bounded: under problemtools the end never comes (its
/// runner holds a copy of the pipe until the validator exits) and the verdict is given when the
/// wait is over; where the judge passes the end on once the team has exited (DOMjudge,
/// BAPCtools, which warns when a validator accepts before the team has exited), the wait ends
/// as soon as the team exits.
pub const END_GRACE: Duration = Duration::from_secs(1);

/// The team's program behind the judge system's pipes: its output on this process's stdin,
/// its input on this process's stdout. A thread reads stdin (std has no poll) and hands the
/// bytes over a bounded channel, which gives the idle and wall limits their timeouts; lines
/// to the team are written directly. The judge system owns the team's process: its exit
/// status, CPU time and stderr are not visible here, and it enforces the team's limits.
pub struct StdioPeer {
    to_team: Option<File>,
    /// Bounds each write to the team (set by [`validate`](super::validate); none in tests of the
    /// peer alone).
    pub(super) watchdog: Option<WriteWatchdog>,
    from_team: Receiver<Vec<u8>>,
    /// The reader thread has seen end of file (or an error) on stdin.
    ended: bool,
    lines: LineBuffer,
    limits: Limits,
    waited: Duration,
    max_line: usize,
}

impl StdioPeer {
    /// Takes fds 0 and 1 over: closing fd 1 at the end is what lets the team see end of
    /// file where the judge system holds no copy of the pipe (DOMjudge).
    ///
    /// # Safety
    /// Fds 0 and 1 must be open and used by nothing else for the rest of the process (no
    /// `std::io::stdin`, `print!` or `println!`).
    pub unsafe fn over_own_stdio(limits: Limits) -> StdioPeer {
        use std::os::unix::io::FromRawFd;
        // SAFETY: the caller hands fds 0 and 1 over to this struct.
        let (mut from_team, to_team) = unsafe { (File::from_raw_fd(0), File::from_raw_fd(1)) };
        let (sender, receiver) = mpsc::sync_channel(READ_AHEAD);
        // The thread ends at end of file or when the session drops the receiver; if it is
        // blocked in read() when the validator exits, the exit ends it.
        std::thread::spawn(move || {
            let mut chunk = vec![0u8; CHUNK];
            loop {
                match from_team.read(&mut chunk) {
                    Ok(0) => return,
                    Ok(n) => {
                        if sender.send(chunk[..n].to_vec()).is_err() {
                            return;
                        }
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(_) => return,
                }
            }
        });
        StdioPeer {
            to_team: Some(to_team),
            watchdog: None,
            from_team: receiver,
            ended: false,
            lines: LineBuffer::default(),
            limits,
            waited: Duration::ZERO,
            max_line: MAX_LINE,
        }
    }

    fn wait_for_line(&mut self, wait: &Wait) -> Event {
        loop {
            if let Some(event) = self.lines.take_line(self.max_line) {
                return event;
            }
            if self.ended {
                // A last line without its newline still counts as a line.
                return self.lines.take_rest();
            }
            let now = Instant::now();
            if let Some(limit) = wait.ran_out(now) {
                return limit;
            }
            match self
                .from_team
                .recv_timeout(wait.deadline().saturating_duration_since(now))
            {
                Ok(bytes) => self.lines.bytes.extend_from_slice(&bytes),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => self.ended = true,
            }
        }
    }
}

impl Peer for StdioPeer {
    fn send(&mut self, line: &str) {
        let Some(to_team) = &mut self.to_team else {
            return;
        };
        // One write per line. A blocking write: a team that stops reading blocks the
        // validator until the judge system's limits end the team, and then the pipe breaks
        // (Rust ignores SIGPIPE, so that is an error here, not a death).
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        if let Some(w) = &self.watchdog {
            w.arm();
        }
        let written = to_team.write_all(&bytes);
        if let Some(w) = &self.watchdog {
            w.disarm();
        }
        if written.is_err() {
            // The team closed its input; what it did not read is lost.
            self.to_team = None;
        }
    }

    fn close_input(&mut self) {
        self.to_team = None;
    }

    fn next_line(&mut self) -> Event {
        let wait = Wait::start(&self.limits, self.waited);
        let event = self.wait_for_line(&wait);
        self.waited = wait.waited();
        event
    }

    fn set_max_line(&mut self, bytes: usize) {
        self.max_line = bytes.max(MAX_LINE);
    }

    fn max_line(&self) -> usize {
        self.max_line
    }

    /// Closes the team's input and waits up to [`END_GRACE`] for the end of its output;
    /// anything but whitespace before it is output after the last round.
    fn finish(&mut self) -> (bool, Option<Event>) {
        self.close_input();
        let until = Instant::now() + END_GRACE;
        let mut extra = false;
        loop {
            while let Some(event) = self.lines.take_line(usize::MAX) {
                if let Event::Line(l) = event {
                    extra |= l.iter().any(|b| !b.is_ascii_whitespace());
                }
            }
            extra |= self.lines.bytes.iter().any(|b| !b.is_ascii_whitespace());
            self.lines.clear();
            if extra || self.ended {
                return (extra, None);
            }
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return (false, None);
            }
            match self.from_team.recv_timeout(left) {
                Ok(bytes) => self.lines.bytes.extend_from_slice(&bytes),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => self.ended = true,
            }
        }
    }
}
