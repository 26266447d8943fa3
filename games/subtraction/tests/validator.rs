//! validate-subtraction beyond the format: every kind of the generator valid at every size
//! with `--project`, the project's cost limits (per case and per input), which accept only
//! what the solution answers, and the limits at their edges.

use crate::common;
use common::gen::test as gen;

use combgames_registry::Game;
use common::validator::{assert_invalid, assert_valid, run};

/// Every subtraction kind at sizes from the smallest to the project's largest pile: valid with
/// `--project` (the `session` kind's k with parts near 10^18 and piles up to 10^18 included).
#[test]
fn subtraction_kinds_are_valid_at_every_size() {
    for kind in Game::Subtraction.gen().kinds {
        for size in ["2", "3", "1000", "1000000000000", "1000000000000000000"] {
            for seed in 0..3 {
                let input = gen(
                    "subtraction",
                    kind,
                    seed,
                    &["--size", size, "--count", "50"],
                );
                assert_valid("subtraction", &["--project"], &input);
            }
        }
    }
}

/// subtraction's project cost limit: every case `--project` accepts is one the solution
/// answers (it refuses a case whose losing starts need more than 3·2^20 runs of equal
/// differences, e.g. k = 2·10^5 with n = 10^18), over a grid of n and k on both sides of the
/// limit; the bound is cheap and may refuse more than the solution does, never less.
#[test]
fn subtraction_project_cases_are_ones_the_solution_answers() {
    let project = ["--project"];
    assert_invalid(
        "subtraction",
        &project,
        b"1\n1000000000000000000 200000\n",
        "runs of losing starts (the project's cost limit)",
    );
    let ks = [
        "1",
        "3/2",
        "2",
        "1000",
        "99999.5",
        "100000",
        "100001",
        "110000",
        "176068",
        "200000",
        "1000000",
        "1000000/3",
        "123456789/1000",
        "1000000000",
        "1000000000000",
        "3000000000000",
        "1000000000000000",
        "1000000000000000000",
    ];
    let ns = [
        100_000_000u64,
        1_000_000_000_000,
        1_000_000_000_000_000,
        1_000_000_000_000_000_000,
    ];
    let (mut accepted, mut refused) = (0, 0);
    for k in ks {
        for n in ns {
            let input = format!("1\n{n} {k}\n");
            if run("subtraction", &project, input.as_bytes()).code != Some(42) {
                refused += 1;
                continue;
            }
            accepted += 1;
            let solved = common::run("subtraction", input.clone());
            assert_eq!(
                solved.code,
                Some(0),
                "validate-subtraction --project accepts {input:?}, the solution refuses it: {}",
                solved.stderr
            );
        }
    }
    assert!(
        accepted >= 50 && refused >= 5,
        "{accepted} accepted, {refused} refused"
    );
}

/// subtraction `--project`: the whole input's cost. 300 distinct k near 10^5
/// with n = 10^18 (about 3.1·10^6 runs each, 9.3·10^8 in all: under 2 s of the solution) are
/// valid; 400 of them (1.2·10^9) are not, though each case alone is. Repeating one k costs
/// nothing more.
#[test]
fn subtraction_project_inputs_are_held_to_a_total_cost() {
    let input = |distinct: u64, t: u64| {
        let mut text = format!("{t}\n");
        for i in 0..t {
            text.push_str(&format!("1000000000000000000 {}\n", 100_000 - i % distinct));
        }
        text
    };
    assert_valid("subtraction", &["--project"], input(300, 300).as_bytes());
    assert_valid("subtraction", &["--project"], input(1, 100_000).as_bytes());
    assert_invalid(
        "subtraction",
        &["--project"],
        input(400, 400).as_bytes(),
        "cost limit on a whole input",
    );
}

/// The judge's limits and the project's at their edges: the last valid input and the first
/// invalid one, with its reason. t ≤ 20, n ≤ 10^8, integer k ≤ 10^5 on the judge; t ≤ 10^6, n ≤ 10^18 and a rational k ≥ 1 (18 decimals, parts ≤ 10^18) in the project.
#[test]
fn subtraction_limits_hold_at_their_edges() {
    let cases = |t: usize, line: &str| format!("{t}\n{}", format!("{line}\n").repeat(t));
    assert_valid("subtraction", &[], cases(20, "100000000 100000").as_bytes());
    assert_invalid(
        "subtraction",
        &[],
        cases(21, "2 1").as_bytes(),
        "t = 21 is outside 1 to 20",
    );
    assert_invalid(
        "subtraction",
        &[],
        b"1\n100000001 1\n",
        "n of case 1 = 100000001 is outside 2 to 100000000",
    );
    assert_invalid(
        "subtraction",
        &[],
        b"1\n2 100001\n",
        "k of case 1 = `100001` is outside 1 to 100000",
    );
    assert_invalid(
        "subtraction",
        &[],
        b"1\n2 1.5\n",
        "k of case 1 = `1.5` is not an integer (a rational k needs --project)",
    );
    // ... and in the project t ≤ 10^6, n ≤ 10^18, k rational ≥ 1 (18 decimals, parts ≤ 10^18).
    let project = ["--project"];
    assert_valid("subtraction", &project, cases(21, "2 1").as_bytes());
    assert_invalid(
        "subtraction",
        &project,
        b"1000001\n",
        "t = 1000001 is outside 1 to 1000000",
    );
    for k in [
        "1",
        "3/2",
        "6/4",
        "1.5",
        "1.50",
        "1.500000000000000000",
        "1000000000000000000",
        "1000000000000000000/999999999999999999",
    ] {
        assert_valid(
            "subtraction",
            &project,
            format!("1\n1000000000000000000 {k}\n").as_bytes(),
        );
    }
    assert_invalid(
        "subtraction",
        &project,
        b"1\n1000000000000000001 2\n",
        "n of case 1 = 1000000000000000001 is outside",
    );
    let bad_k: [(&str, &str); 8] = [
        ("1/2", "is below 1"),
        ("0.5", "not an integer, a decimal or a fraction"),
        ("1.0000000000000000001", "more than 18 decimals"),
        ("1000000000000000001", "exceeds 10^18"),
        ("03/2", "not an integer, a decimal or a fraction"),
        ("3/02", "not an integer, a decimal or a fraction"),
        ("3/2/1", "not an integer, a decimal or a fraction"),
        ("1,5", "not an integer, a decimal or a fraction"),
    ];
    for (k, needle) in bad_k {
        assert_invalid(
            "subtraction",
            &project,
            format!("1\n16 {k}\n").as_bytes(),
            needle,
        );
    }
}
