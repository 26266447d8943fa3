//! The solutions' side: `--play` on bad referee input, `-1` and the end, `--help`, the
//! generated rounds' mix, the engines against random play, and gen's strips equal to the
//! referee's rounds.

use crate::common;
use combgames_core::rng::Rng;
use combgames_core::round::RoundSpec;
use combgames_registry::Game as GameKind;
use predicates::prelude::*;
use predicates::str::{contains, starts_with};

#[test]
fn play_mode_rejects_garbage_from_the_referee() {
    for (bin, input, needle) in [
        ("tictactoe", "1\n..X\nfoo\n", "line 3"),
        ("tictactoe", "1\n..X\n2 O\n", "line 3"), // not legal: the solution took cell 1
        ("tictactoe", "1\n.XX\n", "line 2"),
        ("tictactoe", "x\n", "line 1"),
        ("tictactoe", "2\nX.O\n1 X\n", "line 3"), // occupied... the round is over: `end` due
        ("tictactoe", "1\n...\n", "line 3"),      // ends while a move is due
        ("coloring", "1\n3\n00\n", "line 3"),
        ("coloring", "1\n3\n0a0\n", "line 3"),
        ("coloring", "1\n0\n", "line 2"),
        ("coloring", "1\n5\n00100\n1 3\n", "line 4"),
    ] {
        common::command(bin)
            .arg("--play")
            .write_stdin(input)
            .assert()
            .code(1)
            .stderr(common::one_line().and(starts_with(format!("{bin}: {needle}:"))));
    }
}

#[test]
fn play_mode_stops_at_abort_and_at_the_end() {
    // `-1` where a position, a move or `end` is due: exit 0 at once.
    for input in ["-1\n", "1\n-1\n", "1\nX..\n-1\n", "1\n...\n-1\n"] {
        common::command("tictactoe")
            .arg("--play")
            .write_stdin(input)
            .assert()
            .code(0);
    }
    // A whole session written out: X.. is worth 2 (an edge run of 2): first, then 3 O leaves
    // X.O (worth 0); the referee has no move; `end`; the input ends.
    common::command("tictactoe")
        .arg("--play")
        .write_stdin("1\nX..\nend\n")
        .assert()
        .code(0)
        .stdout("first\n3 O\n");
    // SGU's sample 1 is SECOND; the referee colours vertex 1, the solution answers.
    common::command("coloring")
        .arg("--play")
        .write_stdin("1\r\n5\r\n00100\r\n1 1\r\n2 2\r\nend\r\n")
        .assert()
        .code(0)
        .stdout("second\n4 2\n5 1\n");
}

#[test]
fn help_mentions_play() {
    for bin in ["tictactoe", "coloring"] {
        common::command(bin)
            .arg("--help")
            .assert()
            .code(0)
            .stdout(contains("--play"));
    }
}

#[test]
fn generated_rounds_mix_sides_and_shapes() {
    let mut rng = Rng::new(6);
    let (mut second, mut empty, mut edge_long) = (0, 0, 0);
    for _ in 0..600 {
        let n = 2 + rng.index(60) as u64;
        let spec = RoundSpec {
            size: Some((n, n)),
            ..RoundSpec::default()
        };
        let mut r = GameKind::Tictactoe.generate(&spec, 1, &mut rng).unwrap();
        assert_eq!(r.position_line().len() as u64, n);
        let line = r.position_line();
        if !r.mover_wins().unwrap() {
            second += 1;
        }
        if line.bytes().all(|b| b == b'.') {
            empty += 1;
        }
        let lead = line.bytes().take_while(|&b| b == b'.').count();
        let trail = line.bytes().rev().take_while(|&b| b == b'.').count();
        if lead >= 4 && trail >= 4 && lead < line.len() {
            edge_long += 1;
        }
    }
    assert!(second > 150, "second positions: {second}");
    assert!(empty > 50, "empty strips: {empty}");
    assert!(edge_long > 50, "long runs at both ends: {edge_long}");
}

/// The solutions' engines keep their win in thousands of games against a random opponent
/// (`--bench-play` stops with an error when the engine has no winning move or no move).
#[test]
fn engines_keep_the_win_against_random_play() {
    for bin in ["tictactoe", "coloring"] {
        for n in ["1", "2", "5", "63", "64", "65", "200", "5000"] {
            common::command(bin)
                .args(["--bench-play", n, "100000"])
                .assert()
                .code(0)
                .stdout(contains("moves=100000 "));
        }
    }
}

/// gen's cases and the referee's rounds come from one maker (games/strip/src/gen.rs): from
/// the same seed, `gen <game> --kind K` writes the position the referee's first round of kind
/// K starts from, for every kind (`session`, the referee's default, included) and both
/// notations.
#[test]
fn gen_and_the_referee_make_the_same_strips() {
    for game in [GameKind::Tictactoe, GameKind::Coloring] {
        for &kind in game.gen().kinds {
            for (seed, size) in [(1, 1), (2, 7), (3, 60), (4, 500), (5, 5000)] {
                let spec = RoundSpec {
                    size: Some((1, size)),
                    kind: Some(kind),
                    ..RoundSpec::default()
                };
                let round = game.generate(&spec, 1, &mut Rng::new(seed)).unwrap();
                let mut args = vec![game.name(), "--kind", kind];
                let (seed_arg, size_arg) = (seed.to_string(), size.to_string());
                args.extend(["--seed", &seed_arg, "--size", &size_arg]);
                let want = if game == GameKind::Tictactoe {
                    args.extend(["--count", "1"]);
                    format!("1\n{}\n", round.position_line())
                } else {
                    format!("{}\n", round.position_line())
                };
                common::command("gen")
                    .args(&args)
                    .assert()
                    .code(0)
                    .stdout(want);
            }
        }
    }
}
