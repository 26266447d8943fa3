//! The impartial mutation suite (games/impartial/tests/mutants/main.rs, move choosers in
//! games/impartial/tests/mutants/variants.rs):
//! 1. every bug is real: a concrete position where the bugged side claimed or move loses, by
//!    the independent brute force of games/impartial/tests/brute.rs (a plain search over
//!    positions, no Grundy theory);
//! 2. the correct variant never loses a searched position;
//! 3. against the referee with its default settings and each of the first seeds 1..=5 (seed 1
//!    in `make test`, seeds 2..5 in the long tier), every wrong variant gets WA (or RE) and the
//!    correct one OK.

use crate::brute;
use crate::common;

pub mod variants;

use combgames_impartial::{after, Spec};
use std::process::Command;
use variants::{Player, Variant, VARIANTS};

/// The first position of `positions` where `variant` under `spec` claims the wrong side or,
/// holding the win, plays a move after which the brute force says the opponent wins.
fn first_loss(variant: Variant, spec: &str, positions: &[Vec<u64>]) -> Option<String> {
    let mut search = brute::Search::new(spec);
    let mut player = Player::new(variant, Spec::parse(spec).unwrap());
    let small = |h: &[u64]| h.iter().map(|&x| x as u32).collect::<Vec<u32>>();
    for heaps in positions {
        let truth = search.wins(&small(heaps));
        if player.believes_mover_wins(heaps) != truth {
            return Some(format!(
                "{spec} {heaps:?}: claims the mover {}, the brute force says it {}",
                if truth { "loses" } else { "wins" },
                if truth { "wins" } else { "loses" }
            ));
        }
        if truth {
            let m = player.choose(heaps);
            if search.wins(&small(&after(heaps, &m))) {
                return Some(format!("{spec} {heaps:?}: move {m} hands over the win"));
            }
        }
    }
    None
}

fn widen(list: Vec<Vec<u32>>) -> Vec<Vec<u64>> {
    list.into_iter()
        .map(|h| h.into_iter().map(u64::from).collect())
        .collect()
}

#[test]
fn each_bug_loses_a_position_by_brute_force() {
    let singles = |r: std::ops::RangeInclusive<u64>| r.map(|n| vec![n]).collect::<Vec<_>>();
    let cases: [(Variant, &str, Vec<Vec<u64>>); 13] = [
        (
            Variant::MisereAsNormal,
            "misere nim",
            widen(brute::positions(6, 3)),
        ),
        (
            Variant::MisereAsNormal,
            "misere 0.77",
            widen(brute::positions(10, 3)),
        ),
        // Nim values past 63 are where the mask saturates.
        (Variant::MexU64, "nim", vec![vec![65, 64], vec![70, 66]]),
        (Variant::PeriodFromZero, "0.137", singles(34..=51)),
        (
            Variant::LaskerUnswapped,
            "lasker",
            widen(brute::positions(12, 3)),
        ),
        (Variant::NoSplit, "0.77", widen(brute::positions(10, 3))),
        // Its opening only: one position, where every winning move splits (3 into 1 + 2).
        (Variant::LaskerOpeningNoSplit, "lasker", vec![vec![1, 2, 3]]),
        // Nim: 513 read as 1, so (513, 1) looks lost.
        (Variant::Table512, "nim", vec![vec![513, 1]]),
        (
            Variant::MisereOnes,
            "misere nim",
            widen(brute::positions(6, 3)),
        ),
        (
            Variant::MisereOneLarge,
            "misere nim",
            widen(brute::positions(6, 3)),
        ),
        // The phase players wrong on small heaps or on a heap the search reaches alone
        // (lasker-high-3 and kayles-plus1, wrong only on splitting heaps past 200, are shown
        // by the referee's phase rounds below).
        (Variant::DawsonPlus2, "0.137", vec![vec![20]]),
        (Variant::OtherValue, "{1,4 mod 5}", vec![vec![3, 1]]),
        (Variant::PhaseSwap, "{2,5}", vec![vec![515]]),
    ];
    for (variant, spec, positions) in cases {
        let loss = first_loss(variant, spec, &positions);
        assert!(
            loss.is_some(),
            "{}: no losing choice under {spec}",
            variant.name()
        );
        eprintln!("{}: {}", variant.name(), loss.unwrap());
    }
}

