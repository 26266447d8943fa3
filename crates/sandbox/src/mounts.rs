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

use std::ffi::{CStr, CString, OsStr};
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::path::{Component, Path, PathBuf};
use std::sync::OnceLock;

/// Where the solution's scratch space is inside the box (also its `TMPDIR` and `HOME`).
pub const SCRATCH: &str = "/tmp";

/// An environment variable of the referee naming one host folder the solution may write to
/// (its pid files, for the tests of tests/sandbox/hostile.rs and bench/hostile.sh); unset on a judge.
pub const SHARE_ENV: &str = "COMBGAMES_SANDBOX_SHARE";

/// The host's top-level entries the box binds read-only (or copies as links).
const SYSTEM: [&str; 7] = ["usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32"];

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

/// Where the host's root is while the box is made.
const OLD_ROOT: &str = "/oldroot";

/// Mounts a fresh `/proc` in the box, of the caller's PID namespace. `hidepid=2`: the
/// solution sees only processes it could trace, its own: not the PID namespace's init nor
/// anything outside, so nothing of the referee (command line, environment) shows.
///
/// # Safety
/// Only system calls; call between [`View::enter`] and [`View::seal`], in a new PID namespace.
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

const MOUNT_ATTR_RDONLY: u64 = 0x1;
const MOUNT_ATTR_NOSUID: u64 = 0x2;
const MOUNT_ATTR_NODEV: u64 = 0x4;
const AT_RECURSIVE: libc::c_int = 0x8000;

/// One step of making the box, after `pivot_root`.
enum Step {
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

/// The box of one run, ready to be entered in the child.
pub struct View {
    /// An existing host folder the root tmpfs is first mounted on.
    stage: CString,
    root_options: CString,
    /// The steps every run of this referee shares (the system, /etc, /dev, the scratch
    /// space), made once.
    system: &'static [Step],
    /// The command's own: its files and folders, the working folder.
    steps: Vec<Step>,
    /// The working folder inside the box.
    cwd: CString,
    /// The host's files and folders bound for the command, and the working folder, as they
    /// were when the view was made ([`View::unchanged`]).
    sources: Vec<(PathBuf, Option<FileId>)>,
}

/// What tells a file from the one that replaces it at the same path: device, inode, and the
/// times of its last change of content and of status.
type FileId = (u64, u64, i64, i64, i64, i64);

fn file_id(path: &Path) -> Option<FileId> {
    use std::os::unix::fs::MetadataExt;
    let m = std::fs::metadata(path).ok()?;
    Some((
        m.dev(),
        m.ino(),
        m.mtime(),
        m.mtime_nsec(),
        m.ctime(),
        m.ctime_nsec(),
    ))
}

fn c(bytes: impl AsRef<[u8]>) -> Option<CString> {
    CString::new(bytes.as_ref()).ok()
}

fn c_path(p: &Path) -> Option<CString> {
    c(p.as_os_str().as_bytes())
}

/// `path` made absolute against `cwd` and rid of `.` and `..` by its words alone (as the
/// box's folders, made along it, resolve it).
fn lexical(cwd: &Path, path: &Path) -> PathBuf {
    let mut out = PathBuf::from("/");
    for part in cwd.join(path).components() {
        match part {
            Component::ParentDir => {
                out.pop();
            }
            Component::Normal(p) => out.push(p),
            _ => {}
        }
    }
    out
}

/// Whether `path` (absolute, lexical) is already in the box: under a system folder or link.
fn in_system(path: &Path) -> bool {
    let mut parts = path.components().skip(1);
    match parts.next() {
        Some(Component::Normal(top)) => SYSTEM.iter().any(|s| OsStr::new(s) == top),
        _ => false,
    }
}

/// A host folder the root tmpfs can be mounted on before `pivot_root` moves it.
fn stage() -> Option<&'static str> {
    ["/tmp", "/mnt", "/media", "/srv", "/opt", "/home"]
        .into_iter()
        .find(|d| Path::new(d).is_dir())
}

/// The interpreter a script's `#!` line names, if `file` is one.
fn interpreter(file: &Path) -> Option<PathBuf> {
    use std::io::Read;
    let mut head = [0u8; 256];
    let n = std::fs::File::open(file).ok()?.read(&mut head).ok()?;
    let line = head[..n].strip_prefix(b"#!")?;
    let line = &line[..line.iter().position(|&b| b == b'\n').unwrap_or(line.len())];
    let word = line
        .split(|b| b.is_ascii_whitespace())
        .find(|w| !w.is_empty())?;
    Some(PathBuf::from(OsStr::from_bytes(word)))
}

