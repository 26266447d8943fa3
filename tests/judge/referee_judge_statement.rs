//! `referee judge`'s default judges the problem as its statement gives it: for every problem,
//! every test the default run judges (samples and generated) passes the strict validator
//! without `--project`, i.e. the limits and format of packages/<problem>/problem.en.tex; with
//! `--extended` the project's larger tests come, and some do not pass it. (A solution written
//! from the statement alone, OK by default: tests/judge/referee_judge_shrink.rs.)

use crate::common;

use combgames_registry::Game;
use common::TempDir;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn bin(name: &str) -> PathBuf {
    crate::common::bin(name).into()
}

/// `validate-<problem>` (no `--project`: the statement's limits) on a file: whether it accepts.
fn valid_as_stated(problem: &str, input: &Path) -> Result<(), String> {
    let out = Command::new(bin(&format!("validate-{problem}")))
        .stdin(std::fs::File::open(input).unwrap())
        .stdout(Stdio::null())
        .output()
        .unwrap();
    match out.status.code() {
        Some(42) => Ok(()),
        _ => Err(String::from_utf8_lossy(&out.stderr).into_owned()),
    }
}

/// Judges `problem` with a "solution" that prints nothing, so every test fails and is kept
/// with its input; returns the kept inputs and the judge's output.
fn kept_inputs(dir: &Path, problem: &str, extra: &[&str]) -> (Vec<PathBuf>, String) {
    let keep = dir.join(format!("kept-{problem}{}", extra.join("")));
    let keep_arg = keep.to_string_lossy().into_owned();
    let mut args = vec![
        problem,
        "--tests",
        "12",
        "--seed",
        "1",
        "--no-shrink",
        "--keep",
        &keep_arg,
    ];
    args.extend_from_slice(extra);
    let (_, stdout) = common::referee_judge(dir, &args, &["sh", "-c", "cat >/dev/null"]);
    let verdicts = common::judge_verdicts(&stdout);
    let generated = verdicts
        .iter()
        .filter(|(t, _)| t.starts_with("gen-"))
        .count();
    assert_eq!(generated, 12, "{problem}:\n{stdout}");
    assert!(
        verdicts.iter().all(|(_, v)| v != "OK"),
        "an empty output passed:\n{stdout}"
    );
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(&keep)
        .unwrap()
        .map(|e| e.unwrap().path().join("input.txt"))
        .collect();
    inputs.sort();
    assert_eq!(inputs.len(), verdicts.len(), "one kept folder per test");
    (inputs, stdout)
}

#[test]
fn every_default_test_is_within_the_statement() {
    let dir = TempDir::new("judge-statement");
    for problem in Game::ALL.iter().map(|g| g.name()) {
        let (inputs, stdout) = kept_inputs(&dir, problem, &[]);
        for input in &inputs {
            if let Err(why) = valid_as_stated(problem, input) {
                panic!(
                    "{problem}: {} is past the statement: {why}\n{stdout}",
                    input.display()
                );
            }
        }
        let summary = stdout.lines().last().unwrap_or("");
        assert!(
            summary.starts_with("summary: ") && !summary.contains("--extended"),
            "{stdout}"
        );
    }
}

/// The statement, the samples within it and the default judge agree: the project's own
/// solution (the answer key) is OK on every problem's default run. (One written from a
/// statement alone: below for knights, race and impartial; tests/judge/referee_judge_shrink.rs
/// and referee_judge_build.rs for subtraction, pawns, tictactoe and coloring.)
#[test]
fn every_problem_is_judged_ok_by_default_with_its_own_solution() {
    let dir = TempDir::new("judge-statement-ok");
    for problem in Game::ALL.iter().map(|g| g.name()) {
        let solution = bin(problem).to_string_lossy().into_owned();
        let (code, stdout) = common::referee_judge(
            &dir,
            &[problem, "--tests", "6", "--seed", "1"],
            &[&solution],
        );
        assert_eq!(code, Some(0), "{problem}:\n{stdout}");
        let verdicts = common::judge_verdicts(&stdout);
        assert!(
            verdicts.len() > 6 && verdicts.iter().all(|(_, v)| v == "OK"),
            "{stdout}"
        );
    }
}

/// The same run with `--extended` judges tests past the statement: subtraction's rational k
/// and n up to 10^18 (and its samples `huge`, `rational`, `smallest`), pawns' N up to 10^18
/// (gen's default size), tictactoe's sample `crlf` (CRLF line ends); and the summary line
/// names the flag.
#[test]
fn extended_tests_go_past_the_statement() {
    let dir = TempDir::new("judge-extended");
    for problem in ["subtraction", "pawns", "tictactoe"] {
        let (inputs, stdout) = kept_inputs(&dir, problem, &["--extended"]);
        let past = inputs
            .iter()
            .filter(|input| valid_as_stated(problem, input).is_err())
            .count();
        assert!(
            past > 0,
            "{problem}: every test within the statement:\n{stdout}"
        );
        let summary = stdout.lines().last().unwrap_or("");
        assert!(summary.contains("--extended"), "{stdout}");
    }
}

