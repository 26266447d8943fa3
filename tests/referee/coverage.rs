//! Coverage by construction (docs/coverage.md): a default session reaches every class its
//! game's rules distinguish, whatever the seed; the referee counts them (`--coverage`).

use crate::common::{game_data, games, judging_play_mode, par_map, solution};
use combgames_core::round::RoundSpec;
use combgames_registry::Game;

/// `referee play GAME --seed S --coverage` (a default session) against the game's solution:
/// its stdout.
fn covered(game: &str, seed: u64) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(["play", game, "--seed", &seed.to_string(), "--coverage"])
        .args(judging_play_mode(solution(game), "120"))
        .output()
        .expect("the referee runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Seeds `seeds` of every game that lists its classes (every game): the solution is OK in
/// these default sessions, every listed class is reached, and no class is counted that the
/// list does not name.
fn every_listed_class_is_reached(seeds: std::ops::RangeInclusive<u64>) {
    let runs: Vec<(&str, u64)> = games()
        .filter(|g| {
            let game = Game::parse(g).expect("a registered game");
            !game.classes(&RoundSpec::default()).is_empty()
        })
        .flat_map(|g| seeds.clone().map(move |seed| (g, seed)))
        .collect();
    for ((game, seed), out) in runs.iter().zip(par_map(&runs, |(g, s)| covered(g, *s))) {
        let game_of = Game::parse(game).unwrap();
        let classes = game_of.classes(&RoundSpec::default());
        let head = format!(
            "coverage: {} of {} classes reached",
            classes.len(),
            classes.len()
        );
        let ok = format!("OK {game} seed={seed} rounds={} ", game_of.default_rounds());
        assert!(
            out.starts_with(&ok) && out.lines().nth(1) == Some(head.as_str()),
            "{game} seed {seed}:\n{out}"
        );
        assert!(
            !out.contains("(not a listed class)"),
            "{game} seed {seed}:\n{out}"
        );
    }
}

/// Seed 1 (seeds 2..5: the long tier).
#[test]
fn every_listed_class_is_reached_in_the_first_seed() {
    every_listed_class_is_reached(1..=1);
}

#[test]
#[ignore = "long tier (make test-long; CI runs it): seeds 2..5"]
fn every_listed_class_is_reached_in_seeds_2_to_5() {
    every_listed_class_is_reached(2..=5);
}

/// Every game names its classes for a default session (docs/coverage.md has a section each).
#[test]
fn every_game_lists_its_classes() {
    for game in Game::ALL {
        assert!(
            !game.classes(&RoundSpec::default()).is_empty(),
            "{} lists no coverage class",
            game.name()
        );
    }
}

/// The (class, error) pairs a default session lists (docs/coverage.md), which the test above
/// then finds reached: each game folder's tests/data/coverage-pairs.tsv counts them by their
/// class prefixes, with how each count comes. Every game lists some.
#[test]
fn the_error_pairs_are_listed() {
    let rows = game_data::rows("coverage-pairs.tsv");
    for game in games() {
        assert!(
            rows.iter().any(|r| r[0] == game),
            "{game}: no line in its folder's coverage-pairs.tsv"
        );
    }
    for row in &rows {
        let [game, prefixes, count, _why] = &row[..] else {
            panic!("coverage-pairs.tsv: a bad line {row:?}")
        };
        let classes = Game::parse(game)
            .unwrap_or_else(|| panic!("{game} is no game of the registry"))
            .classes(&RoundSpec::default());
        let found = classes
            .iter()
            .filter(|c| prefixes.split(' ').any(|p| c.starts_with(p)))
            .count();
        assert_eq!(found.to_string(), *count, "{game}: {prefixes}");
    }
}
