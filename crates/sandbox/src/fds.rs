//! Descriptors closed, or marked close-on-exec, by range: what the children of the sandbox do
//! before exec (the solution keeps only stdin, stdout and stderr; the PID namespace's holder
//! and init and the spare's holder keep only their pipes). Only system calls.

/// What [`close_range`] does to each descriptor of the range.
#[derive(Clone, Copy)]
pub(crate) enum Action {
    Close,
    CloseOnExec,
}

/// Closes (or marks close-on-exec) every descriptor from `first` to `last`, both included:
/// `close_range` where the kernel has it, else one by one up to the descriptor limit.
///
/// # Safety
/// Closes descriptors that other code of this process may own: call only in a forked child.
pub(crate) unsafe fn close_range(first: libc::c_uint, last: libc::c_uint, action: Action) {
    const CLOSE_RANGE_CLOEXEC: libc::c_uint = 1 << 2;
    let flags = match action {
        Action::Close => 0,
        Action::CloseOnExec => CLOSE_RANGE_CLOEXEC,
    };
    if libc::syscall(libc::SYS_close_range, first, last, flags) == 0 {
        return;
    }
    let mut limit: libc::rlimit = std::mem::zeroed();
    libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit);
    let top = limit.rlim_cur.min(1 << 20).min(u64::from(last) + 1) as libc::c_int;
    for fd in first as libc::c_int..top {
        match action {
            Action::Close => libc::close(fd),
            Action::CloseOnExec => libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC),
        };
    }
}
