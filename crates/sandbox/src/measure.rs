//! What a solution used and how it ended: its stderr's head, wait4's figures, /proc samples of
//! the whole tree while it runs, and the kill of the tree.

use crate::{reap_group, set_running_group, Exit};
use std::io;
use std::os::fd::{AsRawFd, OwnedFd};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// Bytes of the solution's stderr kept for the report; the rest is read and dropped.
pub const STDERR_KEEP: usize = 2048;

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
/// [`become_subreaper`](crate::become_subreaper)). Each [`Tree::sample`] walks the tree from the main process and from
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
    /// The run's namespaces, when joined from a spare: held until the tree is dropped, then
    /// closed off the referee's path ([`crate::spare::release`]).
    namespaces: Vec<OwnedFd>,
}

impl Drop for Tree {
    fn drop(&mut self) {
        if !self.namespaces.is_empty() {
            crate::spare::release(std::mem::take(&mut self.namespaces));
        }
    }
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
            namespaces: Vec::new(),
        }
    }

    /// The tree of a solution in these namespaces, held until the tree is dropped.
    pub(crate) fn with_namespaces(mut self, namespaces: Vec<OwnedFd>) -> Tree {
        self.namespaces = namespaces;
        self
    }

    /// The tree of a solution whose holder reports on `report` ([`crate::pidns::enter`]).
    pub(crate) fn with_report(mut self, report: Option<OwnedFd>) -> Tree {
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
    pub(crate) fn with_box(mut self, boxed: bool) -> Tree {
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
