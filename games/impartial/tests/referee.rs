//! The referee plays the impartial family (games/impartial/src/play.rs) with the judge
//! side's evaluator (that the project's solution wins default sessions of seeds 1..=5 is
//! tests/referee/coverage.rs's): misère rounds are won by the player left without a move, a
//! player that blunders, takes the losing side or plays an illegal move is
//! caught in each of the first five seeds, `--spec` holds one game or is refused up front, and a
//! failure past the first round names the command that plays that round alone (`--rounds R..R`).

use crate::common;

use common::{command_named as named, shell, verdict_without_times as verdict};
use std::process::Command;

fn play(args: &[&str], player: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(["play", "impartial"])
        .args(args)
        .arg("--")
        .args(player)
        .output()
        .unwrap();
    let line =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code(), line)
}

/// The misère end rule, both ways: the player left without a move wins, so a session of
/// misère rounds only is won by the solution (which knows it) and by the perfect player.
#[test]
fn misere_rounds_are_won_by_the_player_left_without_a_move() {
    let perfect = common::example("perfect_player");
    let solution = common::bin("impartial");
    for spec in [
        "misere nim",
        "misere kayles",
        "misere {1,2,4}",
        "misere grundy",
    ] {
        for player in [
            vec![solution.as_str(), "--play"],
            vec![perfect.as_str(), "impartial"],
        ] {
            let (code, line) = play(&["--seed", "1", "--rounds", "8", "--spec", spec], &player);
            assert_eq!(code, Some(0), "{spec} {player:?}: {line}");
        }
    }
}

#[test]
fn blunders_losing_sides_and_illegal_moves_are_wa_in_every_seed() {
    let perfect = common::example("perfect_player");
    for flag in ["--blunder", "--losing-side", "--illegal"] {
        for seed in 1..=5 {
            let seed = seed.to_string();
            let (code, line) = play(&["--seed", &seed], &[&perfect, "impartial", flag]);
            assert_eq!(code, Some(1), "{flag} seed {seed}: {line}");
            assert!(line.starts_with("WA impartial"), "{line}");
        }
    }
}

#[test]
fn a_spec_the_referee_cannot_play_is_refused_before_the_solution_starts() {
    let solution = common::bin("impartial");
    for (args, needle) in [
        (&["--spec", "chess"][..], "not a game"),
        (&["--spec", "0.8", "--size", "400..1000"], "heaps up to 300"),
        (
            &["--spec", "misere nim", "--size", "61..70"],
            "heaps up to 60",
        ),
    ] {
        let (code, line) = play(args, &[&solution, "--play"]);
        assert_ne!(code, Some(0), "{args:?}: {line}");
        assert!(line.contains(needle), "{args:?}: {line}");
    }
}

/// Rounds 4 and 5 of a default session (Dawson's chess and Dawson's Kayles on heaps 34..=51)
/// are lost for the first player, and valued with the period 34 read from heap 0 (each heap
/// as the heap 34 lower) they would be won: a player who reads the period so takes the wrong
/// side at once. Checked with the library's evaluator (games/impartial/tests/eval.rs proves it
/// against plain search) on the first 30 seeds, each round drawn from its own stream as the
/// session draws it.
#[test]
fn dawson_rounds_turn_on_the_pre_period() {
    use combgames_core::rng::Rng;
    use combgames_core::round::RoundSpec;
    use combgames_impartial::{Evaluator, Spec};
    use combgames_registry::Game;
    for seed in 1..=30 {
        for (round, text) in [(4, "dawson-chess"), (5, "dawson-kayles")] {
            let made = Game::Impartial
                .generate(
                    &RoundSpec::default(),
                    round,
                    &mut Rng::for_round(seed, round),
                )
                .unwrap();
            let line = made.position_line();
            let (spec, heaps) = line.split_once('\n').unwrap();
            assert_eq!(spec, text, "seed {seed} round {round}");
            let heaps: Vec<u64> = heaps
                .split(' ')
                .skip(1)
                .map(|h| h.parse().unwrap())
                .collect();
            let mut ev = Evaluator::new(Spec::parse(text).unwrap());
            let true_xor = heaps.iter().fold(0, |x, &h| x ^ ev.value(h));
            let from_zero = heaps.iter().fold(0, |x, &h| x ^ ev.value(h % 34));
            assert_eq!(true_xor, 0, "seed {seed}: {line:?} is not lost");
            assert_ne!(
                from_zero, 0,
                "seed {seed}: {line:?} does not turn on the pre-period"
            );
        }
    }
}

