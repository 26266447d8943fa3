//! The project's solutions through the real referee binary: 200 seeded rounds per size class,
//! default sessions, the default rounds' sizes, the evaluator's includes, and a coloring
//! transcript replayed.

use super::{referee, solution};
use crate::common;
use combgames_core::rng::Rng;
use combgames_core::round::RoundSpec;
use combgames_registry::Game as GameKind;
use std::process::Command;

/// 200 seeded rounds per size class, each won by the solution; and a few long strips.
#[test]
fn solutions_win_every_round() {
    for game in ["tictactoe", "coloring"] {
        for (seed, rounds, size) in [
            ("11", "200", "1..12"),
            ("12", "200", "1..100"),
            ("13", "200", "100..2000"),
            ("14", "2", "20000..60000"),
        ] {
            let line = referee(
                game,
                &["--rounds", rounds, "--seed", seed, "--size", size],
                &[solution(game), "--play"],
            );
            assert!(line.starts_with(&format!("OK {game}")), "{size}: {line}");
        }
    }
}

/// The first 10 rounds of a default session (strips of 1..10^6 cells, the move cap): OK, and
/// some rounds cut.
#[test]
fn solutions_pass_default_sessions() {
    for game in ["tictactoe", "coloring"] {
        let line = referee(
            game,
            &["--rounds", "10", "--seed", "31"],
            &[solution(game), "--play"],
        );
        assert!(line.starts_with(&format!("OK {game}")), "{line}");
        assert!(
            !line.contains(" cut=0 "),
            "no round reached the cap: {line}"
        );
    }
}

/// The default size mix: a third of the rounds at judge size (≤ 100 cells), strips up to 10^6,
/// end runs of hundreds and thousands of cells (where a `u8` value overflows), long runs between
/// equal and between different marks, and positions lost for the first player.
#[test]
fn default_rounds_reach_judge_sizes_and_long_runs() {
    let mut rng = Rng::new(7);
    let spec = RoundSpec::default();
    let (mut judge_size, mut huge, mut second) = (0, 0, 0);
    let (mut end_runs, mut equal, mut different) = (0, 0, 0);
    // 600: with 300 the share of end runs of 256..10^4 cells sat at the bar (37 of 300 once
    // session rounds 6 and 7 took two more draws); the bars are the mix's, the sample larger.
    let rounds: usize = 600;
    for round_no in 1..=rounds {
        let mut round = GameKind::Tictactoe
            .generate(&spec, round_no as u64, &mut rng)
            .unwrap();
        let line = round.position_line();
        let n = line.len();
        judge_size += usize::from(n <= 100);
        huge += usize::from(n >= 100_000);
        second += usize::from(!round.mover_wins().unwrap());
        let lead = line.bytes().take_while(|&b| b == b'.').count();
        let trail = line.bytes().rev().take_while(|&b| b == b'.').count();
        if lead < n && [lead, trail].iter().any(|l| (256..=10_000).contains(l)) {
            end_runs += 1;
        }
        // Runs of at least 100 empty cells between two marks, by the marks' equality.
        let marks: Vec<(usize, u8)> = line
            .bytes()
            .enumerate()
            .filter(|&(_, b)| b != b'.')
            .collect();
        let long = |same: bool| {
            marks
                .windows(2)
                .any(|w| w[1].0 - w[0].0 > 100 && (w[0].1 == w[1].1) == same)
        };
        equal += usize::from(long(true));
        different += usize::from(long(false));
    }
    assert!(judge_size * 4 > rounds, "judge sizes: {judge_size}");
    assert!(huge * 10 > rounds, "strips of 10^5 cells or more: {huge}");
    assert!(second * 5 > rounds, "lost for the first player: {second}");
    // Their share is 14 % (427 of rounds 1..3000); a tenth leaves the 600 rounds' draw
    // three standard deviations of room.
    assert!(
        end_runs * 10 > rounds,
        "end runs of 256..10^4 cells: {end_runs}"
    );
    assert!(
        equal * 12 > rounds,
        "long runs between equal marks: {equal}"
    );
    assert!(
        different * 12 > rounds,
        "long runs between different marks: {different}"
    );
}

/// The referee's strip evaluator stands on the library alone: neither its file, the
/// library's strip module (the evaluator) nor the strip generator (which moves positions on
/// with it) includes a file (a solution) by path, or names a path that climbs out of the crate
/// (Cargo already keeps the solutions' crate out of its dependencies).
#[test]
fn referee_strip_code_includes_no_solution() {
    for file in [
        "games/strip/src/play.rs",
        "games/strip/src/lib.rs",
        "games/strip/src/grundy.rs",
        "games/strip/src/valued.rs",
        "games/strip/src/valued/classes.rs",
        "games/strip/src/notation.rs",
        "games/strip/src/gen.rs",
        "games/strip/src/gen/session.rs",
        "games/strip/src/gen/classes.rs",
    ] {
        let text =
            std::fs::read_to_string(format!("{}/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        for banned in ["#[path", "include!", "\"../"] {
            assert!(!text.contains(banned), "{file} contains {banned:?}");
        }
    }
}

/// A transcript of a coloring session (two-line positions) replays to the same verdict, and
/// its `<` lines are the referee's lines one by one.
#[test]
fn coloring_transcript_replays() {
    let dir = common::TempDir::new("strip-replay");
    let path = dir.join("coloring.txt");
    let path_text = path.to_str().unwrap();
    let sol = solution("coloring");
    let line = referee(
        "coloring",
        &["--rounds", "5", "--seed", "9", "--transcript", path_text],
        &[sol, "--play"],
    );
    assert!(line.starts_with("OK coloring"), "{line}");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.lines().all(|l| !l.is_empty() && l.contains(' ')));
    let out = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(["replay", "coloring", path_text, "--", sol, "--play"])
        .output()
        .unwrap();
    let replayed = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(replayed.starts_with("OK coloring"), "{replayed}");
}
