//! The generator's kinds: each named and distinct, k within the judge's bound, `losing` next to
//! a losing start (the library evaluator's losing starts, which it aims at, checked against a
//! plain game search), `session` the referee's mix; every test valid by a validator written
//! here from the statement (the sweep over every game: tests/judge/gen.rs).

use crate::common;
use common::gen::{canonical_lines, number, text as gen_text};

use combgames_core::rng::Rng;
use combgames_subtraction::gen::*;
use combgames_subtraction::{Evaluator, Ratio};
use std::collections::HashSet;

/// k as an exact fraction (num, den), from an integer, a decimal or a fraction; k ≥ 1.
fn parse_k(token: &str) -> (u128, u128) {
    let (num, den) = if let Some((p, q)) = token.split_once('/') {
        (
            number(p, "k numerator") as u128,
            number(q, "k denominator") as u128,
        )
    } else if let Some((whole, frac)) = token.split_once('.') {
        assert!(
            !frac.is_empty() && !frac.ends_with('0'),
            "k: decimal `{token}` not canonical"
        );
        let den = 10u128.pow(frac.len() as u32);
        (
            number(whole, "k") as u128 * den
                + number(frac.trim_start_matches('0'), "k fraction digits") as u128,
            den,
        )
    } else {
        (number(token, "k") as u128, 1)
    };
    assert!(den >= 1 && num >= den, "k = {token} is below 1");
    (num, den)
}

fn validate_subtraction(text: &str, size: u64, count: u64) -> Vec<(u64, (u128, u128))> {
    let lines = canonical_lines(text);
    let t = number(lines[0], "subtraction t");
    assert_eq!(t, count, "subtraction: t");
    assert_eq!(lines.len() as u64, t + 1, "subtraction: t lines after t");
    lines[1..]
        .iter()
        .map(|line| {
            let (n, k) = line
                .split_once(' ')
                .unwrap_or_else(|| panic!("subtraction: `{line}` is not `n k`"));
            let n = number(n, "subtraction n");
            assert!(
                (2..=size).contains(&n),
                "subtraction: n = {n} outside 2 to {size}"
            );
            (n, parse_k(k))
        })
        .collect()
}

#[test]
fn every_kind_is_valid_over_many_seeds() {
    common::gen::sweep("subtraction", |text, size, count| {
        validate_subtraction(text, size, count.unwrap());
    });
}

/// The stream is pinned: a change of generator shows up here, not as silently new tests
/// behind old seeds.
#[test]
fn the_stream_is_pinned() {
    assert_eq!(
        gen_text("subtraction", "random", 7, &["--count", "3"]),
        "3\n6169050 130\n361 2\n13883055 78.28\n"
    );
}

#[test]
fn every_kind_of_gen_is_named_and_distinct() {
    let kinds: Vec<Kind> = GEN.kinds.iter().map(|k| Kind::named(k).unwrap()).collect();
    for (i, a) in kinds.iter().enumerate() {
        assert!(!kinds[..i].contains(a), "{} repeats a kind", GEN.kinds[i]);
    }
    assert!(Kind::named("nonsense").is_err());
}

/// Every source's k is within the judge's 10^5 (and so in reach at 10^18); the written
/// forms are what their names say.
#[test]
fn sources_stay_within_the_judges_k() {
    let mut rng = Rng::new(3);
    let bound = Ratio::parse("100000").unwrap();
    for source in [
        KSource::Mix,
        KSource::Integer,
        KSource::Any,
        KSource::SmallOrAny,
    ] {
        for _ in 0..2000 {
            let k = source.draw(&mut rng);
            assert!(
                !bound.exceeds_k_times(k.k.num, k.k.den),
                "{source:?}: {k:?}"
            );
            if source == KSource::Integer {
                assert!(k.text.bytes().all(|b| b.is_ascii_digit()), "{k:?}");
            }
        }
    }
}

