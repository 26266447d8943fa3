//! Every sample in `samples/<problem>/<name>.in` through the built solution binary.
//! Problems whose answers are unique are compared exactly with `<name>.out`; problems with
//! several correct answers (each game folder's tests/data/several-answers.tsv names its
//! own) are judged by their checker, with `<name>.out` as the jury answer.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

/// Whether `problem`'s outputs are not unique.
fn several_answers(problem: &str) -> bool {
    !common::game_data::rows_of("several-answers.tsv", problem).is_empty()
}

fn samples_of(problem: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("samples")
        .join(problem);
    let mut ins: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("no samples folder {}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "in"))
        .collect();
    ins.sort();
    ins
}

fn check_problem(problem: &str) {
    let ins = samples_of(problem);
    assert!(!ins.is_empty(), "samples/{problem} holds no .in file");
    let checker = several_answers(problem).then(|| format!("check-{problem}"));
    for input in ins {
        let answer = input.with_extension("out");
        let expected =
            fs::read_to_string(&answer).unwrap_or_else(|e| panic!("{}: {e}", answer.display()));
        let run = common::run(problem, fs::read(&input).unwrap());
        assert_eq!(
            run.code,
            Some(0),
            "{} exited badly: {}",
            input.display(),
            run.stderr
        );
        match &checker {
            None => assert_eq!(run.stdout, expected, "wrong output on {}", input.display()),
            Some(checker) => {
                let dir = common::TempDir::new("samples");
                let out = dir.join("output");
                fs::write(&out, &run.stdout).unwrap();
                common::command(checker)
                    .arg(&input)
                    .arg(&out)
                    .arg(&answer)
                    .assert()
                    .code(0);
            }
        }
    }
}

/// Every problem folder under `samples/`; a folder without samples is an error, not a skip.
#[test]
fn every_sample_passes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let mut problems: Vec<String> = fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("{}: {e}", root.display()))
        .map(|e| e.unwrap())
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    problems.sort();
    for problem in &problems {
        check_problem(problem);
    }
}
