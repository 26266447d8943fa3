//! Faults on the judge's side are FAIL: the jury's files (missing, malformed, the wrong
//! number of cases) whatever the output, and wrong command lines; `--help` is the usage.

use super::{run_checker, scratch, Judged, FIXTURES};
use crate::common;
use std::fs;

#[test]
fn jury_side_faults_are_fail_whatever_the_output() {
    for f in FIXTURES {
        let dir = scratch(&format!("jury-{}", f.checker));
        let (input, answer, output) = (dir.join("input"), dir.join("answer"), dir.join("output"));
        fs::write(&input, f.input).unwrap();
        fs::write(&output, f.answer.join("\n")).unwrap();
        let missing = dir.join("no-such-file");
        let fail = |got: Judged, needle: &str| {
            assert_eq!(got.code, Some(3), "{}: {}", f.checker, got.line);
            assert!(
                got.line.contains(needle),
                "{}: {:?} lacks {needle:?}",
                f.checker,
                got.line
            );
        };
        fs::write(&answer, f.answer.join("\n")).unwrap();
        fail(
            run_checker(f.checker, &missing, &output, &answer),
            "cannot read the input",
        );
        fail(
            run_checker(f.checker, &input, &output, &missing),
            "cannot read the answer",
        );
        // A malformed answer is FAIL even when the output is garbage or identical to it.
        for bad_answer in [&b""[..], b"\n\n", b"maybe\n", b"\xff\n"] {
            fs::write(&answer, bad_answer).unwrap();
            fail(run_checker(f.checker, &input, &output, &answer), "answer");
            fs::write(&output, bad_answer).unwrap();
            fail(run_checker(f.checker, &input, &output, &answer), "answer");
        }
        // An answer with one line too many or too few for the input.
        fs::write(&output, f.answer.join("\n")).unwrap();
        let mut long = f.answer.to_vec();
        long.push(f.answer[0]);
        fs::write(&answer, long.join("\n")).unwrap();
        fail(run_checker(f.checker, &input, &output, &answer), "case");
        // An answer cut inside a case.
        let cut = f.answer.join("\n");
        let cut = cut.rsplit_once(' ').map_or("", |(head, _)| head);
        if !cut.is_empty() {
            fs::write(&answer, cut).unwrap();
            fail(
                run_checker(f.checker, &input, &output, &answer),
                "ends inside an answer",
            );
        }
        if f.answer.len() > 1 {
            fs::write(&answer, f.answer[1..].join("\n")).unwrap();
            fail(run_checker(f.checker, &input, &output, &answer), "case");
            // An input whose count is not a number.
            fs::write(&answer, f.answer.join("\n")).unwrap();
            fs::write(&input, "three\n").unwrap();
            fail(
                run_checker(f.checker, &input, &output, &answer),
                "input line 1",
            );
        }
    }
}

#[test]
fn wrong_command_lines_are_fail_and_help_is_usage() {
    for f in FIXTURES {
        use predicates::prelude::*;
        use predicates::str::{contains, starts_with};
        common::command(f.checker)
            .args(["a", "b"])
            .assert()
            .code(3)
            .stderr(starts_with("FAIL "));
        for flag in ["--help", "-h"] {
            common::command(f.checker)
                .arg(flag)
                .assert()
                .code(0)
                .stdout(
                    starts_with(format!("usage: {} <input> <output> <answer>", f.checker))
                        .and(contains("3 FAIL")),
                );
        }
    }
}
