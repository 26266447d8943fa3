//! Knights' level rounds and edge level rounds (README.md, coverage classes): each puts the
//! knights of one suspense at the largest, so that over a session every cell of the suspense
//! rule's table, and every edge class, decides the side. Seeds 1..5 of the sessions that reach
//! them are tests/referee/coverage.rs's, for every game.

/// Knights' level rounds (README.md, coverage classes): on every side 64..=400 and on 400 sides drawn up
/// to 10^9, for each parity p, one knight in every cell of the suspense rule's table whose
/// squares have suspense of parity p (the far corner's four squares left out), all at one
/// suspense: so the side read off the largest reads every such cell.
#[test]
fn knights_level_rounds_put_every_cell_of_a_parity_at_the_largest() {
    use combgames_core::rng::Rng;
    use combgames_knights::{coverage::level_knights, Evaluator};
    // The cell of (x, y): each coordinate's residue mod 4, or 4 and 5 for the far lines.
    let class = |n: u64, c: u64| if n - c < 2 { 5 - (n - c) } else { c % 4 };
    let mut rng = Rng::new(1);
    let mut sides: Vec<u64> = (64..=400).collect();
    sides.extend((0..400).map(|_| rng.log_range(401, 1_000_000_000)));
    for n in sides {
        let eval = Evaluator::new(n);
        // A square of each cell (the first line of each class), for the cell's parity.
        let line = |c: u64| match c {
            4 => n - 1,
            5 => n,
            0 => 4,
            r => r,
        };
        for p in 0..2 {
            let knights = level_knights(&eval, p, &mut rng)
                .unwrap_or_else(|| panic!("N = {n}, parity {p}: no level found"));
            let m = eval.suspense(knights[0].0, knights[0].1);
            assert_eq!(m % 2, p, "N = {n}");
            let mut cells: Vec<(u64, u64)> = knights
                .iter()
                .map(|&(x, y)| {
                    assert_eq!(eval.suspense(x, y), m, "N = {n}, ({x}, {y})");
                    (class(n, x), class(n, y))
                })
                .collect();
            cells.sort_unstable();
            let expected: Vec<(u64, u64)> = (0..6)
                .flat_map(|x| (0..6).map(move |y| (x, y)))
                .filter(|&(x, y)| (x < 4 || y < 4) && eval.suspense(line(x), line(y)) % 2 == p)
                .collect();
            assert_eq!(cells, expected, "N = {n}, parity {p}");
        }
    }
}

/// Knights' edge level rounds (README.md, coverage classes): on every side 36..=400 and on 400 sides
/// drawn up to 10^9, the squares on edge lines (1..3, N − 2..N) take EDGE_LEVELS[N mod 4]
/// distinct suspense numbers; round j of the residue puts knights only at the j-th, m, and
/// at m − 1, every such square with suspense m among them (and those at m − 1 when m − 1 is
/// a level), and over the rounds every one of the residue's 48 edge classes has a knight at m
/// (so each class is at the largest of some round).
#[test]
fn knights_edge_level_rounds_put_every_edge_class_at_the_largest() {
    use combgames_core::rng::Rng;
    use combgames_knights::coverage::{edge_level_knights, EDGE_LEVELS};
    use combgames_knights::Evaluator;
    use std::collections::BTreeSet;
    // The band of a coordinate: 1, 2, 3, the middle (0), N − 2, N − 1, N (as n − 2 .. n).
    let band = |n: u64, c: u64| if c <= 3 || n - c < 3 { c } else { 0 };
    let mut rng = Rng::new(1);
    let mut sides: Vec<u64> = (36..=400).collect();
    sides.extend((0..400).map(|_| rng.log_range(401, 1_000_000_000)));
    for n in sides {
        let eval = Evaluator::new(n);
        let edge = [1, 2, 3, n - 2, n - 1, n];
        let mut values: Vec<u64> = edge
            .iter()
            .flat_map(|&x| edge.iter().map(move |&y| eval.suspense(x, y)))
            .collect();
        values.sort_unstable();
        values.dedup();
        let levels = EDGE_LEVELS[(n % 4) as usize];
        assert_eq!(values.len(), levels, "N = {n}");
        let mut classes = BTreeSet::new();
        for (j, &m) in values.iter().enumerate() {
            let knights = edge_level_knights(&eval, j, &mut rng)
                .unwrap_or_else(|| panic!("N = {n}, level {j}: no round"));
            for &(x, y) in &knights {
                let s = eval.suspense(x, y);
                assert!(s == m || s + 1 == m, "N = {n}, level {j}, ({x}, {y})");
                if s == m {
                    classes.insert((band(n, x), band(n, y)));
                }
            }
            for &x in &edge {
                for &y in &edge {
                    let s = eval.suspense(x, y);
                    if s == m || (s + 1 == m && values.contains(&s)) {
                        assert!(knights.contains(&(x, y)), "N = {n}, ({x}, {y}) left out");
                    }
                }
            }
        }
        assert!(edge_level_knights(&eval, levels, &mut rng).is_none());
        assert!(!classes.contains(&(0, 0)), "N = {n}");
        assert_eq!(classes.len(), 48, "N = {n}: {classes:?}");
    }
}
