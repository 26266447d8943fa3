//! Process control: the solution runs in its own process group (its own session) with
//! three non-blocking pipes, driven by one poll loop that reads stdout and stderr while it
//! writes stdin, so neither side can block the other whatever fills up. Memory stays
//! bounded: a line longer than the game's limit ([`MAX_LINE`] unless the game sets its own,
//! [`Solution::set_max_line`]) is an error, stderr is drained and only its first
//! [`STDERR_KEEP`] bytes are kept, and input the solution does not read is capped at
//! [`MAX_PENDING_INPUT`] (or twice the line limit, if that is more). Starting, measuring,
//! killing and reaping are the sandbox's ([`combgames_sandbox`]), as for `referee judge`.

pub use combgames_core::peer::{Event, Exit, Limits, MAX_LINE};
use combgames_core::peer::{LineBuffer, Peer, Wait};
pub use combgames_sandbox::STDERR_KEEP;
use combgames_sandbox::{self as sandbox, Rlimits, StderrHead, Tree};
use std::io;
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::process::Stdio;
use std::time::{Duration, Instant};

/// Bytes written to the solution and not yet read by it before it counts as not reading.
pub const MAX_PENDING_INPUT: usize = 1 << 20;
/// Bytes of the solution's output buffered at most (lines are consumed one at a time).
const OUT_BUFFER: usize = 1 << 16;
/// How often the solution's CPU time is sampled while the referee waits.
const CPU_SAMPLE: Duration = Duration::from_millis(100);
/// After the solution's main process has exited, how long leftover output may still come.
const EXIT_GRACE: Duration = Duration::from_millis(200);

/// A running solution.
pub struct Solution {
    pid: libc::pid_t,
    stdin: Option<OwnedFd>,
    stdout: Option<OwnedFd>,
    stderr: Option<OwnedFd>,
    out: LineBuffer,
    pending_input: Vec<u8>,
    close_stdin_when_flushed: bool,
    stderr_head: StderrHead,
    limits: Limits,
    waited: Duration,
    exit: Option<Exit>,
    exited_at: Option<Instant>,
    cpu_at_exit: Option<Duration>,
    killed: bool,
    /// Longest line accepted, in bytes ([`MAX_LINE`] unless the game needs longer ones).
    max_line: usize,
    /// When the CPU time is next read from /proc. Kept across waits: a solution that answers
    /// every line within the sample period must still be sampled every period, not only at
    /// RLIMIT_CPU (limit + 2 s).
    next_cpu_sample: Instant,
    /// Every process of the solution: CPU and memory are counted over all of them, and all
    /// are killed at the end.
    tree: Tree,
}

