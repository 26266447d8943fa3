//! Coverage by construction (docs/coverage.md): a default session reaches every class its
//! game's rules distinguish, whatever the seed; the referee counts them (`--coverage`).

use crate::common::{games, judging_play_mode, par_map, solution};
use combgames_core::round::{RoundSpec, COVERAGE_ROUNDS};
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

/// Seeds 1..5 of every game that lists its classes (every game): the solution is OK in these
/// default sessions, every listed class is reached, and no class is counted that the list does
/// not name.
#[test]
fn every_listed_class_is_reached_in_the_first_seeds() {
    let runs: Vec<(&str, u64)> = games()
        .filter(|g| {
            let game = Game::parse(g).expect("a registered game");
            !game.classes(&RoundSpec::default()).is_empty()
        })
        .flat_map(|g| (1..=5).map(move |seed| (g, seed)))
        .collect();
    for ((game, seed), out) in runs.iter().zip(par_map(&runs, |(g, s)| covered(g, *s))) {
        let classes = Game::parse(game).unwrap().classes(&RoundSpec::default());
        let head = format!(
            "coverage: {} of {} classes reached",
            classes.len(),
            classes.len()
        );
        let ok = format!("OK {game} seed={seed} rounds={COVERAGE_ROUNDS} ");
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
/// then finds reached: knights' cells one too large (4 × 36) and two too large (every cell
/// but the far corner's nine that no square exceeds by one: 4 × 36 − 9), its edge classes one
/// too large (4 × 48) and two too large (every one but the eleven squares on two edge lines
/// at the board's largest suspense: 4 × 48 − 11), none too small (one class per side
/// choice: more classes than rounds); impartial's phases
/// of the twelve periodic families (periods summing to 116), low and high, any wrong value;
/// the values of the three without a period (0.6 and queue 46, grundy 40 (value, half)
/// classes on heaps 1..=1000), any wrong value of one heap size;
/// pawns' run lengths 1..51 and residues mod 34, any wrong value; the strip games' run
/// kinds (13), any wrong value of one length but the empty odd strip's (the value 0 only),
/// and their end runs past 65535 all two too small;
/// subtraction's smallest winning removal one or two off at the cap's boundaries (8) and at a
/// losing start the cap takes whole (2), its losing starts wrong at and next to them (3), its
/// parts in a wrong order (2); race's lemma and band
/// classes with each wrong reading of the margin that turns some of their positions (25).
#[test]
fn the_error_pairs_are_listed() {
    let count = |game: &str, prefix: &str| {
        Game::parse(game)
            .unwrap()
            .classes(&RoundSpec::default())
            .iter()
            .filter(|c| c.starts_with(prefix))
            .count()
    };
    assert_eq!(count("knights", "cell+1:"), 144);
    assert_eq!(count("knights", "cell+2:"), 135);
    assert_eq!(count("knights", "edge+1:"), 4 * 48);
    assert_eq!(count("knights", "edge+2:"), 4 * 48 - 11);
    assert_eq!(count("knights", "cell-"), 0);
    assert_eq!(count("knights", "edge-"), 0);
    assert_eq!(count("impartial", "phase/any:"), 2 * 116);
    assert_eq!(count("impartial", "value/any:"), 46 + 40 + 46);
    assert_eq!(count("pawns", "len/any:"), 51 + 34);
    assert_eq!(count("subtraction", "f+"), 5);
    assert_eq!(count("subtraction", "f-"), 5);
    assert_eq!(count("subtraction", "term"), 3);
    assert_eq!(count("subtraction", "order/"), 2);
    for strip in ["tictactoe", "coloring"] {
        assert_eq!(count(strip, "run/any:"), 12);
        assert_eq!(count(strip, "run-1:"), 1);
        assert_eq!(count(strip, "run-2:"), 1);
    }
    let race_pairs = [
        "lemma+", "lemma-", "lemma/", "band+", "band-1", "band-2", "band/",
    ];
    assert_eq!(
        race_pairs.iter().map(|p| count("race", p)).sum::<usize>(),
        25
    );
}
