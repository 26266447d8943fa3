//! How full the box's scratch space is: in the box's mount namespace ([`scratch_full`]) and
//! from outside, through the box's root in `/proc` ([`scratch_used`]).

use super::{c, SCRATCH};

/// Whether the scratch space is full, read in the solution's mount namespace (the PID
/// namespace's holder does it when the solution has ended).
///
/// # Safety
/// Only system calls; callable between fork and exec.
pub unsafe fn scratch_full() -> bool {
    let mut stat: libc::statvfs = std::mem::zeroed();
    libc::statvfs(c"/tmp".as_ptr(), &mut stat) == 0 && stat.f_bfree == 0
}

/// Bytes used in the scratch space of the box whose processes include `pid` (read through
/// `/proc/<pid>/root`); 0 where it cannot be read.
pub fn scratch_used(pid: libc::pid_t) -> u64 {
    let Some(path) = c(format!("/proc/{pid}/root{SCRATCH}")) else {
        return 0;
    };
    // SAFETY: statvfs of a NUL-terminated path into a zeroed local.
    unsafe {
        let mut stat: libc::statvfs = std::mem::zeroed();
        if libc::statvfs(path.as_ptr(), &mut stat) != 0 {
            return 0;
        }
        (stat.f_blocks.saturating_sub(stat.f_bfree) as u64) * stat.f_frsize as u64
    }
}
