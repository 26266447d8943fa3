//! One batch run of a solution for `referee judge`: stdin from the test's input file, stdout
//! into an output file, stderr drained by a thread that keeps its head. No pipe carries the
//! solution's input or output, so nothing can deadlock whatever the solution reads or writes.
//!
//! Limits, all on the solution's main process, which runs in its own process group:
//! - CPU time: sampled from /proc while it runs (killed when over), exact from wait4 at the
//!   end; RLIMIT_CPU is a backstop (SIGXCPU).
//! - wall time: killed when over.
//! - memory: the resident set size, sampled from /proc while it runs (killed when over) and
//!   its exact peak from wait4 (`ru_maxrss`) at the end, where that peak is above the
//!   referee's own size at the fork (below it, it may be the referee's pages the forked child
//!   started with: [`sandbox::own_resident`]). Resident memory, not address space:
//!   RLIMIT_AS would also count what runtimes only reserve (a JVM, Go, sanitizers).
//! - output: RLIMIT_FSIZE on the output file; a write past it raises SIGXFSZ.
//!
//! At the end the whole group is killed and reaped, so nothing a solution forks survives it.

pub use combgames_sandbox::STDERR_KEEP;
use combgames_sandbox::{self as sandbox, Exit, Rlimits, StderrHead};
use std::fs::File;
use std::io::{self, Read, Write};
use std::path::Path;
use std::process::Stdio;
use std::sync::mpsc;
use std::time::{Duration, Instant};

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
    /// Killed: resident memory over the limit (or the kernel's memory cap).
    MemoryLimit,
    /// The scratch space (a tmpfs: memory, of `sandbox::settings().scratch_bytes`) was filled.
    ScratchFull,
}

#[derive(Clone, Debug)]
pub struct BatchRun {
    pub ended: Ended,
    /// User + system CPU time of the main process.
    pub cpu: Duration,
    pub wall: Duration,
    /// Peak resident memory of the solution's processes, bytes; `None` when unknown: a run
    /// that ended before the first sample saw it, with a wait4 peak that may be the referee's
    /// own pages copied at the fork.
    pub max_rss: Option<u64>,
    /// Size of the output file.
    pub output_len: u64,
    /// The first STDERR_KEEP bytes of stderr, and how many bytes it had.
    pub stderr_head: String,
    pub stderr_total: u64,
    /// The last [`STDERR_TAIL`] bytes of stderr (a crash says why at the end).
    pub stderr_tail: Vec<u8>,
}

/// The bytes of stderr kept at its end, for the report's last lines.
pub const STDERR_TAIL: usize = 4096;

/// The most of stderr written to its file: a debug trace is kept whole, a flood is cut.
pub const STDERR_FILE_CAP: u64 = 16 << 20;

/// What the stderr thread kept.
#[derive(Default)]
struct Drained {
    head: StderrHead,
    tail: Vec<u8>,
}