/// The program `name` (a bare name) as the box's `PATH` finds it: `None` where the box has it
/// (exec finds it there), else the host's file on the referee's `PATH`, which is brought in.
pub fn outside_program(name: &str) -> Option<PathBuf> {
    let runnable = |p: &Path| p.is_file();
    if crate::env::BOX_PATH
        .split(':')
        .any(|dir| runnable(&Path::new(dir).join(name)))
    {
        return None;
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|p| runnable(p))
}

/// The steps of the box that do not depend on the command, made once per referee (the
/// scratch size and the box ids do not change within one).
fn system_steps(scratch_bytes: u64, ids: (u32, u32)) -> Option<&'static [Step]> {
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

/// What the box is asked to hold besides the system: the command's files and folders.
#[derive(Default)]
struct Brought {
    /// (host path, box path, folder?) in the order found; box paths are lexical.
    items: Vec<(PathBuf, PathBuf, bool)>,
}

impl Brought {
    /// Brings `path` (as the command names it, against `cwd`) if it names an existing file
    /// or folder outside the system folders; a script's interpreter too.
    fn add(&mut self, cwd: &Path, path: &Path) {
        let inside = lexical(cwd, path);
        if inside == Path::new("/")
            || in_system(&inside)
            || inside.starts_with("/proc")
            || inside.starts_with("/dev")
        {
            return;
        }
        // Files and folders only: no socket, FIFO or device of the host.
        let Ok(meta) = std::fs::metadata(path) else {
            return;
        };
        if !meta.is_file() && !meta.is_dir() {
            return;
        }
        let Ok(host) = path.canonicalize() else {
            return;
        };
        // A folder brought already holds it.
        if self
            .items
            .iter()
            .any(|(_, b, folder)| *b == inside || (*folder && inside.starts_with(b)))
        {
            return;
        }
        self.items.push((host.clone(), inside, meta.is_dir()));
        if meta.is_file() {
            if let Some(interp) = interpreter(&host) {
                if interp.is_absolute() {
                    self.add(cwd, &interp);
                }
            }
        }
    }
}

impl View {
    /// The box for `command` (program and arguments, the program as it will be executed)
    /// run from the referee's working folder, with `scratch_bytes` of scratch space and the
    /// box user `ids` named in its `/etc/passwd`; `None` where it cannot be described to the
    /// kernel (a path with a NUL byte, no folder to stage the root on).
    pub fn new(command: &[String], scratch_bytes: u64, ids: (u32, u32)) -> Option<View> {
        let cwd = std::env::current_dir().ok()?;
        let mut brought = Brought::default();
        let mut words = command.iter();
        // A bare name is the box's own program: the caller resolved any other to its path.
        if let Some(program) = words.next().filter(|p| p.contains('/')) {
            brought.add(&cwd, Path::new(program));
        }
        for word in words {
            if word.is_empty() {
                continue;
            }
            if Path::new(word).exists() {
                brought.add(&cwd, Path::new(word));
                continue;
            }
            // A command line inside an argument (`sh -c 'exec ./sol'`): the files its words
            // name, folders not (`cd .` must not bring the working folder).
            for token in word.split(|c: char| c.is_whitespace() || "'\";|&<>()=:`".contains(c)) {
                if !token.is_empty() && Path::new(token).is_file() {
                    brought.add(&cwd, Path::new(token));
                }
            }
        }
        let system = system_steps(scratch_bytes, ids)?;
        let mut steps = Vec::new();
        let old = |p: &Path| c(format!("{OLD_ROOT}{}", p.display()));
        let mut made: Vec<PathBuf> = Vec::new();
        let mut mkdirs = |steps: &mut Vec<Step>, dir: &Path| -> Option<()> {
            for ancestor in dir.ancestors().collect::<Vec<_>>().into_iter().rev() {
                if ancestor == Path::new("/") || made.iter().any(|m| m == ancestor) {
                    continue;
                }
                made.push(ancestor.to_owned());
                steps.push(Step::Mkdir(c_path(ancestor)?, 0o755));
            }
            Some(())
        };
        let inside_cwd = lexical(&cwd, Path::new("."));
        if !in_system(&inside_cwd) && !inside_cwd.starts_with("/proc") {
            mkdirs(&mut steps, &inside_cwd)?;
        }
        let share = match std::env::var_os(SHARE_ENV) {
            Some(dir) => Some(Path::new(&dir).canonicalize().ok()?),
            None => None,
        };
        let sources = brought
            .items
            .iter()
            .map(|(host, ..)| host.clone())
            .chain(std::iter::once(cwd.clone()))
            .map(|p| {
                let id = file_id(&p);
                (p, id)
            })
            .collect();
        let binds = brought
            .items
            .into_iter()
            .map(|(host, inside, folder)| (host, inside, folder, false))
            .chain(share.map(|dir| (dir.clone(), dir, true, true)));
        for (host, inside, folder, writable) in binds {
            let parent = inside.parent().unwrap_or(Path::new("/"));
            mkdirs(&mut steps, parent)?;
            if folder {
                mkdirs(&mut steps, &inside)?;
            }
            steps.push(Step::Bind {
                from: old(&host)?,
                to: c_path(&inside)?,
                folder,
                writable,
            });
        }
        Some(View {
            system,
            stage: c(stage()?)?,
            root_options: c("mode=755,size=1m,nr_inodes=4096")?,
            steps,
            cwd: c_path(&inside_cwd)?,
            sources,
        })
    }

