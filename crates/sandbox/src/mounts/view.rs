//! The box of one run ([`View`]): described before the fork from the command, then made and
//! entered in the child, sealed before exec; and whether a box made before still fits.

use super::command::{in_system, lexical, Brought};
use super::steps::{set_attr, MOUNT_ATTR_RDONLY};
use super::system::system_steps;
use super::{c, c_path, check, Step, OLD_ROOT, SHARE_ENV};
use std::ffi::CString;
use std::io;
use std::path::{Path, PathBuf};

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

/// A host folder the root tmpfs can be mounted on before `pivot_root` moves it.
fn stage() -> Option<&'static str> {
    ["/tmp", "/mnt", "/media", "/srv", "/opt", "/home"]
        .into_iter()
        .find(|d| Path::new(d).is_dir())
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