/// Reads the pipe to its end, keeping the head and the tail, and writing it into `file` up to
/// [`STDERR_FILE_CAP`] bytes; runs on its own thread.
fn drain_stderr(mut pipe: impl Read, mut file: Option<File>) -> Drained {
    let mut kept = Drained::default();
    let mut written = 0u64;
    let mut chunk = [0u8; 65536];
    loop {
        match pipe.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => {
                let bytes = &chunk[..n];
                kept.head.push(bytes);
                kept.tail.extend_from_slice(bytes);
                let cut = kept.tail.len().saturating_sub(STDERR_TAIL);
                kept.tail.drain(..cut);
                if let Some(f) = &mut file {
                    let room = STDERR_FILE_CAP.saturating_sub(written) as usize;
                    let part = &bytes[..n.min(room)];
                    if f.write_all(part).is_err() {
                        file = None;
                    }
                    written += part.len() as u64;
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        }
    }
    kept
}

/// Runs `command` with `input` on stdin (an open file: the judge hands the solution an
/// unlinked one, so no path leads from it to the answers), stdout into `output` and, with
/// `stderr`, its stderr into that file (both created or truncated), in the sandbox
/// ([`sandbox::spawn()`]).
pub fn run(
    command: &[String],
    input: File,
    output: &Path,
    stderr: Option<&Path>,
    limits: &BatchLimits,
) -> io::Result<BatchRun> {
    let stderr_file = stderr.map(File::create).transpose()?;
    let stdin = input;
    let stdout = File::create(output)?;
    // The sampling loop decides TLE; RLIMIT_CPU only stops a solution the loop could not.
    let rlimits = Rlimits {
        cpu: limits.cpu,
        file_size: Some(limits.output.saturating_add(1)),
        memory: limits.memory,
    };
    let started = Instant::now();
    let stdio = [Stdio::from(stdin), Stdio::from(stdout), Stdio::piped()];
    // CPU and memory are counted over every process the solution starts.
    let before = sandbox::own_resident();
    let (mut child, pid, mut tree) = sandbox::spawn(command, stdio, rlimits)?;
    // The fork copies the referee's size at that instant; another thread of the referee may
    // have grown it since `before`, so the larger of the two bounds it.
    let inherited = before.max(sandbox::own_resident());
    let (tx, rx) = mpsc::channel();
    if let Some(pipe) = child.stderr.take() {
        std::thread::spawn(move || {
            let _ = tx.send(drain_stderr(pipe, stderr_file));
        });
    }
    let mut sampled_rss = 0u64;
    let mut sampled_cpu = Duration::ZERO;
    let mut killed_for = None;
    let reaped = loop {
        if let Some(reaped) = sandbox::wait(pid, false)? {
            break Some(reaped);
        }
        let sample = tree.sample();
        sampled_rss = sampled_rss.max(sample.resident);
        sampled_cpu = sample.cpu.max(sandbox::cpu_time(pid));
        let over = if started.elapsed() > limits.wall {
            Some(Ended::WallLimit)
        } else if sampled_cpu > limits.cpu {
            Some(Ended::CpuLimit)
        } else if limits.memory.is_some_and(|m| sampled_rss > m) || sample.memory_killed {
            Some(Ended::MemoryLimit)
        } else {
            None
        };
        if let Some(why) = over {
            killed_for = Some(why);
            break None;
        }
        // Short runs are the common case: poll finely at first so their wall time is exact.
        let pause = if started.elapsed() < Duration::from_millis(50) {
            Duration::from_millis(1)
        } else {
            SAMPLE
        };
        std::thread::sleep(pause);
    };
    let wall = started.elapsed();
    // The group may hold processes the solution forked: kill them all (and the main process
    // if a limit stopped it).
    let reaped = sandbox::kill(pid, reaped.is_some()).or(reaped);
    // What left the process group (setsid, setpgid) is still in the tree.
    tree.kill();
    // The kernel's memory cap (a member killed between two samples) is the memory limit too,
    // and so is a full scratch space (a tmpfs: memory), named as such.
    if killed_for.is_none() && tree.scratch_full() {
        killed_for = Some(Ended::ScratchFull);
    }
    if killed_for.is_none() && tree.memory_killed() {
        killed_for = Some(Ended::MemoryLimit);
    }
    let reaped = reaped.unwrap_or(sandbox::Reaped {
        // Killed for a limit and not waitable (should not happen): what was sampled.
        exit: Exit::Signal(libc::SIGKILL),
        cpu: sampled_cpu,
        max_rss: 0,
    });
    let stderr = rx.recv_timeout(Duration::from_secs(1)).unwrap_or_default();
    let (stderr_head, stderr_total) = stderr.head.text();
    Ok(BatchRun {
        ended: killed_for.unwrap_or(Ended::Exited(reaped.exit)),
        cpu: reaped.cpu.max(tree.cpu()),
        wall,
        // A wait4 peak no higher than the referee's own size at the fork may be the copy of
        // the referee the child started as: then only the samples are the solution's.
        max_rss: known_peak(sampled_rss, reaped.max_rss, inherited),
        output_len: std::fs::metadata(output).map_or(0, |m| m.len()),
        stderr_head,
        stderr_total,
        stderr_tail: stderr.tail,
    })
}

/// What a forked child may add to its copy of the referee before its exec (its stack, what
/// the confinement touches, the pages a busy referee thread grows between the two readings of
/// its size): a wait4 peak within this of the referee's size is still taken for the copy.
const FORK_SLACK: u64 = 8 << 20;

/// The solution's peak resident memory from the samples and wait4's peak: a wait4 peak no
/// higher than the referee's own size at the fork (and [`FORK_SLACK`]) may be the copy of the
/// referee the child started as, so then only the samples are the solution's, and none means
/// unknown.
fn known_peak(sampled: u64, waited: u64, inherited: u64) -> Option<u64> {
    let waited = if waited > inherited + FORK_SLACK {
        waited
    } else {
        0
    };
    match sampled.max(waited) {
        0 => None,
        peak => Some(peak),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_peak_is_known_from_a_sample_or_from_wait4_above_the_referees_size() {
        assert_eq!(known_peak(0, 5 << 20, 10 << 20), None);
        assert_eq!(known_peak(0, 0, 10 << 20), None);
        assert_eq!(known_peak(3 << 20, 5 << 20, 10 << 20), Some(3 << 20));
        assert_eq!(known_peak(3 << 20, 20 << 20, 10 << 20), Some(20 << 20));
        assert_eq!(known_peak(0, 20 << 20, 10 << 20), Some(20 << 20));
        // The child's few pages of its own before the exec: still the copy.
        assert_eq!(known_peak(0, (10 << 20) + (1 << 20), 10 << 20), None);
    }

    /// A referee grown large (the shrinker's candidate lists) does not make a small solution
    /// MLE: the forked child's copy of the referee's pages is not the solution's peak.
    #[test]
    fn a_large_referee_is_not_counted_as_the_solutions_memory() {
        let big: Vec<u8> = vec![1u8; 300 << 20];
        // Touched, so resident.
        let touched: u64 = big.iter().step_by(4096).map(|&b| u64::from(b)).sum();
        assert!(touched > 0);
        let dir = std::env::temp_dir().join(format!("batch-rss-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let input = dir.join("in");
        std::fs::write(&input, "").unwrap();
        let limits = BatchLimits {
            cpu: Duration::from_secs(5),
            wall: Duration::from_secs(20),
            memory: Some(100 << 20),
            output: 1 << 20,
        };
        let run = run(
            &["/bin/true".to_owned()],
            File::open(&input).unwrap(),
            &dir.join("out"),
            None,
            &limits,
        );
        let _ = std::fs::remove_dir_all(&dir);
        drop(big);
        let run = run.unwrap();
        assert_eq!(run.ended, Ended::Exited(Exit::Code(0)), "{run:?}");
        assert!(run.max_rss.unwrap_or(0) < 100 << 20, "{run:?}");
    }
}
