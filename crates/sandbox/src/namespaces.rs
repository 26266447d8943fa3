//! The namespaces every run of one referee shares: a user namespace (when the referee is not
//! root) mapping the referee's own ids to themselves, and in it a network namespace (its
//! loopback only, up) and a UTS namespace. Made once, by a helper child that exits as soon as
//! the referee holds them open, so that a run only enters them (setns) instead of making and
//! tearing down a network namespace each time, which costs milliseconds (bench/sandbox.sh).
//! Sharing them is safe because nothing of a run survives it: every process dies with the
//! run's PID namespace ([`crate::pidns`]), and with it every socket; the solution holds no
//! capability there to change an interface or the hostname. The mount, IPC and PID namespaces
//! are each run's own ([`crate`]): a System V object outlives its process.

use std::ffi::CString;
use std::fs::File;
use std::io;
use std::os::fd::AsRawFd;
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// The shared namespaces, held open.
pub struct Shared {
    user: Option<File>,
    net: File,
    uts: File,
}

/// The namespaces of this referee, made on first use; `None` where the kernel refuses them.
pub fn shared() -> Option<&'static Shared> {
    static SHARED: OnceLock<Option<Shared>> = OnceLock::new();
    SHARED.get_or_init(make).as_ref()
}

fn make() -> Option<Shared> {
    // SAFETY: getuid, getgid and geteuid have no arguments.
    let (uid, gid, euid) = unsafe { (libc::getuid(), libc::getgid(), libc::geteuid()) };
    let user_namespace = euid != 0;
    let uid_map = CString::new(format!("{uid} {uid} 1")).ok()?;
    let gid_map = CString::new(format!("{gid} {gid} 1")).ok()?;
    let mut helper = Command::new("cat");
    helper
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    // SAFETY: only system calls between fork and exec.
    unsafe {
        helper.pre_exec(move || {
            let mut flags = libc::CLONE_NEWNET | libc::CLONE_NEWUTS;
            if user_namespace {
                flags |= libc::CLONE_NEWUSER;
            }
            check(libc::unshare(flags))?;
            if user_namespace {
                write(c"/proc/self/setgroups", b"deny")?;
                write(c"/proc/self/uid_map", uid_map.as_bytes())?;
                write(c"/proc/self/gid_map", gid_map.as_bytes())?;
            }
            loopback_up()
        });
    }
    let mut child = helper.spawn().ok()?;
    let pid = child.id();
    let open = |name: &str| File::open(format!("/proc/{pid}/ns/{name}")).ok();
    let shared = (|| {
        Some(Shared {
            user: if user_namespace {
                Some(open("user")?)
            } else {
                None
            },
            net: open("net")?,
            uts: open("uts")?,
        })
    })();
    // End of input ends the helper; the namespaces live on in the files.
    drop(child.stdin.take());
    let _ = child.wait();
    shared
}

impl Shared {
    /// In the child, between fork and exec: enters the shared namespaces (the user namespace
    /// first, which gives the capabilities to enter the others and to make the run's own).
    ///
    /// # Safety
    /// Only system calls; call only between fork and exec.
    pub unsafe fn enter(&self) -> io::Result<()> {
        if let Some(user) = &self.user {
            check(libc::setns(user.as_raw_fd(), libc::CLONE_NEWUSER))?;
        }
        check(libc::setns(self.net.as_raw_fd(), libc::CLONE_NEWNET))?;
        check(libc::setns(self.uts.as_raw_fd(), libc::CLONE_NEWUTS))
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
