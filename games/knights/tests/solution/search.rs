//! (a) The brute force, nothing but the rules of the game, against the solution (in process
//! and built), the checker and the jury's samples.

use super::source::solve;
use super::{check_files, scratch_dir};
use crate::brute::{Brute, Square};
use crate::common;
use combgames_core::rng::Rng;
use combgames_knights::judge;
use itertools::Itertools;
use std::fs;
use std::path::Path;

fn input_text(n: i64, pos: &[Square]) -> String {
    let mut s = format!("{} {n}\n", pos.len());
    for (x, y) in pos {
        s += &format!("{x} {y}\n");
    }
    s
}

fn output_text(next: &[Square]) -> String {
    let mut s = "YES\n".to_owned();
    for (x, y) in next {
        s += &format!("{x} {y}\n");
    }
    s
}

/// Reads a solution output: Some(destinations) after YES, None for NO.
fn parse_output(out: &str, k: usize) -> Option<Vec<Square>> {
    let mut tokens = out.split_whitespace();
    match tokens.next() {
        Some("NO") => {
            assert_eq!(tokens.next(), None, "output after NO: {out:?}");
            None
        }
        Some("YES") => {
            let nums: Vec<i64> = tokens.map(|t| t.parse().expect("integer")).collect();
            assert_eq!(nums.len(), 2 * k, "wrong number of coordinates: {out:?}");
            Some(nums.chunks(2).map(|c| (c[0], c[1])).collect())
        }
        other => panic!("output starts with {other:?}"),
    }
}

/// Asserts that `out` is right for `pos` by the brute force: YES iff the mover wins, and
/// after YES a legal joint move (stuck knights kept) to a position lost for the opponent.
fn assert_output_right(brute: &mut Brute, pos: &[Square], out: &str) {
    let wins = brute.wins(pos);
    match parse_output(out, pos.len()) {
        None => assert!(
            !wins,
            "n = {}, {pos:?}: said NO but the mover wins",
            brute.n
        ),
        Some(next) => {
            assert!(
                wins,
                "n = {}, {pos:?}: said YES but the mover loses",
                brute.n
            );
            assert!(
                brute.joint_moves(pos).contains(&next),
                "n = {}, {pos:?} -> {next:?} is not a legal turn",
                brute.n
            );
            assert!(
                !brute.wins(&next),
                "n = {}, {pos:?} -> {next:?} leaves a won position",
                brute.n
            );
        }
    }
}

fn all_positions(n: i64, k: usize) -> impl Iterator<Item = Vec<Square>> {
    let squares: Vec<Square> = (1..=n).cartesian_product(1..=n).collect();
    squares.into_iter().combinations_with_replacement(k)
}

/// Every position on boards up to 7×7 with 1 to 3 knights, in process: the solution's answer
/// is right by the brute force, and the checker's judgement of every possible turn is exactly
/// the brute force's (accepted iff it leaves a lost position).
#[test]
fn solution_and_checker_agree_with_brute_force_on_every_position_up_to_7x7() {
    let mut checked = 0;
    for n in 1..=7 {
        let mut brute = Brute::new(n);
        for k in 1..=3 {
            for pos in all_positions(n, k) {
                let input = input_text(n, &pos);
                let out = String::from_utf8(solve(input.as_bytes()).expect("valid input"))
                    .expect("ASCII");
                assert_output_right(&mut brute, &pos, &out);
                let wins = brute.wins(&pos);
                let jury = if wins { "YES\n" } else { "NO\n" };
                let own = judge(input.as_bytes(), out.as_bytes(), jury.as_bytes());
                assert_eq!(
                    own.exit_code(),
                    0,
                    "checker on the solution's own output: {own:?}"
                );
                if wins {
                    for next in brute.joint_moves(&pos) {
                        let v = judge(
                            input.as_bytes(),
                            output_text(&next).as_bytes(),
                            jury.as_bytes(),
                        );
                        let good = !brute.wins(&next);
                        assert_eq!(
                            v.exit_code(),
                            if good { 0 } else { 1 },
                            "n = {n}, {pos:?} -> {next:?}: {v:?}"
                        );
                    }
                } else {
                    let v = judge(input.as_bytes(), b"NO", jury.as_bytes());
                    assert_eq!(v.exit_code(), 0, "{v:?}");
                    if let Some(next) = brute.joint_moves(&pos).first() {
                        let v = judge(
                            input.as_bytes(),
                            output_text(next).as_bytes(),
                            jury.as_bytes(),
                        );
                        assert_eq!(v.exit_code(), 1, "YES on a lost position: {v:?}");
                    }
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 20_000, "only {checked} positions");
}

/// The built binaries on every position of boards up to 3×3 and on seeded samples of 4×4 to
/// 7×7 (knights in random order): the solution's answer is right by the brute force, and the
/// checker binary accepts it.
#[test]
fn built_binary_agrees_with_brute_force() {
    let dir = scratch_dir("binary");
    let mut rng = Rng::new(2008);
    let mut runs = 0;
    for n in 1..=7i64 {
        let mut brute = Brute::new(n);
        let positions: Vec<Vec<Square>> = if n <= 3 {
            (1..=3).flat_map(|k| all_positions(n, k)).collect()
        } else {
            (0..120)
                .map(|i| {
                    let k = 1 + i % 3;
                    (0..k)
                        .map(|_| (rng.range(1, n as u64) as i64, rng.range(1, n as u64) as i64))
                        .collect()
                })
                .collect()
        };
        for pos in positions {
            let input = input_text(n, &pos);
            let run = common::run("knights", input.clone());
            assert_eq!(run.code, Some(0), "{input:?}: {}", run.stderr);
            assert_output_right(&mut brute, &pos, &run.stdout);
            if runs % 8 == 0 {
                let jury = if brute.wins(&pos) { "YES\n" } else { "NO\n" };
                let (code, line) = check_files(
                    &dir,
                    input.as_bytes(),
                    run.stdout.as_bytes(),
                    jury.as_bytes(),
                );
                assert_eq!(
                    code,
                    Some(0),
                    "check-knights rejected {:?} on {input:?}: {line}",
                    run.stdout
                );
            }
            runs += 1;
        }
    }
    assert!(runs > 500);
}

/// The jury answers in samples/knights: right by the brute force wherever it can search
/// (the position reaches few squares), so they come from neither the rule nor the solution.
#[test]
fn sample_answers_agree_with_brute_force() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/knights");
    let mut searched = 0;
    for entry in fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "in") {
            continue;
        }
        let text = fs::read_to_string(&path).unwrap();
        let nums: Vec<i64> = text
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        let n = nums[1];
        let pos: Vec<Square> = nums[2..].chunks(2).map(|c| (c[0], c[1])).collect();
        if pos.iter().any(|&(x, y)| x + y > 30) {
            continue;
        }
        let answer = fs::read_to_string(path.with_extension("out")).unwrap();
        assert_output_right(&mut Brute::new(n), &pos, &answer);
        searched += 1;
    }
    assert!(searched >= 15, "only {searched} samples searched");
}