fn set_nonblocking(fd: RawFd) -> io::Result<()> {
    // SAFETY: fcntl on a descriptor we own.
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    if flags < 0 || unsafe { libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

impl Solution {
    /// Starts `command` (program and arguments) in a new session and process group.
    pub fn spawn(command: &[String], limits: Limits) -> io::Result<Solution> {
        // The poll loop stops a solution over its CPU limit; RLIMIT_CPU is a backstop.
        let rlimits = Rlimits {
            cpu: limits.cpu,
            file_size: None,
            memory: limits.memory,
        };
        let stdio = [Stdio::piped(), Stdio::piped(), Stdio::piped()];
        let (mut child, pid, tree) = sandbox::spawn(command, stdio, rlimits)?;
        let take = |fd: Option<OwnedFd>| -> io::Result<OwnedFd> {
            let fd = fd.ok_or_else(|| io::Error::new(io::ErrorKind::Other, "pipe missing"))?;
            set_nonblocking(fd.as_raw_fd())?;
            Ok(fd)
        };
        let stdin = take(child.stdin.take().map(OwnedFd::from))?;
        let stdout = take(child.stdout.take().map(OwnedFd::from))?;
        let stderr = take(child.stderr.take().map(OwnedFd::from))?;
        // `child` is dropped without waiting: this struct reaps the process itself (wait4).
        Ok(Solution::over(pid, stdin, stdout, stderr, limits, tree))
    }

    fn over(
        pid: libc::pid_t,
        stdin: OwnedFd,
        stdout: OwnedFd,
        stderr: OwnedFd,
        limits: Limits,
        tree: Tree,
    ) -> Solution {
        Solution {
            pid,
            stdin: Some(stdin),
            stdout: Some(stdout),
            stderr: Some(stderr),
            out: LineBuffer::default(),
            pending_input: Vec::new(),
            close_stdin_when_flushed: false,
            stderr_head: StderrHead::default(),
            limits,
            waited: Duration::ZERO,
            exit: None,
            exited_at: None,
            cpu_at_exit: None,
            killed: false,
            max_line: MAX_LINE,
            next_cpu_sample: Instant::now() + CPU_SAMPLE,
            tree,
        }
    }

    /// Accepts lines up to `bytes` long (a game whose moves are long, like knights with one
    /// destination per knight); the output buffer and the unread-input cap grow to match,
    /// so memory stays bounded by a few times the limit.
    pub fn set_max_line(&mut self, bytes: usize) {
        self.max_line = bytes.max(MAX_LINE);
    }

    /// The longest line accepted, in bytes.
    pub fn max_line(&self) -> usize {
        self.max_line
    }

    /// Output buffered at most: room for one whole line and its line end.
    fn out_buffer(&self) -> usize {
        OUT_BUFFER.max(self.max_line + 2)
    }

    /// Unread input allowed: a game with long lines also sends long positions.
    fn max_pending_input(&self) -> usize {
        MAX_PENDING_INPUT.max(2 * self.max_line)
    }

    /// The solution's process id, which is also its process-group id.
    pub fn pid(&self) -> i32 {
        self.pid
    }

    /// Wall time spent waiting for the solution so far.
    pub fn waited(&self) -> Duration {
        self.waited
    }

    /// How the main process ended, once known.
    pub fn exit(&self) -> Option<Exit> {
        self.exit
    }

    /// The first bytes the solution wrote to stderr, and how many it wrote in all.
    pub fn stderr_head(&self) -> (String, u64) {
        self.stderr_head.text()
    }

    /// Queues one line for the solution and writes what the pipe takes now.
    pub fn send(&mut self, line: &str) {
        if self.stdin.is_none() {
            return;
        }
        self.pending_input.extend_from_slice(line.as_bytes());
        self.pending_input.push(b'\n');
        self.flush_input();
    }

    /// Closes the solution's stdin once everything queued has been written.
    pub fn close_stdin(&mut self) {
        self.close_stdin_when_flushed = true;
        self.flush_input();
    }

    fn flush_input(&mut self) {
        while let Some(fd) = &self.stdin {
            if self.pending_input.is_empty() {
                if self.close_stdin_when_flushed {
                    self.stdin = None;
                }
                return;
            }
            // SAFETY: writing from a live buffer to a descriptor we own.
            let n = unsafe {
                libc::write(
                    fd.as_raw_fd(),
                    self.pending_input.as_ptr().cast(),
                    self.pending_input.len(),
                )
            };
            if n > 0 {
                self.pending_input.drain(..n as usize);
                continue;
            }
            let err = io::Error::last_os_error();
            match err.raw_os_error() {
                Some(libc::EAGAIN) => return,
                Some(libc::EINTR) => continue,
                // EPIPE and the like: the solution closed its stdin; what it did not read is lost.
                _ => {
                    self.pending_input.clear();
                    self.stdin = None;
                    return;
                }
            }
        }
    }

    /// Reads what stdout has now, never more than the buffer's room (so nothing is dropped
    /// and memory stays bounded); returns false at end of file.
    fn read_stdout(&mut self) -> bool {
        let Some(fd) = &self.stdout else { return false };
        let room = self.out_buffer().saturating_sub(self.out.bytes.len());
        if room == 0 {
            return true;
        }
        self.out.bytes.reserve(room);
        loop {
            let len = self.out.bytes.len();
            // SAFETY: reading at most `room` bytes into the reserved, unused tail of out_buf;
            // the length is only extended by what read() wrote.
            let n = unsafe {
                libc::read(
                    fd.as_raw_fd(),
                    self.out.bytes.as_mut_ptr().add(len).cast(),
                    room,
                )
            };
            if n > 0 {
                // SAFETY: read() initialised these n bytes.
                unsafe { self.out.bytes.set_len(len + n as usize) };
                return true;
            }
            if n == 0 {
                self.stdout = None;
                return false;
            }
            match io::Error::last_os_error().raw_os_error() {
                Some(libc::EINTR) => continue,
                Some(libc::EAGAIN) => return true,
                _ => {
                    self.stdout = None;
                    return false;
                }
            }
        }
    }

    /// Drains stderr, keeping only its head.
    fn read_stderr(&mut self) {
        let Some(fd) = &self.stderr else { return };
        let mut chunk = [0u8; 65536];
        loop {
            // SAFETY: reading into a stack buffer of the given length.
            let n = unsafe { libc::read(fd.as_raw_fd(), chunk.as_mut_ptr().cast(), chunk.len()) };
            if n > 0 {
                self.stderr_head.push(&chunk[..n as usize]);
                continue;
            }
            if n < 0 && io::Error::last_os_error().raw_os_error() == Some(libc::EINTR) {
                continue;
            }
            if n == 0 || io::Error::last_os_error().raw_os_error() != Some(libc::EAGAIN) {
                self.stderr = None;
            }
            return;
        }
    }

    /// CPU time of the solution: its whole process tree as last sampled, or the main
    /// process's own (with the children it waited for: wait4 once it ended, else /proc) when
    /// that is more.
    pub fn cpu_time(&self) -> Duration {
        let main = self
            .cpu_at_exit
            .unwrap_or_else(|| sandbox::cpu_time(self.pid));
        main.max(self.tree.cpu())
    }

    /// Reaps the main process if it has ended (never blocks unless `block`).
    fn try_reap(&mut self, block: bool) {
        if self.exit.is_some() {
            return;
        }
        match sandbox::wait(self.pid, block) {
            Ok(None) => {}
            Ok(Some(reaped)) => self.reaped(reaped),
            Err(e) if e.raw_os_error() == Some(libc::ECHILD) => {
                // Reaped elsewhere (should not happen); stop looking.
                self.exit = Some(Exit::Signal(0));
                self.exited_at = Some(Instant::now());
            }
            Err(_) => {}
        }
    }

    fn reaped(&mut self, reaped: sandbox::Reaped) {
        self.exit = Some(reaped.exit);
        self.exited_at = Some(Instant::now());
        self.cpu_at_exit = Some(reaped.cpu);
    }

    /// Waits for the solution's next line within the limits.
    pub fn next_line(&mut self) -> Event {
        let wait = Wait::start(&self.limits, self.waited);
        let event = self.wait_for_line(&wait);
        self.waited = wait.waited();
        event
    }

    fn wait_for_line(&mut self, wait: &Wait) -> Event {
        loop {
            if let Some(ev) = self.out.take_line(self.max_line) {
                return ev;
            }
            if self.pending_input.len() > self.max_pending_input() {
                return Event::NotReading;
            }
            let exited_quiet = self.exited_at.is_some_and(|t| t.elapsed() >= EXIT_GRACE);
            if self.stdout.is_none() || exited_quiet {
                // A last line without its newline still counts as a line.
                return self.out.take_rest();
            }
            let now = Instant::now();
            if let Some(limit) = wait.ran_out(now) {
                return limit;
            }
            if now >= self.next_cpu_sample {
                self.next_cpu_sample = now + CPU_SAMPLE;
                self.try_reap(false);
                let tree = self.tree.sample();
                if self.cpu_time() > self.limits.cpu {
                    return Event::CpuTime;
                }
                if self.limits.memory.is_some_and(|m| tree.resident > m) || tree.memory_killed {
                    return Event::Memory;
                }
            }
            let deadline = wait.deadline().min(self.next_cpu_sample);
            self.poll_once(deadline.saturating_duration_since(now));
        }
    }

    /// One poll over the three pipes, then reads and writes whatever is ready.
    fn poll_once(&mut self, timeout: Duration) {
        let mut fds = Vec::with_capacity(3);
        if let (Some(fd), true) = (&self.stdout, self.out.bytes.len() < self.out_buffer()) {
            fds.push(libc::pollfd {
                fd: fd.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            });
        }
        if let Some(fd) = &self.stderr {
            fds.push(libc::pollfd {
                fd: fd.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            });
        }
        if let (Some(fd), false) = (&self.stdin, self.pending_input.is_empty()) {
            fds.push(libc::pollfd {
                fd: fd.as_raw_fd(),
                events: libc::POLLOUT,
                revents: 0,
            });
        }
        let ms = timeout.as_millis().clamp(1, i32::MAX as u128) as i32;
        // SAFETY: polling a local array of the given length.
        let r = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, ms) };
        if r <= 0 {
            return;
        }
        let ready = |fd: &Option<OwnedFd>| {
            fd.as_ref()
                .and_then(|fd| fds.iter().find(|p| p.fd == fd.as_raw_fd()))
                .is_some_and(|p| p.revents != 0)
        };
        let (out_ready, err_ready, in_ready) =
            (ready(&self.stdout), ready(&self.stderr), ready(&self.stdin));
        if err_ready {
            self.read_stderr();
        }
        if out_ready {
            self.read_stdout();
        }
        if in_ready {
            self.flush_input();
        }
    }

    /// Ends the session normally: closes stdin, waits (within the limits) for the solution
    /// to exit, and tells whether it wrote anything but whitespace after its last line.
    pub fn finish(&mut self) -> (bool, Option<Event>) {
        self.close_stdin();
        let mut extra = false;
        loop {
            match self.next_line() {
                Event::Line(l) => extra |= l.iter().any(|b| !b.is_ascii_whitespace()),
                Event::TooLong => {
                    extra = true;
                    self.out.clear();
                }
                Event::Eof => break,
                ev @ (Event::Idle
                | Event::WallTime
                | Event::CpuTime
                | Event::Memory
                | Event::NotReading) => return (extra, Some(ev)),
            }
        }
        // Output closed: the main process must still exit, within the idle limit like any
        // other wait (docs/protocol.md: IDLE, "no exit within it after stdin is closed").
        let wait = Wait::start(&self.limits, self.waited);
        let ran_out = loop {
            if self.exit.is_some() {
                break None;
            }
            if let Some(limit) = wait.ran_out(Instant::now()) {
                break Some(limit);
            }
            self.try_reap(false);
            if self.exit.is_none() {
                self.poll_once(Duration::from_millis(5));
            }
        };
        self.waited = wait.waited();
        // Filling the scratch space (a tmpfs: memory) is the memory limit, also when the
        // session went on.
        if ran_out.is_none() && self.tree.scratch_full() {
            return (extra, Some(Event::Memory));
        }
        (extra, ran_out)
    }

    /// Waits a little for the exit status after the output ended early (for RE vs PE).
    pub fn settle_exit(&mut self, within: Duration) -> Option<Exit> {
        let until = Instant::now() + within;
        while self.exit.is_none() && Instant::now() < until {
            self.try_reap(false);
            if self.exit.is_none() {
                self.poll_once(Duration::from_millis(5));
            }
        }
        self.exit
    }

    /// SIGKILL to the whole process group, then reaps the main process and any orphaned
    /// descendants handed to this process ([`sandbox::kill`]). Idempotent.
    pub fn kill(&mut self) {
        if self.killed {
            return;
        }
        self.killed = true;
        self.stdin = None;
        if let Some(reaped) = sandbox::kill(self.pid, self.exit.is_some()) {
            self.reaped(reaped);
        }
        // What left the process group (setsid, setpgid) is still in the tree.
        self.tree.kill();
        self.stdout = None;
        self.stderr = None;
    }
}

