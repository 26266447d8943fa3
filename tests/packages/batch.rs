//! The problem packages that scripts/make-packages.sh writes (docs/packages.md), checked here
//! without the judge tools (scripts/verify-packages.sh runs problemtools' verifyproblem on the
//! legacy ones and scripts/verify-bapc.sh runs BAPCtools on the 2025-09 ones):
//! - every legacy package (`kattis/<p>`) has its parts, `.timelimit` for DOMjudge, and
//!   submissions/accepted holds the project's solution byte for byte;
//! - (the long tier) its wrong_answer and time_limit_exceeded folders hold every player of
//!   packages/<p>/, each bundled with its packages/shared/ modules into a file that plain
//!   `rustc` type-checks alone (editions 2018 and 2021);
//! - the statement samples' answers (the project's solution's output) equal the hand-written
//!   answers in samples/<problem>/<name>.out;
//! - (the long tier) every input validator is a program folder whose `build` script compiles
//!   it with plain `rustc` (std only, no crates, as a judge host builds it) and keeps the
//!   contract: 42 on every input of its package, 43 on one with CRLF line ends;
//! - (the long tier) knights' output validator is built by its own `build` script and accepts
//!   the jury's turn (42) and rejects `NO` on a won position (43);
//! - every 2025-09 package (`bapc/<p>`) holds the same files under the 2025-09 names
//!   (statement/, output_validator/), and its problem.yaml and data/test_group.yaml carry the
//!   legacy problem.yaml's facts in 2025-09 keys.
//!
//! Written into a scratch folder that is removed at the end.

use super::made;
use crate::common;

use combgames_registry::Game;
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

/// Builds a program folder as a judge host does: its own `build` script (plain rustc, no
/// Cargo, no crates), which must leave an executable `run` beside it.
fn build(folder: &Path) -> PathBuf {
    build_with(folder, |_| {})
}

/// [`build`], with the build script's command set up by `setup` first (its environment).
pub(crate) fn build_with(folder: &Path, setup: impl FnOnce(&mut Command)) -> PathBuf {
    let mut command = Command::new(folder.join("build"));
    setup(&mut command);
    let out = command.output().expect("the build script runs");
    assert!(
        out.status.success(),
        "{}/build failed:\n{}",
        folder.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let run = folder.join("run");
    assert!(run.is_file(), "{}: no run after build", folder.display());
    run
}

/// `build`, once per distinct folder: the family packages of impartial hold the same input
/// validator, byte for byte (every file of the folder), so the first build's `run` serves them
/// all. A folder waits for an identical one being built.
fn build_once(folder: &Path) -> PathBuf {
    use std::collections::HashMap;
    use std::sync::{Arc, Mutex, OnceLock};
    type Builds = Mutex<HashMap<Vec<(PathBuf, Vec<u8>)>, Arc<OnceLock<PathBuf>>>>;
    static BUILDS: OnceLock<Builds> = OnceLock::new();
    let content: Vec<(PathBuf, Vec<u8>)> = files(folder)
        .into_iter()
        .map(|f| (f.clone(), fs::read(folder.join(&f)).unwrap()))
        .collect();
    let cell = BUILDS
        .get_or_init(Default::default)
        .lock()
        .unwrap()
        .entry(content)
        .or_default()
        .clone();
    cell.get_or_init(|| build(folder)).clone()
}

/// Every file under `dir`, as paths relative to it, sorted.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut all = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in fs::read_dir(&d).unwrap() {
            let path = e.unwrap().path();
            if path.is_dir() {
                todo.push(path);
            } else {
                all.push(path.strip_prefix(dir).unwrap().to_path_buf());
            }
        }
    }
    all.sort();
    all
}

