//! The solution's program opened by the referee and executed by descriptor ([`crate::spawn`]).
//! Under a root referee the solution runs as a box uid ([`crate::privileges`]), which may not
//! search the folders the program lies in (a solution under `/root`, mode 700): the referee,
//! still root, opens the program file before the child drops its privileges, and the child
//! executes that descriptor (`execveat` with `AT_EMPTY_PATH`), so no folder on the way is
//! searched as the box uid. The kernel still checks, as the box uid, that the file itself may
//! be executed (its mode must let others execute it; a script must also be readable by them).
//!
//! A script (a file starting with `#!`) is run by its interpreter with the path `/dev/fd/N`,
//! which the interpreter opens: its descriptor stays open across exec (the solution holds a
//! read-only descriptor of its own program, nothing more). A binary's descriptor is closed on
//! exec. Everything is made here, in the parent; the child only makes system calls.

use std::ffi::{CString, OsStr, OsString};
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;

/// A program ready to be executed by descriptor in a forked child.
pub struct ByFd {
    fd: OwnedFd,
    script: bool,
    // The strings the pointer arrays point into (kept alive with them).
    _strings: Vec<CString>,
    argv: Vec<*const libc::c_char>,
    envp: Vec<*const libc::c_char>,
}

// SAFETY: the pointers point into `_strings`, owned by the same value and never changed; the
// child reads them after fork, a copy of this memory.
unsafe impl Send for ByFd {}
// SAFETY: as above; nothing is ever written through them.
unsafe impl Sync for ByFd {}

/// Opens `program` (a path: it names a `/`) to be executed with `args` and the environment
/// `env`; `Ok(None)` for a bare name, which exec looks up in `PATH` as usual.
pub fn open(
    program: &str,
    args: &[String],
    env: &[(OsString, OsString)],
) -> io::Result<Option<ByFd>> {
    if !program.contains('/') {
        return Ok(None);
    }
    let path = cstring(program.as_bytes())?;
    // SAFETY: open(2) of a NUL-terminated path.
    let fd = unsafe { libc::open(path.as_ptr(), libc::O_RDONLY | libc::O_CLOEXEC) };
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: a descriptor just opened and owned here alone.
    let fd = unsafe { OwnedFd::from_raw_fd(fd) };
    let mut head = [0u8; 2];
    // SAFETY: a read of at most two bytes into a local array.
    let n = unsafe { libc::pread(fd.as_raw_fd(), head.as_mut_ptr().cast(), 2, 0) };
    let script = n == 2 && &head == b"#!";
    let mut strings = Vec::with_capacity(1 + args.len() + env.len());
    strings.push(path);
    for arg in args {
        strings.push(cstring(arg.as_bytes())?);
    }
    let argc = strings.len();
    for (key, value) in env {
        let mut pair = key.as_bytes().to_vec();
        pair.push(b'=');
        pair.extend_from_slice(value.as_bytes());
        strings.push(cstring(&pair)?);
    }
    let pointers = |range: std::ops::Range<usize>| {
        let mut v: Vec<*const libc::c_char> = strings[range].iter().map(|s| s.as_ptr()).collect();
        v.push(std::ptr::null());
        v
    };
    let argv = pointers(0..argc);
    let envp = pointers(argc..strings.len());
    Ok(Some(ByFd {
        fd,
        script,
        _strings: strings,
        argv,
        envp,
    }))
}

fn cstring(bytes: &[u8]) -> io::Result<CString> {
    CString::new(bytes).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{:?} holds a NUL byte", OsStr::from_bytes(bytes)),
        )
    })
}

impl ByFd {
    /// In the child, as its last step: executes the program; returns only on failure.
    ///
    /// # Safety
    /// Call only in a forked child before exec; only system calls.
    pub unsafe fn exec(&self) -> io::Error {
        let fd = self.fd.as_raw_fd();
        // The interpreter of a script opens /dev/fd/N after exec.
        if self.script && libc::fcntl(fd, libc::F_SETFD, 0) < 0 {
            return io::Error::last_os_error();
        }
        libc::syscall(
            libc::SYS_execveat,
            fd,
            c"".as_ptr(),
            self.argv.as_ptr(),
            self.envp.as_ptr(),
            libc::AT_EMPTY_PATH,
        );
        io::Error::last_os_error()
    }
}
