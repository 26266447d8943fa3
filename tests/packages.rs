//! The Kattis problem packages that scripts/make-packages.sh writes (docs/judging.md), checked
//! here without problemtools (scripts/verify-packages.sh runs problemtools' verifyproblem):
//! - every package has its parts, and submissions/accepted holds the project's solution
//!   byte for byte;
//! - the statement samples' answers (the project's solution's output) equal the hand-written
//!   answers in samples/<problem>/<name>.out;
//! - every bundled input validator compiles with plain `rustc --edition 2021` (std only, no
//!   crates, as a judge host builds it) and keeps the contract: 42 on every input of its
//!   package, 43 on one with CRLF line ends;
//! - knights' output validator is built by its own `build` script and accepts the jury's turn
//!   (42) and rejects `NO` on a won position (43).
//!
//! Written into a scratch folder that is removed at the end.

mod common;

use combgames::registry::Game;
use common::TempDir;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Every problem of the registry has a package.
fn problems() -> impl Iterator<Item = &'static str> {
    Game::ALL.iter().map(|g| g.name())
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs make-packages.sh with the binaries of this build into a scratch folder.
fn make_packages() -> (TempDir, PathBuf) {
    let scratch = TempDir::new("packages");
    let out = scratch.join("packages");
    let bin = Path::new(env!("CARGO_BIN_EXE_gen")).parent().unwrap();
    let status = Command::new(root().join("scripts/make-packages.sh"))
        .arg(bin)
        .arg(&out)
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success(), "make-packages.sh failed");
    (scratch, out)
}

/// The `.in` files of a data folder, sorted.
fn inputs(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    files.sort();
    files
}

/// Compiles one source file as a judge host does: plain rustc, no Cargo, no crates.
fn rustc(source: &Path, exe: &Path) {
    let out = Command::new("rustc")
        .args(["--edition", "2021", "--crate-type", "bin", "-o"])
        .arg(exe)
        .arg(source)
        .output()
        .expect("rustc runs");
    assert!(
        out.status.success(),
        "plain rustc cannot compile {}:\n{}",
        source.display(),
        String::from_utf8_lossy(&out.stderr)
    );
}

fn exit_code(exe: &Path, args: &[&Path], stdin: &[u8]) -> Option<i32> {
    use std::io::Write;
    let mut child = Command::new(exe)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait().unwrap().code()
}

#[test]
fn packages_are_complete_and_their_validators_build_with_plain_rustc() {
    let (scratch, out) = make_packages();
    for p in problems() {
        let dir = out.join(p);
        for part in [
            "problem.yaml",
            "problem_statement/problem.en.tex",
            "data/sample",
            "data/secret",
            "submissions/wrong_answer",
        ] {
            assert!(dir.join(part).exists(), "{p}: no {part}");
        }
        assert_eq!(
            fs::read(dir.join(format!("submissions/accepted/{p}.rs"))).unwrap(),
            fs::read(root().join(format!("solutions/{p}.rs"))).unwrap(),
            "{p}: the accepted submission is not the project's solution"
        );
        // Every input has its answer; the statement samples' answers are the hand-written ones.
        let samples = inputs(&dir.join("data/sample"));
        assert!(!samples.is_empty(), "{p}: no sample");
        for input in &samples {
            let name = input.file_stem().unwrap().to_str().unwrap();
            let hand = root().join(format!("samples/{p}/{name}.out"));
            assert_eq!(
                fs::read_to_string(input.with_extension("ans")).unwrap(),
                fs::read_to_string(&hand).unwrap(),
                "{p}: sample {name}: the package's answer differs from {}",
                hand.display()
            );
        }
        let secret = inputs(&dir.join("data/secret"));
        assert!(secret.len() >= 5, "{p}: only {} secret tests", secret.len());

        let validators: Vec<PathBuf> = fs::read_dir(dir.join("input_validators"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert_eq!(validators.len(), 1, "{p}: one input validator");
        let exe = scratch.join(format!("validate-{p}"));
        rustc(&validators[0], &exe);
        for input in samples.iter().chain(&secret) {
            let bytes = fs::read(input).unwrap();
            assert_eq!(
                exit_code(&exe, &[], &bytes),
                Some(42),
                "{p}: the bundled validator rejects {}",
                input.display()
            );
        }
        let crlf = String::from_utf8(fs::read(&samples[0]).unwrap())
            .unwrap()
            .replace('\n', "\r\n");
        assert_eq!(
            exit_code(&exe, &[], crlf.as_bytes()),
            Some(43),
            "{p}: the bundled validator accepts CRLF"
        );
        assert_eq!(
            dir.join("output_validators").exists(),
            p == "knights",
            "{p}: only knights needs its own output validator"
        );
    }

    // knights: the output validator folder builds itself and judges by the Kattis contract.
    let checker = out.join("knights/output_validators/check_knights");
    let status = Command::new(checker.join("build")).status().unwrap();
    assert!(status.success(), "knights: the build script failed");
    let sample = out.join("knights/data/sample/example.in");
    let answer = sample.with_extension("ans");
    let feedback = scratch.join("feedback");
    fs::create_dir_all(&feedback).unwrap();
    let run = checker.join("run");
    let jury = fs::read(&answer).unwrap();
    assert_eq!(
        exit_code(&run, &[&sample, &answer, &feedback], &jury),
        Some(42)
    );
    assert_eq!(
        exit_code(&run, &[&sample, &answer, &feedback], b"NO\n"),
        Some(43)
    );
}
