//! The one sandbox a solution runs in, for `referee play` (an interactive child, the referee's
//! `process`) and `referee judge` (a batch run, the referee's `judge::batch`). docs/sandbox.md
//! is its contract: what the solution sees, what it can do, what is counted. Each module
//! keeps one part of it:
//!
//! - [`namespaces`]: fresh user (when not root), mount, network, IPC and UTS namespaces for
//!   every run, so nothing survives from one run to the next;
//! - [`mounts`]: the box's file system, a tmpfs root holding read-only binds of the system
//!   folders and of what the command names, a capped scratch space, a minimal `/dev`;
//! - [`pidns`]: a PID namespace with a fresh `/proc` that shows the solution its own
//!   processes only;
//! - [`privileges`]: a box uid (under a root referee), no capability, `no_new_privs`;
//! - [`seccomp`]: the few system calls refused (memory the box cannot count, keyrings, user
//!   namespaces);
//! - [`env`](mod@env): a fixed, minimal environment plus what the user passes with `-E`;
//! - [`cgroup`]: control groups where the machine lets the referee make them (CPU of every
//!   process, a memory cap, a task cap);
//! - this file: the start (a session and process group of its own, rlimits, only stdin,
//!   stdout and stderr inherited), measurement from /proc while it runs and from wait4 when
//!   it ends, and the kill of the whole tree, so nothing it forks outlives it.
//!
//! ```
//! use combgames_sandbox::{self as sandbox, Exit, Rlimits};
//! use std::io::Read;
//! use std::process::Stdio;
//! use std::time::Duration;
//!
//! let limits = Rlimits { cpu: Duration::from_secs(2), file_size: None, memory: Some(256 << 20) };
//! let command = ["sh", "-c", "echo boxed"].map(String::from);
//! let stdio = [Stdio::null(), Stdio::piped(), Stdio::null()];
//! let (mut child, pid, mut tree) = sandbox::spawn(&command, stdio, limits).unwrap();
//! let mut out = String::new();
//! child.stdout.take().unwrap().read_to_string(&mut out).unwrap();
//! let reaped = sandbox::wait(pid, true).unwrap().unwrap();
//! sandbox::kill(pid, true);
//! tree.kill(); // and whatever it forked
//! assert_eq!((out.as_str(), reaped.exit), ("boxed\n", Exit::Code(0)));
//! ```

pub mod cgroup;
pub mod env;
pub mod mounts;
pub mod namespaces;
pub mod pidns;
pub mod privileges;
pub mod seccomp;

pub use combgames_core::peer::Exit;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicI32, AtomicPtr, Ordering};
use std::sync::OnceLock;
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
    /// The memory limit the caller enforces by sampling, bytes; a memory cgroup, where there
    /// is one ([`crate::cgroup`]), caps the tree a little above it.
    pub memory: Option<u64>,
}

/// How the sandbox is asked to behave (`--sandbox`, `--scratch-size`: [`take_options`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Refuse to run where a guarantee is missing ([`missing_guarantees`]) instead of saying
    /// so on stderr.
    pub strict: bool,
    /// Size of the solution's scratch space, bytes.
    pub scratch_bytes: u64,
}

/// The scratch space a solution gets unless told otherwise: 64 MiB.
pub const DEFAULT_SCRATCH: u64 = 64 << 20;

static SETTINGS: OnceLock<Settings> = OnceLock::new();

/// The settings in force (the defaults unless [`take_options`] set others).
pub fn settings() -> Settings {
    SETTINGS.get().copied().unwrap_or(Settings {
        strict: false,
        scratch_bytes: DEFAULT_SCRATCH,
    })
}

