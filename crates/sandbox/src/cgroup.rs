//! Control groups for one solution's whole process tree, where the machine lets the referee
//! make them: cgroup v1's `cpuacct`, `memory` and `pids` hierarchies, each used when it is
//! mounted and the referee may create a group below its own (root, or a delegated tree). The
//! kernel then does what sampling /proc cannot do exactly ([`crate::Tree`] still
//! samples, and is the only measure where no hierarchy is writable):
//!
//! - `cpuacct.usage`: the CPU time of every process that was ever in the group, also one that
//!   started and ended between two samples;
//! - `memory.limit_in_bytes`: a hard cap (a backstop above the sampled limit, see
//!   [`Cgroup::create`]) the tree cannot pass between two samples; the kernel's OOM killer acts
//!   inside the group, and `memory.oom_control` counts its kills, so the verdict is MLE, not RE;
//! - `pids.max`: at most [`MAX_TASKS`] processes and threads, so a fork bomb stops there;
//! - `cgroup.procs`: every member, also one the walk of /proc never saw, to kill.
//!
//! cgroup v2 (one unified hierarchy) is not used: where the v1 controllers are not mounted
//! (most current distributions mount only v2) the referee falls back to sampling /proc, and
//! docs/sandbox.md says which guarantees are then off. The child joins the groups between fork
//! and exec by writing `0` (its one thread: a forked child has no other) to each group's
//! `tasks`: only open, write and close on paths made here, in the parent. Moving a process
//! through `cgroup.procs` takes the kernel's global lock on every thread group, which waits for
//! an RCU grace period (milliseconds on a busy machine); moving the caller's own single thread
//! through `tasks` does not.
//!
//! A referee runs its solutions one after another, so the groups are made once and reused
//! (making and removing three groups cost a few tenths of a millisecond a run):
//! a run's groups go back to the referee's pool when its tree is dead and they are empty, and
//! the counters a group keeps from run to run (`cpuacct.usage`, the OOM kills) are read
//! against their value when the run took the groups. Groups that cannot be emptied are
//! removed instead, as are the pool's when the referee ends ([`release_all`]).

use std::ffi::CString;
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

/// Processes and threads a solution's tree may hold at once (`pids.max`): far more than any
/// solution of these problems starts (one process, one thread), few enough that a fork bomb
/// neither starves the machine nor outruns the kill.
pub const MAX_TASKS: u64 = 512;

/// The prefix of every group the referee makes, then the referee's pid and a counter; the
/// next referee run removes the groups of referees that no longer run ([`remove_stale`]).
const PREFIX: &str = "combgames-";

/// A v1 hierarchy the referee may make groups in: the directory of its own group there.
#[derive(Clone, Debug)]
struct Hierarchy {
    controller: &'static str,
    own: PathBuf,
}

/// The writable hierarchies, found once per process (mount table, own groups, a probe group
/// made and removed in each).
fn hierarchies() -> &'static [Hierarchy] {
    static FOUND: OnceLock<Vec<Hierarchy>> = OnceLock::new();
    FOUND.get_or_init(|| {
        let (Ok(mounts), Ok(own)) = (
            std::fs::read_to_string("/proc/self/mountinfo"),
            std::fs::read_to_string("/proc/self/cgroup"),
        ) else {
            return Vec::new();
        };
        ["cpuacct", "memory", "pids"]
            .into_iter()
            .filter_map(|controller| {
                let dir = mount_point(&mounts, controller)?.join(own_path(&own, controller)?);
                let probe = dir.join(format!("{PREFIX}probe-{}", std::process::id()));
                std::fs::create_dir(&probe).ok()?;
                let usable = probe.join("cgroup.procs").exists();
                std::fs::remove_dir(&probe).ok()?;
                usable.then_some(Hierarchy {
                    controller,
                    own: dir,
                })
            })
            .collect()
    })
}

/// Where the v1 hierarchy holding `controller` is mounted (`/proc/self/mountinfo`: the mount
/// point is the fifth field, the file system type follows ` - `, then the source and the
/// super options, which name the controllers).
fn mount_point(mountinfo: &str, controller: &str) -> Option<PathBuf> {
    mountinfo.lines().find_map(|line| {
        let (before, after) = line.split_once(" - ")?;
        let mut after = after.split(' ');
        if after.next()? != "cgroup" {
            return None;
        }
        let options = after.nth(1)?;
        if !options.split(',').any(|o| o == controller) {
            return None;
        }
        Some(PathBuf::from(before.split(' ').nth(4)?))
    })
}

/// The referee's own group in the hierarchy of `controller` (`/proc/self/cgroup`:
/// `id:controllers:/path`), relative to the hierarchy's root.
fn own_path(cgroups: &str, controller: &str) -> Option<PathBuf> {
    cgroups.lines().find_map(|line| {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
        controllers
            .split(',')
            .any(|c| c == controller)
            .then(|| PathBuf::from(path.trim_start_matches('/')))
    })
}

