//! pawns' generator: every kind valid by a validator written here from the statement (sharing
//! no code with the generator), the exceptional sizes and the must-play sizes, gen's cases the
//! referee's rounds (the sweep over every game: tests/judge/gen.rs).

use crate::common;
use combgames_registry::Game;
use common::gen::{canonical_lines, number, text as gen_text};

fn validate_pawns(text: &str, size: u64) -> u64 {
    let lines = canonical_lines(text);
    assert_eq!(lines.len(), 1, "pawns: one line");
    let n = number(lines[0], "pawns N");
    assert!(
        (1..=size).contains(&n),
        "pawns: N = {n} outside 1 to {size}"
    );
    n
}

#[test]
fn every_kind_is_valid_over_many_seeds() {
    common::gen::sweep("pawns", |text, size, _| {
        validate_pawns(text, size);
    });
}

/// The stream is pinned: a change of generator shows up here, not as silently new tests
/// behind old seeds (a failure report names a seed; it must keep meaning the same test).
#[test]
fn the_stream_is_pinned() {
    assert_eq!(gen_text("pawns", "random", 42, &[]), "12547\n");
}

#[test]
fn pawns_exceptional_values() {
    // The list of exceptional N, which the generator derives from the Grundy sequence.
    assert_eq!(
        combgames_pawns::gen::dawson_exceptions(),
        vec![14, 16, 17, 31, 34, 51]
    );
    // Those and the must-play sizes below 200.
    let bases = [14u64, 16, 17, 31, 34, 51, 52, 85, 102, 136, 150, 170, 188];
    let top = 1_000_000_000_000_000_000u64;
    let (mut small, mut shifted, mut near_top, mut top_itself) = (0, 0, 0, 0);
    for seed in 0..80 {
        let n = validate_pawns(&gen_text("pawns", "exceptional", seed, &[]), top);
        let on_a_residue = bases.iter().any(|&b| n >= b && (n - b).is_multiple_of(34));
        assert!(
            on_a_residue || n > top - 200,
            "exceptional N = {n} is neither on an exceptional residue nor near 10^18"
        );
        small += usize::from(bases.contains(&n));
        shifted += usize::from(on_a_residue && n > 1000);
        near_top += usize::from(n > top - 200 && n < top);
        top_itself += usize::from(n == top);
    }
    assert!(
        small > 0 && shifted > 0 && near_top > 0 && top_itself > 0,
        "kinds of N: {small} listed, {shifted} shifted, {near_top} near 10^18, {top_itself} at 10^18"
    );
    // A small size keeps N in range.
    for seed in 0..20 {
        validate_pawns(
            &gen_text("pawns", "exceptional", seed, &["--size", "20"]),
            20,
        );
    }
}

/// gen's cases are the referee's rounds (sizes 1..=3 and 1..=1000).
#[test]
fn gen_cases_are_the_referees_rounds() {
    common::gen::assert_cases_are_referee_rounds(Game::Pawns, &[3, 1000], &[]);
}

/// A default pawns session plays the must-play sizes first, in order, with the two boards of
/// columns already played (rounds 9 and 10) among them, then the three boards of the coverage
/// classes (rounds 15 to 17), then log-uniform sizes in the default range; a session with
/// `--size` draws in its range from round 1, from the start.
#[test]
fn pawns_sessions_start_with_the_must_play_sizes() {
    use combgames_pawns::gen::{
        CLASS_ROUNDS_FROM, LATE_GAME_ROUND, MID_GAME_ROUND, MUST_PLAY, PLAYED_WIDTH,
    };
    let (lo, hi) = Game::Pawns.default_size();
    for seed in 0..4 {
        let mut must_play = MUST_PLAY.iter();
        for round in 1..=40u64 {
            let line = common::gen::referee_round(Game::Pawns, None, None, round, seed);
            let words: Vec<&str> = line.split_whitespace().collect();
            let n: u64 = words[0].parse().unwrap();
            if round == MID_GAME_ROUND || round == LATE_GAME_ROUND {
                assert_eq!(n, PLAYED_WIDTH as u64, "round {round}");
                assert!(words.len() > 3, "round {round}: {line:.80}");
                continue;
            }
            if (CLASS_ROUNDS_FROM..CLASS_ROUNDS_FROM + 3).contains(&round) {
                assert!(words.len() > 50, "round {round}: {line:.80}");
                continue;
            }
            assert_eq!(words.len(), 1, "round {round}: {line:.80}");
            match must_play.next() {
                Some(&must) => assert_eq!(n, must, "round {round}"),
                None => assert!((lo..=hi).contains(&n), "round {round}: N = {n}"),
            }
            let n: u64 = common::gen::referee_round(Game::Pawns, None, Some((60, 70)), round, seed)
                .trim()
                .parse()
                .unwrap();
            assert!((60..=70).contains(&n), "--size 60..70, round {round}: {n}");
        }
    }
    // Every must-play size is a trap: an exception of the Grundy sequence, on an exceptional
    // residue mod 34 or 52's (the first periodic size), or the top size.
    let residues: Vec<u64> = [14, 16, 17, 31, 34, 52].iter().map(|b| b % 34).collect();
    for &n in MUST_PLAY {
        assert!(n == hi || residues.contains(&(n % 34)), "must-play {n}");
    }
}

#[test]
fn kinds_play_within_the_referees_sizes() {
    common::gen::assert_kinds_play_within_sizes(Game::Pawns, 0);
}
