//! The other side of a session as the protocol sees it: lines in, lines out, within limits.
//! Two transports implement [`Peer`]: a child the referee started (the referee's `process`
//! module, which needs libc for process groups, rlimits and poll) and the judge system's pipes
//! on the referee's own stdin and stdout (the session crate's `kattis` module, std only). This
//! module and everything the session needs are std only, so the Kattis validator builds from
//! one file with plain `rustc` (docs/kattis.md).

use std::fmt;
use std::time::{Duration, Instant};

/// Longest line accepted from the solution by default, in bytes (its newline excluded).
pub const MAX_LINE: usize = 4096;

/// The solution's limits.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// CPU time of the solution's process.
    pub cpu: Duration,
    /// Wall time the referee spends waiting for the solution, over the whole session.
    pub wall: Duration,
    /// Longest wait for any one line.
    pub idle: Duration,
    /// Resident memory of the solution's whole process tree, bytes; `None` for no limit (the
    /// Kattis validator leaves memory to the judge system).
    pub memory: Option<u64>,
}

/// One wait for the solution, against its limits: the idle limit bounds this wait, the wall
/// limit all of the session's waits together. Both transports' wait loops (the referee's
/// `process`, the session's `kattis`) keep their clock with it, so a limit runs out the same
/// way in both.
#[derive(Clone, Copy, Debug)]
pub struct Wait {
    begin: Instant,
    /// Time spent in the session's earlier waits.
    before: Duration,
    idle_end: Instant,
    wall_end: Instant,
}

impl Wait {
    /// A wait starting now, after `before` spent in earlier waits.
    pub fn start(limits: &Limits, before: Duration) -> Wait {
        let begin = Instant::now();
        Wait {
            begin,
            before,
            idle_end: begin + limits.idle,
            wall_end: begin + limits.wall.saturating_sub(before),
        }
    }

    /// The limit that has run out by `now`, if one has: [`Event::Idle`] before
    /// [`Event::WallTime`] when both have.
    pub fn ran_out(&self, now: Instant) -> Option<Event> {
        if now >= self.idle_end {
            Some(Event::Idle)
        } else if now >= self.wall_end {
            Some(Event::WallTime)
        } else {
            None
        }
    }

    /// When the first of the two limits runs out: how long a loop may block.
    pub fn deadline(&self) -> Instant {
        self.idle_end.min(self.wall_end)
    }

    /// Time spent in all waits, this one up to now included.
    pub fn waited(&self) -> Duration {
        self.before + self.begin.elapsed()
    }
}

/// What waiting for the solution's next line gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Event {
    /// One line, newline (and a CR before it) removed; bytes as sent.
    Line(Vec<u8>),
    /// A line longer than the line limit.
    TooLong,
    /// The solution's output ended (it closed stdout or exited).
    Eof,
    /// No line within the idle limit.
    Idle,
    /// The wall-time budget ran out.
    WallTime,
    /// The CPU-time limit was exceeded.
    CpuTime,
    /// The memory limit was exceeded.
    Memory,
    /// The solution does not read its input (too many unread bytes).
    NotReading,
}

/// How the solution's main process ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    Code(i32),
    Signal(i32),
}

/// Signal numbers as Linux numbers them on x86, x86-64 and ARM (the judge hosts); std names
/// no signals, and this module must not need libc. `process.rs` tests them against libc's.
pub mod signal {
    pub const SIGILL: i32 = 4;
    pub const SIGABRT: i32 = 6;
    pub const SIGBUS: i32 = 7;
    pub const SIGFPE: i32 = 8;
    pub const SIGKILL: i32 = 9;
    pub const SIGSEGV: i32 = 11;
    pub const SIGPIPE: i32 = 13;
    pub const SIGTERM: i32 = 15;
    pub const SIGXCPU: i32 = 24;
    pub const SIGXFSZ: i32 = 25;

