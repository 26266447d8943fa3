//! Proofs for knights (games/knights/README.md, the problem):
//! (a) a plain game search over whole multi-knight positions (all joint moves, memoised
//!     win/lose, no suspense theory) against the solution and the checker, boards up to 7×7
//!     with 1 to 3 knights;
//! (b) the library's evaluator (the compression of games/knights/docs/compression.md): its finite
//!     lemma on the base boards, and the evaluator against the whole-board suspense DP on every
//!     square of every board up to N = 300 and on the borders and samples of N = 2000..=2003;
//! (b') the solution's O(1) rule (its file included here, never by the library) against the
//!     DP up to N = 300 and against the evaluator on boards near 10^9, its table regenerated;
//! (c) the checker binary on accepted, wrong and malformed outputs and on broken jury files;
//! plus the solution's input validation.

use crate::common;

use crate::brute;

use itertools::Itertools;
use std::fs;
use std::path::Path;

// The solution's single file, included to prove its rule (never by the library).
#[path = "../../../solutions/knights.rs"]
#[allow(dead_code)]
mod source;

use combgames_core::rng::Rng;
use combgames_core::verdict::Verdict;
use combgames_knights::{
    check_translation_lemma, compress, judge, Evaluator, SuspenseBoard, BASE_SIDE, EDGE_BAND,
};
use source::rule::{best_move, coordinate_class, suspense, CLASSES, CORRECTION};
use source::solve;

// ---------------------------------------------------------------------------------------
// The brute force: nothing but the rules of the game.

use brute::{Brute, Square};

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

// ---------------------------------------------------------------------------------------
// (b) The library's evaluator against the DP.

/// The evaluator agrees with the DP board on every square: same suspense, and a best move that
/// is legal and lands on the suspense of the DP's best option.
fn assert_evaluator_matches(board: &SuspenseBoard, eval: &Evaluator, x: usize, y: usize) {
    let n = board.side() as u64;
    let (ux, uy) = (x as u64, y as u64);
    assert_eq!(
        eval.suspense(ux, uy),
        u64::from(board.get(x, y)),
        "evaluator, N = {n}, ({x}, {y})"
    );
    match (eval.best_move(ux, uy), board.best_option_suspense(x, y)) {
        (None, None) => {}
        (Some((a, b)), Some(s)) => {
            assert!(
                board.options(x, y).contains(&(a as usize, b as usize)),
                "N = {n}: ({x}, {y}) -> ({a}, {b}) illegal"
            );
            assert_eq!(u64::from(s), eval.suspense(a, b), "N = {n}, ({x}, {y})");
        }
        (e, dp) => panic!("N = {n}, ({x}, {y}): evaluator moves to {e:?}, DP best option {dp:?}"),
    }
}

/// The finite fact of the compression proof, on the four base boards.
#[test]
fn translation_lemma_holds_on_the_base_boards() {
    check_translation_lemma().unwrap();
}

/// The compression lands where the proof says: residues mod 4 kept, distances to both edges
/// kept within EDGE_BAND of them, middle lines on EDGE_BAND + 1..=EDGE_BAND + 4.
#[test]
fn compression_keeps_residues_and_edge_distances() {
    for n in [36, 37, 38, 39, 40, 1001, 999_999_999, 1_000_000_000] {
        let m = BASE_SIDE + n % 4;
        let lines = (1..=20).chain(n / 2 - 10..n / 2 + 10).chain(n - 20..=n);
        for c in lines {
            let a = compress(n, c);
            assert!((1..=m).contains(&a), "N = {n}, c = {c} -> {a}");
            assert_eq!((c - a) % 4, 0, "N = {n}, c = {c} -> {a}");
            if c <= EDGE_BAND {
                assert_eq!(a, c);
            } else if n - c < EDGE_BAND {
                assert_eq!(m - a, n - c);
            } else {
                assert!((EDGE_BAND + 1..=EDGE_BAND + 4).contains(&a), "{n} {c} {a}");
            }
        }
    }
}