/// Whether the kernel gives the referee any of the groups (the guarantees of this module).
pub fn available() -> Vec<&'static str> {
    hierarchies().iter().map(|h| h.controller).collect()
}

/// One solution's groups, one per writable hierarchy; back to the pool when dropped (emptied
/// first), or removed.
#[derive(Debug)]
pub struct Cgroup {
    dirs: Vec<(&'static str, PathBuf)>,
    /// The memory cap written (bytes), if any.
    memory_cap: Option<u64>,
    /// `cpuacct.usage` (nanoseconds) and the OOM kill count when this run took the groups.
    cpu_base: u64,
    oom_base: u64,
}

/// Groups made by this referee and free for its next run.
static POOL: Mutex<Vec<Cgroup>> = Mutex::new(Vec::new());

impl Cgroup {
    /// Empty groups for one solution (the pool's, or new ones); `None` where no hierarchy is
    /// writable. The memory group is capped at `memory_limit` + a quarter + 64 MiB (the
    /// sampled limit decides the verdict first; the cap stops a tree that grows faster than
    /// the samples).
    pub fn create(memory_limit: Option<u64>) -> Option<Cgroup> {
        let cap =
            memory_limit.map(|limit| limit.saturating_add(limit / 4).saturating_add(64 << 20));
        let pooled = POOL.lock().ok().and_then(|mut pool| {
            let i = pool.iter().position(|g| g.memory_cap == cap)?;
            Some(pool.swap_remove(i))
        });
        let mut group = match pooled {
            Some(group) => group,
            None => Cgroup::make(cap)?,
        };
        group.cpu_base = group.read_u64("cpuacct", "cpuacct.usage").unwrap_or(0);
        group.oom_base = group.oom_kills();
        Some(group)
    }

    fn make(cap: Option<u64>) -> Option<Cgroup> {
        static COUNT: AtomicU64 = AtomicU64::new(0);
        static AT_EXIT: OnceLock<()> = OnceLock::new();
        AT_EXIT.get_or_init(|| {
            extern "C" fn at_exit() {
                release_all();
            }
            // SAFETY: registering a plain function; exit() runs it once.
            unsafe {
                libc::atexit(at_exit);
            }
        });
        let name = format!(
            "{PREFIX}{}-{}",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed)
        );
        let mut group = Cgroup {
            dirs: Vec::new(),
            memory_cap: cap,
            cpu_base: 0,
            oom_base: 0,
        };
        for h in hierarchies() {
            let dir = h.own.join(&name);
            if std::fs::create_dir(&dir).is_err() {
                continue;
            }
            let settings: Vec<(&str, String)> = match h.controller {
                "memory" => match cap {
                    // memsw (memory + swap) only where swap is accounted; its limit must
                    // not be below the memory limit, so it is set second.
                    Some(cap) => vec![
                        ("memory.limit_in_bytes", cap.to_string()),
                        ("memory.memsw.limit_in_bytes", cap.to_string()),
                    ],
                    None => Vec::new(),
                },
                "pids" if crate::without("pids") => vec![("pids.max", "max".to_owned())],
                "pids" => vec![("pids.max", MAX_TASKS.to_string())],
                _ => Vec::new(),
            };
            for (file, value) in settings {
                let path = dir.join(file);
                if path.exists() {
                    // A limit the kernel refuses leaves that group without it; the sampled
                    // limits still hold.
                    let _ = std::fs::write(path, value);
                }
            }
            group.dirs.push((h.controller, dir));
        }
        (!group.dirs.is_empty()).then_some(group)
    }

    /// The `tasks` files a child writes to join the groups ([`join`]), made here, in the
    /// parent (a path from the kernel's tables holds no NUL byte).
    pub fn join_paths(&self) -> Vec<CString> {
        self.dirs
            .iter()
            .filter_map(|(_, dir)| CString::new(dir.join("tasks").as_os_str().as_bytes()).ok())
            .collect()
    }

    fn file(&self, controller: &str, name: &str) -> Option<String> {
        let (_, dir) = self.dirs.iter().find(|(c, _)| *c == controller)?;
        std::fs::read_to_string(dir.join(name)).ok()
    }

    fn read_u64(&self, controller: &str, name: &str) -> Option<u64> {
        self.file(controller, name)?.trim().parse().ok()
    }

    /// CPU time of every process that was ever in the group during this run
    /// (`cpuacct.usage`, nanoseconds, less its value when the run began).
    pub fn cpu(&self) -> Option<Duration> {
        let ns = self.read_u64("cpuacct", "cpuacct.usage")?;
        Some(Duration::from_nanos(ns.saturating_sub(self.cpu_base)))
    }

    /// The kernel's OOM kills in the memory group so far (`memory.oom_control`).
    fn oom_kills(&self) -> u64 {
        self.file("memory", "memory.oom_control")
            .and_then(|text| {
                text.lines()
                    .find_map(|l| l.strip_prefix("oom_kill ")?.trim().parse().ok())
            })
            .unwrap_or(0)
    }

