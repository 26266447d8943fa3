//! The one sandbox a solution runs in, for `referee play` (an interactive child, the referee's
//! `process`) and `referee judge` (a batch run, the referee's `judge::batch`). docs/sandbox.md
//! is its contract: what the solution sees, what it can do, what is counted. Each module
//! keeps one part of it:
//!
//! - [`namespaces`]: fresh user (when not root), mount, network, IPC and UTS namespaces for
//!   every run, so nothing survives from one run to the next;
//! - [`mounts`]: the box's file system, a tmpfs root holding read-only binds of the system
//!   folders and of what the command names, a capped scratch space, a minimal `/dev`;
//! - [`pidns`]: a PID namespace with a fresh `/proc` that shows the solution its own
//!   processes only;
//! - [`privileges`]: a box uid (under a root referee), no capability, `no_new_privs`;
//! - [`seccomp`]: the few system calls refused (memory the box cannot count, keyrings, user
//!   namespaces);
//! - [`env`](mod@env): a fixed, minimal environment plus what the user passes with `-E`;
//! - [`cgroup`]: control groups where the machine lets the referee make them (CPU of every
//!   process, a memory cap, a task cap);
//! - `spare`: the next run's namespaces and box, made while a run goes on and joined by the
//!   next start of the same command (the start's cost off its path, every run's still fresh);
//! - [`options`]: the settings (`--sandbox`, `--scratch-size`, `-E`) and the guarantees this
//!   machine cannot give;
//! - `fds`: descriptors closed or marked close-on-exec by range, in the children;
//! - [`spawn`](mod@spawn): the start (the confinement above, a session and process group of its
//!   own, rlimits, only stdin, stdout and stderr inherited);
//! - [`measure`]: measurement from /proc while it runs and from wait4 when it ends, and the
//!   kill of the whole tree, so nothing it forks outlives it;
//! - [`signals`]: the referee's side: the running group killed when the referee is told to
//!   stop, the subreaper, CPU pinning.
//!
//! This file is the index: every item is used through the paths re-exported here.
//!
//! ```
//! use combgames_sandbox::{self as sandbox, Exit, Rlimits};
//! use std::io::Read;
//! use std::process::Stdio;
//! use std::time::Duration;
//!
//! let limits = Rlimits { cpu: Duration::from_secs(2), file_size: None, memory: Some(256 << 20) };
//! let command = ["sh", "-c", "echo boxed"].map(String::from);
//! let stdio = [Stdio::null(), Stdio::piped(), Stdio::null()];
//! let (mut child, pid, mut tree) = sandbox::spawn(&command, stdio, limits).unwrap();
//! let mut out = String::new();
//! child.stdout.take().unwrap().read_to_string(&mut out).unwrap();
//! let reaped = sandbox::wait(pid, true).unwrap().unwrap();
//! sandbox::kill(pid, true);
//! tree.kill(); // and whatever it forked
//! assert_eq!((out.as_str(), reaped.exit), ("boxed\n", Exit::Code(0)));
//! ```

pub mod cgroup;
pub mod env;
mod fds;
pub mod measure;
pub mod mounts;
pub mod namespaces;
pub mod options;
pub mod pidns;
pub mod privileges;
pub mod seccomp;
pub mod signals;
mod spare;
pub mod spawn;

pub use combgames_core::peer::Exit;
pub use measure::*;
pub use options::*;
pub use signals::*;
pub use spawn::*;