#[test]
fn the_correct_variant_never_loses_a_searched_position() {
    for spec in [
        "nim",
        "lasker",
        "0.137",
        "0.77",
        "misere nim",
        "misere 0.77",
        "{1,2,4}",
    ] {
        let positions = widen(brute::positions(12, 3));
        assert_eq!(first_loss(Variant::None, spec, &positions), None, "{spec}");
    }
}

// ------------------------------------------------------------------ against the referee

/// The variants wrong only in a coverage class that the session reaches after its first
/// rounds (games/impartial/README.md, "Coverage classes": split positions, misère heaps of 1,
/// the phase and value rounds), each with the class whose rounds
/// ([`combgames_impartial::coverage::class_rounds`]) it is played in: every round draws from a
/// stream of its own and these players choose by the position alone, so a variant caught there
/// is caught in the same round of the default session (tests/referee/round_streams.rs).
/// lasker-opening-no-split is caught by Lasker's split round alone (with the split rounds left
/// out of games/impartial/src/coverage.rs, it passes seeds 1..=5).
const COVERAGE_BUGS: [(&str, &str); 13] = [
    ("no-split", "split"),
    ("lasker-opening-no-split", "split"),
    ("misere-ones", "all-ones"),
    ("misere-one-large", "one-large"),
    ("lasker-high-3", "phase"),
    ("kayles-plus1", "phase"),
    ("dawson-plus2", "phase"),
    ("phase-swap", "phase"),
    ("other-value", "phase"),
    ("rare-0.6-29", "value"),
    ("rare-grundy-28", "value"),
    ("rare-queue-26", "value"),
    ("grundy-high-12", "value"),
];

/// `referee play impartial --rounds R --seed S -- impartial_mutants --bug NAME`: the verdict
/// line; R is 10 (the session's first rounds) but for [`COVERAGE_BUGS`], each played in its
/// class's rounds (`--rounds A..B`).
fn play(seed: u64, bug: &str) -> String {
    let rounds = match COVERAGE_BUGS.iter().find(|(b, _)| *b == bug) {
        Some((_, class)) => {
            let rounds = combgames_impartial::coverage::class_rounds(class)
                .unwrap_or_else(|| panic!("no rounds of class {class}"));
            assert!(
                !rounds.is_empty(),
                "{bug}: the session has no {class} round"
            );
            format!("{}..{}", rounds.start, rounds.end - 1)
        }
        None => "10".to_owned(),
    };
    let out = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(["play", "impartial", "--rounds", &rounds])
        .args(["--seed", &seed.to_string(), "--"])
        .args([&common::example("impartial_mutants"), "--bug", bug])
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

/// Every wrong variant gets WA (or RE) from the referee with its default settings on each of
/// `seeds`.
fn every_wrong_variant_is_caught(seeds: std::ops::RangeInclusive<u64>) {
    let wrong: Vec<&str> = VARIANTS.iter().filter(|v| !v.2).map(|v| v.1).collect();
    assert!(wrong.len() >= 3, "only {} wrong variants", wrong.len());
    let sessions: Vec<(&str, u64)> = wrong
        .iter()
        .flat_map(|&name| seeds.clone().map(move |seed| (name, seed)))
        .collect();
    common::par_map(&sessions, |&(name, seed)| {
        let line = play(seed, name);
        assert!(
            line.starts_with("WA impartial") || line.starts_with("RE impartial"),
            "{name} not caught with seed {seed}: {line}"
        );
    });
}

/// The correct variant is OK on each of `seeds`.
fn the_correct_variant_passes(seeds: std::ops::RangeInclusive<u64>) {
    for seed in seeds {
        let line = play(seed, "none");
        assert!(
            line.starts_with(&format!("OK impartial seed={seed} ")),
            "none: {line}"
        );
    }
}

#[test]
fn every_wrong_variant_is_caught_by_the_default_referee_on_the_first_seed() {
    every_wrong_variant_is_caught(1..=1);
}

#[test]
#[ignore = "long tier (make test-long; CI runs it): seeds 2..5"]
fn every_wrong_variant_is_caught_by_the_default_referee_on_seeds_2_to_5() {
    every_wrong_variant_is_caught(2..=5);
}

#[test]
fn the_correct_variant_passes_the_default_referee_on_the_first_seed() {
    the_correct_variant_passes(1..=1);
}

#[test]
#[ignore = "long tier (make test-long; CI runs it): seeds 2..5"]
fn the_correct_variant_passes_the_default_referee_on_seeds_2_to_5() {
    the_correct_variant_passes(2..=5);
}
