//! The system calls a solution cannot make, refused by a seccomp filter installed as the last
//! step before exec ([`crate::privileges::drop_all`]), after `no_new_privs`:
//!
//! - memory the box could not count or free: `memfd_create` and `memfd_secret` (memory behind
//!   a descriptor, which can be held in flight on a socket where no process maps it), System V
//!   shared memory and message queues (`shmget`, `msgget`) and POSIX message queues
//!   (`mq_open`): each fails with `ENOSYS`, as on a kernel without them. POSIX shared memory
//!   (`shm_open`) is a file of `/dev/shm`, the scratch space, which counts;
//! - keyrings (`add_key`, `request_key`, `keyctl`: `ENOSYS`): the kernel keeps a user's keys
//!   beyond the run, a channel from one test to the next;
//! - a user namespace of its own (`unshare` or `clone` with `CLONE_NEWUSER`: `EPERM`; `clone3`,
//!   whose flags a filter cannot read: `ENOSYS`, and the C library falls back to `clone`): it
//!   would give the solution the capabilities to mount a file system the box does not count;
//! - `io_uring_setup` (`ENOSYS`): its requests are not system calls the filter sees;
//! - any call of another architecture's table (the x32 numbers on x86-64; the process is
//!   killed for a foreign `AUDIT_ARCH`).
//!
//! Everything else is allowed: the box's namespaces and dropped privileges decide the rest.

use std::io;
use std::sync::OnceLock;

#[repr(C)]
#[derive(Clone, Copy)]
struct SockFilter {
    code: u16,
    jt: u8,
    jf: u8,
    k: u32,
}

#[repr(C)]
struct SockFprog {
    len: u16,
    filter: *const SockFilter,
}

const BPF_LD_W_ABS: u16 = 0x20;
const BPF_JEQ_K: u16 = 0x15;
const BPF_JGE_K: u16 = 0x35;
const BPF_JSET_K: u16 = 0x45;
const BPF_RET_K: u16 = 0x06;

const SECCOMP_RET_KILL_PROCESS: u32 = 0x8000_0000;
const SECCOMP_RET_ERRNO: u32 = 0x0005_0000;
const SECCOMP_RET_ALLOW: u32 = 0x7fff_0000;

#[cfg(target_arch = "x86_64")]
const AUDIT_ARCH: u32 = 0xc000_003e;
#[cfg(target_arch = "aarch64")]
const AUDIT_ARCH: u32 = 0xc000_00b7;

/// Offsets in `struct seccomp_data`: the call's number, the architecture, the first argument's
/// low word (little-endian).
const NR: u32 = 0;
const ARCH: u32 = 4;
const ARG0_LOW: u32 = 16;

/// The calls refused with `ENOSYS`.
const REFUSED: [libc::c_long; 10] = [
    libc::SYS_memfd_create,
    libc::SYS_memfd_secret,
    libc::SYS_shmget,
    libc::SYS_msgget,
    libc::SYS_mq_open,
    libc::SYS_add_key,
    libc::SYS_request_key,
    libc::SYS_keyctl,
    libc::SYS_io_uring_setup,
    libc::SYS_clone3,
];

/// The calls refused with `EPERM` when their first argument asks for a user namespace.
const NO_NEW_USER: [libc::c_long; 2] = [libc::SYS_unshare, libc::SYS_clone];

fn stmt(code: u16, k: u32) -> SockFilter {
    SockFilter {
        code,
        jt: 0,
        jf: 0,
        k,
    }
}

fn jump(code: u16, k: u32, jt: usize, jf: usize) -> SockFilter {
    SockFilter {
        code,
        jt: jt as u8,
        jf: jf as u8,
        k,
    }
}

/// The filter program, made once (in the parent: the child only points the kernel at it).
fn program() -> &'static [SockFilter] {
    static PROGRAM: OnceLock<Vec<SockFilter>> = OnceLock::new();
    PROGRAM.get_or_init(|| {
        // Layout: checks, then the flag check, then the three endings.
        let checks = 5 + REFUSED.len() + NO_NEW_USER.len() + 1;
        let flags_at = checks;
        let enosys_at = flags_at + 3;
        let eperm_at = enosys_at + 1;
        let mut p = vec![
            stmt(BPF_LD_W_ABS, ARCH),
            jump(BPF_JEQ_K, AUDIT_ARCH, 1, 0),
            stmt(BPF_RET_K, SECCOMP_RET_KILL_PROCESS),
            stmt(BPF_LD_W_ABS, NR),
        ];
        // x32 calls carry bit 30 (x86-64); no such numbers elsewhere.
        let at = p.len();
        p.push(jump(BPF_JGE_K, 0x4000_0000, enosys_at - at - 1, 0));
        for nr in REFUSED {
            let at = p.len();
            p.push(jump(BPF_JEQ_K, nr as u32, enosys_at - at - 1, 0));
        }
        for nr in NO_NEW_USER {
            let at = p.len();
            p.push(jump(BPF_JEQ_K, nr as u32, flags_at - at - 1, 0));
        }
        p.push(stmt(BPF_RET_K, SECCOMP_RET_ALLOW));
        debug_assert_eq!(p.len(), flags_at);
        p.push(stmt(BPF_LD_W_ABS, ARG0_LOW));
        let at = p.len();
        p.push(jump(
            BPF_JSET_K,
            libc::CLONE_NEWUSER as u32,
            eperm_at - at - 1,
            0,
        ));
        p.push(stmt(BPF_RET_K, SECCOMP_RET_ALLOW));
        debug_assert_eq!(p.len(), enosys_at);
        p.push(stmt(BPF_RET_K, SECCOMP_RET_ERRNO | libc::ENOSYS as u32));
        p.push(stmt(BPF_RET_K, SECCOMP_RET_ERRNO | libc::EPERM as u32));
        p
    })
}

/// Makes the filter before any fork (the child must not allocate).
pub fn prepare() {
    program();
}

/// In the child, after `PR_SET_NO_NEW_PRIVS`: installs the filter. Only system calls.
///
/// # Safety
/// Call only between fork and exec, after [`prepare`] ran in the parent.
pub unsafe fn install() -> io::Result<()> {
    let program = program();
    let fprog = SockFprog {
        len: program.len() as u16,
        filter: program.as_ptr(),
    };
    if libc::prctl(
        libc::PR_SET_SECCOMP,
        libc::SECCOMP_MODE_FILTER,
        &fprog as *const SockFprog,
        0,
        0,
    ) < 0
    {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
compile_error!("the seccomp filter knows the system call tables of x86-64 and aarch64 only");
