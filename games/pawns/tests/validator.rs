//! validate-pawns: its limits at their edges, and every kind of the generator valid at every
//! scale. The catalogue of malformed inputs (tests/data/malformed.tsv here) and the samples'
//! classes are checked for every game by tests/judge/validators.rs.

use crate::common;
use common::validator::{assert_invalid, assert_kinds_valid, assert_valid};

/// The judge's limits and the project's at their edges: the last valid input and the first
/// invalid one, with its reason. N is a 32-bit int on the judge, up to 10^18 in the project.
#[test]
fn pawns_limits_hold_at_their_edges() {
    assert_valid("pawns", &[], b"2147483647\n");
    assert_invalid(
        "pawns",
        &[],
        b"2147483648\n",
        "N = 2147483648 is outside 1 to 2147483647",
    );
    assert_valid("pawns", &["--project"], b"2147483648\n");
    assert_valid("pawns", &["--project"], b"1000000000000000000\n");
    assert_invalid(
        "pawns",
        &["--project"],
        b"1000000000000000001\n",
        "is outside 1 to 1000000000000000000",
    );
    assert_valid("pawns", &[], b"1\n");
}

/// Every kind at sizes from the smallest to the judge's largest: valid for the judge.
#[test]
fn pawns_kinds_at_every_scale_are_valid() {
    let sizes = [1, 2, 13, 14, 51, 52, 200, 1_000_000, 2_147_483_647];
    assert_kinds_valid("pawns", &sizes, &[None]);
}
