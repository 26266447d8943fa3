//! The rules and the parser of k, item by item through the crate's public API (the crate has no
//! test harness of its own).

use combgames_subtraction::*;

/// A move of 0 is refused for its own reason (the minimum), not the cap's.
#[test]
fn taking_nothing_names_the_minimum() {
    let zero = Position::start(32).take(0, Ratio::parse("2").unwrap());
    let why = zero.unwrap_err().to_string();
    assert_eq!(why, "taking 0: a move takes at least 1 stone");
    let many = Position::start(32).take(32, Ratio::parse("2").unwrap());
    assert!(many
        .unwrap_err()
        .to_string()
        .contains("at most 31 may be taken"));
}

#[test]
fn parses_k_in_three_notations() {
    assert_eq!(Ratio::parse("3").unwrap(), Ratio { num: 3, den: 1 });
    assert_eq!(Ratio::parse("1.5").unwrap(), Ratio { num: 3, den: 2 });
    assert_eq!(Ratio::parse("1.50").unwrap(), Ratio { num: 3, den: 2 });
    assert_eq!(Ratio::parse("6/4").unwrap(), Ratio { num: 3, den: 2 });
    assert_eq!(Ratio::parse("2.0").unwrap(), Ratio { num: 2, den: 1 });
    for bad in [
        "",
        "0.5",
        "1/0",
        "x",
        "1.",
        ".5",
        "-1",
        "3/2/1",
        "1e3",
        "99999999999999999999",
    ] {
        assert!(Ratio::parse(bad).is_err(), "{bad:?} accepted");
    }
    assert_eq!(Ratio::parse("5/3").unwrap().floor_mul(7), 11);
}

#[test]
fn k_bounds_are_the_judge_inputs() {
    // 18 decimals as written (trailing zeros count), parts within 10^18 in lowest terms.
    assert!(Ratio::parse("1.000000000000000002").is_ok());
    // 1000000000000000001/10^18: the numerator is over 10^18.
    assert!(Ratio::parse("1.000000000000000001").is_err());
    assert!(Ratio::parse("1.0000000000000000001").is_err());
    assert!(Ratio::parse("1.5000000000000000000").is_err());
    assert!(Ratio::parse("1000000000000000000").is_ok());
    assert!(Ratio::parse("1000000000000000001").is_err());
    assert!(Ratio::parse("2000000000000000000/2").is_ok());
    assert_eq!(
        Ratio::parse("20.000000000000000000").unwrap(),
        Ratio { num: 20, den: 1 }
    );
    assert!(Ratio::parse("1000000000000000001/1000000000000000000").is_err());
}

#[test]
fn judge_sample_answers() {
    for (n, k, want) in [
        (16, "1", None),
        (11, "1", Some(1)),
        (32, "2", Some(3)),
        (34, "2", None),
        (19, "3", Some(4)),
    ] {
        let mut e = Evaluator::new(Ratio::parse(k).unwrap());
        let f = e.smallest_win(n);
        let got = if f < n { Some(f) } else { None };
        assert_eq!(got, want, "n={n} k={k}");
    }
}
