//! validate-subtraction beyond the format: every kind of the generator valid at every size
//! with `--project`, and the project's cost limits (per case and per input), which accept only
//! what the solution answers.

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
