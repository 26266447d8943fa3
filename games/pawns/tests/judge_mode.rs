//! pawns (Timus 1465) judge mode against an exhaustive search of the real 3×N board and
//! against the octal game 0.137 computed here from its definition.

use crate::common;
use crate::support;

use support::{octal_0137, octal_0137_at, BruteForce};

/// Recurrence values computed in the tests, far beyond the period's start.
const RECURRENCE_LIMIT: usize = 5000;

fn answer_for(n: u64) -> String {
    let run = common::run("pawns", format!("{n}\n"));
    assert_eq!(run.code, Some(0), "pawns failed on N = {n}: {}", run.stderr);
    run.stdout
}

fn verdict(white_wins: bool) -> &'static str {
    if white_wins {
        "White\n"
    } else {
        "Black\n"
    }
}

/// The exhaustive search of the chess position settles every N ≤ 14, and the binary agrees.
/// It also proves the statement's reduction: White wins iff g(N) != 0 (same N, no shift).
#[test]
fn binary_matches_exhaustive_search_up_to_14() {
    let g = octal_0137(20);
    let mut search = BruteForce::new();
    for n in 1..=14u64 {
        let white = search.white_wins_start(n as i64);
        assert_eq!(
            answer_for(n),
            verdict(white),
            "N = {n}: binary differs from the game search"
        );
        assert_eq!(
            white,
            g[n as usize] != 0,
            "N = {n}: the search contradicts White wins iff g(N) != 0"
        );
    }
    // The statement's examples, straight from the search.
    assert!(search.white_wins_start(1));
    assert!(!search.white_wins_start(4));
    assert!(!search.white_wins_start(14));
}

/// g has period 34 from n = 52 on, and 51 is the last exception. By the periodicity theorem
/// for octal games (Guy & Smith 1956; Winning Ways ch. 4), with at most 3 tokens removed,
/// g(n + 34) = g(n) for 52 ≤ n < 2·52 + 34 + 3 = 141 already implies it for every n ≥ 52;
/// the loop checks up to 5000 anyway.
#[test]
fn recurrence_has_period_34_from_52() {
    let g = octal_0137(RECURRENCE_LIMIT);
    for n in 52..=RECURRENCE_LIMIT - 34 {
        assert_eq!(g[n + 34], g[n], "g({}) != g({n})", n + 34);
    }
    assert_ne!(
        g[51 + 34],
        g[51],
        "51 should be the last exception to the period"
    );
    // The published start of the sequence (OEIS A002187, Dawson's chess), as a cross-check
    // of the recurrence code itself.
    assert_eq!(
        &g[..52],
        &[
            0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0,
            4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2
        ]
    );
}

/// Every N ≤ 300 through the binary, one run each, against the recurrence.
#[test]
fn binary_matches_recurrence_up_to_300() {
    let g = octal_0137(300);
    for n in 1..=300u64 {
        assert_eq!(answer_for(n), verdict(g[n as usize] != 0), "N = {n}");
    }
}

/// Larger N, up to 10^18, spot-checked against the recurrence continued through the period
/// (itself checked against the recurrence up to 5000 below).
#[test]
fn binary_matches_recurrence_on_large_n() {
    let g = octal_0137(RECURRENCE_LIMIT);
    for n in 52..=RECURRENCE_LIMIT as u64 {
        assert_eq!(octal_0137_at(&g, n), g[n as usize], "period formula at {n}");
    }
    let mut ns: Vec<u64> = vec![
        51,
        52,
        85,
        86,
        87,
        135,
        136,
        137,
        1_000_000_000,
        999_999_999,
    ];
    ns.extend((1..=40).map(|k| 136 * k));
    ns.extend((0..40).map(|k| 1_000_000_000_000_000_000 - k));
    ns.extend((301..=RECURRENCE_LIMIT as u64).step_by(97));
    for base in [34 * 1000, 34 * 29_411_764_705_882_351] {
        ns.extend((0..34).map(|r| base + r));
    }
    for n in ns {
        let expected = octal_0137_at(&g, n) != 0;
        assert_eq!(answer_for(n), verdict(expected), "N = {n}");
    }
    // The n mod 136 shortcut of some accepted solutions is wrong right at 136.
    assert_ne!(g[136], g[0], "136 is the case a mod-136 table gets wrong");
    assert_eq!(answer_for(136), verdict(g[136] != 0));
}

#[test]
fn odd_spacing_is_accepted() {
    for (input, expected) in [
        ("  \t52\r\n", "White\n"),
        ("4", "Black\n"),
        ("\n\n000014\n\n", "Black\n"),
        ("\r\n1", "White\n"),
        // Bare CR line ends, a vertical tab and a form feed.
        ("\r\r52\r", "White\n"),
        ("\x0b\x0c4\x0b", "Black\n"),
    ] {
        common::command("pawns")
            .write_stdin(input)
            .assert()
            .code(0)
            .stdout(expected);
    }
}

#[test]
fn malformed_input_is_rejected() {
    let cases = [
        ("", "line 1: expected N"),
        ("  \n\t\n", "line 3: expected N"),
        ("0\n", "at least 1"),
        ("-5\n", "positive"),
        ("1 2\n", "unexpected `2`"),
        ("7\n\n\n8", "line 4: unexpected `8`"),
        // Lines end at LF, CRLF and a bare CR alike.
        ("7\r\r\r8", "line 4: unexpected `8`"),
        ("7\r\n\r\n\r\n8", "line 4: unexpected `8`"),
        ("12a\n", "decimal integer"),
        ("+5\n", "decimal integer"),
        ("3.0\n", "decimal integer"),
        ("0x10\n", "decimal integer"),
        ("five\n", "decimal integer"),
        ("1000000000000000001\n", "exceeds"),
        ("18446744073709551616\n", "exceeds"),
        ("99999999999999999999999999999\n", "exceeds"),
    ];
    for (input, needle) in cases {
        let line = common::assert_rejects("pawns", input, needle);
        assert!(line.starts_with("pawns: line "), "{input:?}: {line:?}");
    }
}

/// Junk after N is reported from the first extra token without holding every token of the
/// tail: under a 200 MB address-space limit, 20 million tokens after N (a 40 MB input) still
/// give the one-line error instead of an allocation failure.
#[test]
fn a_long_tail_of_junk_is_rejected_within_bounded_memory() {
    let mut input = b"5\n".to_vec();
    input.extend(b"1 ".repeat(20_000_000));
    use predicates::prelude::*;
    common::memory_limited("pawns", 200_000)
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout(predicate::str::is_empty())
        .stderr(
            predicate::str::diff(
                "pawns: line 2: unexpected `1` after N (the input is one integer)",
            )
            .trim(),
        );
}

#[test]
fn non_utf8_input_is_rejected() {
    use predicates::prelude::*;
    common::command("pawns")
        .write_stdin(&b"\xff\xfe5\n"[..])
        .assert()
        .code(1)
        .stdout(predicate::str::is_empty())
        .stderr(common::one_line().and(predicate::str::contains("decimal integer")));
}

#[test]
fn help_prints_usage() {
    for flag in ["--help", "-h"] {
        common::command("pawns")
            .arg(flag)
            .assert()
            .code(0)
            .stdout(predicates::str::contains("usage: pawns"));
    }
}
