//! The referee's side of the process tree: the running group killed when the referee is told
//! to stop, the subreaper that adopts what a solution forks, CPU pinning and group checks.

use std::sync::atomic::{AtomicI32, AtomicPtr, Ordering};
use std::time::{Duration, Instant};

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
/// CPU it runs on now. games/subtraction/bench/round_trips.sh: one line each way costs ~6x
/// less when both processes share a CPU than when the wakeup crosses CPUs. Returns the CPU,
/// if pinned.
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
