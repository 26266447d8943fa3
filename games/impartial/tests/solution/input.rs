//! Bad input refused in one line, misère within its bound answered, and the usage of `--help`
//! and `--values`.

use crate::common;

/// Bad input: one line on stderr, exit 1, nothing on stdout; misère beyond the bound is refused.
#[test]
fn bad_input_is_refused_in_one_line() {
    for (input, needle) in [
        ("", "spec"),
        ("chess\n1\n1 3\n", "unknown game"),
        ("0.77\n", "expected T"),
        ("0.77\n2\n1 3\n", "expected k"),
        ("0.77\n1\n0\n", "at least one heap"),
        ("0.77\n1\n2 3\n", "expected a heap"),
        ("0.77\n1\n1 x\n", "a heap"),
        ("0.77\n1\n1 3\n4\n", "unexpected"),
        ("3.7\n1\n1 3\n", "digit 0"),
        ("0.000\n1\n1 3\n", "non-zero"),
        ("{0,1}\n1\n1 3\n", "positive"),
        ("{1 mod 0}\n1\n1 3\n", "modulus"),
        ("{5 mod 3}\n1\n1 3\n", "residue"),
        ("misere 0.77\n1\n2 30 31\n", "heap 30 is wild"),
        ("misere queue\n1\n1 61\n", "misère value unknown"),
        ("grundy\n1\n1 1000001\n", "above"),
        ("queue\n1\n1 100001\n", "above"),
        ("nim\n1\n1 1000001\n", "above"),
        ("0.f\n1\n1 1000001\n", "above"),
        ("0.77\n1\n1 1000000000000000001\n", "a heap"),
    ] {
        common::assert_rejects("impartial", input, needle);
    }
    // Within the bound, and nim/lasker at any size, misère is answered.
    for input in [
        "misere 0.77\n1\n2 20 20\n",
        "misere nim\n1\n3 1000000 7 1\n",
        "misere lasker\n1\n2 1000000 3\n",
    ] {
        let run = common::run("impartial", input);
        assert_eq!(run.code, Some(0), "{input:?}: {}", run.stderr);
    }
    // Leniency: any whitespace, `misère`, spaces inside a set.
    let run = common::run("impartial", "  misère  { 1 , 2 , 4 }\r\n\r\n 2 1 20\n\t1 7");
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (Some(0), "First 1 19\nSecond\n")
    );
}

#[test]
fn help_and_values_usage() {
    use predicates::prelude::*;
    common::command("impartial")
        .arg("--help")
        .assert()
        .code(0)
        .stdout(
            predicate::str::contains("usage: impartial").and(predicate::str::contains("--values")),
        );
    for args in [
        &["--values", "0.77"][..],
        &["--values", "misere 0.77", "--to", "5"],
        &["--values", "grundy", "--to", "33554432"],
        &["--values", "0.77", "--from", "7", "--to", "6"],
        &["--values", "0.77", "--from", "0", "--to", "100000000"],
        &["--values", "0.77", "--to", "5", "--mask", "0"],
        &["--values", "0.77", "--to", "5", "--mask", "x1"],
        &["--values", "0.77", "--to", "5", "--to", "6"],
        &["--values", "0.77", "--to", "1000000000000000001"],
        &["--values", "0.77", "--to", "x"],
    ] {
        common::command("impartial")
            .args(args)
            .assert()
            .code(1)
            .stdout(predicate::str::is_empty())
            .stderr(common::one_line());
    }
}