#[test]
fn evaluator_matches_dp_on_every_square_up_to_300() {
    for n in 1..=300 {
        let board = SuspenseBoard::compute(n);
        let eval = Evaluator::new(n as u64);
        for x in 1..=n {
            for y in 1..=n {
                assert_evaluator_matches(&board, &eval, x, y);
            }
        }
    }
}

/// Larger boards of every residue mod 4: every square within 12 of an edge, and 200 000
/// seeded others.
#[test]
fn evaluator_matches_dp_on_the_borders_of_boards_2000_to_2003() {
    let mut rng = Rng::new(2003);
    for n in 2000..=2003 {
        let board = SuspenseBoard::compute(n);
        let eval = Evaluator::new(n as u64);
        let near_edge = |c: usize| c <= 12 || c > n - 12;
        for x in 1..=n {
            for y in 1..=n {
                if near_edge(x) || near_edge(y) {
                    assert_evaluator_matches(&board, &eval, x, y);
                }
            }
        }
        for _ in 0..200_000 {
            let x = rng.range(1, n as u64) as usize;
            let y = rng.range(1, n as u64) as usize;
            assert_evaluator_matches(&board, &eval, x, y);
        }
    }
}

// ---------------------------------------------------------------------------------------
// (b') The solution's O(1) rule.

/// The rule agrees with the DP board on (x, y): same suspense, and a best move that is legal
/// and lands on the same suspense as the DP's best option (ties may pick another square).
fn assert_rule_matches(board: &SuspenseBoard, x: usize, y: usize) {
    let n = board.side() as u64;
    let (ux, uy) = (x as u64, y as u64);
    assert_eq!(
        u64::from(board.get(x, y)),
        suspense(n, ux, uy),
        "suspense, N = {n}, ({x}, {y})"
    );
    match (best_move(n, ux, uy), board.best_option_suspense(x, y)) {
        (None, None) => {}
        (Some((a, b)), Some(s)) => {
            assert!(
                board.options(x, y).contains(&(a as usize, b as usize)),
                "N = {n}: ({x}, {y}) -> ({a}, {b}) illegal"
            );
            assert_eq!(
                u64::from(s),
                suspense(n, a, b),
                "best move, N = {n}, ({x}, {y})"
            );
        }
        (rule, dp) => panic!("N = {n}, ({x}, {y}): rule moves to {rule:?}, DP best option {dp:?}"),
    }
}

/// The solution's table `[N mod 4][class of x][class of y]` of s − (⌊x/2⌋ + ⌊y/2⌋), measured
/// on every square of every board with side 1..=max_n (the solution's classes); None if two
/// squares of one class disagree or a class never occurs.
fn derive_correction_table(max_n: usize) -> Option<[[[i8; CLASSES]; CLASSES]; 4]> {
    let mut table = [[[None::<i64>; CLASSES]; CLASSES]; 4];
    for n in 1..=max_n {
        let board = SuspenseBoard::compute(n);
        for x in 1..=n {
            for y in 1..=n {
                let correction = i64::from(board.get(x, y)) - (x / 2 + y / 2) as i64;
                let cx = coordinate_class(n as u64, x as u64);
                let cy = coordinate_class(n as u64, y as u64);
                let cell = &mut table[n % 4][cx][cy];
                match *cell {
                    None => *cell = Some(correction),
                    Some(seen) if seen != correction => return None,
                    Some(_) => {}
                }
            }
        }
    }
    let mut out = [[[0i8; CLASSES]; CLASSES]; 4];
    for r in 0..4 {
        for cx in 0..CLASSES {
            for cy in 0..CLASSES {
                out[r][cx][cy] = i8::try_from(table[r][cx][cy]?).ok()?;
            }
        }
    }
    Some(out)
}

#[test]
fn correction_table_regenerates_from_the_dp() {
    let derived = derive_correction_table(64).expect("the classes capture the pattern");
    assert_eq!(
        derived, CORRECTION,
        "paste the derived table into solutions/knights.rs"
    );
}

#[test]
fn rule_matches_dp_on_every_square_up_to_300() {
    for n in 1..=300 {
        let board = SuspenseBoard::compute(n);
        for x in 1..=n {
            for y in 1..=n {
                assert_rule_matches(&board, x, y);
            }
        }
    }
}