    /// The signal's name, for messages (`signal` when it is none of the above).
    pub fn name(sig: i32) -> &'static str {
        match sig {
            SIGILL => "SIGILL",
            SIGABRT => "SIGABRT",
            SIGBUS => "SIGBUS",
            SIGFPE => "SIGFPE",
            SIGKILL => "SIGKILL",
            SIGSEGV => "SIGSEGV",
            SIGPIPE => "SIGPIPE",
            SIGTERM => "SIGTERM",
            SIGXCPU => "SIGXCPU",
            SIGXFSZ => "SIGXFSZ",
            _ => "signal",
        }
    }
}

impl Exit {
    /// Killed by RLIMIT_CPU.
    pub fn is_cpu_limit(self) -> bool {
        self == Exit::Signal(signal::SIGXCPU)
    }

    /// Killed by RLIMIT_FSIZE.
    pub fn is_file_size_limit(self) -> bool {
        self == Exit::Signal(signal::SIGXFSZ)
    }
}

impl fmt::Display for Exit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Exit::Code(c) => write!(f, "exit status {c}"),
            Exit::Signal(s) => write!(f, "killed by signal {s} ({})", signal::name(s)),
        }
    }
}

/// The solution's output cut into lines: bytes arrive in chunks of any size, and a line ends
/// at `\n` (a CR before it is dropped). A megabyte line comes in many chunks, so the part
/// already searched for a newline is remembered: rescanning from the start each time would be
/// quadratic.
#[derive(Debug, Default)]
pub struct LineBuffer {
    /// Bytes received and not yet taken as lines.
    pub bytes: Vec<u8>,
    /// Bytes at the start of `bytes` already searched for a newline.
    scanned: usize,
}

impl LineBuffer {
    /// Takes a complete line, if there is one: [`Event::TooLong`] when it is longer than
    /// `max_line`, or when more than `max_line` bytes hold no line end yet (the bytes stay in
    /// the buffer).
    pub fn take_line(&mut self, max_line: usize) -> Option<Event> {
        let Some(found) = self.bytes[self.scanned..].iter().position(|&b| b == b'\n') else {
            self.scanned = self.bytes.len();
            return (self.bytes.len() > max_line).then_some(Event::TooLong);
        };
        let pos = self.scanned + found;
        self.scanned = 0;
        if pos > max_line {
            return Some(Event::TooLong);
        }
        let mut line: Vec<u8> = self.bytes.drain(..=pos).collect();
        line.pop();
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        Some(Event::Line(line))
    }

    /// At the end of the output: what is left as a last line without its newline (its CR goes
    /// as in a CRLF line), or [`Event::Eof`] when nothing is left.
    pub fn take_rest(&mut self) -> Event {
        if self.bytes.is_empty() {
            return Event::Eof;
        }
        let mut line = std::mem::take(&mut self.bytes);
        self.scanned = 0;
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        Event::Line(line)
    }

    /// Drops everything buffered.
    pub fn clear(&mut self) {
        self.bytes.clear();
        self.scanned = 0;
    }
}

/// What a session needs from the other side. The facts about the program itself (its exit,
/// CPU time, stderr, process group) exist only for a child the referee started; over the
/// judge system's pipes the defaults say "unknown" and the judge system judges them.
pub trait Peer {
    /// Queues one line for the solution (a newline is added). Never fails: a solution that
    /// closed its input simply does not get the line, and the session judges what it does next.
    fn send(&mut self, line: &str);
    /// Closes the solution's input once everything queued has been written.
    fn close_input(&mut self);
    /// Waits for the solution's next line within the limits.
    fn next_line(&mut self) -> Event;
    /// Accepts lines up to `bytes` long (never less than [`MAX_LINE`]).
    fn set_max_line(&mut self, bytes: usize);
    /// The longest line accepted, in bytes.
    fn max_line(&self) -> usize;

