//! One batch run of a solution for `referee judge`: stdin from the test's input file, stdout
//! into an output file, stderr drained by a thread that keeps its head. No pipe carries the
//! solution's input or output, so nothing can deadlock whatever the solution reads or writes.
//!
//! Limits, all on the solution's main process, which runs in its own process group:
//! - CPU time: sampled from /proc while it runs (killed when over), exact from wait4 at the
//!   end; RLIMIT_CPU is a backstop (SIGXCPU).
//! - wall time: killed when over.
//! - memory: the resident set size, sampled from /proc while it runs (killed when over) and
//!   its exact peak from wait4 (`ru_maxrss`) at the end. Resident memory, not address space:
//!   RLIMIT_AS would also count what runtimes only reserve (a JVM, Go, sanitizers).
//! - output: RLIMIT_FSIZE on the output file; a write past it raises SIGXFSZ.
//!
//! At the end the whole group is killed and reaped, so nothing a solution forks survives it.

use crate::referee::process::{reap_group, set_running_group, Exit};
use std::fs::File;
use std::io::{self, Read};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Bytes of the solution's stderr kept for the report.
pub const STDERR_KEEP: usize = 2048;
/// How often CPU time and memory are sampled while the solution runs.
const SAMPLE: Duration = Duration::from_millis(5);

#[derive(Clone, Copy, Debug)]
pub struct BatchLimits {
    pub cpu: Duration,
    pub wall: Duration,
    /// Resident memory in bytes, or no limit.
    pub memory: Option<u64>,
    /// Largest output file in bytes.
    pub output: u64,
}

/// Why a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The process ended by itself (a signal such as SIGXCPU or SIGXFSZ included).
    Exited(Exit),
    /// Killed: CPU time over the limit.
    CpuLimit,
    /// Killed: wall time over the limit.
    WallLimit,
    /// Killed: resident memory over the limit.
    MemoryLimit,
}

#[derive(Clone, Debug)]
pub struct BatchRun {
    pub ended: Ended,
    /// User + system CPU time of the main process.
    pub cpu: Duration,
    pub wall: Duration,
    /// Peak resident memory of the main process, bytes.
    pub max_rss: u64,
    /// Size of the output file.
    pub output_len: u64,
    /// The first STDERR_KEEP bytes of stderr, and how many bytes it had.
    pub stderr_head: String,
    pub stderr_total: u64,
}

/// Reads the pipe to its end, keeping the head; runs on its own thread.
fn drain_stderr(mut pipe: impl Read) -> (Vec<u8>, u64) {
    let mut kept = Vec::new();
    let mut total = 0u64;
    let mut chunk = [0u8; 65536];
    loop {
        match pipe.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => {
                total += n as u64;
                let room = STDERR_KEEP.saturating_sub(kept.len());
                kept.extend_from_slice(&chunk[..n.min(room)]);
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        }
    }
    (kept, total)
}

fn page_size() -> u64 {
    // SAFETY: sysconf with a constant name.
    (unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).max(1) as u64
}

fn clock_ticks() -> u64 {
    // SAFETY: sysconf with a constant name.
    (unsafe { libc::sysconf(libc::_SC_CLK_TCK) }).max(1) as u64
}

/// CPU time of a running process from /proc/<pid>/stat (utime + stime, fields 14 and 15).
fn proc_cpu(pid: libc::pid_t) -> Duration {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return Duration::ZERO;
    };
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = [11, 12]
        .iter()
        .filter_map(|&i| fields.get(i)?.parse::<u64>().ok())
        .sum();
    Duration::from_micros(ticks * 1_000_000 / clock_ticks())
}

/// Resident memory of a running process from /proc/<pid>/statm (second field, pages).
fn proc_rss(pid: libc::pid_t) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/statm"))
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
        .map_or(0, |pages| pages * page_size())
}

