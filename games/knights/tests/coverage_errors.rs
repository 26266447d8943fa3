//! Knights' (class, error) coverage (games/knights/README.md, coverage classes): the rival
//! rounds and the corner rival rounds put each cell's knight one below a lone largest knight,
//! so that an entry two too large turns the side; the far corner's cells left out are those no
//! square exceeds by one. The edge rival rounds and the edge level rounds do the same for
//! every edge class but the board's largest squares. And why no class is listed too small: at
//! a move an error of one class changes which option a knight takes only in a few classes.

use combgames_core::rng::Rng;
use combgames_knights::coverage::{
    corner_rival_knights, edge_level_knights, edge_levels, edge_rival_knights, lone_knights,
    lone_plan, of, rival_knights, CORNER_RIVALS, EDGE_AT_LARGEST, EDGE_LEVELS, EDGE_RIVALS,
    LONE_ROUNDS,
};
use combgames_knights::{moves, Evaluator};

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
/// changes the parity of the largest suspense (the side read off it), and `edge+E:C` where
/// adding E in edge class C does (E = 1, 2, and −1, −2 as `cell-1:C`…, not below 0), by the
/// plain definition, at the side choice:
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
            for e in [1i64, 2, -1, -2] {
                let mut cells: Vec<String> = knights.iter().map(|&q| cell(n, q)).collect();
                cells.sort();
                cells.dedup();
                for c in cells {
                    let wrong = knights
                        .iter()
                        .map(|&q| {
                            let s = eval.suspense(q.0, q.1);
                            if cell(n, q) == c {
                                s.saturating_add_signed(e)
                            } else {
                                s
                            }
                        })
                        .max()
                        .unwrap();
                    if wrong % 2 != largest % 2 {
                        expected.push(format!("cell{e:+}:{c}"));
                    }
                }
            }
            let mut edges: Vec<String> = knights.iter().filter_map(|&q| edge(n, q)).collect();
            edges.sort();
            edges.dedup();
            for e in [1i64, 2, -1, -2] {
                for c in &edges {
                    let wrong = knights
                        .iter()
                        .map(|&q| {
                            let s = eval.suspense(q.0, q.1);
                            if edge(n, q).as_ref() == Some(c) {
                                s.saturating_add_signed(e)
                            } else {
                                s
                            }
                        })
                        .max()
                        .unwrap();
                    if wrong % 2 != largest % 2 {
                        expected.push(format!("edge{e:+}:{c}"));
                    }
                }
            }
            expected.sort();
            let pairs = |side: bool| {
                let mut named: Vec<String> = of(&eval, &knights, side)
                    .into_iter()
                    .filter(|c| {
                        ["cell+", "cell-", "edge+", "edge-"]
                            .iter()
                            .any(|g| c.starts_with(g))
                    })
                    .collect();
                named.sort();
                named
            };
            assert_eq!(pairs(true), expected, "N = {n}, {knights:?}");
            // After a move (not the side choice) no pair is named.
            assert!(pairs(false).is_empty(), "N = {n}, {knights:?}");
        }
    }
}

/// The bands of (x, y) as indices of 1, 2, 3, mid, N − 2, N − 1, N (EDGE_AT_LARGEST's),
/// computed here apart from the game's code.
fn bands(n: u64, (x, y): (u64, u64)) -> (usize, usize) {
    let b = |c: u64| match (c, n - c) {
        (1..=3, _) => c as usize - 1,
        (_, d @ 0..=2) => 6 - d as usize,
        _ => 3,
    };
    (b(x), b(y))
}

