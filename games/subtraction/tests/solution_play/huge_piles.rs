//! Piles up to 10^18: games played to the last stone, and random games kept legal (and right
//! by the closed forms where there are some) until the driver's `-1`.

use super::{assert_clean_exit, play_round, Judge, Opponent, Outcome, Session};
use crate::brute::{lowest_set_bit, zeckendorf_smallest, K};
use combgames_core::rng::Rng;

/// Piles up to 10^18 that end in a few hundred moves: k < 2 with n = m·2^e against an
/// opponent that copies the solution's amount, and piles of at most floor(k) + 1 stones for
/// huge k, where the solution must take the rest right after the opponent's first move.
#[test]
fn huge_piles_are_played_to_the_last_stone() {
    let mut rng = Rng::new(3922);
    let mut s = Session::start();
    let mut rounds = Vec::new();
    for (k_text, k) in [
        ("1", K { num: 1, den: 1 }),
        ("3/2", K { num: 3, den: 2 }),
        ("1.2", K { num: 6, den: 5 }),
    ] {
        for _ in 0..8 {
            let n = rng.range(1, 1000) << rng.range(40, 49);
            rounds.push((n, k_text, k, Opponent::Copy, true));
        }
    }
    for (k_text, k) in [
        (
            "1000000000000000000",
            K {
                num: 1_000_000_000_000_000_000,
                den: 1,
            },
        ),
        (
            "100000",
            K {
                num: 100_000,
                den: 1,
            },
        ),
        (
            "99999.5",
            K {
                num: 199_999,
                den: 2,
            },
        ),
    ] {
        for _ in 0..6 {
            let n = rng.range(2, k.num / k.den + 1);
            rounds.push((n, k_text, k, Opponent::Random, false));
        }
    }
    s.send(&rounds.len().to_string());
    for (n, k_text, k, style, powers_of_two) in rounds {
        let judge = if powers_of_two {
            Judge::SmallestPart(lowest_set_bit)
        } else {
            Judge::Legality
        };
        match play_round(
            &mut s,
            &mut rng,
            (n, None),
            k_text,
            k,
            &judge,
            style,
            100_000,
        ) {
            Outcome::SolutionWon(moves) if !powers_of_two => {
                // n ≤ floor(k) + 1: the opponent moves first, the solution empties the pile.
                assert_eq!(moves, 2, "n = {n}, k = {k_text}");
            }
            Outcome::SolutionWon(_) => {}
            Outcome::Aborted => panic!("n = {n}, k = {k_text}: the game did not end"),
        }
    }
    assert_clean_exit(s);
}

/// Random piles up to 10^18 for k from 1 to 10^5, random opponent moves, 400 moves each:
/// every solution move legal (and right, for k = 1, 3/2 and 2, by the closed forms); then
/// the driver aborts with `-1` and the solution must exit at once with status 0.
#[test]
fn huge_piles_stay_legal_until_the_abort() {
    let mut rng = Rng::new(2486);
    let cases: &[(&str, K, Judge)] = &[
        (
            "1",
            K { num: 1, den: 1 },
            Judge::SmallestPart(lowest_set_bit),
        ),
        (
            "3/2",
            K { num: 3, den: 2 },
            Judge::SmallestPart(lowest_set_bit),
        ),
        (
            "2",
            K { num: 2, den: 1 },
            Judge::SmallestPart(zeckendorf_smallest),
        ),
        (
            "2.0",
            K { num: 2, den: 1 },
            Judge::SmallestPart(zeckendorf_smallest),
        ),
        ("7/3", K { num: 7, den: 3 }, Judge::Legality),
        ("5/2", K { num: 5, den: 2 }, Judge::Legality),
        ("10", K { num: 10, den: 1 }, Judge::Legality),
        (
            "100000",
            K {
                num: 100_000,
                den: 1,
            },
            Judge::Legality,
        ),
    ];
    for (k_text, k, judge) in cases {
        for _ in 0..2 {
            let mut s = Session::start();
            s.send("3");
            let n = rng.range(2, 1_000_000_000_000_000_000);
            let outcome = play_round(
                &mut s,
                &mut rng,
                (n, None),
                k_text,
                *k,
                judge,
                Opponent::Random,
                400,
            );
            if matches!(outcome, Outcome::SolutionWon(_)) {
                s.send("-1"); // a short game: abort in place of the next position instead
            }
            assert_clean_exit(s);
        }
    }
}
