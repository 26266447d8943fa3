//! validate-impartial beyond the format: the spec's grammar, the limits of the judge side's
//! exhaustive search, and `--family`, which keeps a family's package to its family.

use crate::common;

use common::validator::{assert_invalid, assert_valid};

/// impartial: the spec's grammar, the limits the judge side's exhaustive search needs, and the
/// format around them.
#[test]
fn impartial_inputs_are_held_to_the_spec_and_the_search_limits() {
    for input in [
        "0.8\n1\n3 300 1 0\n",
        "misere kayles\n2\n8 5 5 5 5 5 5 5 5\n1 52\n",
        "{1,4 mod 5}\n1\n1 1000\n",
    ] {
        assert_valid("impartial", &[], input.as_bytes());
    }
    for (input, needle) in [
        ("0.130\n1\n1 3\n", "the last digit"),
        ("misère nim\n1\n1 3\n", "not a game"),
        ("Nim\n1\n1 3\n", "not a game"),
        ("0.8\n1\n1 301\n", "outside 0 to 300"),
        ("nim\n1\n1 1001\n", "outside 0 to 1000"),
        ("misere nim\n1\n2 26 27\n", "at most 52"),
        ("misere nim\n1\n9 1 1 1 1 1 1 1 1 1\n", "outside 1 to 8"),
        ("nim\n2\n1 3\n", "expected position 2 of 2"),
        ("nim\n1\n2 3\n", "expected one space"),
        ("nim\n1\n1 03\n", "leading zero"),
    ] {
        assert_invalid("impartial", &[], input.as_bytes(), needle);
    }
}

/// impartial `--family NAME` (a family package's input_validator_flags): a valid input is
/// accepted only under the family of its rules, misère forms included; the flag without a
/// known family is the judge system's fault (exit 1), never a verdict on the input.
#[test]
fn impartial_family_flag_keeps_a_package_to_its_family() {
    // Each spec with its family, as games/impartial/docs/impartial.md groups the rules.
    let specs = [
        ("kayles", "octal"),
        ("misere dawson-chess", "octal"),
        ("4.07", "octal"),
        ("0.8", "octal"),
        ("{1,2,4}", "subtraction"),
        ("misere {1,4 mod 5}", "subtraction"),
        ("nim", "nim"),
        ("misere nim", "nim"),
        ("lasker", "lasker"),
        ("grundy", "grundy"),
        ("queue", "queue"),
    ];
    let families = ["octal", "subtraction", "nim", "lasker", "grundy", "queue"];
    for (spec, family) in specs {
        let input = format!("{spec}\n1\n2 3 5\n");
        assert_valid("impartial", &[], input.as_bytes());
        for other in families {
            let args = ["--family", other];
            if other == family {
                assert_valid("impartial", &args, input.as_bytes());
            } else {
                assert_invalid("impartial", &args, input.as_bytes(), family);
            }
        }
    }
    // The restriction comes after the format: a malformed input says what is malformed.
    assert_invalid(
        "impartial",
        &["--family", "nim"],
        b"kayles\n1\n1 03\n",
        "leading zero",
    );
    for args in [&["--family"][..], &["--family", "chess"]] {
        let r = common::run_with_args("validate-impartial", args, b"nim\n1\n1 3\n".to_vec());
        assert_eq!(r.code, Some(1), "{args:?}: {:?}", r.stderr);
        assert!(r.stderr.contains("--family takes one of"), "{:?}", r.stderr);
    }
}
