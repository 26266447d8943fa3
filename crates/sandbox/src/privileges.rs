//! The solution holds no privilege: the last step before exec ([`crate`]). A root
//! referee's child takes a box uid and gid of its own ([`box_ids`], as isolate gives each box
//! one), with no supplementary groups; a user namespace's child keeps the referee's own,
//! unprivileged ids. Then every capability set is emptied (bounding, ambient, inheritable,
//! permitted, effective), `PR_SET_NO_NEW_PRIVS` makes sure no exec of a set-uid or
//! file-capability program gives any back, and the seccomp filter ([`crate::seccomp`]) goes on.

use std::io;

/// The first box uid (and gid); a root referee's solution runs as this plus the referee's
/// pid. Two referees never run at once with the same pid, so never with the same box; the
/// range lies far above the uids of accounts.
pub const BOX_BASE: u32 = 1_000_000_000;

/// The box uid and gid a root referee gives its solutions.
pub fn box_ids() -> (libc::uid_t, libc::gid_t) {
    let id = BOX_BASE + std::process::id();
    (id, id)
}

#[repr(C)]
struct CapHeader {
    version: u32,
    pid: libc::c_int,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct CapData {
    effective: u32,
    permitted: u32,
    inheritable: u32,
}

const CAP_VERSION_3: u32 = 0x2008_0522;

/// In the child, between fork and exec: drops every privilege; `ids` is the box uid and gid to
/// take (as root), `None` to keep the current ones (in a user namespace). Only system calls.
///
/// # Safety
/// Call only between fork and exec.
pub unsafe fn drop_all(ids: Option<(libc::uid_t, libc::gid_t)>) -> io::Result<()> {
    let check = |r: libc::c_int| {
        if r < 0 {
            Err(io::Error::last_os_error())
        } else {
            Ok(())
        }
    };
    // The bounding set first: dropping needs CAP_SETPCAP, which the uid change removes.
    // Capabilities past the kernel's last one give EINVAL, which ends the loop; EPERM (an
    // ordinary user with no namespace) too: such a process holds nothing, and no_new_privs
    // keeps exec from giving it anything the bounding set would have to stop.
    for cap in 0..64 {
        if libc::prctl(libc::PR_CAPBSET_DROP, cap, 0, 0, 0) < 0 {
            match io::Error::last_os_error().raw_os_error() {
                Some(libc::EINVAL) | Some(libc::EPERM) => break,
                _ => return Err(io::Error::last_os_error()),
            }
        }
    }
    check(libc::prctl(
        libc::PR_CAP_AMBIENT,
        libc::PR_CAP_AMBIENT_CLEAR_ALL,
        0,
        0,
        0,
    ))?;
    if let Some((uid, gid)) = ids {
        check(libc::setgroups(0, std::ptr::null()))?;
        check(libc::setresgid(gid, gid, gid))?;
        // Leaving uid 0 empties the permitted and effective sets (no SECBIT_KEEP_CAPS).
        check(libc::setresuid(uid, uid, uid))?;
    }
    let header = CapHeader {
        version: CAP_VERSION_3,
        pid: 0,
    };
    let data = [CapData {
        effective: 0,
        permitted: 0,
        inheritable: 0,
    }; 2];
    check(
        libc::syscall(libc::SYS_capset, &header as *const CapHeader, data.as_ptr()) as libc::c_int,
    )?;
    check(libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))?;
    crate::seccomp::install()
}
