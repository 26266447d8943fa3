//! Knights' (cell, error) coverage (games/knights/README.md, coverage classes): the rival rounds and the corner rival
//! rounds put each cell's knight one below a lone largest knight, so that an entry two too
//! large turns the side; the far corner's cells left out are those no square exceeds by one.

use combgames_core::rng::Rng;
use combgames_knights::coverage::{corner_rival_knights, of, rival_knights, CORNER_RIVALS};
use combgames_knights::Evaluator;

/// Every side 36..=400 and 400 sides drawn up to 10^9 (as coverage_levels.rs).
fn sides() -> Vec<u64> {
    let mut rng = Rng::new(1);
    let mut sides: Vec<u64> = (36..=400).collect();
    sides.extend((0..400).map(|_| rng.log_range(401, 1_000_000_000)));
    sides
}

/// The far corner's squares, (N − 1, N − 1), (N − 1, N), (N, N − 1), (N, N).
fn corner(n: u64) -> [(u64, u64); 4] {
    [(n - 1, n - 1), (n - 1, n), (n, n - 1), (n, n)]
}

/// On every side tried, the corner rival round of each listed square holds that square at v
/// and one knight at v + 1; on sides up to 200 (every square looked at), the far corner's
/// squares with some square one above are exactly the listed ones, and the others hold the
/// board's largest suspense.
#[test]
fn corner_rivals_are_the_corner_squares_some_square_exceeds_by_one() {
    let mut rng = Rng::new(2);
    for n in sides() {
        let eval = Evaluator::new(n);
        for j in 0..4u64 {
            let listed = CORNER_RIVALS.contains(&(n % 4, j));
            let q = corner(n)[j as usize];
            let v = eval.suspense(q.0, q.1);
            if listed {
                let knights = corner_rival_knights(&eval, j, &mut rng)
                    .unwrap_or_else(|| panic!("N = {n}, corner {j}: no rival"));
                assert_eq!(knights[0], q);
                assert_eq!(eval.suspense(knights[1].0, knights[1].1), v + 1, "N = {n}");
            }
            if n <= 200 {
                let above = (1..=n)
                    .flat_map(|x| (1..=n).map(move |y| (x, y)))
                    .map(|(x, y)| eval.suspense(x, y))
                    .filter(|&s| s > v)
                    .collect::<Vec<_>>();
                assert_eq!(above.contains(&(v + 1)), listed, "N = {n}, corner {j}");
                assert_eq!(above.is_empty(), !listed, "N = {n}, corner {j}");
            }
        }
    }
}

/// On every side ≥ 64 tried, each rival round holds its level (one suspense m for every
/// knight but the last) and one rival knight at m + 1, the only largest.
#[test]
fn rival_rounds_put_one_knight_above_the_level() {
    let mut rng = Rng::new(3);
    for n in sides().into_iter().filter(|&n| n >= 64) {
        let eval = Evaluator::new(n);
        for p in 0..2 {
            let knights = rival_knights(&eval, p, &mut rng)
                .unwrap_or_else(|| panic!("N = {n}, parity {p}: no rival round"));
            let (rival, level) = knights.split_last().unwrap();
            let m = eval.suspense(level[0].0, level[0].1);
            assert_eq!(m % 2, p);
            assert!(
                level.iter().all(|&(x, y)| eval.suspense(x, y) == m),
                "N = {n}"
            );
            assert_eq!(eval.suspense(rival.0, rival.1), m + 1, "N = {n}");
        }
    }
}

/// The cell of (x, y) as `cell:` names it, computed here apart from the game's code.
fn cell(n: u64, (x, y): (u64, u64)) -> String {
    let c = |c: u64| match n - c {
        0 => "=N".to_owned(),
        1 => "=N-1".to_owned(),
        _ => format!("%4={}", c % 4),
    };
    format!("n%4={},x{},y{}", n % 4, c(x), c(y))
}

/// The edge class of (x, y) as `edge:` names it (None in the middle of both lines), computed
/// here apart from the game's code.
fn edge(n: u64, (x, y): (u64, u64)) -> Option<String> {
    let b = |c: u64| match (c, n - c) {
        (1..=3, _) => c.to_string(),
        (_, 0) => "N".to_owned(),
        (_, d @ (1 | 2)) => format!("N-{d}"),
        _ => "mid".to_owned(),
    };
    let (bx, by) = (b(x), b(y));
    (bx != "mid" || by != "mid").then(|| format!("n%4={},x={bx},y={by}", n % 4))
}

/// `of` names `cell+E:C` exactly where adding E to the suspense of every knight in cell C
/// changes the parity of the largest suspense (the side read off it), and `edge+1:C` where
/// adding 1 in edge class C does, by the plain definition:
/// random positions of 1 to 6 knights near the far corner, near the first lines and anywhere,
/// on 200 sides.
#[test]
fn error_pairs_are_the_cells_whose_error_turns_the_side() {
    let mut rng = Rng::new(4);
    for _ in 0..200 {
        let n = rng.log_range(36, 1_000_000_000);
        let eval = Evaluator::new(n);
        for _ in 0..50 {
            let k = 1 + rng.index(6);
            let coord = |rng: &mut Rng| match rng.index(3) {
                0 => n - rng.range(0, 6),
                1 => rng.range(1, 6),
                _ => rng.range(1, n),
            };
            let knights: Vec<(u64, u64)> =
                (0..k).map(|_| (coord(&mut rng), coord(&mut rng))).collect();
            let largest = eval.largest(&knights);
            let mut expected = Vec::new();
            for e in [1, 2] {
                let mut cells: Vec<String> = knights.iter().map(|&q| cell(n, q)).collect();
                cells.sort();
                cells.dedup();
                for c in cells {
                    let wrong = knights
                        .iter()
                        .map(|&q| eval.suspense(q.0, q.1) + if cell(n, q) == c { e } else { 0 })
                        .max()
                        .unwrap();
                    if wrong % 2 != largest % 2 {
                        expected.push(format!("cell+{e}:{c}"));
                    }
                }
            }
            let mut edges: Vec<String> = knights.iter().filter_map(|&q| edge(n, q)).collect();
            edges.sort();
            edges.dedup();
            for c in edges {
                let wrong = knights
                    .iter()
                    .map(|&q| eval.suspense(q.0, q.1) + u64::from(edge(n, q) == Some(c.clone())))
                    .max()
                    .unwrap();
                if wrong % 2 != largest % 2 {
                    expected.push(format!("edge+1:{c}"));
                }
            }
            expected.sort();
            let mut named: Vec<String> = of(&eval, &knights)
                .into_iter()
                .filter(|c| c.starts_with("cell+") || c.starts_with("edge+"))
                .collect();
            named.sort();
            assert_eq!(named, expected, "N = {n}, {knights:?}");
        }
    }
}
