//! Compiling as a judge does: one file alone with plain `rustc`, and the test binary's cache
//! of scripts/compile-once.sh that compiles a source once per flags.

use crate::{process_scratch, root};

/// The test binary's cache of scripts/compile-once.sh (in [`process_scratch`]), whose `bin/`
/// holds the script as `rustc`: a program folder built with `bin/` first on PATH and
/// [`compile_once_env`] set compiles a source once per flags for the whole test binary (the
/// packages' validators share one bundled referee, which the sandbox tests build too).
pub fn compile_once_cache() -> &'static std::path::Path {
    static DIR: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let cache = process_scratch().join("compile-once");
        std::fs::create_dir_all(cache.join("bin")).unwrap();
        std::os::unix::fs::symlink(
            root().join("scripts/compile-once.sh"),
            cache.join("bin/rustc"),
        )
        .unwrap();
        cache
    })
}

/// The environment of a compile through [`compile_once_cache`]: its `bin/` first on PATH, the
/// cache, and the real rustc (the first on the PATH it was given).
pub fn compile_once_env(command: &mut std::process::Command) {
    let cache = compile_once_cache();
    let path = std::env::var_os("PATH").unwrap_or_default();
    let real = std::env::split_paths(&path)
        .map(|d| d.join("rustc"))
        .find(|p| p.is_file())
        .expect("rustc on the PATH");
    let path = std::env::join_paths(
        std::iter::once(cache.join("bin")).chain(std::env::split_paths(&path)),
    )
    .unwrap();
    command
        .env("PATH", path)
        .env("COMPILE_ONCE_DIR", cache)
        .env("COMPILE_ONCE_RUSTC", real);
}

/// Compiles one file alone with plain `rustc` (no Cargo, no crates), as a judge builds a
/// submission: in `edition`, with `options` (e.g. `-O`, or `--emit=metadata` to type-check
/// only), into `out`. Panics with rustc's messages if it does not compile.
pub fn assert_rustc_builds(
    file: &std::path::Path,
    edition: &str,
    options: &[&str],
    out: &std::path::Path,
) {
    let built = std::process::Command::new("rustc")
        .args(["--edition", edition])
        .args(options)
        .arg("-o")
        .arg(out)
        .arg(file)
        .output()
        .unwrap();
    assert!(
        built.status.success(),
        "{} (edition {edition}): {}",
        file.display(),
        String::from_utf8_lossy(&built.stderr)
    );
}
