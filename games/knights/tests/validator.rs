//! validate-knights: its limits at their edges, and every kind of the generator valid at every
//! scale and at the judge's largest input. The catalogue of malformed inputs
//! (tests/data/malformed.tsv here) and the samples' classes are checked for every game by
//! tests/judge/validators.rs.

use crate::common;
use common::gen::test as gen;
use common::validator::{assert_invalid, assert_kinds_valid, assert_valid};

/// The judge's limits and the project's at their edges: the last valid input and the first
/// invalid one, with its reason. K ≤ 10^5 on the judge, 10^6 in the project; N ≤ 10^9 on both.
#[test]
fn knights_limits_hold_at_their_edges() {
    let knights = |k: usize| format!("{k} 1000000000\n{}", "1000000000 1\n".repeat(k));
    assert_valid("knights", &[], knights(100_000).as_bytes());
    assert_invalid(
        "knights",
        &[],
        knights(100_001).as_bytes(),
        "K = 100001 is outside 1 to 100000",
    );
    assert_valid("knights", &["--project"], knights(100_001).as_bytes());
    assert_invalid(
        "knights",
        &["--project"],
        b"1000001 5\n",
        "K = 1000001 is outside 1 to 1000000",
    );
}

/// Every kind at sizes from the smallest to the judge's largest, with the count left to the
/// kind, one knight and 500: valid for the judge.
#[test]
fn knights_kinds_at_every_scale_are_valid() {
    let sizes = [
        1,
        2,
        3,
        4,
        5,
        12,
        13,
        40,
        31_623,
        999_999_999,
        1_000_000_000,
    ];
    assert_kinds_valid("knights", &sizes, &[None, Some(1), Some(500)]);
}

/// The judge's largest input (10^5 knights on the largest board): valid.
#[test]
fn knights_largest_judge_input_is_valid() {
    let input = gen(
        "knights",
        "random",
        1,
        &["--size", "1000000000", "--count", "100000"],
    );
    assert_valid("knights", &[], &input);
}
