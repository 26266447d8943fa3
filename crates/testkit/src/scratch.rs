//! Scratch folders the tests leave nothing in: one per test removed on drop, and one per test
//! binary removed at its exit.

/// A scratch folder of its own under the system's temp dir, removed with everything in it
/// when dropped, also when the test panics: tests leave nothing behind.
pub struct TempDir(std::path::PathBuf);

impl TempDir {
    /// A fresh folder named after `tag`, the process and a per-process counter (tests of one
    /// binary run in parallel threads).
    pub fn new(tag: &str) -> TempDir {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("combgames-{tag}-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir)
            .unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
        TempDir(dir)
    }
}

/// A folder for what the tests of one binary share (the packages, made once), removed when
/// the process exits: the test harness ends through libc's `exit` whether its tests passed
/// or failed, which runs the `atexit` hook; a process killed leaves it, as it leaves a
/// [`TempDir`].
pub fn process_scratch() -> &'static std::path::Path {
    static DIR: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    extern "C" fn remove() {
        if let Some(dir) = DIR.get() {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("combgames-process-{}", std::process::id()));
        std::fs::create_dir_all(&dir)
            .unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
        // SAFETY: registers a function without arguments that only removes a folder.
        unsafe {
            libc::atexit(remove);
        }
        dir
    })
}

/// The folder's path: `&dir` serves where a `&Path` is wanted, `dir.join(..)` names a file in it.
impl std::ops::Deref for TempDir {
    type Target = std::path::Path;

    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