/// On every side tried: the residue has EDGE_RIVALS[N mod 4] edge rival rounds; each holds
/// knights at one level v of the squares on two edge lines (every such square at v among
/// them) and one rival at v + 1, the only largest, a value no square on two edge lines has;
/// the squares on two edge lines at the largest level are EDGE_AT_LARGEST's, and on sides up
/// to 200 no square of the board is above them.
#[test]
fn edge_rival_rounds_put_one_knight_above_a_level() {
    let mut rng = Rng::new(5);
    for n in sides() {
        let eval = Evaluator::new(n);
        let r = (n % 4) as usize;
        let levels = edge_levels(&eval);
        assert_eq!(levels.len(), EDGE_LEVELS[r], "N = {n}");
        let lines = [1, 2, 3, n - 2, n - 1, n];
        let edge_squares: Vec<(u64, u64)> = lines
            .iter()
            .flat_map(|&x| lines.iter().map(move |&y| (x, y)))
            .collect();
        let largest = *levels.last().unwrap();
        let mut at_largest: Vec<(usize, usize)> = edge_squares
            .iter()
            .filter(|&&(x, y)| eval.suspense(x, y) == largest)
            .map(|&q| bands(n, q))
            .collect();
        at_largest.sort_unstable();
        assert_eq!(at_largest, EDGE_AT_LARGEST[r], "N = {n}");
        if n <= 200 {
            let top = (1..=n)
                .flat_map(|x| (1..=n).map(move |y| eval.suspense(x, y)))
                .max();
            assert_eq!(top, Some(largest), "N = {n}");
        }
        for g in 0..EDGE_RIVALS[r] {
            let knights = edge_rival_knights(&eval, g, &mut rng)
                .unwrap_or_else(|| panic!("N = {n}, edge rival round {g}: none"));
            let (rival, level) = knights.split_last().unwrap();
            let v = eval.suspense(level[0].0, level[0].1);
            assert!(levels.contains(&v) && !levels.contains(&(v + 1)), "N = {n}");
            assert!(
                level.iter().all(|&(x, y)| eval.suspense(x, y) == v),
                "N = {n}"
            );
            assert_eq!(eval.suspense(rival.0, rival.1), v + 1, "N = {n}");
            for &(x, y) in &edge_squares {
                if eval.suspense(x, y) == v {
                    assert!(level.contains(&(x, y)), "N = {n}, ({x}, {y}) left out");
                }
            }
        }
        assert!(edge_rival_knights(&eval, EDGE_RIVALS[r], &mut rng).is_none());
    }
}

/// On every side tried, the residue's edge level rounds and edge rival rounds show, at their
/// start, `edge+2:` for every edge class but the squares at the board's largest suspense
/// (EDGE_AT_LARGEST): 47, 47, 44 and 43 classes for N ≡ 0, 1, 2, 3 (by `of`, whose pairs the
/// test above checks against the plain definition).
#[test]
fn every_edge_class_but_the_largest_squares_is_shown_two_too_large() {
    let mut rng = Rng::new(6);
    for n in sides() {
        let eval = Evaluator::new(n);
        let r = (n % 4) as usize;
        let mut rounds: Vec<Vec<(u64, u64)>> = (0..EDGE_LEVELS[r])
            .map(|j| edge_level_knights(&eval, j, &mut rng).expect("an edge level round"))
            .collect();
        rounds.extend(
            (0..EDGE_RIVALS[r])
                .map(|g| edge_rival_knights(&eval, g, &mut rng).expect("an edge rival round")),
        );
        let mut shown: Vec<String> = rounds
            .iter()
            .flat_map(|knights| of(&eval, knights, true))
            .filter(|c| c.starts_with("edge+2:"))
            .collect();
        shown.sort();
        shown.dedup();
        assert_eq!(shown.len(), [47, 47, 44, 43][r], "N = {n}: {shown:?}");
        for (x, y) in EDGE_AT_LARGEST[r] {
            let names = ["1", "2", "3", "mid", "N-2", "N-1", "N"];
            let name = format!("edge+2:n%4={r},x={},y={}", names[*x], names[*y]);
            assert!(!shown.contains(&name), "N = {n}: {name}");
        }
    }
}