/// Takes the sandbox's own options out of a subcommand's words (those before `--`):
/// `--sandbox auto|strict`, `--scratch-size MIB` and `-E NAME[=VALUE]` (`--env`, repeated: a
/// variable passed to the solution, [`crate::env`]), and makes them the settings in force.
/// Under `strict`, refuses (the error names what is missing) where the kernel does not allow
/// every guarantee.
pub fn take_options(words: &[String]) -> Result<Vec<String>, String> {
    let mut rest = Vec::with_capacity(words.len());
    let mut settings = settings();
    let mut passed = Vec::new();
    let mut words = words.iter();
    while let Some(word) = words.next() {
        if word == "--" {
            rest.push(word.clone());
            rest.extend(words.by_ref().cloned());
            break;
        }
        let (flag, inline) = match word.split_once('=') {
            Some((f, v)) => (f, Some(v.to_owned())),
            None => (word.as_str(), None),
        };
        if flag != "--sandbox" && flag != "--scratch-size" && flag != "-E" && flag != "--env" {
            rest.push(word.clone());
            continue;
        }
        let value = match inline {
            Some(v) => v,
            None => words
                .next()
                .cloned()
                .ok_or_else(|| format!("{flag} needs a value"))?,
        };
        if flag == "-E" || flag == "--env" {
            passed.extend(crate::env::parse(&value)?);
        } else if flag == "--sandbox" {
            settings.strict = match value.as_str() {
                "auto" => false,
                "strict" => true,
                _ => return Err(format!("--sandbox must be auto or strict, got {value:?}")),
            };
        } else {
            let mib: u64 = value
                .parse()
                .ok()
                .filter(|&m| (1..=1 << 20).contains(&m))
                .ok_or_else(|| {
                    format!(
                        "--scratch-size must be a whole number of MiB in 1..1048576, got {value:?}"
                    )
                })?;
            settings.scratch_bytes = mib << 20;
        }
    }
    let _ = SETTINGS.set(settings);
    crate::env::pass(passed);
    if settings.strict {
        let missing = missing_guarantees();
        if !missing.is_empty() {
            return Err(format!(
                "--sandbox strict: this kernel does not allow {}; not running",
                missing.join(", ")
            ));
        }
    }
    Ok(rest)
}

/// The guarantees of docs/judging.md this machine cannot give a solution (empty: all).
pub fn missing_guarantees() -> Vec<&'static str> {
    let mut missing = Vec::new();
    if !confinement_works() {
        missing.extend([
            "a read-only file system",
            "a private /dev and capped scratch space",
            "no network",
            "private IPC and hostname",
        ]);
        // SAFETY: geteuid has no arguments.
        if unsafe { libc::geteuid() } != 0 {
            missing.push("a user namespace");
        }
    }
    if box_ids().is_some() && usable_box_ids().is_none() {
        missing.push("an unprivileged uid (it would run as root)");
    }
    if !pid_namespace_works() {
        missing.push("hidden processes and a fresh /proc");
    }
    missing
}

/// Says once on stderr which guarantees are missing, if any.
fn warn_once() {
    static WARNED: OnceLock<()> = OnceLock::new();
    WARNED.get_or_init(|| {
        let missing = missing_guarantees();
        if !missing.is_empty() {
            eprintln!(
                "sandbox: this kernel does not allow {} for the solution (--sandbox strict refuses to run)",
                missing.join(", ")
            );
        }
    });
}

/// The solution's confinement, where the kernel allows it (root, or unprivileged user
/// namespaces): fresh namespaces ([`crate::namespaces`]) and the box ([`crate::mounts`]) for
/// the command it will run. Everything the child does between fork and exec is a system call
/// on strings made here, in the parent.
struct Confinement {
    namespaces: crate::namespaces::Run,
    view: crate::mounts::View,
}

impl Confinement {
    fn new(command: &[String]) -> Option<Confinement> {
        Some(Confinement {
            namespaces: crate::namespaces::Run::new()?,
            view: crate::mounts::View::new(command, settings().scratch_bytes, solution_ids())?,
        })
    }

    /// In the child, before exec: only system calls. An error means a namespace is not
    /// there (the caller decided beforehand, by [`confinement_works`], that it can be).
    unsafe fn enter(&self) -> io::Result<()> {
        self.namespaces.enter()?;
        self.view.enter()
    }

    /// In the child, after [`Confinement::enter`] and the PID namespace if there is one
    /// (`with_pid_namespace`: its init mounted /proc), else with the referee's /proc: the box
    /// closed on the host ([`crate::mounts::View::seal`]).
    unsafe fn seal(&self, with_pid_namespace: bool) -> io::Result<()> {
        if !with_pid_namespace {
            crate::mounts::mount_host_proc()?;
        }
        self.view.seal()
    }
}

/// The uid and gid the solution runs as: the box's under a root referee, else the referee's.
fn solution_ids() -> (u32, u32) {
    match box_ids() {
        Some(ids) => ids,
        // SAFETY: getuid and getgid have no arguments.
        None => unsafe { (libc::getuid(), libc::getgid()) },
    }
}

