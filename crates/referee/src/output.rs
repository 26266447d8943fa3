//! The files the referee writes for the user (a page, a transcript, a kept failure): written
//! under a fresh name in the same folder, created exclusively (`O_EXCL`: never through a link
//! planted there), then renamed over the name asked for, which replaces a link at that name
//! instead of writing where it points. A device or a pipe at the name (`/dev/null`, a FIFO)
//! is written as it is (`O_NOFOLLOW`), never replaced.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

/// A fresh name beside `path` for the file being written.
fn fresh_name(path: &Path) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let name = path
        .file_name()
        .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.{}-{nanos}.tmp", std::process::id()))
}

/// A device or a pipe at `path`, opened for writing as it is (None: nothing there, a file,
/// a folder or a link).
fn device(path: &Path) -> Option<io::Result<File>> {
    let kind = std::fs::symlink_metadata(path).ok()?.file_type();
    if kind.is_symlink() || kind.is_file() || kind.is_dir() {
        return None;
    }
    Some(
        OpenOptions::new()
            .write(true)
            .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
            .open(path),
    )
}

/// Creates `path` as a new file of the user's (mode 0644 before the umask), open for
/// writing: made under a fresh name and renamed to `path` at once, so a link at `path` is
/// replaced, never followed.
pub fn create(path: &Path) -> io::Result<File> {
    if let Some(device) = device(path) {
        return device;
    }
    let fresh = fresh_name(path);
    let file = OpenOptions::new()
        .write(true)
        .create_new(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
        .mode(0o644)
        .open(&fresh)?;
    if let Err(e) = std::fs::rename(&fresh, path) {
        let _ = std::fs::remove_file(&fresh);
        return Err(e);
    }
    Ok(file)
}

/// Writes `bytes` as the file `path`, as [`create`] makes it.
pub fn write_new(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if let Some(device) = device(path) {
        return device?.write_all(bytes);
    }
    let fresh = fresh_name(path);
    let written = OpenOptions::new()
        .write(true)
        .create_new(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
        .mode(0o644)
        .open(&fresh)
        .and_then(|mut file| file.write_all(bytes))
        .and_then(|()| std::fs::rename(&fresh, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&fresh);
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A link planted at the name is replaced by the file; its target is left as it was.
    #[test]
    fn a_planted_link_is_replaced_not_followed() {
        let dir = std::env::temp_dir().join(format!("referee-output-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let target = dir.join("target");
        std::fs::write(&target, "keep").unwrap();
        let out = dir.join("page.html");
        std::os::unix::fs::symlink(&target, &out).unwrap();
        write_new(&out, b"page").unwrap();
        assert_eq!(std::fs::read(&target).unwrap(), b"keep");
        assert_eq!(std::fs::read(&out).unwrap(), b"page");
        assert!(!std::fs::symlink_metadata(&out)
            .unwrap()
            .file_type()
            .is_symlink());
        std::os::unix::fs::symlink(&target, dir.join("t")).unwrap();
        let mut file = create(&dir.join("t")).unwrap();
        file.write_all(b"transcript").unwrap();
        assert_eq!(std::fs::read(&target).unwrap(), b"keep");
        let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(left.len(), 3, "no fresh name left");
        std::fs::remove_dir_all(&dir).unwrap();
        // A device is written as it is, never replaced.
        write_new(Path::new("/dev/null"), b"page").unwrap();
        let null = std::fs::symlink_metadata("/dev/null").unwrap();
        assert!(std::os::unix::fs::FileTypeExt::is_char_device(
            &null.file_type()
        ));
    }
}
