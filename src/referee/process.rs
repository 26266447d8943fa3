//! Process control: the solution runs in its own process group (its own session) with
//! three non-blocking pipes, driven by one poll loop that reads stdout and stderr while it
//! writes stdin, so neither side can block the other whatever fills up. Memory stays
//! bounded: a line longer than the game's limit ([`MAX_LINE`] unless the game sets its own,
//! [`Solution::set_max_line`]) is an error, stderr is drained and only its first
//! [`STDERR_KEEP`] bytes are kept, and input the solution does not read is capped at
//! [`MAX_PENDING_INPUT`] (or twice the line limit, if that is more). At the end the whole
//! group gets SIGKILL and is reaped.

pub use super::peer::{Event, Exit, Limits, MAX_LINE};
use super::peer::{LineBuffer, Peer};
use std::io;
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicI32, Ordering};
use std::time::{Duration, Instant};

/// Bytes of the solution's stderr kept for the report; the rest is read and dropped.
pub const STDERR_KEEP: usize = 2048;
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
    stderr_kept: Vec<u8>,
    stderr_total: u64,
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
}

fn set_nonblocking(fd: RawFd) -> io::Result<()> {
    // SAFETY: fcntl on a descriptor we own.
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    if flags < 0 || unsafe { libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// Process group of the solution running now (0: none), for [`kill_group_on_termination`].
static RUNNING_GROUP: AtomicI32 = AtomicI32::new(0);

/// Records the process group of the solution now running (0 when none), so a termination
/// signal to the referee kills it too.
pub fn set_running_group(pgid: libc::pid_t) {
    RUNNING_GROUP.store(pgid, Ordering::SeqCst);
}

/// When the referee itself is told to stop (SIGINT from a terminal, SIGTERM from `timeout` or
/// a judge system, SIGHUP), kills the running solution's process group first: the group lives
/// in a session of its own, out of reach of those signals, and would outlive the referee (a
/// solution that sleeps or ignores end of file forever). Then dies of the same signal.
pub fn kill_group_on_termination() {
    extern "C" fn on_signal(sig: libc::c_int) {
        // Only async-signal-safe calls: an atomic load, killpg, signal, raise.
        let pgid = RUNNING_GROUP.load(Ordering::SeqCst);
        // SAFETY: signalling the solution's group; restoring the default action and
        // re-raising so the referee ends as the signal intends.
        unsafe {
            if pgid > 0 {
                libc::killpg(pgid, libc::SIGKILL);
            }
            libc::signal(sig, libc::SIG_DFL);
            libc::raise(sig);
        }
    }
    for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
        // SAFETY: installing a handler that only makes async-signal-safe calls.
        unsafe {
            libc::signal(
                sig,
                on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t,
            );
        }
    }
}

/// Makes this process adopt orphaned descendants (Linux), so grandchildren a solution
/// leaves behind are reaped by the referee instead of lingering as zombies.
pub fn become_subreaper() {
    // SAFETY: prctl with integer arguments only.
    unsafe {
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    }
}

/// Pins this process, and so the solution it starts next (affinity is inherited), to the
/// CPU it runs on now. bench/referee.sh: one line each way costs ~6x less when both
/// processes share a CPU than when the wakeup crosses CPUs. Returns the CPU, if pinned.
pub fn pin_to_current_cpu() -> Option<usize> {
    // SAFETY: sched_getcpu has no arguments; the cpu_set_t is a local, fully initialised.
    unsafe {
        let cpu = libc::sched_getcpu();
        if cpu < 0 {
            return None;
        }
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        libc::CPU_SET(cpu as usize, &mut set);
        (libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set) == 0)
            .then_some(cpu as usize)
    }
}