    /// Whether the kernel's OOM killer killed a process of the group during this run (the
    /// memory cap).
    pub fn oom_killed(&self) -> bool {
        self.oom_kills() > self.oom_base
    }

    /// SIGKILL to every member, again until none is left, for at most a second.
    pub fn kill_all(&self) {
        let dirs: Vec<&Path> = self.dirs.iter().map(|(_, d)| d.as_path()).collect();
        kill_members(&dirs);
    }

    /// Whether every group is empty now.
    fn empty(&self) -> bool {
        self.dirs.iter().all(|(_, dir)| {
            std::fs::read_to_string(dir.join("cgroup.procs")).is_ok_and(|t| t.trim().is_empty())
        })
    }

    fn remove(&self) {
        for (_, dir) in &self.dirs {
            let _ = std::fs::remove_dir(dir);
        }
    }
}

/// Removes the groups of this referee's pool; run by exit() (a group outlives its process; a
/// referee killed by a signal leaves them to [`remove_stale`]).
pub fn release_all() {
    let groups = POOL
        .lock()
        .map(|mut p| std::mem::take(&mut *p))
        .unwrap_or_default();
    for group in &groups {
        group.remove();
    }
    // Dropping them would put them back in the pool.
    std::mem::forget(groups);
}

/// In the child, between fork and exec: joins the groups whose `cgroup.procs` files are
/// `procs` ([`Cgroup::join_paths`]) by writing `0` (itself) to each. Only system calls.
///
/// # Safety
/// Call only in a freshly forked child before exec.
pub unsafe fn join(procs: &[CString]) -> io::Result<()> {
    for path in procs {
        let fd = libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
        if fd < 0 {
            return Err(io::Error::last_os_error());
        }
        let written = libc::write(fd, b"0".as_ptr().cast(), 1);
        libc::close(fd);
        if written != 1 {
            return Err(io::Error::last_os_error());
        }
    }
    Ok(())
}

impl Drop for Cgroup {
    fn drop(&mut self) {
        self.kill_all();
        if !self.empty() {
            self.remove();
            return;
        }
        let group = Cgroup {
            dirs: std::mem::take(&mut self.dirs),
            memory_cap: self.memory_cap,
            cpu_base: 0,
            oom_base: 0,
        };
        match POOL.lock() {
            Ok(mut pool) => pool.push(group),
            Err(_) => group.remove(),
        }
    }
}

/// SIGKILL to every process listed in the groups `dirs`, until they are empty (a second at
/// most). A dead process leaves its group as it exits, before it is reaped.
fn kill_members(dirs: &[&Path]) {
    let until = std::time::Instant::now() + Duration::from_secs(1);
    loop {
        let mut any = false;
        for dir in dirs {
            let Ok(text) = std::fs::read_to_string(dir.join("cgroup.procs")) else {
                continue;
            };
            for pid in text
                .lines()
                .filter_map(|l| l.trim().parse::<libc::pid_t>().ok())
            {
                any = true;
                // SAFETY: a process of the solution's group.
                unsafe {
                    libc::kill(pid, libc::SIGKILL);
                }
            }
        }
        if !any || std::time::Instant::now() >= until {
            return;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Removes the groups of referees that no longer run (one killed with SIGKILL leaves its
/// solution's group behind, and the processes in it that `PR_SET_PDEATHSIG` did not reach):
/// their members are killed first.
pub fn remove_stale() {
    for h in hierarchies() {
        let Ok(entries) = std::fs::read_dir(&h.own) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let Some(rest) = name.to_str().and_then(|n| n.strip_prefix(PREFIX)) else {
                continue;
            };
            let Some(owner) = rest.split('-').next().and_then(|p| p.parse::<u32>().ok()) else {
                continue;
            };
            if owner == std::process::id() || Path::new(&format!("/proc/{owner}")).exists() {
                continue;
            }
            kill_members(&[entry.path().as_path()]);
            let _ = std::fs::remove_dir(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mount_points_and_own_paths_are_read_from_the_kernels_tables() {
        let mounts =
            "30 25 0:26 / /sys/fs/cgroup/memory rw,relatime shared:9 - cgroup cgroup rw,memory\n\
                      31 25 0:27 / /sys/fs/cgroup/cpu,cpuacct rw - cgroup cgroup rw,cpu,cpuacct\n\
                      32 25 0:28 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw\n";
        assert_eq!(
            mount_point(mounts, "memory"),
            Some(PathBuf::from("/sys/fs/cgroup/memory"))
        );
        assert_eq!(
            mount_point(mounts, "cpuacct"),
            Some(PathBuf::from("/sys/fs/cgroup/cpu,cpuacct"))
        );
        assert_eq!(mount_point(mounts, "pids"), None);
        let own = "4:memory:/jobs/a1\n2:cpu,cpuacct:/\n0::/\n";
        assert_eq!(own_path(own, "memory"), Some(PathBuf::from("jobs/a1")));
        assert_eq!(own_path(own, "cpuacct"), Some(PathBuf::from("")));
        assert_eq!(own_path(own, "pids"), None);
    }
}