/// The option a knight on a square with options `opts` (believed suspense, true suspense)
/// takes by the rule (the largest even believed suspense, else the smallest): the true
/// suspense numbers of the options tied for it.
fn taken(opts: &[(u64, u64)]) -> Vec<u64> {
    let even = opts.iter().filter(|o| o.0 % 2 == 0).map(|o| o.0).max();
    let pick = even.unwrap_or_else(|| opts.iter().map(|o| o.0).min().unwrap());
    opts.iter().filter(|o| o.0 == pick).map(|o| o.1).collect()
}

/// Why the session lists no class too small and no class two off at a move: on every square
/// of the sides 36..=59, with one class's suspense numbers two too large or two too small
/// (a cell's, or an edge class's), no knight takes an option other than the rule's but
/// between equal believed values; one too small, only knights with an option in 24 cells
/// (of 144) or in 51 edge classes (of 192) can.
#[test]
fn one_class_off_changes_a_knights_option_in_few_classes() {
    let cell = |n: u64, c: u64| match n - c {
        d @ (0 | 1) => 5 - d as usize,
        _ => (c % 4) as usize,
    };
    for (edges, errors) in [(false, [2i64, -2, -1]), (true, [2, -2, -1])] {
        for e in errors {
            let mut forced = std::collections::BTreeSet::new();
            for n in 36..=59u64 {
                let eval = Evaluator::new(n);
                let class = |q: (u64, u64)| {
                    if edges {
                        let (a, b) = bands(n, q);
                        a * 7 + b
                    } else {
                        cell(n, q.0) * 6 + cell(n, q.1)
                    }
                };
                for x in 1..=n {
                    for y in 1..=n {
                        let opts: Vec<((u64, u64), u64)> = moves(n, x, y)
                            .map(|(a, b)| ((a, b), eval.suspense(a, b)))
                            .collect();
                        let Some(best) = eval.best_move(x, y) else {
                            continue;
                        };
                        let right = eval.suspense(best.0, best.1);
                        for (c, _) in &opts {
                            let c = class(*c);
                            if edges && c == 3 * 7 + 3 {
                                continue;
                            }
                            let believed: Vec<(u64, u64)> = opts
                                .iter()
                                .map(|&(q, s)| {
                                    let off = if class(q) == c { e } else { 0 };
                                    ((s as i64 + off).max(0) as u64, s)
                                })
                                .collect();
                            if !taken(&believed).contains(&right) {
                                forced.insert((n % 4, c));
                            }
                        }
                    }
                }
            }
            let expected = match (edges, e) {
                (false, -1) => 24,
                (true, -1) => 51,
                _ => 0,
            };
            assert_eq!(
                forced.len(),
                expected,
                "edges {edges}, error {e}: {forced:?}"
            );
        }
    }
}

