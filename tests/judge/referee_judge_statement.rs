//! `referee judge`'s default judges the problem as its statement gives it: for every problem,
//! every test the default run judges (samples and generated) passes the strict validator
//! without `--project`, i.e. the limits and format of packages/<problem>/problem.en.tex; with
//! `--extended` the project's larger tests come, and some do not pass it. (Solutions written
//! from the statements alone, OK by default: referee_judge_original.rs; a solution too slow for
//! the statement's largest sizes: games/race/tests/referee_judge.rs.)

use crate::common;

use combgames_registry::Game;
use common::game_data;
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
/// solution (the answer key) is OK on every problem's default run.
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

/// The same run with `--extended` judges tests past the statement, for every problem with a
/// sample past it (validator-samples.tsv; its generated tests may go past it too: rational k
/// and n up to 10^18 in subtraction, N up to 10^18 in pawns); and the summary line names the
/// flag.
#[test]
fn extended_tests_go_past_the_statement() {
    let dir = TempDir::new("judge-extended");
    let past_statement = common::games().filter(|&problem| {
        game_data::samples(problem)
            .iter()
            .any(|s| !game_data::within_statement(problem, &s.name))
    });
    for problem in past_statement {
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
