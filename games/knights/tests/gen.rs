//! knights' generator: every kind valid by a validator written here from the statement (sharing
//! no code with the generator), `border`'s classes and residues, gen's cases the referee's
//! rounds (the sweep over every game: tests/judge/gen.rs).

use crate::common;
use combgames_registry::Game;
use common::gen::{canonical_lines, number, text as gen_text};
use std::collections::HashSet;

fn validate_knights(text: &str, size: u64) -> (u64, Vec<(u64, u64)>) {
    let lines = canonical_lines(text);
    let (k, n) = lines[0].split_once(' ').expect("knights: `K N`");
    let (k, n) = (number(k, "knights K"), number(n, "knights N"));
    assert!((1..=100_000).contains(&k), "knights: K = {k}");
    assert!(
        (1..=size).contains(&n),
        "knights: N = {n} outside 1 to {size}"
    );
    assert_eq!(lines.len() as u64, k + 1, "knights: K lines after `K N`");
    let squares = lines[1..]
        .iter()
        .map(|line| {
            let (x, y) = line.split_once(' ').expect("knights: `x y`");
            let (x, y) = (number(x, "x"), number(y, "y"));
            assert!(
                (1..=n).contains(&x) && (1..=n).contains(&y),
                "knights: ({x}, {y}) off a {n} board"
            );
            (x, y)
        })
        .collect();
    (n, squares)
}

#[test]
fn every_kind_is_valid_over_many_seeds() {
    common::gen::sweep("knights", |text, size, _| {
        validate_knights(text, size);
    });
}

#[test]
fn knights_border_covers_every_class_and_residue() {
    let mut residues = HashSet::new();
    for seed in 0..16 {
        let (n, squares) = validate_knights(
            &gen_text("knights", "border", seed, &["--size", "1000"]),
            1000,
        );
        residues.insert(n % 4);
        let set: HashSet<(u64, u64)> = squares.iter().copied().collect();
        assert_eq!(set.len(), squares.len(), "border squares repeat");
        let lines: Vec<u64> = (1..=8).chain(n - 7..=n).chain(n / 2..n / 2 + 4).collect();
        for &x in &lines {
            for &y in &lines {
                assert!(set.contains(&(x, y)), "N = {n}: no knight on ({x}, {y})");
            }
        }
    }
    assert_eq!(residues.len(), 4, "N mod 4 residues seen: {residues:?}");
    // Small boards: every square.
    let (n, squares) = validate_knights(&gen_text("knights", "border", 1, &["--size", "3"]), 3);
    assert_eq!(squares.len() as u64, n * n);
    // --count takes that many knights.
    let (_, squares) = validate_knights(
        &gen_text("knights", "border", 1, &["--count", "7"]),
        1_000_000_000,
    );
    assert_eq!(squares.len(), 7);
}

/// gen's cases are the referee's rounds (sizes 1, 1..=40, 1..=10^6; `random` apart: gen's
/// default is 10 knights, the referee draws the number); gen's `session` at its default size
/// is round 1 of a default session.
#[test]
fn gen_cases_are_the_referees_rounds() {
    for seed in 0..6 {
        assert_eq!(
            gen_text("knights", "session", seed, &[]),
            common::gen::referee_round(Game::Knights, None, None, 1, seed),
            "knights session, seed {seed}"
        );
    }
    common::gen::assert_cases_are_referee_rounds(Game::Knights, &[1, 40, 1_000_000], &["random"]);
}

#[test]
fn kinds_play_within_the_referees_sizes() {
    common::gen::assert_kinds_play_within_sizes(Game::Knights, 1);
}
