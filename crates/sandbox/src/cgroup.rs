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
//! docs/judging.md says which guarantees are then off. The child joins the groups between fork
//! and exec by writing `0` (itself) to each group's `cgroup.procs`: only open, write and close
//! on paths made here, in the parent.

use std::ffi::CString;
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
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

/// One solution's groups, one per writable hierarchy; removed when dropped (once empty).
#[derive(Debug)]
pub struct Cgroup {
    dirs: Vec<(&'static str, PathBuf)>,
}

impl Cgroup {
    /// New empty groups for one solution; `None` where no hierarchy is writable. The memory
    /// group is capped at `memory_limit` + a quarter + 64 MiB (the sampled limit decides the
    /// verdict first; the cap stops a tree that grows faster than the samples).
    pub fn create(memory_limit: Option<u64>) -> Option<Cgroup> {
        static COUNT: AtomicU64 = AtomicU64::new(0);
        let name = format!(
            "{PREFIX}{}-{}",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed)
        );
        let mut group = Cgroup { dirs: Vec::new() };
        for h in hierarchies() {
            let dir = h.own.join(&name);
            if std::fs::create_dir(&dir).is_err() {
                continue;
            }
            let settings: Vec<(&str, String)> = match h.controller {
                "memory" => match memory_limit {
                    Some(limit) => {
                        let cap = limit.saturating_add(limit / 4).saturating_add(64 << 20);
                        // memsw (memory + swap) only where swap is accounted; its limit must
                        // not be below the memory limit, so it is set second.
                        vec![
                            ("memory.limit_in_bytes", cap.to_string()),
                            ("memory.memsw.limit_in_bytes", cap.to_string()),
                        ]
                    }
                    None => Vec::new(),
                },
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

    /// The `cgroup.procs` files a child writes to join the groups ([`join`]), made here, in the
    /// parent (a path from the kernel's tables holds no NUL byte).
    pub fn join_paths(&self) -> Vec<CString> {
        self.dirs
            .iter()
            .filter_map(|(_, dir)| {
                CString::new(dir.join("cgroup.procs").as_os_str().as_bytes()).ok()
            })
            .collect()
    }

    fn file(&self, controller: &str, name: &str) -> Option<String> {
        let (_, dir) = self.dirs.iter().find(|(c, _)| *c == controller)?;
        std::fs::read_to_string(dir.join(name)).ok()
    }

    /// CPU time of every process that was ever in the group (`cpuacct.usage`, nanoseconds).
    pub fn cpu(&self) -> Option<Duration> {
        let ns = self.file("cpuacct", "cpuacct.usage")?.trim().parse().ok()?;
        Some(Duration::from_nanos(ns))
    }

    /// Whether the kernel's OOM killer killed a process of the group (the memory cap).
    pub fn oom_killed(&self) -> bool {
        self.file("memory", "memory.oom_control")
            .is_some_and(|text| {
                text.lines()
                    .filter_map(|l| l.strip_prefix("oom_kill "))
                    .any(|n| n.trim().parse::<u64>().is_ok_and(|n| n > 0))
            })
    }

    /// SIGKILL to every member, again until none is left, for at most a second.
    pub fn kill_all(&self) {
        let dirs: Vec<&Path> = self.dirs.iter().map(|(_, d)| d.as_path()).collect();
        kill_members(&dirs);
    }
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
        for (_, dir) in &self.dirs {
            let _ = std::fs::remove_dir(dir);
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