/// The session's view of a child: every fact about the program is known.
impl Peer for Solution {
    fn send(&mut self, line: &str) {
        Solution::send(self, line);
    }
    fn close_input(&mut self) {
        self.close_stdin();
    }
    fn next_line(&mut self) -> Event {
        Solution::next_line(self)
    }
    fn set_max_line(&mut self, bytes: usize) {
        Solution::set_max_line(self, bytes);
    }
    fn max_line(&self) -> usize {
        self.max_line
    }
    fn is_child(&self) -> bool {
        true
    }
    fn pid(&self) -> i32 {
        self.pid
    }
    fn settle_exit(&mut self, within: Duration) -> Option<Exit> {
        Solution::settle_exit(self, within)
    }
    fn finish(&mut self) -> (bool, Option<Event>) {
        Solution::finish(self)
    }
    fn exit(&self) -> Option<Exit> {
        self.exit
    }
    fn memory_killed(&self) -> bool {
        // A full scratch space (a tmpfs: memory) is the memory limit too.
        self.tree.memory_killed() || self.tree.scratch_full()
    }
    fn scratch_full(&self) -> Option<u64> {
        self.tree
            .scratch_full()
            .then(|| sandbox::settings().scratch_bytes)
    }
    fn cpu_time(&self) -> Duration {
        Solution::cpu_time(self)
    }
    fn stderr_head(&self) -> (String, u64) {
        Solution::stderr_head(self)
    }
    fn kill(&mut self) {
        Solution::kill(self);
    }
}

impl Drop for Solution {
    fn drop(&mut self) {
        self.kill();
    }
}

#[cfg(test)]
mod tests {
    use combgames_core::peer::signal;

    /// The std-only signal numbers the session reads exits by are the platform's.
    #[test]
    fn signal_numbers_are_libcs() {
        for (ours, theirs) in [
            (signal::SIGILL, libc::SIGILL),
            (signal::SIGABRT, libc::SIGABRT),
            (signal::SIGBUS, libc::SIGBUS),
            (signal::SIGFPE, libc::SIGFPE),
            (signal::SIGKILL, libc::SIGKILL),
            (signal::SIGSEGV, libc::SIGSEGV),
            (signal::SIGPIPE, libc::SIGPIPE),
            (signal::SIGTERM, libc::SIGTERM),
            (signal::SIGXCPU, libc::SIGXCPU),
            (signal::SIGXFSZ, libc::SIGXFSZ),
        ] {
            assert_eq!(ours, theirs, "{}", signal::name(ours));
        }
    }
}
