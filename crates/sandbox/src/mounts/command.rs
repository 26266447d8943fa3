//! What the command brings into the box: the files and folders its words name, a script's
//! interpreter, a program found on the referee's `PATH` ([`Brought`], [`outside_program`]).

use super::system::SYSTEM;
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::{Component, Path, PathBuf};

/// `path` made absolute against `cwd` and rid of `.` and `..` by its words alone (as the
/// box's folders, made along it, resolve it).
pub(super) fn lexical(cwd: &Path, path: &Path) -> PathBuf {
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
pub(super) fn in_system(path: &Path) -> bool {
    let mut parts = path.components().skip(1);
    match parts.next() {
        Some(Component::Normal(top)) => SYSTEM.iter().any(|s| OsStr::new(s) == top),
        _ => false,
    }
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

/// What the box is asked to hold besides the system: the command's files and folders.
#[derive(Default)]
pub(super) struct Brought {
    /// (host path, box path, folder?) in the order found; box paths are lexical.
    pub(super) items: Vec<(PathBuf, PathBuf, bool)>,
}

impl Brought {
    /// Brings `path` (as the command names it, against `cwd`) if it names an existing file
    /// or folder outside the system folders; a script's interpreter too.
    pub(super) fn add(&mut self, cwd: &Path, path: &Path) {
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