/// The interactive statement's bounds on a round's start (packages/impartial/interactive/
/// problem.en.tex: 1 ≤ k ≤ 100, heaps up to 1000; in misère play k ≤ 8 and at most 60 tokens
/// unless every heap is tame) hold for every round a session of the statement's 100 rounds
/// starts, seeds 1..=3; and both exceptions to the tighter bounds occur (normal-play starts of
/// more than 8 heaps, tame misère starts of more than 60 tokens), so the statement needs them.
#[test]
fn session_starts_keep_to_the_interactive_statement() {
    use combgames_core::rng::Rng;
    use combgames_core::round::RoundSpec;
    use combgames_impartial::{Evaluator, Spec};
    use combgames_registry::Game;
    let statement = std::fs::read_to_string(
        crate::common::root().join("packages/impartial/interactive/problem.en.tex"),
    )
    .unwrap();
    for bound in [
        "$1 \\le R \\le 100$",
        "$1 \\le k \\le 100$, heaps up to 1000",
        "misère play $k \\le 8$ and at most 60 tokens in all, unless every heap is \\emph{tame}",
    ] {
        assert!(statement.contains(bound), "the statement lacks {bound:?}");
    }
    let (mut many_heaps, mut large_tame) = (0, 0);
    for seed in 1..=3 {
        for round in 1..=100 {
            let made = Game::Impartial
                .generate(
                    &RoundSpec::default(),
                    round,
                    &mut Rng::for_round(seed, round),
                )
                .unwrap();
            let line = made.position_line();
            let (spec, heaps) = line.split_once('\n').unwrap();
            let heaps: Vec<u64> = heaps.split(' ').map(|h| h.parse().unwrap()).collect();
            let (k, heaps) = (heaps[0] as usize, &heaps[1..]);
            assert_eq!(k, heaps.len(), "{line:?}");
            assert!(
                (1..=100).contains(&k),
                "seed {seed} round {round}: {line:?}"
            );
            assert!(
                heaps.iter().all(|&h| h <= 1000),
                "seed {seed} round {round}: {line:?}"
            );
            let spec = Spec::parse(spec).unwrap();
            if spec.misere {
                assert!(k <= 8, "seed {seed} round {round}: {line:?}");
                let sum: u64 = heaps.iter().sum();
                if sum > 60 {
                    assert!(
                        Evaluator::new(spec).all_tame(heaps),
                        "seed {seed} round {round}: {line:?}"
                    );
                    large_tame += 1;
                }
            } else if k > 8 {
                many_heaps += 1;
            }
        }
    }
    assert!(
        many_heaps > 0 && large_tame > 0,
        "{many_heaps} {large_tame}"
    );
}

/// A session that fails in a later round also names the command that plays that round alone
/// (`--rounds R..R`): the same failure, found in the same round, without the rounds before it.
#[test]
fn a_failure_past_the_first_round_names_the_command_that_plays_that_round_alone() {
    let dir = common::TempDir::new("rerun-round");
    // Wrong only where every heap of a misère position is 1: caught in round 32 of seed 1.
    let failed = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(["play", "impartial", "--seed", "1", "--rounds", "40", "--"])
        .arg(common::example("impartial_mutants"))
        .args(["--bug", "misere-ones"])
        .current_dir(&*dir)
        .output()
        .unwrap();
    let failed_line = verdict(&failed);
    assert!(
        failed_line.starts_with("WA impartial seed=1 rounds=31 "),
        "{failed_line}"
    );
    let alone = named(&failed, "to play round 32 alone: ");
    assert!(alone.contains(" --rounds 32..32 -- "), "{alone}");
    assert!(!alone.contains("--rounds 40"), "{alone}");
    let rerun = shell(&alone, &dir);
    assert_eq!(rerun.status.code(), Some(1), "{alone}: {}", verdict(&rerun));
    let why = |line: &str| line.split_once(": ").map(|(_, w)| w.to_owned());
    let rerun_line = verdict(&rerun);
    assert!(
        rerun_line.starts_with("WA impartial seed=1 rounds=0 "),
        "{rerun_line}"
    );
    assert_eq!(why(&rerun_line), why(&failed_line));
    // Failing in its one round, it names no other.
    assert!(!String::from_utf8_lossy(&rerun.stderr).contains("alone"));
}