/// The box ids of the solution: a root referee's own box ([`crate::privileges::box_ids`]),
/// else `None` (the referee's own unprivileged ids).
fn box_ids() -> Option<(libc::uid_t, libc::gid_t)> {
    // SAFETY: geteuid has no arguments.
    (unsafe { libc::geteuid() } == 0).then(crate::privileges::box_ids)
}

/// The box ids if the kernel lets this process take them (not so for root of a user
/// namespace that maps no other uid): tried once, on `true`, and remembered.
fn usable_box_ids() -> Option<(libc::uid_t, libc::gid_t)> {
    static USABLE: OnceLock<Option<(libc::uid_t, libc::gid_t)>> = OnceLock::new();
    *USABLE.get_or_init(|| {
        let ids = box_ids()?;
        // SAFETY: privileges::drop_all makes only system calls.
        crate::seccomp::prepare();
        let works = unsafe {
            probe_exit_code(&["true"], move || crate::privileges::drop_all(Some(ids))) == Some(0)
        };
        works.then_some(ids)
    })
}

/// Whether a child can be confined here (`Confinement`, privileges dropped): tried once,
/// on `true`, and remembered.
pub fn confinement_works() -> bool {
    static WORKS: OnceLock<bool> = OnceLock::new();
    *WORKS.get_or_init(|| {
        crate::seccomp::prepare();
        let Some(c) = Confinement::new(&["true".to_owned()]) else {
            return false;
        };
        let ids = box_ids();
        // SAFETY: Confinement::enter and privileges::drop_all make only system calls.
        unsafe {
            probe_exit_code(&["true"], move || {
                c.enter()?;
                c.seal(false)?;
                crate::privileges::drop_all(ids)
            }) == Some(0)
        }
    })
}

/// The exit code of a probe child, `command` with null stdio and `enter` run between fork and
/// exec; `None` when it cannot start or dies of a signal.
///
/// # Safety
/// `enter` must make only system calls (it runs in the forked child).
unsafe fn probe_exit_code(
    command: &[&str],
    enter: impl FnMut() -> io::Result<()> + Send + Sync + 'static,
) -> Option<i32> {
    let (program, args) = command.split_first()?;
    let mut probe = Command::new(program);
    probe
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .env_clear()
        .envs(crate::env::for_solution(crate::mounts::SCRATCH));
    probe.pre_exec(enter);
    probe.status().ok()?.code()
}

/// Whether the solution can also run in a PID namespace of its own ([`crate::pidns`]), inside
/// the confinement: tried once, on `true`, and remembered.
pub fn pid_namespace_works() -> bool {
    static WORKS: OnceLock<bool> = OnceLock::new();
    *WORKS.get_or_init(|| {
        if !confinement_works() {
            return false;
        }
        let Some(c) = Confinement::new(&["sh".to_owned()]) else {
            return false;
        };
        let ids = box_ids();
        // The probe's exit code comes back through the holder: 3, not 0, so that a holder that
        // lost it cannot pass.
        // SAFETY: only system calls in the child (Confinement::enter, then pidns::enter once
        // its mount namespace is made, then privileges::drop_all).
        unsafe {
            let enter = move || {
                c.enter()?;
                crate::pidns::enter(-1)?;
                c.seal(true)?;
                crate::privileges::drop_all(ids)
            };
            probe_exit_code(&["sh", "-c", "[ $$ = 2 ] && exit 3"], enter) == Some(3)
        }
    })
}

