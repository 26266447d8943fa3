//! (b) The library's evaluator against the DP: the compression's lemma and mapping, and the
//! evaluator on every square up to N = 300 and on the borders of N = 2000..=2003.

use combgames_core::rng::Rng;
use combgames_knights::{
    check_translation_lemma, compress, Evaluator, SuspenseBoard, BASE_SIDE, EDGE_BAND,
};

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