fn timeval(t: libc::timeval) -> Duration {
    Duration::new(t.tv_sec.max(0) as u64, (t.tv_usec.max(0) as u32) * 1000)
}

/// Runs `command` with `input` on stdin and stdout into `output` (created or truncated).
pub fn run(
    command: &[String],
    input: &Path,
    output: &Path,
    limits: &BatchLimits,
) -> io::Result<BatchRun> {
    let (program, args) = command
        .split_first()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no command given"))?;
    let stdin = File::open(input)?;
    let stdout = File::create(output)?;
    // Whole seconds, rounded up, plus one: the sampling loop decides TLE, this only stops a
    // solution the loop could not (it never fires first on a sane machine).
    let cpu_backstop = limits.cpu.as_secs() + 2;
    let fsize = limits.output.saturating_add(1);
    let mut cmd = Command::new(program);
    cmd.args(args)
        .stdin(Stdio::from(stdin))
        .stdout(Stdio::from(stdout))
        .stderr(Stdio::piped());
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
            set(libc::RLIMIT_FSIZE, fsize, fsize);
            // No core files: a crashing solution must not write hundreds of megabytes.
            set(libc::RLIMIT_CORE, 0, 0);
            Ok(())
        });
    }
    let started = Instant::now();
    let mut child = cmd.spawn()?;
    let pid = child.id() as libc::pid_t;
    set_running_group(pid);
    let (tx, rx) = mpsc::channel();
    if let Some(pipe) = child.stderr.take() {
        std::thread::spawn(move || {
            let _ = tx.send(drain_stderr(pipe));
        });
    }
    let mut sampled_rss = 0u64;
    let mut killed_for = None;
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value for wait4 to overwrite.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: wait4 on our own child with valid out-pointers.
        let r = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if r == pid {
            break;
        }
        if r < 0 && io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
            return Err(io::Error::last_os_error());
        }
        sampled_rss = sampled_rss.max(proc_rss(pid));
        let over = if started.elapsed() > limits.wall {
            Some(Ended::WallLimit)
        } else if proc_cpu(pid) > limits.cpu {
            Some(Ended::CpuLimit)
        } else if limits.memory.is_some_and(|m| sampled_rss > m) {
            Some(Ended::MemoryLimit)
        } else {
            None
        };
        if let Some(why) = over {
            killed_for = Some(why);
            // SAFETY: signalling our child's process group, then reaping the child.
            unsafe {
                libc::killpg(pid, libc::SIGKILL);
                libc::wait4(pid, &mut status, 0, &mut usage);
            }
            break;
        }
        // Short runs are the common case: poll finely at first so their wall time is exact.
        let pause = if started.elapsed() < Duration::from_millis(50) {
            Duration::from_millis(1)
        } else {
            SAMPLE
        };
        std::thread::sleep(pause);
    }
    let wall = started.elapsed();
    // SAFETY: the group may hold processes the solution forked; kill them all.
    unsafe {
        libc::killpg(pid, libc::SIGKILL);
    }
    reap_group(pid);
    set_running_group(0);
    let exit = if libc::WIFSIGNALED(status) {
        Exit::Signal(libc::WTERMSIG(status))
    } else {
        Exit::Code(libc::WEXITSTATUS(status))
    };
    // ru_maxrss is in kilobytes on Linux.
    let max_rss = sampled_rss.max((usage.ru_maxrss.max(0) as u64) * 1024);
    let (kept, stderr_total) = rx.recv_timeout(Duration::from_secs(1)).unwrap_or_default();
    Ok(BatchRun {
        ended: killed_for.unwrap_or(Ended::Exited(exit)),
        cpu: timeval(usage.ru_utime) + timeval(usage.ru_stime),
        wall,
        max_rss,
        output_len: std::fs::metadata(output).map_or(0, |m| m.len()),
        stderr_head: String::from_utf8_lossy(&kept).into_owned(),
        stderr_total,
    })
}