    /// Whether the referee started the solution and sees its exit and CPU time.
    fn is_child(&self) -> bool {
        false
    }
    /// The process (and group) id of a child, 0 otherwise.
    fn pid(&self) -> i32 {
        0
    }
    /// Waits up to `within` for the exit status after the output ended early (RE vs PE).
    fn settle_exit(&mut self, _within: Duration) -> Option<Exit> {
        None
    }
    /// Ends a child's session normally: closes its input, waits within the limits for its
    /// exit, and tells whether it wrote anything but whitespace after its last line (and the
    /// limit that stopped the wait, if one did).
    fn finish(&mut self) -> (bool, Option<Event>) {
        self.close_input();
        (false, None)
    }
    /// How the child ended, once known.
    fn exit(&self) -> Option<Exit> {
        None
    }
    /// Whether the kernel killed a process of the child's tree for its memory (a memory
    /// cgroup's cap, where the sandbox has one).
    fn memory_killed(&self) -> bool {
        false
    }
    /// The size in bytes of the child's scratch space (the sandbox's capped tmpfs) if the
    /// child filled it; a full scratch space is the memory limit, named as such.
    fn scratch_full(&self) -> Option<u64> {
        None
    }
    /// CPU time of the child's main process.
    fn cpu_time(&self) -> Duration {
        Duration::ZERO
    }
    /// The first bytes the child wrote to stderr, and how many it wrote in all.
    fn stderr_head(&self) -> (String, u64) {
        (String::new(), 0)
    }
    /// Ends the other side for good (a child's whole process group is killed). Idempotent.
    fn kill(&mut self) {
        self.close_input();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_end_at_newline_and_drop_a_cr() {
        let mut b = LineBuffer::default();
        b.bytes.extend_from_slice(b"first\r\nsec");
        assert_eq!(b.take_line(100), Some(Event::Line(b"first".to_vec())));
        assert_eq!(b.take_line(100), None);
        b.bytes.extend_from_slice(b"ond\nlast\r");
        assert_eq!(b.take_line(100), Some(Event::Line(b"second".to_vec())));
        assert_eq!(b.take_line(100), None);
        assert_eq!(b.take_rest(), Event::Line(b"last".to_vec()));
        assert_eq!(b.take_rest(), Event::Eof);
    }

    #[test]
    fn a_line_over_the_limit_is_too_long() {
        let mut b = LineBuffer::default();
        b.bytes.extend_from_slice(b"12345\n");
        assert_eq!(b.take_line(4), Some(Event::TooLong));
        assert_eq!(b.take_line(5), Some(Event::Line(b"12345".to_vec())));
        // No line end yet: too long once the bytes pass the limit, not before.
        b.bytes.extend_from_slice(b"12345");
        assert_eq!(b.take_line(5), None);
        assert_eq!(b.take_line(4), Some(Event::TooLong));
    }

    #[test]
    fn exits_read_as_in_messages() {
        assert_eq!(Exit::Code(3).to_string(), "exit status 3");
        assert_eq!(
            Exit::Signal(signal::SIGSEGV).to_string(),
            "killed by signal 11 (SIGSEGV)"
        );
        assert!(Exit::Signal(signal::SIGXCPU).is_cpu_limit());
        assert!(!Exit::Code(signal::SIGXCPU).is_cpu_limit());
    }

    /// The idle limit counts one wait, the wall limit every wait of the session; the first to
    /// run out is the one reported, idle when both have.
    #[test]
    fn a_wait_runs_out_at_its_first_limit() {
        let ms = Duration::from_millis;
        let limits = Limits {
            cpu: ms(1000),
            wall: ms(100),
            idle: ms(50),
            memory: None,
        };
        let fresh = Wait::start(&limits, Duration::ZERO);
        assert_eq!(fresh.deadline(), fresh.begin + ms(50));
        assert_eq!(fresh.ran_out(fresh.begin + ms(49)), None);
        assert_eq!(fresh.ran_out(fresh.begin + ms(50)), Some(Event::Idle));
        // 80 ms spent before: 20 ms of wall time left, less than the idle limit.
        let late = Wait::start(&limits, ms(80));
        assert_eq!(late.deadline(), late.begin + ms(20));
        assert_eq!(late.ran_out(late.begin + ms(19)), None);
        assert_eq!(late.ran_out(late.begin + ms(20)), Some(Event::WallTime));
        assert_eq!(late.ran_out(late.begin + ms(50)), Some(Event::Idle));
        // More spent than the wall limit: out at once.
        let over = Wait::start(&limits, ms(150));
        assert_eq!(over.ran_out(over.begin), Some(Event::WallTime));
        assert!(over.waited() >= ms(150));
    }
}