fn exit_code<A: AsRef<std::ffi::OsStr>>(exe: &Path, args: &[A], stdin: &[u8]) -> Option<i32> {
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

/// The families of impartial that have a package of their own (octal and hexadecimal
/// codes, subtraction sets, Nim, Lasker's Nim, Grundy's game), each `kattis/impartial<family>`.
const IMPARTIAL_FAMILIES: [&str; 5] = ["octal", "subtraction", "nim", "lasker", "grundy"];

/// The packages, one `(problem, package name, family)` each: every problem's, and impartial's
/// family packages.
fn packages() -> Vec<(&'static str, String, Option<&'static str>)> {
    problems()
        .map(|p| (p, p.to_owned(), None))
        .chain(IMPARTIAL_FAMILIES.map(|f| ("impartial", format!("impartial{f}"), Some(f))))
        .collect()
}

#[test]
fn packages_are_complete() {
    let made = made::packages();
    common::par_map(&packages(), |(p, name, family)| {
        check_parts(p, name, *family, &made.out);
    });
    for family in IMPARTIAL_FAMILIES {
        let name = format!("impartial{family}");
        // Misère play is part of every family.
        let dir = made.out.join("kattis").join(&name);
        let misere = inputs(&dir.join("data/secret"))
            .iter()
            .filter(|f| fs::read_to_string(f).unwrap().starts_with("misere "))
            .count();
        assert!(misere >= 3, "{name}: {misere} misère tests");
    }
}

/// The programs of the packages as a judge host builds them (plain rustc: an optimised build
/// of each validator, a type check of each player in two editions), in the long tier.
#[test]
#[ignore = "long tier (make test-long; CI runs it): every validator and player built with rustc"]
fn package_programs_build_with_plain_rustc_and_keep_their_contracts() {
    let made = made::packages();
    let (scratch, out) = (TempDir::new("packages-checks"), &made.out);
    // One package per thread: each builds its validator and type-checks its players.
    common::par_map(&packages(), |(p, name, family)| {
        let own = TempDir::new("packages-check");
        let dir = out.join("kattis").join(name);
        check_players(p, &dir, &own);
        check_input_validator(name, *family, &dir);
    });

    // knights: the output validator folder builds itself and judges by the Kattis contract.
    let run = build(&out.join("kattis/knights/output_validators/check_knights"));
    let sample = out.join("kattis/knights/data/sample/example.in");
    let answer = sample.with_extension("ans");
    let feedback = scratch.join("feedback");
    fs::create_dir_all(&feedback).unwrap();
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

/// One package `name` of problem `p` (a family package: `family`, its validator's flag): its
/// parts, its accepted solution, its samples' answers, its validator's flags and its 2025-09
/// twin.
fn check_parts(p: &str, name: &str, family: Option<&str>, out: &Path) {
    let dir = out.join("kattis").join(name);
    for part in [
        "problem.yaml",
        "problem_statement/problem.en.tex",
        "data/sample",
        "data/secret",
        "submissions/wrong_answer",
    ] {
        assert!(dir.join(part).exists(), "{name}: no {part}");
    }
    assert_eq!(
        fs::read_to_string(dir.join(".timelimit")).unwrap(),
        "1\n",
        "{name}: DOMjudge reads the time limit from .timelimit"
    );
    assert_eq!(
        fs::read(dir.join(format!("submissions/accepted/{p}.rs"))).unwrap(),
        fs::read(root().join(format!("solutions/{p}.rs"))).unwrap(),
        "{name}: the accepted submission is not the project's solution"
    );
    // Every input has its answer; the statement samples' answers are the hand-written ones.
    let samples = inputs(&dir.join("data/sample"));
    assert!(!samples.is_empty(), "{name}: no sample");
    for input in &samples {
        let sample = input.file_stem().unwrap().to_str().unwrap();
        let hand = root().join(format!("samples/{p}/{sample}.out"));
        assert_eq!(
            fs::read_to_string(input.with_extension("ans")).unwrap(),
            fs::read_to_string(&hand).unwrap(),
            "{name}: sample {sample}: the package's answer differs from {}",
            hand.display()
        );
    }
    let secret = inputs(&dir.join("data/secret"));
    assert!(
        secret.len() >= 5,
        "{name}: only {} secret tests",
        secret.len()
    );
    assert_eq!(
        dir.join("output_validators").exists(),
        p == "knights" || p == "impartial",
        "{p}: only knights and impartial (any winning turn or move) need their own output validator"
    );

    // A family package's flags: in data/testdata.yaml.
    assert_eq!(
        fs::read_to_string(dir.join("data/testdata.yaml")).ok(),
        family.map(|f| format!("input_validator_flags: --family {f}\n")),
        "{name}: the input validator's flags"
    );
    check_2025_09(name, &dir, &out.join("bapc").join(name));
}

/// The input validator of package `dir` built alone: it accepts every input of the package with
/// the package's flags, a family's keep the inputs to the family, and CRLF is rejected.
fn check_input_validator(name: &str, family: Option<&str>, dir: &Path) {
    let samples = inputs(&dir.join("data/sample"));
    let secret = inputs(&dir.join("data/secret"));
    let validators: Vec<PathBuf> = fs::read_dir(dir.join("input_validators"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(validators.len(), 1, "{name}: one input validator");
    let exe = build_once(&validators[0]);
    let flags: Vec<&str> = match family {
        Some(f) => vec!["--family", f],
        None => vec![],
    };
    for input in samples.iter().chain(&secret) {
        let bytes = fs::read(input).unwrap();
        assert_eq!(
            exit_code(&exe, &flags, &bytes),
            Some(42),
            "{name}: the bundled validator rejects {}",
            input.display()
        );
    }
    if let Some(f) = family {
        let other = if f == "nim" { "lasker" } else { "nim" };
        assert_eq!(
            exit_code(&exe, &["--family", other], &fs::read(&samples[0]).unwrap()),
            Some(43),
            "{name}: the validator takes the sample for a game of the family {other}"
        );
    }
    let crlf = String::from_utf8(fs::read(&samples[0]).unwrap())
        .unwrap()
        .replace('\n', "\r\n");
    assert_eq!(
        exit_code(&exe, &flags, crlf.as_bytes()),
        Some(43),
        "{name}: the bundled validator accepts CRLF"
    );
}

/// Every wrong and slow player of packages/<p>/ is in the package, and each, as a judge gets
/// it (bundled with the packages/shared/ modules it declares), type-checks alone with plain
/// rustc in the editions the tools compile a bare `.rs` with (bt 2018, problemtools 2021).
fn check_players(p: &str, kattis: &Path, scratch: &Path) {
    for kind in ["wrong_answer", "time_limit_exceeded"] {
        let submitted = common::package_players(&root().join("packages").join(p), kattis, kind);
        for file in &submitted {
            for edition in ["2018", "2021"] {
                let checked = scratch.join("checked");
                common::assert_rustc_builds(file, edition, &["--emit=metadata"], &checked);
            }
        }
    }
}

/// The 2025-09 package `bapc` against the legacy one `kattis`: the same files under the
/// 2025-09 names, and the legacy problem.yaml's facts in 2025-09 keys.
fn check_2025_09(p: &str, kattis: &Path, bapc: &Path) {
    let renamed = |f: &Path| -> Option<PathBuf> {
        let s = f.to_str().unwrap();
        // data/testdata.yaml's input_validator_flags go to data/test_group.yaml.
        if s == "problem.yaml" || s == ".timelimit" || s == "data/testdata.yaml" {
            return None;
        }
        let s = s.replacen("problem_statement/", "statement/", 1);
        // The one output validator's folder becomes output_validator/ itself.
        let s = match s.strip_prefix("output_validators/") {
            Some(rest) => format!("output_validator/{}", rest.split_once('/').unwrap().1),
            None => s,
        };
        Some(PathBuf::from(s))
    };
    let legacy = files(kattis);
    let mut want: Vec<PathBuf> = legacy.iter().filter_map(|f| renamed(f)).collect();
    let legacy_yaml = fs::read_to_string(kattis.join("problem.yaml")).unwrap();
    let flags = legacy_yaml
        .lines()
        .find_map(|l| l.strip_prefix("validator_flags: "));
    let input_flags = fs::read_to_string(kattis.join("data/testdata.yaml"))
        .ok()
        .map(|t| t.trim_end().replacen("input_validator_flags: ", "", 1));
    if flags.is_some() || input_flags.is_some() {
        want.push(PathBuf::from("data/test_group.yaml"));
    }
    want.push(PathBuf::from("problem.yaml"));
    want.sort();
    assert_eq!(files(bapc), want, "{p}: the 2025-09 package's files");
    for f in &legacy {
        if let Some(g) = renamed(f) {
            assert_eq!(
                fs::read(kattis.join(f)).unwrap(),
                fs::read(bapc.join(&g)).unwrap(),
                "{p}: {} differs from the legacy {}",
                g.display(),
                f.display()
            );
        }
    }

    let yaml = fs::read_to_string(bapc.join("problem.yaml")).unwrap();
    let name = fs::read_to_string(kattis.join("problem_statement/problem.en.tex"))
        .unwrap()
        .lines()
        .find_map(|l| {
            l.strip_prefix("\\problemname{")?
                .strip_suffix('}')
                .map(str::to_owned)
        })
        .unwrap();
    let mut want_lines = vec![
        "problem_format_version: 2025-09".to_owned(),
        "type: pass-fail".to_owned(),
        format!("  en: \"{name}\""),
        "  time_limit: 1".to_owned(),
    ];
    for key in ["uuid", "source", "license"] {
        let line = legacy_yaml
            .lines()
            .find(|l| l.starts_with(&format!("{key}: ")))
            .unwrap_or_else(|| panic!("{p}: the legacy problem.yaml has no {key}"));
        want_lines.push(line.to_owned());
    }
    for line in want_lines {
        assert!(
            yaml.lines().any(|l| l == line),
            "{p}: the 2025-09 problem.yaml lacks `{line}`:\n{yaml}"
        );
    }
    for legacy_only in ["validation:", "validator_flags:"] {
        assert!(
            !yaml.contains(legacy_only),
            "{p}: `{legacy_only}` is not a 2025-09 key:\n{yaml}"
        );
    }
    let mut group = String::new();
    if let Some(flags) = flags {
        group += &format!("output_validator_args: [{}]\n", flags.replace(' ', ", "));
    }
    if let Some(flags) = input_flags {
        group += &format!("input_validator_args: [{}]\n", flags.replace(' ', ", "));
    }
    if !group.is_empty() {
        assert_eq!(
            fs::read_to_string(bapc.join("data/test_group.yaml")).unwrap(),
            group,
            "{p}: validator_flags go to output_validator_args, input_validator_flags to input_validator_args"
        );
    }
}
