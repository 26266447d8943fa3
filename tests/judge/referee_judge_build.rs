//! `referee judge <problem> <source file>` through the real binary: the source built by its
//! extension (the build command shown once), judged, and its build folder gone afterwards; a
//! source that does not build is CE with the compiler's message; an unknown extension and a
//! missing compiler are one line on stderr.
//!
//! Needs gcc, g++ and python3 (.ci/run installs them where missing) and rustc (the toolchain):
//! each test that builds says so loudly when its compiler is absent instead of passing.

use crate::common;

use common::TempDir;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Panics, naming the package, when `tool` is not on PATH: a test that needs a compiler must
/// not pass without it.
fn require(tool: &str) {
    let found = Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        found,
        "{tool} is needed by this test and is not installed (.ci/run installs it)"
    );
}

struct Judged {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs `referee judge <args>` in `cwd` with `TMPDIR` = `tmp` (so that what the build leaves
/// there can be seen) and, when given, `PATH` = `path`.
fn judge(cwd: &Path, tmp: &Path, path: Option<&Path>, args: &[&str]) -> Judged {
    let mut command = Command::new(env!("CARGO_BIN_EXE_referee"));
    command
        .current_dir(cwd)
        .env("TMPDIR", tmp)
        .arg("judge")
        .args(args);
    if let Some(path) = path {
        command.env("PATH", path);
    }
    let out = command.output().expect("the referee runs");
    Judged {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// The names in `dir` (the temporary folder the referee was given).
fn left_in(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect()
}

/// Judges `source` with `args` in a fresh folder; checks that every test is OK, that the build
/// command (if any) is shown once and starts with `build`, and that nothing is left in the
/// temporary folder.
fn judged_ok(source: &str, args: &[&str], build: Option<&str>) {
    let dir = TempDir::new("judge-build-ok");
    let tmp = dir.join("tmp");
    std::fs::create_dir_all(&tmp).unwrap();
    let mut all = vec![common::a_game(), source];
    all.extend_from_slice(args);
    let r = judge(&dir, &tmp, None, &all);
    assert_eq!(r.code, Some(0), "{source}:\n{}{}", r.stdout, r.stderr);
    let verdicts = common::judge_verdicts(&r.stdout);
    assert!(verdicts.len() >= 4, "{}", r.stdout);
    assert!(verdicts.iter().all(|(_, v)| v == "OK"), "{}", r.stdout);
    let builds: Vec<&str> = r
        .stdout
        .lines()
        .filter(|l| l.starts_with("build: "))
        .collect();
    match build {
        Some(start) => {
            assert_eq!(builds.len(), 1, "shown once:\n{}", r.stdout);
            assert!(builds[0].starts_with(start), "{}", builds[0]);
            assert!(builds[0].contains(source), "{}", builds[0]);
        }
        None => assert!(builds.is_empty(), "{}", r.stdout),
    }
    assert!(
        r.stdout.lines().last().unwrap().starts_with("summary: "),
        "{}",
        r.stdout
    );
    assert_eq!(left_in(&tmp), Vec::<String>::new(), "the build folder goes");
}

/// Rust by the same path: the project's own solution file of a game. (C, C++ and Python:
/// the statement-only solutions of referee_judge_original.rs.)
#[test]
fn a_rust_source_is_built_and_judged_ok() {
    require("rustc");
    let game = common::a_game();
    judged_ok(
        &root()
            .join(format!("solutions/{game}.rs"))
            .to_string_lossy(),
        &["--tests", "3", "--seed", "1"],
        Some("build: rustc -O --edition 2021 -o \"$BUILD/solution\" "),
    );
}

/// A source that does not compile: CE (exit 15) with the compiler's own error line, no test
/// run, the summary last, nothing left behind.
#[test]
fn a_build_error_is_ce_with_the_compilers_message() {
    require("gcc");
    let dir = TempDir::new("judge-build-ce");
    let tmp = dir.join("tmp");
    std::fs::create_dir_all(&tmp).unwrap();
    std::fs::write(
        dir.join("broken.c"),
        "int main(void) {\n    return undeclared_name;\n}\n",
    )
    .unwrap();
    let r = judge(
        &dir,
        &tmp,
        None,
        &[common::a_game(), "broken.c", "--tests", "3"],
    );
    assert_eq!(r.code, Some(15), "{}{}", r.stdout, r.stderr);
    assert!(common::judge_verdicts(&r.stdout).is_empty(), "{}", r.stdout);
    assert!(
        r.stdout
            .lines()
            .any(|l| l.starts_with("  | ") && l.contains("broken.c:2") && l.contains("error")),
        "gcc's message is shown:\n{}",
        r.stdout
    );
    let last = r.stdout.lines().last().unwrap();
    assert!(
        last.starts_with("summary: CE: gcc failed") && last.contains("exit 15"),
        "{}",
        r.stdout
    );
    assert_eq!(left_in(&tmp), Vec::<String>::new());
}

/// A Python source is compiled without running before it is judged: a syntax error is CE
/// with the interpreter's message (not RE on every test), nothing is judged, and no bytecode
/// is left beside the source or in the temporary folder.
#[test]
fn a_python_syntax_error_is_ce_with_the_interpreters_message() {
    require("python3");
    let dir = TempDir::new("judge-build-py");
    let tmp = dir.join("tmp");
    std::fs::create_dir_all(&tmp).unwrap();
    std::fs::write(dir.join("broken.py"), "import sys\nx = (\nprint(1)\n").unwrap();
    let r = judge(
        &dir,
        &tmp,
        None,
        &[common::a_game(), "broken.py", "--tests", "3"],
    );
    assert_eq!(r.code, Some(15), "{}{}", r.stdout, r.stderr);
    assert!(common::judge_verdicts(&r.stdout).is_empty(), "{}", r.stdout);
    let shown = |text: &str| {
        r.stdout
            .lines()
            .any(|l| l.starts_with("  | ") && l.contains(text))
    };
    assert!(
        shown("broken.py\", line 2") && shown("SyntaxError"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.lines().last().unwrap().starts_with("summary: CE"));
    assert_eq!(left_in(&tmp), Vec::<String>::new());
    let mut beside: Vec<String> = std::fs::read_dir(&*dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    beside.sort();
    assert_eq!(beside, ["broken.py", "tmp"]);
}

/// An unknown extension and a compiler that is not installed: one line on stderr each, exit 3
/// (FAIL: nothing was judged), nothing on stdout.
#[test]
fn an_unknown_extension_and_a_missing_compiler_are_one_line() {
    let dir = TempDir::new("judge-build-missing");
    let tmp = dir.join("tmp");
    let empty = dir.join("empty-path");
    std::fs::create_dir_all(&tmp).unwrap();
    std::fs::create_dir_all(&empty).unwrap();
    std::fs::write(dir.join("sol.go"), "package main\n").unwrap();
    std::fs::write(dir.join("sol.c"), "int main(void) { return 0; }\n").unwrap();
    std::fs::write(dir.join("sol.py"), "print(1)\n").unwrap();
    let game = common::a_game();
    let one_line = |r: &Judged, needle: &str| {
        assert_eq!(r.code, Some(3), "{}{}", r.stdout, r.stderr);
        assert_eq!(r.stdout, "", "nothing on stdout");
        assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
        assert!(r.stderr.contains(needle), "{}", r.stderr);
        assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
    };
    let r = judge(&dir, &tmp, None, &[game, "sol.go"]);
    one_line(&r, "\"sol.go\" is no option and no source file (.c, .cpp");
    // PATH holds no compiler at all.
    let r = judge(&dir, &tmp, Some(&empty), &[game, "sol.c"]);
    one_line(
        &r,
        "cannot build sol.c: gcc is not installed (C; Debian package: gcc)",
    );
    let r = judge(&dir, &tmp, Some(&empty), &[game, "sol.py"]);
    one_line(&r, "python3 is not installed");
    let r = judge(&dir, &tmp, None, &[game, "no-such.c"]);
    one_line(&r, "cannot build no-such.c: no such file");
    // A source and a command: the source is refused as an unknown word.
    let r = judge(&dir, &tmp, None, &[game, "sol.c", "--", "./a.out"]);
    one_line(
        &r,
        "a source file (sol.c) and a command after --: give one of them",
    );
    assert_eq!(left_in(&tmp), Vec::<String>::new());
}

/// `referee play` takes a source file the same way: the project's solution file (it speaks
/// the protocol when its first line is `play R`) is built and plays OK, the build line on
/// stderr; a file that does not build is the verdict line `CE <game>: ...` (exit 15).
#[test]
fn play_takes_a_source_file_too() {
    require("rustc");
    require("gcc");
    let dir = TempDir::new("judge-build-play");
    let tmp = dir.join("tmp");
    std::fs::create_dir_all(&tmp).unwrap();
    std::fs::write(dir.join("broken.c"), "int main(void) { return x; }\n").unwrap();
    let play = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_referee"))
            .current_dir(&*dir)
            .env("TMPDIR", &tmp)
            .arg("play")
            .args(args)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let game = common::a_game();
    let source = root().join(format!("solutions/{game}.rs"));
    let (code, stdout, stderr) = play(&[
        game,
        "--rounds",
        "2",
        "--seed",
        "1",
        &source.to_string_lossy(),
    ]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(
        stdout.starts_with(&format!("OK {game} seed=1 rounds=2 ")),
        "{stdout}"
    );
    assert_eq!(
        stderr
            .matches("referee: build: rustc -O --edition 2021 ")
            .count(),
        1,
        "{stderr}"
    );
    let (code, stdout, stderr) = play(&[game, "broken.c"]);
    assert_eq!(code, Some(15), "{stdout}{stderr}");
    assert_eq!(stdout, format!("CE {game}: gcc failed (exit status: 1)\n"));
    assert!(stderr.contains("broken.c:1"), "{stderr}");
    assert_eq!(left_in(&tmp), Vec::<String>::new());
}
