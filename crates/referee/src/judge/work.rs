//! `referee judge`'s work folder: a private temporary folder for the tests' files, and the
//! files written there anew.

use anyhow::Context;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `bytes` to a new file at `path`: whatever was there (a file, a link) is removed
/// first, and the file is created exclusively, so a link left there is never followed.
pub(super) fn write_new(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
        _ => {}
    }
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)?
        .write_all(bytes)
}

/// A temporary folder of its own, removed when dropped.
pub(super) struct WorkDir(pub(super) PathBuf);

impl WorkDir {
    /// A new work folder, `referee-judge-<pid>-<nanos>` in the temporary folder; the folders a
    /// judge left behind when it was killed outright (its pid no longer runs) go first. An
    /// error names the folder.
    pub(super) fn create() -> anyhow::Result<WorkDir> {
        if let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) {
            for entry in entries.filter_map(|e| e.ok()) {
                let name = entry.file_name().to_string_lossy().into_owned();
                let pid = name
                    .strip_prefix("referee-judge-")
                    .and_then(|rest| rest.split('-').next())
                    .and_then(|pid| pid.parse::<u32>().ok());
                if pid.is_some_and(|pid| !Path::new(&format!("/proc/{pid}")).exists()) {
                    let _ = std::fs::remove_dir_all(entry.path());
                }
            }
        }
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let dir =
            std::env::temp_dir().join(format!("referee-judge-{}-{nanos}", std::process::id()));
        // The referee's alone (0700), and new: a folder someone made there first is an error.
        std::os::unix::fs::DirBuilderExt::mode(&mut std::fs::DirBuilder::new(), 0o700)
            .create(&dir)
            .with_context(|| format!("cannot create the work folder {}", dir.display()))?;
        Ok(WorkDir(dir))
    }
}

impl Drop for WorkDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The work folder (inputs, outputs, answers of the tests) is the referee's alone.
    #[test]
    fn the_work_folder_is_private() {
        use std::os::unix::fs::PermissionsExt;
        let work = WorkDir::create().unwrap();
        let mode = std::fs::metadata(&work.0).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
    }
}