/// First player's fate by plain game search: `wins[m][c]` says whether the player to move
/// wins with m stones left and at most c to take (c ≤ m).
fn losing_by_search(num: u128, den: u128, up_to: usize) -> Vec<usize> {
    let cap_after = |x: usize| ((num * x as u128) / den) as usize;
    let mut wins = vec![vec![false; up_to + 1]; up_to + 1];
    for m in 1..=up_to {
        for c in 1..=m {
            wins[m][c] = (1..=c).any(|x| x == m || !wins[m - x][cap_after(x).min(m - x)]);
        }
    }
    (2..=up_to)
        .filter(|&n| (1..n).all(|x| wins[n - x][cap_after(x).min(n - x)]))
        .collect()
}

#[test]
fn losing_starts_match_a_game_search() {
    let ks = [
        (1, 1),
        (2, 1),
        (3, 1),
        (5, 1),
        (3, 2),
        (5, 2),
        (7, 3),
        (5, 4),
        (10, 3),
        (21, 10),
        (100, 1),
    ];
    for (num, den) in ks {
        // The losing starts as the generator finds them: the largest one at most x.
        let mut eval = Evaluator::new(Ratio { num, den });
        let from_generator: Vec<usize> = (2..=200)
            .filter(|&x| eval.losing_start_at_most(x) == x)
            .map(|a| a as usize)
            .collect();
        assert_eq!(
            from_generator,
            losing_by_search(num.into(), den.into(), 200),
            "k = {num}/{den}"
        );
    }
}

#[test]
fn subtraction_losing_kind_is_next_to_a_losing_start() {
    let size = 150u64;
    let mut searched = std::collections::HashMap::new();
    let (mut cases, mut at_start) = (0, 0);
    for seed in 0..15 {
        let text = gen_text(
            "subtraction",
            "losing",
            seed,
            &["--size", "150", "--count", "20"],
        );
        for (n, (num, den)) in validate_subtraction(&text, size, 20) {
            let losing = searched
                .entry((num, den))
                .or_insert_with(|| losing_by_search(num, den, size as usize + 17));
            // At a losing start, or ±1, or ± a few (up to 16), or clamped into 2..=size.
            let near = [1usize]
                .iter()
                .chain(losing.iter())
                .any(|&l| (l as i64 - n as i64).abs() <= 16)
                || n == 2
                || n == size;
            assert!(
                near,
                "n = {n}, k = {num}/{den}: no losing start within 16 ({losing:?})"
            );
            cases += 1;
            at_start += usize::from(losing.contains(&(n as usize)));
        }
    }
    // Half of them at a losing start (the module comment), with room for chance.
    assert!(
        at_start * 10 >= cases * 4,
        "{at_start} of {cases} at a start"
    );
    // And k comes in every written form.
    let all: String = (0..5)
        .map(|s| gen_text("subtraction", "random", s, &[]))
        .collect();
    assert!(all.contains('/') && all.contains('.'), "random k forms");
    let integer: String = (0..5)
        .map(|s| gen_text("subtraction", "integer", s, &[]))
        .collect();
    assert!(
        !integer.contains('/') && !integer.contains('.'),
        "integer kind writes a fraction"
    );
}

/// `session` writes the referee's rounds (games/subtraction/tests/referee.rs checks they are the
/// same positions): every k from the referee's mix, each of them drawn, strictly valid.
#[test]
fn subtraction_session_kind_draws_the_referees_mix() {
    use combgames_subtraction::play::K_MIX;
    let huge = ["--size", "1000000000000000000", "--count", "40"];
    let mut seen = HashSet::new();
    for text in (0..8).map(|seed| gen_text("subtraction", "session", seed, &huge)) {
        validate_subtraction(&text, 1_000_000_000_000_000_000, 40);
        for line in text.lines().skip(1) {
            let k = line.split_once(' ').unwrap().1.to_owned();
            assert!(K_MIX.contains(&k.as_str()), "k = {k} is not in the mix");
            seen.insert(k);
        }
    }
    assert_eq!(seen.len(), K_MIX.len(), "k drawn: {seen:?}");
}
