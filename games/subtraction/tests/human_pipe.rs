//! `referee human subtraction` with its input piped (no terminal) against a shell script as the
//! solution: the solution's faults judged with the session's verdict words and exit codes, and
//! the person's win on the losing side. (What every game does so: tests/human/pipe.rs at the
//! root.)

use crate::common;

use common::last_line as verdict;
use predicates::prelude::*;
use predicates::str::{contains, ends_with, starts_with};

/// `referee <args>` with `input` as the person's typing.
fn referee(args: &[&str], input: &str) -> assert_cmd::Command {
    let mut command = common::command("referee");
    command.args(args).write_stdin(input);
    command
}

/// Runs `referee human subtraction` on the pile 10 with k = 2 against a shell script as the
/// solution; `person` is what the person types.
fn against_script(script: &str, person: &str) -> assert_cmd::assert::Assert {
    referee(
        &[
            "human",
            "subtraction",
            "--size",
            "10",
            "--k",
            "2",
            "--seed",
            "1",
            "--",
            "sh",
            "-c",
            script,
        ],
        person,
    )
    .assert()
}

#[test]
fn a_solutions_faults_get_the_sessions_verdicts() {
    // 10 = 8 + 2: taking 1 leaves 9 = 8 + 1 with cap 2, which the person wins by taking 1.
    against_script("read h; read p; echo first; echo 1; read x", "")
        .code(1)
        .stdout(verdict(
            starts_with("WA human subtraction seed=1")
                .and(contains("\"1\" at 10 stones, cap 9"))
                .and(contains("hands over the win")),
        ));

    against_script("read h; read p; echo first; echo 0; read x", "")
        .code(1)
        .stdout(verdict(contains("illegal move")));

    against_script("read h; read p; echo First; read x", "")
        .code(2)
        .stdout(verdict(contains(
            "expected `first` or `second`, got \"First\"",
        )));

    against_script("read h; read p; exit 3", "")
        .code(12)
        .stdout(verdict(starts_with("RE human subtraction")));

    // The losing side: the person wins with Zeckendorf's smallest parts (2: 8 left, cap 4;
    // the script takes 1: 7 = 5 + 2, take 2; 1: 4 = 3 + 1, take 1; 1: take the last 2).
    against_script(
        "read h; read p; echo second; while read m; do echo 1; done",
        "2\n2\n1\n2\n",
    )
    .code(1)
    .stdout(contains("You won."))
    .stdout(verdict(ends_with(
        "round 1: took the losing side `second` (lost by the referee's evaluator)",
    )));
}