impl Solution {
    /// Starts `command` (program and arguments) in a new session and process group.
    pub fn spawn(command: &[String], limits: Limits) -> io::Result<Solution> {
        let (program, args) = command.split_first().ok_or_else(|| {
            io::Error::new(io::ErrorKind::InvalidInput, "no solution command given")
        })?;
        // RLIMIT_CPU is a backstop: the poll loop already stops a solution over its CPU limit.
        let cpu_seconds = limits.cpu.as_secs() + 2;
        let mut cmd = Command::new(program);
        cmd.args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // SAFETY: only async-signal-safe calls between fork and exec.
        unsafe {
            cmd.pre_exec(move || {
                if libc::setsid() < 0 {
                    return Err(io::Error::last_os_error());
                }
                let lim = libc::rlimit {
                    rlim_cur: cpu_seconds,
                    rlim_max: cpu_seconds + 1,
                };
                libc::setrlimit(libc::RLIMIT_CPU, &lim);
                Ok(())
            });
        }
        let mut child = cmd.spawn()?;
        let pid = child.id() as libc::pid_t;
        set_running_group(pid);
        let take = |fd: Option<OwnedFd>| -> io::Result<OwnedFd> {
            let fd = fd.ok_or_else(|| io::Error::new(io::ErrorKind::Other, "pipe missing"))?;
            set_nonblocking(fd.as_raw_fd())?;
            Ok(fd)
        };
        let stdin = take(child.stdin.take().map(OwnedFd::from))?;
        let stdout = take(child.stdout.take().map(OwnedFd::from))?;
        let stderr = take(child.stderr.take().map(OwnedFd::from))?;
        // `child` is dropped without waiting: this struct reaps the process itself (wait4).
        Ok(Solution::over(pid, stdin, stdout, stderr, limits))
    }