/// Starts `command` (program and arguments) with the given stdio in a new session and
/// process group (its pid), under `limits` and with no core files (a crashing solution must
/// not write hundreds of megabytes), in control groups of its own where the machine has them
/// ([`crate::cgroup`]), confined where the kernel allows it (`Confinement`, and a PID
/// namespace of its own, [`crate::pidns`]), with no privilege ([`crate::privileges`]), the
/// box's environment ([`crate::env`]) and no descriptor but the three given, and records the
/// group for [`kill_group_on_termination`]. The caller reaps the child itself ([`wait`]):
/// dropping the returned `Child` does not wait. The [`Tree`] returned measures and kills the
/// whole process tree, and tells whether the scratch space was filled ([`Tree::scratch_full`]).
pub fn spawn(
    command: &[String],
    stdio: [Stdio; 3],
    limits: Rlimits,
) -> io::Result<(Child, libc::pid_t, Tree)> {
    warn_once();
    crate::seccomp::prepare();
    let (program, args) = command
        .split_first()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no solution command given"))?;
    // A program named bare that the box's PATH does not find is the referee's own, brought
    // into the box at its path ([`crate::mounts`]): the box is made for the command as it will
    // be executed.
    let resolved = (!program.contains('/'))
        .then(|| crate::mounts::outside_program(program))
        .flatten();
    let confinement =
        if confinement_works() {
            let executed: Vec<String> = match &resolved {
                Some(path) => std::iter::once(path.to_string_lossy().into_owned())
                    .chain(args.iter().cloned())
                    .collect(),
                None => command.to_vec(),
            };
            Some(Confinement::new(&executed).ok_or_else(|| {
                io::Error::new(io::ErrorKind::Other, "cannot confine the solution")
            })?)
        } else {
            None
        };
    let cpu_backstop = limits.cpu.as_secs() + 2;
    let cgroup = crate::cgroup::Cgroup::create(limits.memory);
    let joins = cgroup.as_ref().map(|g| g.join_paths()).unwrap_or_default();
    let pid_namespace = confinement.is_some() && pid_namespace_works();
    // The PID namespace's holder says on this pipe whether the scratch space was full.
    let report = if pid_namespace {
        let mut fds = [0; 2];
        // SAFETY: pipe2 into a local array.
        if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC | libc::O_NONBLOCK) } < 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: both descriptors were just made and are owned here alone.
        Some(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
    } else {
        None
    };
    let report_to = report.as_ref().map_or(-1, |r| r.1.as_raw_fd());
    let ids = usable_box_ids();
    // The solution's processes and threads are capped where its uid is its own: the box uid,
    // or the user's uid in the run's user namespace, where the kernel counts RLIMIT_NPROC
    // apart from the same uid's processes outside (the namespace's own count, which the
    // sandbox's holder and init of [`crate::pidns`] join). Elsewhere the limit would count
    // every process the user runs.
    let boxed = confinement.is_some();
    let nproc_cap = (ids.is_some() || boxed) && !without("nproc");
    let [stdin, stdout, stderr] = stdio;
    let mut cmd = match &resolved {
        Some(path) => {
            let mut cmd = Command::new(path);
            cmd.arg0(program);
            cmd
        }
        None => Command::new(program),
    };
    cmd.args(args).stdin(stdin).stdout(stdout).stderr(stderr);
    let home = if boxed {
        crate::mounts::SCRATCH.to_owned()
    } else {
        std::env::temp_dir().to_string_lossy().into_owned()
    };
    cmd.env_clear().envs(crate::env::for_solution(&home));
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        cmd.pre_exec(move || {
            if libc::setsid() < 0 {
                return Err(io::Error::last_os_error());
            }
            // Every descriptor the referee had, but stdin, stdout and stderr, closes at exec
            // (std's own error pipe is close-on-exec already).
            cloexec_from(3);
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
            // A referee killed outright (SIGKILL, which no handler sees) takes the solution
            // with it; the solution's own descendants are reached by [`Tree::kill`] from a
            // live referee only.
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
            // Before the confinement hides /sys.
            crate::cgroup::join(&joins)?;
            if let Some(c) = &confinement {
                c.enter()?;
            }
            if pid_namespace {
                crate::pidns::enter(report_to)?;
            }
            if let Some(c) = &confinement {
                c.seal(pid_namespace)?;
            }
            if nproc_cap {
                let cap = crate::cgroup::MAX_TASKS;
                set(libc::RLIMIT_NPROC, cap, cap);
            }
            crate::privileges::drop_all(ids)
        });
    }
    let child = cmd.spawn()?;
    let pid = child.id() as libc::pid_t;
    set_running_group(pid);
    let tree = Tree::new(pid)
        .with_cgroup(cgroup)
        .with_report(report.map(|r| r.0))
        .with_box(boxed);
    Ok((child, pid, tree))
}

