//! The start of a solution: its confinement (namespaces, the box, privileges, seccomp), a
//! session and process group of its own, rlimits, and only stdin, stdout and stderr inherited.

use crate::*;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

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

/// The solution's confinement, where the kernel allows it (root, or unprivileged user
/// namespaces): fresh namespaces ([`crate::namespaces`]) and the box ([`crate::mounts`]) for
/// the command it will run. Everything the child does between fork and exec is a system call
/// on strings made here, in the parent.
pub(crate) struct Confinement {
    namespaces: crate::namespaces::Run,
    pub(crate) view: crate::mounts::View,
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
    pub(crate) unsafe fn enter(&self) -> io::Result<()> {
        self.namespaces.enter()?;
        self.view.enter()
    }

    /// In the holder of [`crate::spare`]: [`Confinement::enter`], then, where the box's
    /// `/proc` will be its PID namespace's own and no user namespace needs the host's root to
    /// mount it (`with_pid_namespace`, a root referee), the box closed too; whether it was.
    pub(crate) unsafe fn make_ahead(&self, with_pid_namespace: bool) -> io::Result<bool> {
        self.enter()?;
        if !with_pid_namespace || self.namespaces.with_user_namespace() {
            return Ok(false);
        }
        self.view.close()?;
        Ok(true)
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
pub(crate) fn box_ids() -> Option<(libc::uid_t, libc::gid_t)> {
    // SAFETY: geteuid has no arguments.
    (unsafe { libc::geteuid() } == 0).then(crate::privileges::box_ids)
}

/// The box ids if the kernel lets this process take them (not so for root of a user
/// namespace that maps no other uid): tried once, on `true`, and remembered.
pub(crate) fn usable_box_ids() -> Option<(libc::uid_t, libc::gid_t)> {
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

/// Whether a child can be confined here (the confinement of [`spawn`](mod@crate::spawn),
/// privileges dropped): tried once, on `true`, and remembered.
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
/// ([`crate::cgroup`]), confined where the kernel allows it (namespaces and the box, and a PID
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
    // The confinement, and the namespaces and box made ahead for it ([`crate::spare`]) when the
    // last start was of the same command.
    let scratch_bytes = settings().scratch_bytes;
    let (confinement, spare, executed) = if confinement_works() {
        let executed: Vec<String> = match &resolved {
            Some(path) => std::iter::once(path.to_string_lossy().into_owned())
                .chain(args.iter().cloned())
                .collect(),
            None => command.to_vec(),
        };
        let (confinement, spare) =
            match crate::spare::take(&executed, scratch_bytes, pid_namespace_works()) {
                Some((confinement, spare)) => (confinement, Some(spare)),
                None => {
                    let confinement = Confinement::new(&executed).ok_or_else(|| {
                        io::Error::new(io::ErrorKind::Other, "cannot confine the solution")
                    })?;
                    (Arc::new(confinement), None)
                }
            };
        (Some(confinement), spare, executed)
    } else {
        (None, None, Vec::new())
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
    let next = confinement.clone();
    let nproc_cap = (ids.is_some() || boxed) && !without("nproc");
    let held = spare.as_ref().map(|s| s.held()).unwrap_or_default();
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
            crate::fds::close_range(3, libc::c_uint::MAX, crate::fds::Action::CloseOnExec);
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
            match (&spare, &confinement) {
                (Some(spare), _) => spare.enter()?,
                (None, Some(c)) => c.enter()?,
                (None, None) => {}
            }
            if pid_namespace {
                crate::pidns::enter(report_to)?;
            }
            match (&spare, &confinement) {
                (Some(spare), Some(c)) if spare.closed() => c.view.go_in()?,
                (_, Some(c)) => c.seal(pid_namespace)?,
                (_, None) => {}
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
    drop(cmd);
    if let Some(c) = next {
        crate::spare::prepare(executed, scratch_bytes, pid_namespace, c);
    }
    set_running_group(pid);
    let tree = Tree::new(pid)
        .with_cgroup(cgroup)
        .with_report(report.map(|r| r.0))
        .with_box(boxed)
        .with_namespaces(held);
    Ok((child, pid, tree))
}

/// An environment variable of the referee that switches one of two overlapping defences off,
/// so that the tests can show each holds alone: `nproc` (the `RLIMIT_NPROC` task cap) or
/// `pids` (the pids group's cap), comma-separated; unset on a judge.
pub const WITHOUT_ENV: &str = "COMBGAMES_SANDBOX_WITHOUT";

/// Whether [`WITHOUT_ENV`] names `defence`.
pub(crate) fn without(defence: &str) -> bool {
    std::env::var(WITHOUT_ENV).is_ok_and(|v| v.split(',').any(|d| d == defence))
}