/// The rule against the evaluator on the judge's largest boards (every residue mod 4): every
/// square within 12 of an edge in both coordinates or on a border line with a seeded other
/// coordinate, and seeded squares anywhere.
#[test]
fn rule_matches_evaluator_near_10_9() {
    let mut rng = Rng::new(1_000_000_000);
    for n in 999_999_997..=1_000_000_000u64 {
        let eval = Evaluator::new(n);
        let lines: Vec<u64> = (1..=12).chain(n - 11..=n).collect();
        let mut squares: Vec<(u64, u64)> = lines
            .iter()
            .flat_map(|&x| lines.iter().map(move |&y| (x, y)))
            .collect();
        for &line in &lines {
            for _ in 0..200 {
                let other = rng.range(1, n);
                squares.push((line, other));
                squares.push((other, line));
            }
        }
        squares.extend((0..100_000).map(|_| (rng.range(1, n), rng.range(1, n))));
        for (x, y) in squares {
            assert_eq!(
                suspense(n, x, y),
                eval.suspense(x, y),
                "N = {n}, ({x}, {y})"
            );
            let rule = best_move(n, x, y).map(|(a, b)| eval.suspense(a, b));
            let own = eval.best_move(x, y).map(|(a, b)| eval.suspense(a, b));
            assert_eq!(rule, own, "best option, N = {n}, ({x}, {y})");
        }
    }
}

/// On the largest board the rule stays in range and the suspense grows like x/2 + y/2.
#[test]
fn rule_on_the_largest_board() {
    let n = 1_000_000_000u64;
    let s = suspense(n, n, n);
    assert!(s + 2 >= n && s <= n, "s(N, N) = {s}");
    assert_eq!(suspense(n, 1, 1), 0);
    assert_eq!(best_move(n, 1, 1), None);
    let (a, b) = best_move(n, n, n).expect("the far corner can move");
    assert!(
        (a, b) == (n - 2, n - 1) || (a, b) == (n - 1, n - 2),
        "({a}, {b})"
    );
}

// ---------------------------------------------------------------------------------------
// (c) The checker binary.

fn scratch_dir(tag: &str) -> common::TempDir {
    common::TempDir::new(&format!("knights-{tag}"))
}

