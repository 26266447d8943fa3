//! scripts/compile-once.sh, the stand-in for `rustc` and `g++` through which
//! scripts/verify-packages.sh has both tools compile each distinct program once: run here over a
//! stub compiler that counts its calls and writes what it was given into the output, so the
//! tests see which compiles ran, which were served from the cache, and what was served.

use crate::common::TempDir;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A stub compiler: `-vV` / `--version` prints $STUB_VERSION; otherwise it appends its
/// arguments to `calls`, fails when an input holds `FAIL`, and writes the inputs' bytes and
/// its arguments but `-o` into the output, made executable.
const STUB: &str = r#"#!/bin/sh
case "$1" in -vV|--version) echo "stub ${STUB_VERSION:-1}"; exit 0 ;; esac
echo "$*" >>"$STUB_CALLS"
out=""; body=""
while [ $# -gt 0 ]; do
	case "$1" in
	-o) out=$2; shift ;;
	-o*) out=${1#-o} ;;
	*.rs|*.cpp) grep -q FAIL "$1" && exit 1; body="$body$(cat "$1") " ;;
	*) body="$body$1 " ;;
	esac
	shift
done
[ -n "$out" ] && printf '%s\n' "$body" >"$out" && chmod +x "$out"
exit 0
"#;

struct Setup {
    dir: TempDir,
    cache: PathBuf,
    bin: PathBuf,
}

fn setup(tag: &str) -> Setup {
    let dir = TempDir::new(tag);
    let cache = dir.join("cache");
    let bin = cache.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let stub = dir.join("stub");
    std::fs::write(&stub, STUB).unwrap();
    std::fs::set_permissions(&stub, std::fs::Permissions::from_mode(0o755)).unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/compile-once.sh");
    for name in ["rustc", "g++"] {
        std::os::unix::fs::symlink(&script, bin.join(name)).unwrap();
    }
    Setup { dir, cache, bin }
}

impl Setup {
    /// Runs `compiler args` in `cwd` through compile-once.sh: whether it succeeded.
    fn compile(&self, compiler: &str, cwd: &Path, args: &[&str], version: &str) -> bool {
        Command::new(self.bin.join(compiler))
            .args(args)
            .current_dir(cwd)
            .env("COMPILE_ONCE_DIR", &self.cache)
            .env("COMPILE_ONCE_RUSTC", self.dir.join("stub"))
            .env("COMPILE_ONCE_GXX", self.dir.join("stub"))
            .env("STUB_CALLS", self.dir.join("calls"))
            .env("STUB_VERSION", version)
            .status()
            .unwrap()
            .success()
    }

    /// How many compiles reached the stub so far.
    fn calls(&self) -> usize {
        std::fs::read_to_string(self.dir.join("calls"))
            .map(|s| s.lines().count())
            .unwrap_or(0)
    }

    /// A folder `name` holding `files` (name, text).
    fn folder(&self, name: &str, files: &[(&str, &str)]) -> PathBuf {
        let d = self.dir.join(name);
        std::fs::create_dir_all(&d).unwrap();
        for (f, text) in files {
            std::fs::write(d.join(f), text).unwrap();
        }
        d
    }
}

#[test]
fn the_same_source_under_the_same_flags_is_compiled_once() {
    let s = setup("compile-once-same");
    let a = s.folder("a", &[("x.rs", "fn main() {}")]);
    let b = s.folder("b", &[("x.rs", "fn main() {}")]);
    assert!(s.compile("rustc", &a, &["-O", "-o", "run", "x.rs"], "1"));
    assert_eq!(s.calls(), 1);
    // Another folder, another output name, `-o` joined to it (bt's form): served.
    assert!(s.compile("rustc", &b, &["-O", "-oprog", "x.rs"], "1"));
    assert_eq!(
        s.calls(),
        1,
        "the second compile should come from the cache"
    );
    let first = std::fs::read(a.join("run")).unwrap();
    assert_eq!(std::fs::read(b.join("prog")).unwrap(), first);
    let mode = std::fs::metadata(b.join("prog"))
        .unwrap()
        .permissions()
        .mode();
    assert!(mode & 0o111 != 0, "the served program is executable");
    // Linked into a folder (as BAPCtools builds), beside a linked module: the same key as the
    // plain files.
    let m = s.folder("m", &[("x.rs", "fn main() {}"), ("m.rs", "pub fn f() {}")]);
    let l = s.folder("l", &[]);
    for f in ["x.rs", "m.rs"] {
        std::os::unix::fs::symlink(m.join(f), l.join(f)).unwrap();
    }
    assert!(s.compile("rustc", &m, &["-O", "-o", "run", "x.rs"], "1"));
    assert!(s.compile("rustc", &l, &["-O", "-o", "run", "x.rs"], "1"));
    assert_eq!(s.calls(), 2);
    let log = std::fs::read_to_string(s.cache.join("log")).unwrap();
    assert_eq!(
        log,
        "miss rustc x.rs\nhit rustc x.rs\nmiss rustc x.rs\nhit rustc x.rs\n"
    );
}

