//! Every solution must compile on its own with plain `rustc`, std only, so it can be pasted
//! into a judge as it is: this test type-checks each file of `solutions/` outside cargo in each
//! edition a judge may use (BAPCtools passes `--edition=2018`; others use 2021), without a
//! warning. The long tier builds each in edition 2018 and runs it on the samples of
//! `samples/<name>/` (an edition can change what code means, e.g. `array.into_iter()` yields
//! references in 2018), without the `-O` judges add: it changes no diagnostic, costs three
//! times the build, and without it the samples run with overflow checks on (BAPCtools builds
//! each file with `-O` and edition 2018 in scripts/verify-packages.sh); the `-O` build in
//! edition 2021 is cargo's own (each file is a bin of the `solutions` crate, edition 2021, no
//! dependency: `solutions_are_bins_of_a_crate_without_dependencies`), which
//! tests/solutions/samples.rs runs on every sample. Std items newer than the judges' compilers
//! are clippy's part (clippy.toml pins the MSRV, and the solutions are bins of the crate); where
//! rustup has the 1.70.0 toolchain, the long tier also type-checks each file with it in both
//! editions, which catches language features as well.

use crate::common;

use std::path::Path;
use std::process::{Command, Stdio};

/// Editions a judge compiles Rust with.
const EDITIONS: [&str; 2] = ["2018", "2021"];

/// Runs `exe` on `input`; returns its exit status and stdout.
fn run(exe: &Path, input: &[u8]) -> (Option<i32>, Vec<u8>) {
    use std::io::Write;
    let mut child = Command::new(exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", exe.display()));
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    (out.status.code(), out.stdout)
}

/// The files of `solutions/`, sorted.
fn solution_files(root: &Path) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(root.join("solutions"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 6,
        "expected the six solutions, found {files:?}"
    );
    files
}

/// `rustc --edition EDITION --crate-type bin EMIT -o OUT FILE`, which must succeed without a
/// warning.
fn build_alone(file: &Path, edition: &str, emit: &str, out: &Path) {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let run = Command::new(&rustc)
        .args(["--edition", edition, "--crate-type", "bin", emit, "-o"])
        .arg(out)
        .arg(file)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {rustc}: {e}"));
    assert!(
        run.status.success(),
        "{} does not compile alone with --edition {edition}:\n{}",
        file.display(),
        String::from_utf8_lossy(&run.stderr)
    );
    let warnings = String::from_utf8_lossy(&run.stderr);
    assert!(
        !warnings.contains("warning"),
        "{} warns with --edition {edition}:\n{warnings}",
        file.display()
    );
}

/// Each file type-checks alone in every judge edition, without a warning.
#[test]
fn every_solution_compiles_alone_with_rustc_in_every_judge_edition() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = common::TempDir::new("standalone");
    let files = solution_files(root);
    // Each check is one rustc process, mostly on one core: one per core.
    let checks: Vec<(&Path, &str)> = files
        .iter()
        .flat_map(|f| EDITIONS.map(|e| (f.as_path(), e)))
        .collect();
    common::par_map(&checks, |&(file, edition)| {
        let name = file.file_stem().unwrap().to_string_lossy().into_owned();
        let out = dir.join(format!("{name}-{edition}.rmeta"));
        build_alone(file, edition, "--emit=metadata", &out);
    });
}

/// Each file built alone in edition 2018 answers its samples as the 2021 build does.
#[test]
#[ignore = "long tier (make test-long; CI runs it): a build of every solution in edition 2018"]
fn every_solution_built_in_edition_2018_answers_its_samples() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = common::TempDir::new("standalone-2018");
    let files = solution_files(root);
    common::par_map(&files, |file| {
        let name = file.file_stem().unwrap().to_string_lossy().into_owned();
        let exe = dir.join(format!("{name}-2018"));
        build_alone(file, "2018", "--emit=link", &exe);
        // Where answers are not unique (several-answers.tsv), the checker judges the output.
        let several = !common::game_data::rows_of("several-answers.tsv", &name).is_empty();
        let samples = root.join("samples").join(&name);
        let mut ran = 0;
        for entry in std::fs::read_dir(&samples).unwrap() {
            let input = entry.unwrap().path();
            if input.extension().map_or(true, |e| e != "in") {
                continue;
            }
            let expected = std::fs::read(input.with_extension("out")).unwrap();
            let (code, stdout) = run(&exe, &std::fs::read(&input).unwrap());
            assert_eq!(
                code,
                Some(0),
                "{name} (edition 2018) fails on {}",
                input.display()
            );
            if several {
                let out = dir.join(format!("{name}-2018.out"));
                std::fs::write(&out, &stdout).unwrap();
                common::command(&format!("check-{name}"))
                    .arg(&input)
                    .arg(&out)
                    .arg(input.with_extension("out"))
                    .assert()
                    .code(0);
            } else {
                assert!(
                    stdout == expected,
                    "{name} (edition 2018) answers {} wrongly: {:?}",
                    input.display(),
                    String::from_utf8_lossy(&stdout)
                );
            }
            ran += 1;
        }
        assert!(ran > 0, "no samples for {name}");
    });
}

/// The oldest compiler the solutions promise to build with (clippy.toml's msrv).
const MSRV: &str = "1.70.0";

