//! The system calls that make the box in the child: each [`Step`] of the layout, the mount
//! attributes set with mount_setattr(2), and the box's `/proc`.

use super::check;
use std::ffi::{CStr, CString};
use std::io;

/// Mounts a fresh `/proc` in the box, of the caller's PID namespace. `hidepid=2`: the
/// solution sees only processes it could trace, its own: not the PID namespace's init nor
/// anything outside, so nothing of the referee (command line, environment) shows.
///
/// # Safety
/// Only system calls; call between [`View::enter`] and [`View::seal`], in a new PID
/// namespace.
///
/// [`View::enter`]: super::View::enter
/// [`View::seal`]: super::View::seal
pub unsafe fn mount_proc() -> io::Result<()> {
    check(libc::mount(
        c"proc".as_ptr(),
        c"/proc".as_ptr(),
        c"proc".as_ptr(),
        libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
        c"hidepid=2".as_ptr().cast(),
    ))
}

/// `struct mount_attr` of mount_setattr(2).
#[repr(C)]
struct MountAttr {
    attr_set: u64,
    attr_clr: u64,
    propagation: u64,
    userns_fd: u64,
}

pub(super) const MOUNT_ATTR_RDONLY: u64 = 0x1;
const MOUNT_ATTR_NOSUID: u64 = 0x2;
const MOUNT_ATTR_NODEV: u64 = 0x4;
const AT_RECURSIVE: libc::c_int = 0x8000;

/// One step of making the box, after `pivot_root`.
pub(super) enum Step {
    Mkdir(CString, libc::mode_t),
    Symlink(CString, CString),
    /// A file of the root tmpfs and its contents.
    Write(CString, CString),
    Tmpfs {
        at: CString,
        options: CString,
        flags: libc::c_ulong,
    },
    /// Host path (under [`OLD_ROOT`]) to box path; a folder (else a file) and whether it
    /// stays writable.
    Bind {
        from: CString,
        to: CString,
        folder: bool,
        writable: bool,
    },
}

impl Step {
    pub(super) unsafe fn make(&self) -> io::Result<()> {
        match self {
            Step::Mkdir(path, mode) => {
                if libc::mkdir(path.as_ptr(), *mode) < 0 {
                    // A folder of the layout already (the scratch space, /etc).
                    return match io::Error::last_os_error().raw_os_error() {
                        Some(libc::EEXIST) => Ok(()),
                        _ => Err(io::Error::last_os_error()),
                    };
                }
                // The mode asked, whatever the umask.
                check(libc::chmod(path.as_ptr(), *mode))
            }
            Step::Symlink(target, link) => check(libc::symlink(target.as_ptr(), link.as_ptr())),
            Step::Write(path, text) => {
                let fd = libc::open(
                    path.as_ptr(),
                    libc::O_CREAT | libc::O_WRONLY | libc::O_TRUNC | libc::O_CLOEXEC,
                    0o644,
                );
                check(fd)?;
                let bytes = text.as_bytes();
                let n = libc::write(fd, bytes.as_ptr().cast(), bytes.len());
                libc::close(fd);
                if n != bytes.len() as isize {
                    return Err(io::Error::last_os_error());
                }
                Ok(())
            }
            Step::Tmpfs { at, options, flags } => {
                let tmpfs = c"tmpfs".as_ptr();
                check(libc::mount(
                    tmpfs,
                    at.as_ptr(),
                    tmpfs,
                    *flags,
                    options.as_ptr().cast(),
                ))
            }
            Step::Bind {
                from,
                to,
                folder,
                writable,
            } => {
                if *folder {
                    if libc::mkdir(to.as_ptr(), 0o755) < 0
                        && io::Error::last_os_error().raw_os_error() != Some(libc::EEXIST)
                    {
                        return Err(io::Error::last_os_error());
                    }
                } else {
                    let fd = libc::open(
                        to.as_ptr(),
                        libc::O_CREAT | libc::O_WRONLY | libc::O_CLOEXEC,
                        0o644,
                    );
                    check(fd)?;
                    libc::close(fd);
                }
                check(libc::mount(
                    from.as_ptr(),
                    to.as_ptr(),
                    std::ptr::null(),
                    libc::MS_BIND | libc::MS_REC,
                    std::ptr::null(),
                ))?;
                if *writable {
                    set_attr(to, true, MOUNT_ATTR_NOSUID, 0)
                } else {
                    set_attr(
                        to,
                        true,
                        MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV,
                        0,
                    )
                }
            }
        }
    }
}

/// The box's `/proc` where the solution has no PID namespace of its own
/// ([`crate::pid_namespace_works`] false): a fresh one of the referee's namespace where the
/// kernel allows it (root), else the host's bound. Every process shows then: a guarantee the
/// sandbox says is missing.
///
/// # Safety
/// Only system calls; call between [`View::enter`] and [`View::seal`].
///
/// [`View::enter`]: super::View::enter
/// [`View::seal`]: super::View::seal
pub unsafe fn mount_host_proc() -> io::Result<()> {
    if mount_proc().is_ok() {
        return Ok(());
    }
    check(libc::mount(
        c"/oldroot/proc".as_ptr(),
        c"/proc".as_ptr(),
        std::ptr::null(),
        libc::MS_BIND | libc::MS_REC,
        std::ptr::null(),
    ))
}

pub(super) unsafe fn set_attr(
    path: &CStr,
    recursive: bool,
    set: u64,
    clear: u64,
) -> io::Result<()> {
    let attr = MountAttr {
        attr_set: set,
        attr_clr: clear,
        propagation: 0,
        userns_fd: 0,
    };
    check(libc::syscall(
        libc::SYS_mount_setattr,
        libc::AT_FDCWD,
        path.as_ptr(),
        if recursive { AT_RECURSIVE } else { 0 },
        &attr as *const MountAttr,
        std::mem::size_of::<MountAttr>(),
    ) as libc::c_int)
}