/// Solutions written from the statements alone (tests/fixtures/original/: CEOI 2008 Knights,
/// BOI 2008 Game, the impartial family; C++ given as source files, which the referee builds)
/// are OK on the default run with the first seed: every sample of the package within the
/// statement's format is judged, and knights' one that is not (tabs and double spaces) is
/// named as skipped. The three run side by side (about 6 s of wall time on the shared 2-core
/// machine, most of it g++). Needs g++ (CI installs it, .ci/run).
#[test]
fn statement_solutions_of_knights_race_and_impartial_are_judged_ok_by_default() {
    let dir = TempDir::new("judge-statement-original");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let cases: [(&str, &str, &[&str]); 3] = [
        ("knights", "knights_ceoi.cpp", &["whitespace-mix"]),
        ("race", "race_boi.cpp", &[]),
        ("impartial", "impartial_sg.cpp", &[]),
    ];
    let runs = common::par_map(&cases, |(problem, source, _)| {
        let cwd = dir.join(problem);
        std::fs::create_dir_all(&cwd).unwrap();
        Command::new(env!("CARGO_BIN_EXE_referee"))
            .current_dir(&cwd)
            .args(["judge", problem])
            .arg(root.join("tests/fixtures/original").join(source))
            .args(["--tests", "6", "--seed", "1"])
            .output()
            .expect("the referee runs")
    });
    for ((problem, _, skipped), out) in cases.iter().zip(runs) {
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{problem}:\n{stdout}{stderr}");
        let verdicts = common::judge_verdicts(&stdout);
        assert!(verdicts.iter().all(|(_, v)| v == "OK"), "{stdout}");
        let generated = verdicts.iter().filter(|(t, _)| t.starts_with("gen-"));
        assert_eq!(generated.count(), 6, "{problem}:\n{stdout}");
        let samples = std::fs::read_dir(root.join("samples").join(problem))
            .unwrap()
            .filter_map(|e| {
                let name = e.unwrap().file_name().to_string_lossy().into_owned();
                name.strip_suffix(".in").map(str::to_owned)
            });
        for sample in samples {
            let judged = verdicts
                .iter()
                .any(|(t, _)| *t == format!("sample-{sample}"));
            let named_skipped = stdout
                .lines()
                .any(|l| l.trim().starts_with(&format!("skipped sample-{sample}:")));
            let expect_skipped = skipped.contains(&sample.as_str());
            assert_eq!(
                (judged, named_skipped),
                (!expect_skipped, expect_skipped),
                "{problem}: sample {sample}:\n{stdout}"
            );
        }
        let summary = stdout.lines().last().unwrap_or("");
        assert!(
            summary.starts_with("summary: ") && !summary.contains("--extended"),
            "{stdout}"
        );
    }
}

/// The default run ends with the package's test at the statement's largest sizes (race: ten
/// boards of 300 rows, past the 40 of the other tests): a solution right on every board but
/// too slow for the large ones is TLE on that test and OK on every other; `--size` leaves it out.
#[test]
fn a_solution_too_slow_for_the_statements_largest_inputs_is_tle_by_default() {
    let dir = TempDir::new("judge-largest");
    // Spins on inputs over 100 kB (the other tests stay under 20 kB), else answers as the
    // project's solution.
    let script = format!(
        "input=$(cat); if [ ${{#input}} -gt 100000 ]; then while :; do :; done; fi; \
         printf '%s\\n' \"$input\" | {}",
        bin("race").display()
    );
    let judge = |extra: &[&str]| {
        let mut args = vec!["race", "--tests", "4", "--seed", "1", "--time-limit", "0.5"];
        args.extend_from_slice(extra);
        let (_, stdout) = common::referee_judge(&dir, &args, &["sh", "-c", &script]);
        common::judge_verdicts(&stdout)
    };
    let verdicts = judge(&[]);
    let generated: Vec<&(String, String)> = verdicts
        .iter()
        .filter(|(t, _)| !t.starts_with("sample-"))
        .collect();
    assert_eq!(generated.len(), 5, "{verdicts:?}");
    for (test, verdict) in &generated {
        let expected = if test == "largest" { "TLE" } else { "OK" };
        assert_eq!(verdict, expected, "{test}: {verdicts:?}");
    }
    let verdicts = judge(&["--size", "40"]);
    assert!(
        verdicts.iter().all(|(t, v)| t != "largest" && v == "OK"),
        "{verdicts:?}"
    );
}