    /// Whether the files and folders this view binds, and the working folder, are still the
    /// ones it was made of (a binary rebuilt at the same path is another file: a box made
    /// before would show the old one).
    pub fn unchanged(&self) -> bool {
        std::env::current_dir().ok().as_deref() == self.sources.last().map(|(p, _)| p.as_path())
            && self.sources.iter().all(|(p, id)| file_id(p) == *id)
    }

    /// In the child, in a fresh mount namespace (with the capabilities to mount in it): makes
    /// the box and enters it, the host's root still under `/oldroot` until [`View::seal`].
    /// Only system calls.
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
        let tmpfs = c"tmpfs".as_ptr();
        check(libc::mount(
            tmpfs,
            self.stage.as_ptr(),
            tmpfs,
            libc::MS_NOSUID | libc::MS_NODEV,
            self.root_options.as_ptr().cast(),
        ))?;
        check(libc::chdir(self.stage.as_ptr()))?;
        check(libc::mkdir(c"oldroot".as_ptr(), 0o700))?;
        check(libc::syscall(libc::SYS_pivot_root, c".".as_ptr(), c"oldroot".as_ptr()) as i32)?;
        check(libc::chdir(c"/".as_ptr()))?;
        for step in self.system.iter().chain(&self.steps) {
            step.make()?;
        }
        Ok(())
    }

    /// In the child, after [`View::enter`] and after `/proc` is mounted (a user namespace may
    /// mount a proc only while the host's stays visible in its mount namespace: here under
    /// `/oldroot`): detaches the host's root and makes the box read-only. Only system calls.
    ///
    /// # Safety
    /// Call only between fork and exec, after [`View::enter`].
    pub unsafe fn seal(&self) -> io::Result<()> {
        self.close()?;
        self.go_in()
    }

    /// The part of [`View::seal`] that needs no `/proc`: detaches the host's root and makes
    /// the box read-only (a `/proc` can still be mounted on its folder). Only system calls.
    ///
    /// # Safety
    /// Call only after [`View::enter`], in a process alone in its mount namespace.
    pub unsafe fn close(&self) -> io::Result<()> {
        check(libc::umount2(c"/oldroot".as_ptr(), libc::MNT_DETACH))?;
        check(libc::rmdir(c"/oldroot".as_ptr()))?;
        set_attr(c"/dev", false, MOUNT_ATTR_RDONLY, 0)?;
        set_attr(c"/", false, MOUNT_ATTR_RDONLY, 0)
    }

    /// The rest of [`View::seal`]: into the working folder. Only system calls.
    ///
    /// # Safety
    /// Call only between fork and exec, in the box.
    pub unsafe fn go_in(&self) -> io::Result<()> {
        check(libc::chdir(self.cwd.as_ptr()))
    }
}

impl Step {
    unsafe fn make(&self) -> io::Result<()> {
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

/// Whether the scratch space is full, read in the solution's mount namespace (the PID
/// namespace's holder does it when the solution has ended).
///
/// # Safety
/// Only system calls; callable between fork and exec.
pub unsafe fn scratch_full() -> bool {
    let mut stat: libc::statvfs = std::mem::zeroed();
    libc::statvfs(c"/tmp".as_ptr(), &mut stat) == 0 && stat.f_bfree == 0
}

/// The box's `/proc` where the solution has no PID namespace of its own
/// ([`crate::pid_namespace_works`] false): a fresh one of the referee's namespace where the
/// kernel allows it (root), else the host's bound. Every process shows then: a guarantee the
/// sandbox says is missing.
///
/// # Safety
/// Only system calls; call between [`View::enter`] and [`View::seal`].
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

unsafe fn set_attr(path: &CStr, recursive: bool, set: u64, clear: u64) -> io::Result<()> {
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