#[test]
fn anything_that_changes_the_program_compiles_again() {
    let s = setup("compile-once-changes");
    let a = s.folder("a", &[("x.rs", "fn main() {}")]);
    assert!(s.compile("rustc", &a, &["-O", "-o", "run", "x.rs"], "1"));
    assert_eq!(s.calls(), 1);
    // Another flag.
    assert!(s.compile(
        "rustc",
        &a,
        &["-C", "opt-level=0", "-o", "run", "x.rs"],
        "1"
    ));
    assert_eq!(s.calls(), 2);
    // Another compiler version.
    assert!(s.compile("rustc", &a, &["-O", "-o", "run", "x.rs"], "2"));
    assert_eq!(s.calls(), 3);
    // Other bytes in the source.
    let b = s.folder("b", &[("x.rs", "fn main() { }")]);
    assert!(s.compile("rustc", &b, &["-O", "-o", "run", "x.rs"], "1"));
    assert_eq!(s.calls(), 4);
    assert_eq!(
        std::fs::read_to_string(b.join("run")).unwrap(),
        "-O fn main() { } \n"
    );
    // Another file name (rustc names the crate after it).
    let c = s.folder("c", &[("y.rs", "fn main() {}")]);
    assert!(s.compile("rustc", &c, &["-O", "-o", "run", "y.rs"], "1"));
    assert_eq!(s.calls(), 5);
    // The same file with a module beside it that differs.
    let d = s.folder("d", &[("x.rs", "fn main() {}"), ("m.rs", "")]);
    let e = s.folder("e", &[("x.rs", "fn main() {}"), ("m.rs", "pub fn f() {}")]);
    assert!(s.compile("rustc", &d, &["-O", "-o", "run", "x.rs"], "1"));
    assert_eq!(s.calls(), 6);
    assert!(s.compile("rustc", &e, &["-O", "-o", "run", "x.rs"], "1"));
    assert_eq!(s.calls(), 7);
    // The other compiler on the same text.
    let f = s.folder("f", &[("x.cpp", "int main() {}")]);
    assert!(s.compile("g++", &f, &["-O2", "-o", "run", "x.cpp"], "1"));
    assert!(s.compile("g++", &f, &["-O2", "-o", "run2", "x.cpp"], "1"));
    assert_eq!(s.calls(), 8);
}

#[test]
fn failures_and_unknown_forms_are_never_served() {
    let s = setup("compile-once-pass");
    let a = s.folder("a", &[("bad.rs", "FAIL"), ("x.rs", "fn main() {}")]);
    assert!(!s.compile("rustc", &a, &["-o", "run", "bad.rs"], "1"));
    assert!(!s.compile("rustc", &a, &["-o", "run", "bad.rs"], "1"));
    assert_eq!(s.calls(), 2, "a failed compile is not kept");
    for args in [
        &["x.rs"][..],
        &["--emit=metadata", "-o", "m", "x.rs"],
        &["-L", "lib", "-o", "run", "x.rs"],
        &["-o", "a", "-o", "b", "x.rs"],
    ] {
        let before = s.calls();
        assert!(s.compile("rustc", &a, args, "1"));
        assert!(s.compile("rustc", &a, args, "1"));
        assert_eq!(s.calls(), before + 2, "{args:?} passes through");
    }
}