    fn over(
        pid: libc::pid_t,
        stdin: OwnedFd,
        stdout: OwnedFd,
        stderr: OwnedFd,
        limits: Limits,
    ) -> Solution {
        Solution {
            pid,
            stdin: Some(stdin),
            stdout: Some(stdout),
            stderr: Some(stderr),
            out: LineBuffer::default(),
            pending_input: Vec::new(),
            close_stdin_when_flushed: false,
            stderr_kept: Vec::new(),
            stderr_total: 0,
            limits,
            waited: Duration::ZERO,
            exit: None,
            exited_at: None,
            cpu_at_exit: None,
            killed: false,
            max_line: MAX_LINE,
            next_cpu_sample: Instant::now() + CPU_SAMPLE,
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
        (
            String::from_utf8_lossy(&self.stderr_kept).into_owned(),
            self.stderr_total,
        )
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
                let got = &chunk[..n as usize];
                self.stderr_total += got.len() as u64;
                let room = STDERR_KEEP.saturating_sub(self.stderr_kept.len());
                self.stderr_kept
                    .extend_from_slice(&got[..got.len().min(room)]);
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

    /// CPU time of the main process: from wait4 once it ended, else from /proc.
    pub fn cpu_time(&self) -> Duration {
        if let Some(cpu) = self.cpu_at_exit {
            return cpu;
        }
        let pid = self.pid;
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            return Duration::ZERO;
        };
        // Fields after the ")" closing the command name: state is field 3, utime 14, stime 15.
        let Some(rest) = stat.rsplit_once(')').map(|(_, r)| r) else {
            return Duration::ZERO;
        };
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let ticks: u64 = [11, 12]
            .iter()
            .filter_map(|&i| fields.get(i)?.parse::<u64>().ok())
            .sum();
        // SAFETY: sysconf with a constant name.
        let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
        Duration::from_micros(ticks * 1_000_000 / hz)
    }

    /// Reaps the main process if it has ended (never blocks unless `block`).
    fn try_reap(&mut self, block: bool) {
        let pid = self.pid;
        if self.exit.is_some() {
            return;
        }
        let mut status = 0;
        // SAFETY: wait4 on our own child with valid out-pointers.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let flags = if block { 0 } else { libc::WNOHANG };
        let r = unsafe { libc::wait4(pid, &mut status, flags, &mut usage) };
        if r == pid {
            self.exit = Some(if libc::WIFSIGNALED(status) {
                Exit::Signal(libc::WTERMSIG(status))
            } else {
                Exit::Code(libc::WEXITSTATUS(status))
            });
            self.exited_at = Some(Instant::now());
            let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
            self.cpu_at_exit = Some(tv(usage.ru_utime) + tv(usage.ru_stime));
        } else if r < 0 && io::Error::last_os_error().raw_os_error() == Some(libc::ECHILD) {
            // Reaped elsewhere (should not happen); stop looking.
            self.exit = Some(Exit::Signal(0));
            self.exited_at = Some(Instant::now());
        }
    }

    /// Waits for the solution's next line within the limits.
    pub fn next_line(&mut self) -> Event {
        let begin = Instant::now();
        let waited_before = self.waited;
        let event = self.wait_for_line(begin, waited_before);
        self.waited = waited_before + begin.elapsed();
        event
    }

    fn wait_for_line(&mut self, begin: Instant, waited_before: Duration) -> Event {
        loop {
            if let Some(ev) = self.out.take_line(self.max_line) {
                return ev;
            }
            if self.out.bytes.len() > self.max_line {
                return Event::TooLong;
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
            let elapsed = now - begin;
            if elapsed >= self.limits.idle {
                return Event::Idle;
            }
            if waited_before + elapsed >= self.limits.wall {
                return Event::WallTime;
            }
            if now >= self.next_cpu_sample {
                self.next_cpu_sample = now + CPU_SAMPLE;
                self.try_reap(false);
                if self.cpu_time() > self.limits.cpu {
                    return Event::CpuTime;
                }
            }
            let deadline = (begin + self.limits.idle)
                .min(begin + self.limits.wall.saturating_sub(waited_before))
                .min(self.next_cpu_sample);
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
                ev @ (Event::Idle | Event::WallTime | Event::CpuTime | Event::NotReading) => {
                    return (extra, Some(ev))
                }
            }
        }
        // Output closed: the main process must still exit, within the idle limit like any
        // other wait (docs/protocol.md: IDLE, "no exit within it after stdin is closed").
        let begin = Instant::now();
        let idle_end = begin + self.limits.idle;
        let wall_end = begin + self.limits.wall.saturating_sub(self.waited);
        while self.exit.is_none() && Instant::now() < idle_end.min(wall_end) {
            self.try_reap(false);
            if self.exit.is_none() {
                self.poll_once(Duration::from_millis(5));
            }
        }
        self.waited += begin.elapsed();
        if self.exit.is_none() {
            let limit = if wall_end <= idle_end {
                Event::WallTime
            } else {
                Event::Idle
            };
            return (extra, Some(limit));
        }
        (extra, None)
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
    /// descendants handed to this process (see [`become_subreaper`]). Idempotent.
    pub fn kill(&mut self) {
        if self.killed {
            return;
        }
        self.killed = true;
        self.stdin = None;
        // SAFETY: signalling our child's process group.
        unsafe {
            libc::killpg(self.pid, libc::SIGKILL);
        }
        self.try_reap(true);
        reap_group(self.pid);
        set_running_group(0);
        self.stdout = None;
        self.stderr = None;
    }
}

/// Reaps what is left of process group `pgid` after SIGKILL: members that became this
/// process's children (see [`become_subreaper`]), for at most a second.
pub fn reap_group(pgid: libc::pid_t) {
    let until = Instant::now() + Duration::from_secs(1);
    loop {
        let mut status = 0;
        // SAFETY: reaping members of the group that became our children.
        let r = unsafe { libc::waitpid(-pgid, &mut status, libc::WNOHANG) };
        // SAFETY: probing the group with signal 0.
        let alive = unsafe { libc::killpg(pgid, 0) } == 0;
        if (r <= 0 && !alive) || Instant::now() >= until {
            break;
        }
        if r <= 0 {
            std::thread::sleep(Duration::from_millis(2));
        }
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

/// Whether any process of process group `pgid` still exists (zombies included), by /proc.
pub fn group_alive(pgid: i32) -> bool {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return false;
    };
    dir.filter_map(|e| e.ok())
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .bytes()
                .all(|b| b.is_ascii_digit())
        })
        .filter_map(|e| std::fs::read_to_string(e.path().join("stat")).ok())
        .any(|stat| {
            let rest = stat.rsplit_once(')').map(|(_, r)| r).unwrap_or("");
            // Fields after ")": state, ppid, pgrp.
            rest.split_whitespace()
                .nth(2)
                .and_then(|p| p.parse::<i32>().ok())
                == Some(pgid)
        })
}

#[cfg(test)]
mod tests {
    use super::super::peer::signal;

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