fn run_checker(args: &[&Path]) -> (Option<i32>, String) {
    let out = std::process::Command::new(common::bin("check-knights"))
        .args(args)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(
        stderr.lines().count(),
        1,
        "want one line of reason, got {stderr:?}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    (out.status.code(), stderr.trim_end().to_owned())
}

/// Writes the three files and runs the checker on them.
fn check_files(dir: &Path, input: &[u8], output: &[u8], answer: &[u8]) -> (Option<i32>, String) {
    let paths = [dir.join("input"), dir.join("output"), dir.join("answer")];
    for (path, bytes) in paths.iter().zip([input, output, answer]) {
        fs::write(path, bytes).unwrap();
    }
    run_checker(&[&paths[0], &paths[1], &paths[2]])
}

const EXAMPLE: &[u8] = b"3 5\n4 4\n3 4\n1 1\n";
const EXAMPLE_ANSWER: &[u8] = b"YES\n2 5\n1 5\n1 1\n";
/// Two knights on 6×6 that can move, yet the first player loses.
const LOST: &[u8] = b"2 6\n5 5\n1 6\n";

fn expect(dir: &Path, input: &[u8], output: &[u8], answer: &[u8], code: i32, needle: &str) {
    let (got, line) = check_files(dir, input, output, answer);
    assert_eq!(
        got,
        Some(code),
        "output {:?}: {line}",
        String::from_utf8_lossy(output)
    );
    assert!(
        line.contains(needle),
        "output {:?}: {line:?} lacks {needle:?}",
        String::from_utf8_lossy(output)
    );
}

#[test]
fn checker_accepts_correct_answers() {
    let dir = scratch_dir("accept");
    expect(&dir, EXAMPLE, EXAMPLE_ANSWER, EXAMPLE_ANSWER, 0, "ok");
    // Another winning turn: suspense 2 and 0 left (not the mover's "best" options, but lost
    // for the opponent all the same); the jury answer's moves are never looked at.
    expect(&dir, EXAMPLE, b"YES\n5 2\n2 2\n1 1\n", b"YES\n", 0, "ok");
    // Free whitespace, CRLF, no final newline.
    expect(
        &dir,
        EXAMPLE,
        b"  YES\r\n2\t5 1 5\r\n\r\n1 1",
        EXAMPLE_ANSWER,
        0,
        "ok",
    );
    expect(&dir, LOST, b"NO\n", b"NO\n", 0, "ok");
    expect(&dir, LOST, b"NO", b"NO\n", 0, "ok");
}

#[test]
fn checker_finds_wrong_answers() {
    let dir = scratch_dir("wrong");
    // Legal moves to suspense 1 and 0: the largest left is odd, so the opponent wins.
    expect(
        &dir,
        EXAMPLE,
        b"YES\n2 3\n2 2\n1 1\n",
        EXAMPLE_ANSWER,
        1,
        "won for the opponent",
    );
    expect(
        &dir,
        EXAMPLE,
        b"YES\n3 3\n1 5\n1 1\n",
        EXAMPLE_ANSWER,
        1,
        "not a legal move",
    );
    expect(
        &dir,
        EXAMPLE,
        b"YES\n4 4\n1 5\n1 1\n",
        EXAMPLE_ANSWER,
        1,
        "can move, but stayed",
    );
    expect(
        &dir,
        EXAMPLE,
        b"YES\n2 5\n1 5\n1 2\n",
        EXAMPLE_ANSWER,
        1,
        "cannot move",
    );
    expect(
        &dir,
        EXAMPLE,
        b"NO\n",
        EXAMPLE_ANSWER,
        1,
        "answered NO, expected YES",
    );
    expect(
        &dir,
        LOST,
        b"YES\n3 6\n2 4\n",
        b"NO\n",
        1,
        "answered YES, expected NO",
    );
    // Format is not even looked at after a wrong YES/NO.
    expect(&dir, LOST, b"YES garbage", b"NO\n", 1, "answered YES");
    expect(
        &dir,
        EXAMPLE,
        b"YES\n0 5\n1 5\n1 1\n",
        EXAMPLE_ANSWER,
        1,
        "off the 5x5 board",
    );
    expect(
        &dir,
        EXAMPLE,
        b"YES\n-2 5\n1 5\n1 1\n",
        EXAMPLE_ANSWER,
        1,
        "off the",
    );
    expect(
        &dir,
        EXAMPLE,
        b"YES\n2 99999999999999999999999999\n1 5\n1 1\n",
        EXAMPLE_ANSWER,
        1,
        "off the",
    );
}

#[test]
fn checker_reports_malformed_output_as_presentation_error() {
    let dir = scratch_dir("format");
    let pe = |output: &[u8], needle: &str| expect(&dir, EXAMPLE, output, EXAMPLE_ANSWER, 2, needle);
    pe(b"", "empty output");
    pe(b"  \n\r\n", "empty output");
    pe(b"yes\n2 5\n1 5\n1 1\n", "expected YES or NO");
    pe(b"\xff\xfe\x00garbage", "expected YES or NO");
    pe(b"YES\n2 5\n1 5\n", "knight 3: expected x");
    pe(b"YES\n2 5\n1 5\n1", "knight 3: expected y");
    pe(b"YES\n2 5\n1 5.0\n1 1\n", "knight 2: expected integer y");
    pe(
        b"YES\n2 5\n1 \xc3\x28\n1 1\n",
        "knight 2: expected integer y",
    );
    pe(b"YES\n2 5\n1 5\n1 1\n1 1\n", "after the 3 destinations");
    expect(&dir, LOST, b"NO\n1 1\n", b"NO\n", 2, "after NO");
    // An endless output is cut at the size cap (here /dev/zero stands for gigabytes).
    let input = dir.join("cap-input");
    let answer = dir.join("cap-answer");
    fs::write(&input, EXAMPLE).unwrap();
    fs::write(&answer, EXAMPLE_ANSWER).unwrap();
    let (code, line) = run_checker(&[&input, Path::new("/dev/zero"), &answer]);
    assert_eq!(code, Some(2), "{line}");
    assert!(line.contains("longer than"), "{line}");
    // Just over the cap in a real file, well-formed until then.
    let mut big = EXAMPLE_ANSWER.to_vec();
    big.resize(combgames_knights::output_size_cap(3) + 1, b' ');
    expect(&dir, EXAMPLE, &big, EXAMPLE_ANSWER, 2, "longer than");
    big.truncate(combgames_knights::output_size_cap(3));
    expect(&dir, EXAMPLE, &big, EXAMPLE_ANSWER, 0, "ok");
}

#[test]
fn checker_blames_the_jury_for_broken_jury_files() {
    let dir = scratch_dir("fail");
    expect(
        &dir,
        b"3 5\n4 4\n3 4\n",
        EXAMPLE_ANSWER,
        EXAMPLE_ANSWER,
        3,
        "input file",
    );
    expect(&dir, EXAMPLE, EXAMPLE_ANSWER, b"", 3, "answer file");
    expect(&dir, EXAMPLE, EXAMPLE_ANSWER, b"MAYBE", 3, "answer file");
    expect(
        &dir,
        EXAMPLE,
        EXAMPLE_ANSWER,
        b"NO\n",
        3,
        "answer file says NO",
    );
    let missing = dir.join("no-such-file");
    let real = dir.join("real");
    fs::write(&real, EXAMPLE).unwrap();
    let (code, line) = run_checker(&[&missing, &real, &real]);
    assert_eq!(code, Some(3), "{line}");
    assert!(line.starts_with("FAIL"), "{line}");
    let (code, _) = run_checker(&[&real, &real]);
    assert_eq!(code, Some(3));
    // The jury's files are judged before the output is read, however bad the output is.
    let broken = dir.join("broken-input");
    fs::write(&broken, b"3 5\n4 4\n").unwrap();
    let (code, line) = run_checker(&[&broken, Path::new("/dev/zero"), &real]);
    assert_eq!(code, Some(3), "{line}");
    // A missing contestant output is the contestant's problem, never a checker failure.
    let answer = dir.join("answer-yes");
    fs::write(&answer, EXAMPLE_ANSWER).unwrap();
    let (code, line) = run_checker(&[&real, &missing, &answer]);
    assert_eq!(code, Some(2), "{line}");
}

#[test]
fn checker_verdicts_in_process_for_every_exit_code() {
    let v = judge(EXAMPLE, EXAMPLE_ANSWER, EXAMPLE_ANSWER);
    assert_eq!(v.verdict, Verdict::Ok, "{v:?}");
    assert_eq!(
        judge(EXAMPLE, b"YES 4 4 1 5 1 1", EXAMPLE_ANSWER).exit_code(),
        1
    );
    assert_eq!(
        judge(EXAMPLE, b"YES 2 5 1 5", EXAMPLE_ANSWER).exit_code(),
        2
    );
    assert_eq!(judge(b"x", EXAMPLE_ANSWER, EXAMPLE_ANSWER).exit_code(), 3);
}

// ---------------------------------------------------------------------------------------
// The solution's input handling.

#[test]
fn solution_rejects_malformed_input() {
    let cases: &[(&str, &str)] = &[
        ("", "line 1: expected K"),
        ("0 5\n", "K (number of knights) 0 is out of range"),
        ("1000001 5\n", "out of range 1 to 1000000"),
        ("1\n", "expected N"),
        ("1 0\n1 1\n", "N (board side) 0 is out of range"),
        ("1 1000000001\n1 1\n", "out of range 1 to 1000000000"),
        (
            "1 5\n0 1\n",
            "line 2: x of knight 1 0 is out of range 1 to 5",
        ),
        ("1 5\n1 6\n", "line 2: y of knight 1 6 is out of range"),
        (
            "2 5\n1 1\n",
            "line 2: expected x of knight 2, got end of input",
        ),
        (
            "2 5\n1 1\n2",
            "line 3: expected y of knight 2, got end of input",
        ),
        (
            "1 5\n1 1\n2 2\n",
            "line 3: unexpected \"2\" after knight 1, the last",
        ),
        (
            "1 5\n1 a\n",
            "line 2: expected y of knight 1 (an integer), got \"a\"",
        ),
        (
            "1 5\n-1 1\n",
            "expected x of knight 1 (an integer), got \"-1\"",
        ),
        ("1 5\n+1 1\n", "expected x of knight 1"),
        (
            "1 99999999999999999999999\n1 1\n",
            "N (board side) \"99999999999999999999999\" is too large",
        ),
        ("1 5\n18446744073709551616 1\n", "too large"),
        ("1 5\n1.0 1\n", "got \"1.0\""),
        // Lines end at LF, CRLF and a bare CR alike.
        ("2 5\r1 1\r\r2 x\r", "line 4: expected y of knight 2"),
        (
            "2 5\r\n1 1\r\n\r\n2 x\r\n",
            "line 4: expected y of knight 2",
        ),
    ];
    for (input, needle) in cases {
        let line = common::assert_rejects("knights", input, needle);
        assert!(line.starts_with("knights: line "), "{line}");
    }
}

/// Bytes that are not UTF-8 and a number of a million digits: one short stderr line, exit 1.
#[test]
fn solution_rejects_hostile_bytes() {
    let mut long = b"1 5\n".to_vec();
    long.extend(std::iter::repeat_n(b'7', 1_000_000));
    long.extend(b" 1\n");
    for (input, needle) in [
        (
            b"1 5\n\xff\xfe 1\n".to_vec(),
            "line 2: expected x of knight 1 (an integer)",
        ),
        (
            long,
            // Refused as it streams in (solutions/src/shared/cli.rs, MAX_TOKEN), not held.
            "line 2: a token longer than 65536 bytes",
        ),
    ] {
        let r = common::run("knights", input);
        assert_eq!(r.code, Some(1));
        assert!(r.stdout.is_empty());
        assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
        assert!(r.stderr.contains(needle), "{}", r.stderr);
    }
}

#[test]
fn solution_accepts_any_whitespace() {
    for input in [
        "3\t5\r\n4 4\r\n\r\n  3   4\r\n1\t1",
        "\n\n3 5\r4 4\r\r3 4\r1 1\r",
        "3\n5 4\n4 3 4 1\n1\n",
        "3\x0b5\x0c4 4 3 4 1 1",
    ] {
        let run = common::run("knights", input);
        assert_eq!(run.code, Some(0), "{input:?}: {}", run.stderr);
        assert_eq!(run.stdout, "YES\n2 5\n1 5\n1 1\n", "{input:?}");
    }
}

/// The project's limit K = 10^6 (CEOI-style solutions size for 2·10^5): every knight on the
/// far corner of the largest board, where each moves; the answer moves each of them, and the
/// judge side takes the same limit: check-knights accepts that answer (testlib's call).
#[test]
fn a_million_knights_are_accepted() {
    let k = 1_000_000;
    let n = 1_000_000_000u64;
    let mut input = format!("{k} {n}\n");
    for _ in 0..k {
        input += &format!("{n} {n}\n");
    }
    let run = common::run("knights", input.clone());
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let mut lines = run.stdout.lines();
    let verdict = lines.next().unwrap();
    assert!(verdict == "YES" || verdict == "NO", "{verdict}");
    if verdict == "YES" {
        assert_eq!(lines.count(), k);
    }

    let dir = common::TempDir::new("knights-million");
    let (inp, out) = (dir.join("in"), dir.join("out"));
    fs::write(&inp, &input).unwrap();
    fs::write(&out, &run.stdout).unwrap();
    let check = std::process::Command::new(common::bin("check-knights"))
        .args([&inp, &out, &out])
        .output()
        .unwrap();
    assert_eq!(
        check.status.code(),
        Some(0),
        "check-knights on K = 10^6: {}",
        String::from_utf8_lossy(&check.stderr)
    );
}

#[test]
fn help_prints_usage() {
    for bin in ["knights", "check-knights"] {
        common::command(bin)
            .arg("--help")
            .assert()
            .code(0)
            .stdout(predicates::str::starts_with("usage:"));
    }
}
