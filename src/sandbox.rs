//! The one sandbox a solution runs in, for `referee play` (an interactive child,
//! [`crate::referee::process`]) and `referee judge` (a batch run, [`crate::judge::batch`]):
//! started in a session and process group of its own under rlimits, measured from /proc
//! while it runs and from wait4 when it ends, and killed and reaped as a whole group, so
//! nothing it forks outlives it. The callers differ only in how they feed and read it (pipes
//! driven by one poll loop, or files) and in what they watch while it runs.

pub use crate::referee::peer::Exit;
use std::io;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicI32, Ordering};
use std::time::{Duration, Instant};

/// Bytes of the solution's stderr kept for the report; the rest is read and dropped.
pub const STDERR_KEEP: usize = 2048;

/// The rlimits a solution starts under.
#[derive(Clone, Copy, Debug)]
pub struct Rlimits {
    /// The CPU limit the caller enforces by sampling; RLIMIT_CPU is set 2 s above it, a
    /// backstop (SIGXCPU) that never fires first on a sane machine.
    pub cpu: Duration,
    /// Largest file the solution may write, bytes (RLIMIT_FSIZE: a write past it raises
    /// SIGXFSZ); `None`: no limit.
    pub file_size: Option<u64>,
}

/// Starts `command` (program and arguments) with the given stdio in a new session and
/// process group (its pid), under `limits` and with no core files (a crashing solution must
/// not write hundreds of megabytes), and records the group for
/// [`kill_group_on_termination`]. The caller reaps the child itself ([`wait`]): dropping the
/// returned `Child` does not wait.
pub fn spawn(
    command: &[String],
    stdio: [Stdio; 3],
    limits: Rlimits,
) -> io::Result<(Child, libc::pid_t)> {
    let (program, args) = command
        .split_first()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no solution command given"))?;
    let cpu_backstop = limits.cpu.as_secs() + 2;
    let [stdin, stdout, stderr] = stdio;
    let mut cmd = Command::new(program);
    cmd.args(args).stdin(stdin).stdout(stdout).stderr(stderr);
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        cmd.pre_exec(move || {
            if libc::setsid() < 0 {
                return Err(io::Error::last_os_error());
            }
            let set = |resource, soft: u64, hard: u64| {
                let lim = libc::rlimit {
                    rlim_cur: soft,
                    rlim_max: hard,
                };
                libc::setrlimit(resource, &lim);
            };
            set(libc::RLIMIT_CPU, cpu_backstop, cpu_backstop + 1);
            if let Some(bytes) = limits.file_size {
                set(libc::RLIMIT_FSIZE, bytes, bytes);
            }
            set(libc::RLIMIT_CORE, 0, 0);
            Ok(())
        });
    }
    let child = cmd.spawn()?;
    let pid = child.id() as libc::pid_t;
    set_running_group(pid);
    Ok((child, pid))
}

/// The head of a solution's stderr and how many bytes it wrote in all.
#[derive(Clone, Debug, Default)]
pub struct StderrHead {
    kept: Vec<u8>,
    total: u64,
}

impl StderrHead {
    /// Counts `bytes`, keeping them while fewer than [`STDERR_KEEP`] are kept.
    pub fn push(&mut self, bytes: &[u8]) {
        self.total += bytes.len() as u64;
        let room = STDERR_KEEP.saturating_sub(self.kept.len());
        self.kept.extend_from_slice(&bytes[..bytes.len().min(room)]);
    }

    /// The kept head as text, and the total.
    pub fn text(&self) -> (String, u64) {
        (String::from_utf8_lossy(&self.kept).into_owned(), self.total)
    }
}

/// How the main process ended, by wait4.
#[derive(Clone, Copy, Debug)]
pub struct Reaped {
    pub exit: Exit,
    /// User + system CPU time.
    pub cpu: Duration,
    /// Peak resident memory, bytes.
    pub max_rss: u64,
}

fn timeval(t: libc::timeval) -> Duration {
    Duration::new(t.tv_sec.max(0) as u64, (t.tv_usec.max(0) as u32) * 1000)
}

/// Reaps the main process `pid` if it has ended (waits for it if `block`): `Ok(None)` while
/// it runs, an error if it cannot be waited for (ECHILD: reaped elsewhere).
pub fn wait(pid: libc::pid_t, block: bool) -> io::Result<Option<Reaped>> {
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value for wait4 to overwrite.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let flags = if block { 0 } else { libc::WNOHANG };
    loop {
        // SAFETY: wait4 on our own child with valid out-pointers.
        let r = unsafe { libc::wait4(pid, &mut status, flags, &mut usage) };
        if r == pid {
            break;
        }
        if r == 0 {
            return Ok(None);
        }
        let err = io::Error::last_os_error();
        if err.raw_os_error() != Some(libc::EINTR) {
            return Err(err);
        }
        if !block {
            return Ok(None);
        }
    }
    let exit = if libc::WIFSIGNALED(status) {
        Exit::Signal(libc::WTERMSIG(status))
    } else {
        Exit::Code(libc::WEXITSTATUS(status))
    };
    Ok(Some(Reaped {
        exit,
        cpu: timeval(usage.ru_utime) + timeval(usage.ru_stime),
        // ru_maxrss is in kilobytes on Linux.
        max_rss: (usage.ru_maxrss.max(0) as u64) * 1024,
    }))
}

/// SIGKILL to the whole group `pid`; then, unless the main process was already reaped,
/// reaps it (what that tells is returned), and reaps what is left of the group
/// ([`reap_group`]). The group is no longer the running one.
pub fn kill(pid: libc::pid_t, main_reaped: bool) -> Option<Reaped> {
    // SAFETY: signalling our child's process group.
    unsafe {
        libc::killpg(pid, libc::SIGKILL);
    }
    let reaped = if main_reaped {
        None
    } else {
        wait(pid, true).ok().flatten()
    };
    reap_group(pid);
    set_running_group(0);
    reaped
}

fn clock_ticks() -> u64 {
    // SAFETY: sysconf with a constant name.
    (unsafe { libc::sysconf(libc::_SC_CLK_TCK) }).max(1) as u64
}

fn page_size() -> u64 {
    // SAFETY: sysconf with a constant name.
    (unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).max(1) as u64
}

/// CPU time of a running process from /proc/<pid>/stat (utime + stime, fields 14 and 15);
/// zero once it is gone.
pub fn cpu_time(pid: libc::pid_t) -> Duration {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return Duration::ZERO;
    };
    // Fields after the ")" closing the command name: state is field 3.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = [11, 12]
        .iter()
        .filter_map(|&i| fields.get(i)?.parse::<u64>().ok())
        .sum();
    Duration::from_micros(ticks * 1_000_000 / clock_ticks())
}

/// Resident memory of a running process from /proc/<pid>/statm (second field, pages).
pub fn resident_memory(pid: libc::pid_t) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/statm"))
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
        .map_or(0, |pages| pages * page_size())
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
    use super::*;

    /// Only the head is kept, every byte is counted.
    #[test]
    fn stderr_keeps_its_head_and_counts_all() {
        let mut head = StderrHead::default();
        head.push(&[b'a'; STDERR_KEEP - 1]);
        head.push(b"bcd");
        let (text, total) = head.text();
        assert_eq!(total, STDERR_KEEP as u64 + 2);
        assert_eq!(text.len(), STDERR_KEEP);
        assert!(text.ends_with("ab"));
    }
}