/// Marks every descriptor from `first` on close-on-exec (`close_range` with
/// `CLOSE_RANGE_CLOEXEC`, else one by one up to the descriptor limit). Only system calls.
unsafe fn cloexec_from(first: libc::c_uint) {
    const CLOSE_RANGE_CLOEXEC: libc::c_uint = 1 << 2;
    if libc::syscall(
        libc::SYS_close_range,
        first,
        libc::c_uint::MAX,
        CLOSE_RANGE_CLOEXEC,
    ) == 0
    {
        return;
    }
    let mut limit: libc::rlimit = std::mem::zeroed();
    libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit);
    for fd in first as libc::c_int..limit.rlim_cur.min(1 << 20) as libc::c_int {
        libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC);
    }
}

/// An environment variable of the referee that switches one of two overlapping defences off,
/// so that the tests can show each holds alone: `nproc` (the `RLIMIT_NPROC` task cap) or
/// `pids` (the pids group's cap), comma-separated; unset on a judge.
pub const WITHOUT_ENV: &str = "COMBGAMES_SANDBOX_WITHOUT";

/// Whether [`WITHOUT_ENV`] names `defence`.
pub(crate) fn without(defence: &str) -> bool {
    std::env::var(WITHOUT_ENV).is_ok_and(|v| v.split(',').any(|d| d == defence))
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
    /// Peak resident memory, bytes (`ru_maxrss`). Beware: it is at least what the process
    /// held when it was forked, which the kernel keeps across exec; see [`own_resident`].
    pub max_rss: u64,
}

/// The referee's own resident memory, bytes (/proc/self/statm), taken just before a spawn.
/// A forked child starts with a copy of its parent's resident pages and `ru_maxrss` keeps that
/// high-water mark across exec, so a peak at or below this figure may be the referee's, not
/// the solution's: only a peak above it is the solution's own.
pub fn own_resident() -> u64 {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
        .map_or(0, |pages| pages * page_size())
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

/// CPU time of a running process from `/proc/<pid>/stat` (utime + stime, fields 14 and 15);
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

/// Resident memory of a running process from `/proc/<pid>/statm` (second field, pages).
pub fn resident_memory(pid: libc::pid_t) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/statm"))
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
        .map_or(0, |pages| pages * page_size())
}

/// The children of process `pid`, from /proc/<pid>/task/<tid>/children (every thread's).
fn children_of(pid: libc::pid_t) -> Vec<libc::pid_t> {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return Vec::new();
    };
    tasks
        .filter_map(|t| t.ok())
        .filter_map(|t| std::fs::read_to_string(t.path().join("children")).ok())
        .flat_map(|c| {
            c.split_whitespace()
                .filter_map(|p| p.parse::<libc::pid_t>().ok())
                .collect::<Vec<_>>()
        })
        .collect()
}

/// What /proc/<pid>/stat says of a process now: its start time (field 22, in clock ticks
/// since boot: with the pid, a process's identity), its own CPU time (utime + stime, fields
/// 14 and 15) and its resident memory (field 24, pages); `None` once it is gone.
fn stat_of(pid: libc::pid_t) -> Option<(u64, Duration, u64)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the ")" closing the command name: state is field 3.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let field = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    Some((
        field(19),
        Duration::from_micros((field(11) + field(12)) * 1_000_000 / clock_ticks()),
        field(21) * page_size(),
    ))
}

/// The whole process tree of one solution, not its main process alone: every process it
/// started, whatever process group or session it moved to (a process stays its parent's
/// child however it detaches, and an orphan goes to the referee, a subreaper:
/// [`become_subreaper`]). Each [`Tree::sample`] walks the tree from the main process and from
/// every member seen before (an orphan is no longer below the main process), by
/// `/proc/<pid>/task/<tid>/children`; a process that starts and ends between two samples is
/// not seen. Members are known by pid and start time, so a reused pid is not mistaken for one.
/// Where the tree runs in control groups of its own ([`crate::cgroup`]), their figures and
/// member lists complete the walk's: CPU of every process ever in them, the kernel's memory
/// kills, and every member to kill.
pub struct Tree {
    main: libc::pid_t,
    /// (pid, start time, largest own CPU time seen) of every process seen in the tree.
    members: Vec<(libc::pid_t, u64, Duration)>,
    cgroup: Option<crate::cgroup::Cgroup>,
    /// The groups' CPU time as last read.
    cgroup_cpu: Duration,
    /// Where the PID namespace's holder says whether the scratch space was full.
    report: Option<OwnedFd>,
    scratch_full: std::sync::atomic::AtomicBool,
    /// The PID namespace's holder and init ([`crate::pidns`]): forks of the referee that never
    /// exec, so their resident pages are copies of the referee's, not the solution's memory.
    own: Vec<libc::pid_t>,
    /// The tree runs in a box ([`crate::mounts`]) whose scratch space counts as its memory.
    boxed: bool,
}

