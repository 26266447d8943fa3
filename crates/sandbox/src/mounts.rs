//! The box's file system: what a confined solution sees, made in its own mount namespace
//! between fork and exec ([`crate`]). Nothing of the host but what a program needs to run:
//!
//! - `/`: a small tmpfs of its own, read-only once made;
//! - `/usr` and the top-level folders or links beside it (`/bin`, `/sbin`, `/lib*`): read-only
//!   binds of the host's (links stay links), so the compilers' runtimes and interpreters of
//!   `/usr` (C, C++, Rust programs, `python3`, `java`) run;
//! - `/etc`: a folder of the root tmpfs holding `passwd`, `group`, `hosts` and `nsswitch.conf`
//!   written for the box, and read-only binds of the host's loader cache and configuration,
//!   `alternatives`, `localtime`, and the `java-*` and `python3*` folders (`ETC`);
//! - `/dev`: a tmpfs holding only `null`, `zero`, `full`, `random` and `urandom` (binds of the
//!   host's nodes) and the `fd`, `stdin`, `stdout`, `stderr` links, read-only again;
//! - `/tmp`: the scratch space, a tmpfs of the run's size (`TMPDIR` and `HOME`, [`SCRATCH`]),
//!   also at `/dev/shm` (the same file system: POSIX shared memory counts in the cap); gone
//!   with the namespace when the run ends, whatever the verdict;
//! - `/proc`: a fresh one, mounted by the PID namespace's first process ([`crate::pidns`]);
//! - what the command names: the program, every argument that names an existing file or
//!   folder, every file named by a word inside an argument (`sh -c 'exec ./sol'`), the
//!   interpreter a script's `#!` line names, and the working folder, each at its own path
//!   (made as empty folders in the root tmpfs), read-only: so `./sol`, `python3 sol.py` and a
//!   program in a folder only root may enter run as they would outside, and nothing else of
//!   those folders is there (a program that runs another must name it on the command line);
//! - optionally one host folder left writable ([`SHARE_ENV`]), which only the tests use.
//!
//! The host's root is reached during the making only, under `/oldroot` after `pivot_root`,
//! and detached before exec ([`View::seal`]). Only system calls run in the child; every string is made here.
//!
//! Where it is: `system` (the layout every box shares), `command` (what the command brings),
//! `view` (the box of one run: described, entered, sealed), `steps` (the system calls that make
//! it in the child, and its `/proc`), `scratch` (how full the scratch space is).

mod command;
mod scratch;
mod steps;
mod system;
mod view;

pub use command::outside_program;
pub use scratch::{scratch_full, scratch_used};
pub use steps::{mount_host_proc, mount_proc};
pub use view::View;

use std::ffi::CString;
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use steps::Step;

/// Where the solution's scratch space is inside the box (also its `TMPDIR` and `HOME`).
pub const SCRATCH: &str = "/tmp";

/// An environment variable of the referee naming one host folder the solution may write to
/// (its pid files, for the tests of tests/sandbox/hostile.rs and bench/hostile.sh); unset on a judge.
pub const SHARE_ENV: &str = "COMBGAMES_SANDBOX_SHARE";

/// Where the host's root is while the box is made.
const OLD_ROOT: &str = "/oldroot";

fn c(bytes: impl AsRef<[u8]>) -> Option<CString> {
    CString::new(bytes.as_ref()).ok()
}

fn c_path(p: &Path) -> Option<CString> {
    c(p.as_os_str().as_bytes())
}

fn check(r: libc::c_int) -> io::Result<()> {
    if r < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(())
    }
}