#[test]
#[ignore = "long tier (make test-long; CI runs it): 14 type checks by another toolchain"]
fn every_solution_type_checks_with_the_msrv_toolchain_if_installed() {
    let probe = Command::new("rustc")
        .arg(format!("+{MSRV}"))
        .arg("--version")
        .output();
    if !probe.is_ok_and(|o| o.status.success()) {
        // .ci/run installs the toolchain and sets CI: there a missing one fails.
        common::cannot_run(&format!(
            "no rustup toolchain {MSRV} (`rustup toolchain install {MSRV} --profile minimal`)"
        ));
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = common::TempDir::new("standalone-msrv");

    let mut checked = 0;
    for entry in std::fs::read_dir(root.join("solutions")).unwrap() {
        let file = entry.unwrap().path();
        if file.extension().map_or(true, |e| e != "rs") {
            continue;
        }
        for edition in EDITIONS {
            // Metadata only: a type check, no code generation.
            let out = Command::new("rustc")
                .arg(format!("+{MSRV}"))
                .args([
                    "--edition",
                    edition,
                    "--crate-type",
                    "bin",
                    "--emit=metadata",
                ])
                .arg("--out-dir")
                .arg(&*dir)
                .arg(&file)
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{} does not build with Rust {MSRV}, edition {edition}:\n{}",
                file.display(),
                String::from_utf8_lossy(&out.stderr)
            );
            checked += 1;
        }
    }
    assert!(checked >= 12, "only {checked} checks");
}

/// Cargo's build of the solutions is a plain `rustc --edition 2021` build of each file with
/// optimisation (the 2021 half of the test above): every file of `solutions/` is a bin of the
/// `solutions` crate, whose edition is the workspace's 2021, with no dependency of any kind
/// and no build script.
#[test]
fn solutions_are_bins_of_a_crate_without_dependencies() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(root.join("solutions/Cargo.toml")).unwrap();
    for line in manifest.lines().map(str::trim) {
        let dependencies = line.starts_with('[') && line.contains("dependencies");
        let build_script = line.starts_with("build");
        assert!(
            !dependencies && !build_script,
            "solutions/Cargo.toml: {line}"
        );
    }
    assert!(manifest.contains("\nedition.workspace = true\n"));
    let workspace = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let package = workspace
        .split("\n[")
        .find(|section| section.starts_with("workspace.package]"))
        .expect("Cargo.toml has [workspace.package]");
    assert!(package.contains("\nedition = \"2021\"\n"), "{package}");
    let mut files = 0;
    for entry in std::fs::read_dir(root.join("solutions")).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if name.ends_with(".rs") {
            assert!(
                manifest.contains(&format!("\npath = \"{name}\"\n")),
                "solutions/{name} is not a bin of solutions/Cargo.toml"
            );
            files += 1;
        }
    }
    assert_eq!(files, 7, "expected the seven solutions");
}

/// The seven pasteable files are generated from solutions/src/ (`make bundle`): each committed
/// file must be exactly what the bundler makes of its sources now, so an edit to a shared
/// module that was not bundled again fails here instead of reaching a judge stale.
#[test]
fn every_solution_file_is_the_fresh_bundle_of_its_sources() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    for entry in std::fs::read_dir(root.join("solutions/src")).unwrap() {
        let source = entry.unwrap().path();
        if source.extension().map_or(true, |e| e != "rs") {
            continue;
        }
        let name = source.file_name().unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_bundle"))
            .current_dir(root)
            .arg(Path::new("solutions/src").join(name))
            .arg("--check")
            .arg(Path::new("solutions").join(name))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "solutions/{} is not the bundle of solutions/src/{0} (run `make bundle`): {}",
            name.to_string_lossy(),
            String::from_utf8_lossy(&out.stderr)
        );
        checked += 1;
    }
    assert_eq!(checked, 7, "expected the seven solutions' sources");
}

/// The unit tests inside the solutions (their `#[cfg(test)]` modules: the SSE2 classifier,
/// the mark tree, the judge's blocks, the quotient's checks) run here, every solution that
/// has some, built with plain `rustc --test` from the
/// pasteable files: the solutions' bins have no test harness of their own (`test = false`).
#[test]
fn the_unit_tests_inside_the_solutions_pass() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = common::TempDir::new("solution-units");
    let mut ran = 0;
    for name in common::games() {
        let file = root.join("solutions").join(format!("{name}.rs"));
        let text = std::fs::read_to_string(&file).unwrap();
        let expected = text.matches("#[test]").count();
        if expected == 0 {
            continue;
        }
        let exe = dir.join(format!("{name}-tests"));
        common::assert_rustc_builds(&file, "2021", &["--test"], &exe);
        let out = Command::new(&exe).output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && stdout.contains(&format!("{expected} passed; 0 failed")),
            "{name}'s unit tests:\n{stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        ran += expected;
    }
    assert_eq!(ran, 6, "the solutions' unit tests, counted");
}

/// Every solution file fits the default code limit of the judges (128 KiB: problemtools,
/// BAPCtools and the 2025-09 format's default), so no package needs `limits.code`.
#[test]
fn every_solution_fits_the_default_code_limit() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for entry in std::fs::read_dir(root.join("solutions")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") {
            let size = std::fs::metadata(&path).unwrap().len();
            assert!(
                size <= 128 * 1024,
                "{} is {size} bytes, over 128 KiB",
                path.display()
            );
        }
    }
}