/// What one walk of the tree found.
#[derive(Clone, Copy, Debug, Default)]
pub struct TreeSample {
    /// The tree's CPU time so far: the sum of every member's own CPU time as last seen.
    pub cpu: Duration,
    /// Memory of the tree now: the live members' resident memory (their sum) and the bytes
    /// its scratch space holds (a tmpfs: memory, also when no process maps it).
    pub resident: u64,
    /// Live members (zombies included).
    pub alive: usize,
    /// The kernel killed a member for the tree's memory (the memory cgroup's cap).
    pub memory_killed: bool,
}

impl Tree {
    pub fn new(main: libc::pid_t) -> Tree {
        Tree {
            main,
            members: Vec::new(),
            cgroup: None,
            cgroup_cpu: Duration::ZERO,
            report: None,
            scratch_full: std::sync::atomic::AtomicBool::new(false),
            own: Vec::new(),
            boxed: false,
        }
    }

    /// The tree of a solution whose holder reports on `report` ([`crate::pidns::enter`]).
    fn with_report(mut self, report: Option<OwnedFd>) -> Tree {
        self.report = report;
        self
    }

    /// Whether the solution filled its scratch space (known once it has ended: the holder
    /// writes one byte then, `F` for full).
    pub fn scratch_full(&self) -> bool {
        if let Some(fd) = &self.report {
            let mut byte = 0u8;
            // SAFETY: a one-byte read into a local from a non-blocking pipe we own.
            let n = unsafe { libc::read(fd.as_raw_fd(), (&mut byte as *mut u8).cast(), 1) };
            if n == 1 && byte == b'F' {
                self.scratch_full.store(true, Ordering::Relaxed);
            }
        }
        self.scratch_full.load(Ordering::Relaxed)
    }

    /// The tree of a solution run in a box (`boxed`), whose scratch space counts as memory.
    fn with_box(mut self, boxed: bool) -> Tree {
        self.boxed = boxed;
        self
    }

    /// The tree of a solution started in `cgroup`.
    pub fn with_cgroup(mut self, cgroup: Option<crate::cgroup::Cgroup>) -> Tree {
        self.cgroup = cgroup;
        self
    }

    /// Whether the kernel killed a member for the tree's memory (read now).
    pub fn memory_killed(&self) -> bool {
        self.cgroup.as_ref().is_some_and(|g| g.oom_killed())
    }

    /// Walks the tree now: records new members and every member's CPU time.
    pub fn sample(&mut self) -> TreeSample {
        let mut roots: Vec<libc::pid_t> = vec![self.main];
        roots.extend(self.members.iter().map(|m| m.0));
        let mut seen = Vec::new();
        let mut resident = 0;
        // The holder is the main process and init its only child (the solution is init's).
        if self.report.is_some() && self.own.len() < 2 {
            self.own = std::iter::once(self.main)
                .chain(children_of(self.main))
                .collect();
        }
        while let Some(pid) = roots.pop() {
            if seen.contains(&pid) {
                continue;
            }
            seen.push(pid);
            let Some((start, cpu, rss)) = stat_of(pid) else {
                continue;
            };
            match self.members.iter_mut().find(|m| m.0 == pid) {
                Some(m) if m.1 == start => m.2 = m.2.max(cpu),
                // The pid now names another process: the member is gone.
                Some(_) => continue,
                None => self.members.push((pid, start, cpu)),
            }
            if !self.own.contains(&pid) {
                resident += rss;
            }
            roots.extend(children_of(pid));
        }
        if self.boxed {
            resident += crate::mounts::scratch_used(self.main);
        }
        let alive = self
            .members
            .iter()
            .filter(|m| stat_of(m.0).is_some_and(|s| s.0 == m.1))
            .count();
        self.read_cgroup_cpu();
        TreeSample {
            cpu: self.cpu(),
            resident,
            alive,
            memory_killed: self.memory_killed(),
        }
    }

