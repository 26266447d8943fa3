//! (b') The solution's O(1) rule: its correction table regenerated from the DP, the rule
//! against the DP up to N = 300 and against the evaluator near 10^9.

use super::source::rule::{best_move, coordinate_class, suspense, CLASSES, CORRECTION};
use combgames_core::rng::Rng;
use combgames_knights::{Evaluator, SuspenseBoard};

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
