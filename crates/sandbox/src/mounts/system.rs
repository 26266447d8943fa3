//! What every box holds whatever the command: the host's system folders bound read-only, an
//! `/etc` of its own, a `/dev` of a few devices, the scratch space and the folder of `/proc`,
//! as steps made once per referee ([`system_steps`]).

use super::{c, c_path, Step, OLD_ROOT, SCRATCH};
use std::path::Path;
use std::sync::OnceLock;

/// The host's top-level entries the box binds read-only (or copies as links).
pub(super) const SYSTEM: [&str; 7] = ["usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32"];

/// The host's `/etc` entries the box binds read-only where they exist; a name ending in `*`
/// stands for every entry it starts.
const ETC: [&str; 9] = [
    "ld.so.cache",
    "ld.so.conf",
    "ld.so.conf.d",
    "alternatives",
    "localtime",
    "locale.alias",
    "java-*",
    "python3*",
    "gcrypt",
];

/// The device nodes a solution gets (bound from the host's /dev).
const DEVICES: [&str; 5] = ["null", "zero", "full", "random", "urandom"];

/// The steps of the box that do not depend on the command, made once per referee (the
/// scratch size and the box ids do not change within one).
pub(super) fn system_steps(scratch_bytes: u64, ids: (u32, u32)) -> Option<&'static [Step]> {
    static STEPS: OnceLock<Option<Vec<Step>>> = OnceLock::new();
    STEPS
        .get_or_init(|| {
            let mut steps = Vec::new();
            let old = |p: &Path| c(format!("{OLD_ROOT}{}", p.display()));
            for name in SYSTEM {
                let host = Path::new("/").join(name);
                let Ok(meta) = std::fs::symlink_metadata(&host) else {
                    continue;
                };
                let to = c_path(&host)?;
                if meta.file_type().is_symlink() {
                    let target = std::fs::read_link(&host).ok()?;
                    steps.push(Step::Symlink(c_path(&target)?, to));
                } else if meta.is_dir() {
                    steps.push(Step::Bind {
                        from: old(&host)?,
                        to,
                        folder: true,
                        writable: false,
                    });
                }
            }
            steps.push(Step::Mkdir(c("/etc")?, 0o755));
            let (uid, gid) = ids;
            let files = [
                (
                    "/etc/passwd",
                    format!(
                        "root:x:0:0:root:/root:/bin/sh\n\
                             box:x:{uid}:{gid}:box:{SCRATCH}:/bin/sh\n\
                             nobody:x:65534:65534:nobody:/nonexistent:/bin/false\n"
                    ),
                ),
                (
                    "/etc/group",
                    format!("root:x:0:\nbox:x:{gid}:\nnogroup:x:65534:\n"),
                ),
                (
                    "/etc/hosts",
                    "127.0.0.1 localhost\n::1 localhost\n".to_owned(),
                ),
                (
                    "/etc/nsswitch.conf",
                    "passwd: files\ngroup: files\nhosts: files\n".to_owned(),
                ),
            ];
            for (path, text) in files {
                steps.push(Step::Write(c(path)?, c(text)?));
            }
            if let Ok(entries) = std::fs::read_dir("/etc") {
                let mut names: Vec<_> = entries
                    .filter_map(|e| e.ok())
                    .map(|e| e.file_name())
                    .filter(|n| {
                        let n = n.to_string_lossy();
                        ETC.iter().any(|p| match p.strip_suffix('*') {
                            Some(prefix) => n.starts_with(prefix),
                            None => n == *p,
                        })
                    })
                    .collect();
                names.sort();
                for name in names {
                    let host = Path::new("/etc").join(name);
                    let Ok(meta) = std::fs::metadata(&host) else {
                        continue;
                    };
                    steps.push(Step::Bind {
                        from: old(&host)?,
                        to: c_path(&host)?,
                        folder: meta.is_dir(),
                        writable: false,
                    });
                }
            }
            steps.push(Step::Mkdir(c("/dev")?, 0o755));
            steps.push(Step::Tmpfs {
                at: c("/dev")?,
                options: c("mode=755,size=64k")?,
                flags: libc::MS_NOSUID | libc::MS_NOEXEC,
            });
            for dev in DEVICES {
                let host = Path::new("/dev").join(dev);
                steps.push(Step::Bind {
                    from: old(&host)?,
                    to: c_path(&host)?,
                    folder: false,
                    writable: true,
                });
            }
            for (target, link) in [
                ("/proc/self/fd", "/dev/fd"),
                ("/proc/self/fd/0", "/dev/stdin"),
                ("/proc/self/fd/1", "/dev/stdout"),
                ("/proc/self/fd/2", "/dev/stderr"),
            ] {
                steps.push(Step::Symlink(c(target)?, c(link)?));
            }
            steps.push(Step::Mkdir(c(SCRATCH)?, 0o1777));
            // tmpfs rounds the size up to whole pages; 1777: the solution runs as another uid than
            // the one that mounts it when the referee is root.
            steps.push(Step::Tmpfs {
                at: c(SCRATCH)?,
                options: c(format!("mode=1777,size={scratch_bytes}"))?,
                flags: libc::MS_NOSUID | libc::MS_NODEV,
            });
            steps.push(Step::Mkdir(c("/dev/shm")?, 0o1777));
            steps.push(Step::Bind {
                from: c(SCRATCH)?,
                to: c("/dev/shm")?,
                folder: true,
                writable: true,
            });
            steps.push(Step::Mkdir(c("/proc")?, 0o555));
            Some(steps)
        })
        .as_deref()
}