    /// The tree's CPU time as of the last sample: the members' own times summed, or the
    /// control group's figure when that is more (it also counts processes the walks missed).
    pub fn cpu(&self) -> Duration {
        let walked: Duration = self.members.iter().map(|m| m.2).sum();
        walked.max(self.cgroup_cpu)
    }

    /// SIGKILL to every live member, again after each walk until none is left (a process
    /// forking as fast as it can is outrun), reaping those that are this process's children
    /// (orphans adopted by the subreaper); for at most a second. The main process is not
    /// reaped here: its exit status is the caller's.
    pub fn kill(&mut self) {
        let until = Instant::now() + Duration::from_secs(1);
        loop {
            let sample = self.sample();
            let live: Vec<libc::pid_t> = self
                .members
                .iter()
                .filter(|m| stat_of(m.0).is_some_and(|s| s.0 == m.1))
                .map(|m| m.0)
                .collect();
            for &pid in &live {
                // SAFETY: signalling a process of the solution's tree (checked by start time
                // just above).
                unsafe {
                    libc::kill(pid, libc::SIGKILL);
                }
                if pid != self.main {
                    let mut status = 0;
                    // SAFETY: reaping it if it is our child (an adopted orphan); no effect
                    // otherwise.
                    unsafe {
                        libc::waitpid(pid, &mut status, libc::WNOHANG);
                    }
                }
            }
            if sample.alive == 0 || Instant::now() >= until {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        // Members no walk saw (started and detached between two walks).
        if let Some(group) = &self.cgroup {
            group.kill_all();
        }
        // The groups' final CPU figure, every member now dead.
        self.read_cgroup_cpu();
    }

    /// Reads the control groups' CPU time into `cgroup_cpu` (it only grows).
    fn read_cgroup_cpu(&mut self) {
        if let Some(cpu) = self.cgroup.as_ref().and_then(|g| g.cpu()) {
            self.cgroup_cpu = self.cgroup_cpu.max(cpu);
        }
    }
}

/// Process group of the solution running now (0: none), for [`kill_group_on_termination`].
static RUNNING_GROUP: AtomicI32 = AtomicI32::new(0);

/// Where the termination handler notes the interruption: the descriptor the caller keeps in
/// the static it named (-1 in it: none), null before [`kill_group_on_termination`].
static NOTE_FD: AtomicPtr<AtomicI32> = AtomicPtr::new(std::ptr::null_mut());

/// Records the process group of the solution now running (0 when none), so a termination
/// signal to the referee kills it too.
pub fn set_running_group(pgid: libc::pid_t) {
    RUNNING_GROUP.store(pgid, Ordering::SeqCst);
}

/// When the referee itself is told to stop (SIGINT from a terminal, SIGTERM from `timeout` or
/// a judge system, SIGHUP), kills the running solution's process group first: the group lives
/// in a session of its own, out of reach of those signals, and would outlive the referee (a
/// solution that sleeps or ignores end of file forever). Then dies of the same signal.
/// `note_fd` holds the descriptor of an open log (the session's transcript; -1: none) where a
/// line says the session was interrupted.
pub fn kill_group_on_termination(note_fd: &'static AtomicI32) {
    NOTE_FD.store(
        note_fd as *const AtomicI32 as *mut AtomicI32,
        Ordering::SeqCst,
    );
    extern "C" fn on_signal(sig: libc::c_int) {
        // Only async-signal-safe calls: atomic loads, killpg, write, signal, raise.
        let pgid = RUNNING_GROUP.load(Ordering::SeqCst);
        let note = NOTE_FD.load(Ordering::SeqCst);
        // SAFETY: set once from a `&'static AtomicI32` before the handler is installed.
        let transcript = match unsafe { note.as_ref() } {
            Some(fd) => fd.load(Ordering::SeqCst),
            None => -1,
        };
        if transcript >= 0 {
            // A whole note line, after the last line the transcript flushed.
            let mut note = *b"# interrupted by signal 00: the session ends here\n";
            note[24] = b'0' + (sig / 10 % 10) as u8;
            note[25] = b'0' + (sig % 10) as u8;
            // SAFETY: write(2) of a stack buffer to a descriptor the referee owns.
            unsafe {
                libc::write(transcript, note.as_ptr().cast(), note.len());
            }
        }
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
