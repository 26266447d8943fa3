//! The namespaces of one run, made fresh for every run between fork and exec ([`crate`]), so
//! that nothing of one run reaches the next: a mount namespace (the box, [`crate::mounts`]), a
//! network namespace (its loopback only, up: an abstract socket or a socket held in flight
//! goes with it), an IPC namespace (System V objects and POSIX message queues outlive their
//! processes) and a UTS namespace; and, when the referee is not root, first a user namespace
//! mapping the referee's own ids to themselves, which gives the capabilities to make the
//! others. The PID namespace is made last, by [`crate::pidns`]. Only system calls run in the
//! child; the strings are made here.

use std::ffi::CString;
use std::io;

/// The namespaces of a run, ready to be made in the child.
pub struct Run {
    /// `uid_map` and `gid_map` lines of the user namespace (when the referee is not root).
    user: Option<(CString, CString)>,
}

impl Run {
    /// The namespaces for a referee of this uid; `None` if the maps cannot be written down.
    pub fn new() -> Option<Run> {
        // SAFETY: getuid, getgid and geteuid have no arguments.
        let (uid, gid, euid) = unsafe { (libc::getuid(), libc::getgid(), libc::geteuid()) };
        let user = if euid == 0 {
            None
        } else {
            Some((
                CString::new(format!("{uid} {uid} 1")).ok()?,
                CString::new(format!("{gid} {gid} 1")).ok()?,
            ))
        };
        Some(Run { user })
    }

    /// Whether a user namespace is made first (the referee is not root): then the box can
    /// mount its `/proc` only while the host's root is still in it.
    pub fn with_user_namespace(&self) -> bool {
        self.user.is_some()
    }

    /// In the child, between fork and exec: makes the namespaces and brings the loopback up.
    ///
    /// # Safety
    /// Only system calls; call only between fork and exec, in a single-threaded child.
    pub unsafe fn enter(&self) -> io::Result<()> {
        if let Some((uid_map, gid_map)) = &self.user {
            check(libc::unshare(libc::CLONE_NEWUSER))?;
            write(c"/proc/self/setgroups", b"deny")?;
            write(c"/proc/self/uid_map", uid_map.as_bytes())?;
            write(c"/proc/self/gid_map", gid_map.as_bytes())?;
        }
        check(libc::unshare(
            libc::CLONE_NEWNS | libc::CLONE_NEWIPC | libc::CLONE_NEWNET | libc::CLONE_NEWUTS,
        ))?;
        loopback_up()
    }
}

unsafe fn write(path: &std::ffi::CStr, text: &[u8]) -> io::Result<()> {
    let fd = libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
    check(fd)?;
    let n = libc::write(fd, text.as_ptr().cast(), text.len());
    libc::close(fd);
    if n != text.len() as isize {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// Brings up the loopback interface of the fresh network namespace (it starts down), so a
/// solution that talks to itself over 127.0.0.1 still can; nothing else is there.
unsafe fn loopback_up() -> io::Result<()> {
    let sock = libc::socket(libc::AF_INET, libc::SOCK_DGRAM | libc::SOCK_CLOEXEC, 0);
    check(sock)?;
    let mut req: libc::ifreq = std::mem::zeroed();
    for (to, from) in req.ifr_name.iter_mut().zip(b"lo") {
        *to = *from as libc::c_char;
    }
    let mut r = libc::ioctl(sock, libc::SIOCGIFFLAGS, &mut req);
    if r == 0 {
        req.ifr_ifru.ifru_flags |= libc::IFF_UP as libc::c_short;
        r = libc::ioctl(sock, libc::SIOCSIFFLAGS, &req);
    }
    let err = io::Error::last_os_error();
    libc::close(sock);
    if r < 0 {
        return Err(err);
    }
    Ok(())
}

fn check(r: libc::c_int) -> io::Result<()> {
    if r < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(())
    }
}
