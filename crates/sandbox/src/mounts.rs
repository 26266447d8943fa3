//! What a confined solution sees of the file system, made in its own mount namespace between
//! fork and exec ([`crate`]):
//!
//! - every mount read-only and nosuid, submounts included (`mount_setattr` with
//!   `AT_RECURSIVE`), so nothing of the host can be changed: not the project, not /sys (the
//!   cgroup file systems with it), not the host's /dev/shm;
//! - a /dev of its own, a small tmpfs made read-only again, holding only `null`, `zero`,
//!   `full`, `random` and `urandom` (bind mounts of the host's nodes) and the usual `fd`,
//!   `stdin`, `stdout` and `stderr` links;
//! - its scratch space, a tmpfs of [`View::new`]'s size on `/dev/shm` (the solution's
//!   `TMPDIR`, [`SCRATCH`]): private to the run, capped, and gone with the namespace when the
//!   run ends, whatever the verdict, so nothing is left on the host;
//! - optionally one host folder left writable ([`SHARE_ENV`]), which only the tests use.
//!
//! The fresh /proc is mounted by the PID namespace's first process ([`crate::pidns`]). Only
//! system calls run in the child; every string is made here, in the parent.

use std::ffi::CString;
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

/// Where the solution's scratch space is, inside its namespace (also its `TMPDIR`).
pub const SCRATCH: &str = "/dev/shm";

/// An environment variable of the referee naming one host folder the solution may write to
/// (its pid files, for the tests of tests/sandbox/sandbox.rs and bench/hostile.sh); unset on a judge.
pub const SHARE_ENV: &str = "COMBGAMES_SANDBOX_SHARE";

/// The device nodes a solution gets (bound from the host's /dev).
const DEVICES: [&std::ffi::CStr; 5] = [
    c"/dev/null",
    c"/dev/zero",
    c"/dev/full",
    c"/dev/random",
    c"/dev/urandom",
];

/// `struct mount_attr` of mount_setattr(2).
#[repr(C)]
struct MountAttr {
    attr_set: u64,
    attr_clr: u64,
    propagation: u64,
    userns_fd: u64,
}

const MOUNT_ATTR_RDONLY: u64 = 0x1;
const MOUNT_ATTR_NOSUID: u64 = 0x2;
const AT_RECURSIVE: libc::c_int = 0x8000;
const OPEN_TREE_CLONE: libc::c_uint = 1;
const MOVE_MOUNT_F_EMPTY_PATH: libc::c_uint = 0x4;

/// The view of one run, ready to be entered in the child.
pub struct View {
    scratch_options: CString,
    share: Option<CString>,
}

fn c_path(p: &Path) -> Option<CString> {
    CString::new(p.as_os_str().as_bytes()).ok()
}

impl View {
    /// A view with `scratch_bytes` of scratch space; `None` if the shared folder cannot be
    /// named to the kernel.
    pub fn new(scratch_bytes: u64) -> Option<View> {
        let share = match std::env::var_os(SHARE_ENV) {
            Some(dir) => Some(c_path(&Path::new(&dir).canonicalize().ok()?)?),
            None => None,
        };
        Some(View {
            // tmpfs rounds the size up to whole pages; 1777: the solution runs as another
            // uid than the one that mounts it when the referee is root.
            scratch_options: CString::new(format!("mode=1777,size={scratch_bytes}")).ok()?,
            share,
        })
    }

    /// In the child, in a fresh mount namespace (with the capabilities to mount in it): makes
    /// the view. Only system calls.
    ///
    /// # Safety
    /// Call only between fork and exec, after unshare(CLONE_NEWNS).
    pub unsafe fn enter(&self) -> io::Result<()> {
        let none = std::ptr::null();
        // Nothing done here reaches the referee's namespace.
        check(libc::mount(
            none,
            c"/".as_ptr(),
            none,
            libc::MS_REC | libc::MS_PRIVATE,
            std::ptr::null(),
        ))?;
        set_attr(c"/", true, MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID, 0)?;
        // The host's nodes, taken before a tmpfs covers /dev.
        let mut nodes = [-1; DEVICES.len()];
        for (fd, dev) in nodes.iter_mut().zip(DEVICES) {
            *fd = check_fd(libc::syscall(
                libc::SYS_open_tree,
                libc::AT_FDCWD,
                dev.as_ptr(),
                OPEN_TREE_CLONE | libc::O_CLOEXEC as libc::c_uint,
            ) as libc::c_int)?;
        }
        let tmpfs = c"tmpfs".as_ptr();
        check(libc::mount(
            tmpfs,
            c"/dev".as_ptr(),
            tmpfs,
            libc::MS_NOSUID | libc::MS_NOEXEC,
            c"mode=755,size=64k".as_ptr().cast(),
        ))?;
        for (fd, dev) in nodes.into_iter().zip(DEVICES) {
            let file = libc::open(
                dev.as_ptr(),
                libc::O_CREAT | libc::O_WRONLY | libc::O_CLOEXEC,
                0o666,
            );
            check_fd(file)?;
            libc::close(file);
            check(libc::syscall(
                libc::SYS_move_mount,
                fd,
                c"".as_ptr(),
                libc::AT_FDCWD,
                dev.as_ptr(),
                MOVE_MOUNT_F_EMPTY_PATH,
            ) as libc::c_int)?;
            libc::close(fd);
        }
        for (target, link) in [
            (c"/proc/self/fd", c"/dev/fd"),
            (c"/proc/self/fd/0", c"/dev/stdin"),
            (c"/proc/self/fd/1", c"/dev/stdout"),
            (c"/proc/self/fd/2", c"/dev/stderr"),
        ] {
            check(libc::symlink(target.as_ptr(), link.as_ptr()))?;
        }
        check(libc::mkdir(c"/dev/shm".as_ptr(), 0o1777))?;
        check(libc::mount(
            tmpfs,
            c"/dev/shm".as_ptr(),
            tmpfs,
            libc::MS_NOSUID | libc::MS_NODEV,
            self.scratch_options.as_ptr().cast(),
        ))?;
        // /dev itself read-only again (not recursive: the scratch stays writable).
        set_attr(c"/dev", false, MOUNT_ATTR_RDONLY, 0)?;
        if let Some(dir) = &self.share {
            let dir = dir.as_c_str();
            check(libc::mount(
                dir.as_ptr(),
                dir.as_ptr(),
                none,
                libc::MS_BIND,
                std::ptr::null(),
            ))?;
            set_attr(dir, false, 0, MOUNT_ATTR_RDONLY)?;
        }
        Ok(())
    }
}

/// Whether the scratch space is full, read in the solution's mount namespace (the PID
/// namespace's holder does it when the solution has ended).
///
/// # Safety
/// Only system calls; callable between fork and exec.
pub unsafe fn scratch_full() -> bool {
    let mut stat: libc::statvfs = std::mem::zeroed();
    libc::statvfs(c"/dev/shm".as_ptr(), &mut stat) == 0 && stat.f_bfree == 0
}

unsafe fn set_attr(path: &std::ffi::CStr, recursive: bool, set: u64, clear: u64) -> io::Result<()> {
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

fn check(r: libc::c_int) -> io::Result<()> {
    if r < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(())
    }
}

fn check_fd(r: libc::c_int) -> io::Result<libc::c_int> {
    if r < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(r)
    }
}