/// On every side tried: the residue has LONE_ROUNDS[N mod 4] lone rounds; each holds two
/// knights, one at some suspense s ≥ 1 and one at s − 1, in another cell and another edge
/// class, and `of` names the first one's cell and edge class one and two too small; over the
/// residue's rounds every cell (36) and every edge class with a move (48 but the four stuck
/// squares') is the first one's (its classes computed here apart from the game's code).
#[test]
fn lone_rounds_show_every_class_too_small() {
    let mut rng = Rng::new(7);
    for n in sides() {
        let eval = Evaluator::new(n);
        let r = n % 4;
        assert_eq!(lone_plan(r).len(), LONE_ROUNDS[r as usize], "N = {n}");
        let (mut cells, mut edges) = (Vec::new(), Vec::new());
        for j in 0..LONE_ROUNDS[r as usize] {
            let knights =
                lone_knights(&eval, j, &mut rng).unwrap_or_else(|| panic!("N = {n}, round {j}"));
            assert_eq!(knights.len(), 2, "N = {n}, round {j}");
            let s: Vec<u64> = knights.iter().map(|&(x, y)| eval.suspense(x, y)).collect();
            let (lone, rival) = if s[0] > s[1] { (0, 1) } else { (1, 0) };
            assert!(
                s[lone] >= 1 && s[rival] + 1 == s[lone],
                "N = {n}, {knights:?}"
            );
            let (q, p) = (knights[lone], knights[rival]);
            assert_ne!(cell(n, q), cell(n, p), "N = {n}, {knights:?}");
            assert!(edge(n, p).is_none() || edge(n, p) != edge(n, q), "N = {n}");
            let named = of(&eval, &knights, true);
            let mut want = vec![cell(n, q)];
            for e in [1, 2] {
                assert!(
                    named.contains(&format!("cell-{e}:{}", cell(n, q))),
                    "N = {n}"
                );
                if let Some(c) = edge(n, q) {
                    assert!(named.contains(&format!("edge-{e}:{c}")), "N = {n}, {q:?}");
                }
            }
            want.retain(|c| !cells.contains(c));
            cells.extend(want);
            edges.extend(edge(n, q).filter(|c| !edges.contains(c)));
        }
        assert_eq!(cells.len(), 36, "N = {n}");
        assert_eq!(edges.len(), 44, "N = {n}");
        for stuck in [(1, 1), (1, 2), (2, 1), (2, 2)] {
            assert!(!edges.contains(&edge(n, stuck).unwrap()), "N = {n}");
        }
    }
}

/// Whether adding `e` (not below 0) to the suspense of every knight whose class `class_of`
/// names `c` changes the parity of the largest: the plain definition of an error shown.
fn shown(
    eval: &Evaluator,
    knights: &[(u64, u64)],
    class_of: impl Fn((u64, u64)) -> Option<String>,
    c: &str,
    e: i64,
) -> bool {
    let wrong = knights
        .iter()
        .map(|&q| {
            let s = eval.suspense(q.0, q.1);
            if class_of(q).as_deref() == Some(c) {
                s.saturating_add_signed(e)
            } else {
                s
            }
        })
        .max()
        .unwrap_or(0);
    wrong % 2 != eval.largest(knights) % 2
}

/// Any other constant error of a class is shown where the pairs the session lists are: where
/// `of` names `+1` every odd error above shows (the class holds the largest), where it names
/// `+2` every even one (the class one below a lone largest), where it names `-2` every error
/// below (the class alone at the largest, the rest one below it): errors 3..=6 and −3..=−6,
/// on the coverage rounds (11..=83 and the lone rounds from LONE_ROUND) of seeds 1..=3.
#[test]
fn other_errors_are_shown_where_the_listed_pairs_are() {
    use combgames_knights::coverage::{round_position, FIRST_ROUND, SESSION_ROUNDS};
    let families: [(&str, &[i64]); 3] =
        [("+1", &[3, 5]), ("+2", &[4, 6]), ("-2", &[-3, -4, -5, -6])];
    let mut checked = 0;
    for seed in 1..=3 {
        // Rounds 84..=100 are the mix's: no coverage position.
        for round in FIRST_ROUND..=SESSION_ROUNDS {
            let mut rng = Rng::for_round(seed, round);
            let Some(p) = round_position(round, (1, 1_000_000_000), &mut rng) else {
                continue;
            };
            let eval = Evaluator::new(p.n);
            for name in of(&eval, &p.knights, true) {
                for (pair, errors) in families {
                    for (group, class_of) in [
                        (
                            "cell",
                            &(|q| Some(cell(p.n, q))) as &dyn Fn((u64, u64)) -> Option<String>,
                        ),
                        ("edge", &|q| edge(p.n, q)),
                    ] {
                        let Some(c) = name.strip_prefix(&format!("{group}{pair}:")) else {
                            continue;
                        };
                        for &e in errors {
                            assert!(
                                shown(&eval, &p.knights, class_of, c, e),
                                "seed {seed} round {round}: {name}, error {e}"
                            );
                            checked += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 10_000, "only {checked} checked");
}
