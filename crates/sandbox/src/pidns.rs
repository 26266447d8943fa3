//! A PID namespace of the solution's own, where the kernel allows one (with the mount
//! namespace of the sandbox's confinement, [`crate::spawn`](mod@crate::spawn), so that /proc
//! can show the new namespace):
//! the solution sees only its own processes, cannot signal the referee or anything else
//! outside, and when the namespace's first process dies the kernel kills every process left
//! in it — also when the referee itself is killed with SIGKILL.
//!
//! Made between fork and exec, in three processes (all in the solution's session, process
//! group and control groups):
//!
//! - the *holder*, the child the referee started (its pid is the solution's pid for the
//!   referee): it makes the namespace, forks its first process and waits; when that one
//!   reports how the solution ended, the holder ends the same way (the same exit code, or
//!   dies of the same signal), so the referee's `wait4` sees the solution's own end, and its
//!   CPU time (a reaped child's time is its parent's);
//! - *init*, PID 1 of the namespace: mounts the namespace's /proc, forks the solution and
//!   reaps every process of the namespace (orphans come to it) until the solution ends, then
//!   writes its wait status to the holder and exits, which kills what is left. Its parent
//!   death signal is SIGKILL, so a holder killed by the referee, or with it, takes the whole
//!   namespace along;
//! - the solution, PID 2, which returns to exec.
//!
//! The holder and init never exec: they close every descriptor they inherited (the solution's
//! pipes, and the pipe on which `std::process::Command` learns of a failed exec), so only the
//! solution holds them. Only system calls run in them, no allocation.

use std::io;

/// In the child, between fork and exec, after the mount namespace is made: becomes the holder
/// and forks init, which forks the solution; returns (`Ok`) only in the solution, PID 2 of a
/// new namespace. An error (no namespace) returns before any fork. The holder writes one byte
/// to `report` (unless it is -1) when the solution has ended: `F` if the scratch space
/// ([`crate::mounts::scratch_full`]) is full, `.` if not.
///
/// # Safety
/// Call only in a freshly forked child before exec, with a private mount namespace.
pub unsafe fn enter(report: libc::c_int) -> io::Result<()> {
    if libc::unshare(libc::CLONE_NEWPID) < 0 {
        return Err(io::Error::last_os_error());
    }
    let mut status_pipe = [0; 2];
    if libc::pipe2(status_pipe.as_mut_ptr(), libc::O_CLOEXEC) < 0 {
        return Err(io::Error::last_os_error());
    }
    let [read_end, write_end] = status_pipe;
    let init = libc::fork();
    if init < 0 {
        return Err(io::Error::last_os_error());
    }
    if init > 0 {
        libc::close(write_end);
        hold(init, read_end, report);
    }
    libc::close(read_end);
    // Init dies with the holder. (Its parent is outside the namespace, so getppid() is 0 here
    // and cannot tell whether the holder died before this line; a holder killed so early was
    // killed by the referee, whose kill reaches init too: the process tree and the control
    // groups.)
    libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
    // The namespace's own /proc ([`crate::mounts::mount_proc`]), mounted by its first process.
    if crate::mounts::mount_proc().is_err() {
        libc::_exit(1);
    }
    let solution = libc::fork();
    if solution < 0 {
        libc::_exit(1);
    }
    if solution == 0 {
        libc::close(write_end);
        return Ok(());
    }
    reap(solution, write_end);
}

/// The holder: closes everything but the status pipe and `report`, reads the solution's wait
/// status from init, reaps init, reports on the scratch space and ends as the solution ended.
unsafe fn hold(init: libc::pid_t, status_from_init: libc::c_int, report: libc::c_int) -> ! {
    close_all_but(&[status_from_init, report]);
    let mut status: libc::c_int = 0;
    let bytes = std::mem::size_of::<libc::c_int>();
    let got = libc::read(
        status_from_init,
        (&mut status as *mut libc::c_int).cast(),
        bytes,
    );
    let mut init_status = 0;
    while libc::waitpid(init, &mut init_status, 0) < 0
        && io::Error::last_os_error().raw_os_error() == Some(libc::EINTR)
    {}
    if got != bytes as isize {
        // Init died before reporting (killed): end as it did.
        status = init_status;
    }
    if report >= 0 {
        let byte = if crate::mounts::scratch_full() {
            b'F'
        } else {
            b'.'
        };
        libc::write(report, (&byte as *const u8).cast(), 1);
    }
    end_as(status)
}

/// Init: closes everything but the status pipe, reaps every process of the namespace until
/// the solution ends, reports the solution's wait status and exits (the kernel then kills
/// what is left of the namespace).
unsafe fn reap(solution: libc::pid_t, status_to_holder: libc::c_int) -> ! {
    close_all_but(&[status_to_holder]);
    loop {
        let mut status = 0;
        let pid = libc::waitpid(-1, &mut status, 0);
        if pid == solution {
            let bytes = std::mem::size_of::<libc::c_int>();
            libc::write(
                status_to_holder,
                (&status as *const libc::c_int).cast(),
                bytes,
            );
            libc::_exit(0);
        }
        if pid < 0 && io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
            libc::_exit(1);
        }
    }
}

/// Ends this process as the wait `status` says its process ended: the same exit code, or
/// death by the same signal (its default action restored and unblocked first).
unsafe fn end_as(status: libc::c_int) -> ! {
    if libc::WIFSIGNALED(status) {
        let sig = libc::WTERMSIG(status);
        libc::signal(sig, libc::SIG_DFL);
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, sig);
        libc::sigprocmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
        libc::kill(libc::getpid(), sig);
        libc::_exit(128 + sig);
    }
    libc::_exit(if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        1
    })
}

/// Closes every descriptor but those of `keep` (negative ones ignored; `close_range` where the
/// kernel has it, else one by one up to the descriptor limit).
unsafe fn close_all_but(keep: &[libc::c_int]) {
    let mut first = 0;
    let mut ends = [libc::c_int::MAX; 3];
    let mut kept = [-1; 2];
    for (slot, &fd) in kept.iter_mut().zip(keep) {
        *slot = fd;
    }
    if kept[0] > kept[1] {
        kept.swap(0, 1);
    }
    let mut n = 0;
    for fd in kept {
        if fd >= 0 {
            ends[n] = fd;
            n += 1;
        }
    }
    for last in &ends[..=n] {
        let last = *last;
        let upper = if last == libc::c_int::MAX {
            last
        } else {
            last - 1
        };
        if first <= upper {
            crate::fds::close_range(
                first as libc::c_uint,
                upper as libc::c_uint,
                crate::fds::Action::Close,
            );
        }
        first = last.saturating_add(1);
    }
}
