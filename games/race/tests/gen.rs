//! race's generator: every kind valid by a validator written here from the statement (sharing
//! no code with the generator: B reachable from A by its own search), each kind makes what it
//! promises, `session` the referee's first round (the sweep over every game:
//! tests/judge/gen.rs).

use crate::common;
use combgames_registry::Game;
use common::gen::{canonical_lines, number, text as gen_text};
use std::collections::{HashSet, VecDeque};

/// Squares reachable from `start` by steps onto non-`#` squares.
fn reachable(board: &[&[u8]], start: (usize, usize)) -> HashSet<(usize, usize)> {
    let n = board.len();
    let mut seen = HashSet::from([start]);
    let mut queue = VecDeque::from([start]);
    while let Some((r, c)) = queue.pop_front() {
        let steps = [
            (r.wrapping_sub(1), c),
            (r + 1, c),
            (r, c.wrapping_sub(1)),
            (r, c + 1),
        ];
        for (nr, nc) in steps {
            if nr < n && nc < n && board[nr][nc] != b'#' && seen.insert((nr, nc)) {
                queue.push_back((nr, nc));
            }
        }
    }
    seen
}

fn validate_race(text: &str, size: u64, count: u64) -> Vec<Vec<String>> {
    let lines = canonical_lines(text);
    let g = number(lines[0], "race G");
    assert_eq!(g, count, "race: G");
    assert!((1..=10).contains(&g), "race: G = {g}");
    let mut at = 1;
    let mut boards = Vec::new();
    for _ in 0..g {
        let n = number(lines.get(at).expect("race: missing n"), "race n") as usize;
        assert!(
            (2..=size as usize).contains(&n),
            "race: n = {n} outside 2 to {size}"
        );
        let rows: Vec<&[u8]> = lines
            .get(at + 1..at + 1 + n)
            .expect("race: missing rows")
            .iter()
            .map(|r| r.as_bytes())
            .collect();
        at += 1 + n;
        assert!(
            rows.iter()
                .all(|r| r.len() == n && r.iter().all(|b| b".#AB".contains(b))),
            "race: bad row"
        );
        let find = |who: u8| -> Vec<(usize, usize)> {
            (0..n)
                .flat_map(|r| (0..n).map(move |c| (r, c)))
                .filter(|&(r, c)| rows[r][c] == who)
                .collect()
        };
        let (a, b) = (find(b'A'), find(b'B'));
        assert!(a.len() == 1 && b.len() == 1, "race: want one A and one B");
        assert!(
            reachable(&rows, a[0]).contains(&b[0]),
            "race: B is cut off from A"
        );
        boards.push(
            rows.iter()
                .map(|r| String::from_utf8(r.to_vec()).unwrap())
                .collect(),
        );
    }
    assert_eq!(at, lines.len(), "race: lines after the last game");
    boards
}

#[test]
fn every_kind_is_valid_over_many_seeds() {
    common::gen::sweep("race", |text, size, count| {
        validate_race(text, size, count.unwrap());
    });
}

#[test]
fn race_kinds_make_what_they_promise() {
    for seed in 0..10 {
        for board in validate_race(&gen_text("race", "open", seed, &["--size", "30"]), 30, 3) {
            assert!(
                board.iter().all(|r| !r.contains('#')),
                "open board with a wall"
            );
        }
        for board in validate_race(&gen_text("race", "pipes", seed, &["--size", "40"]), 40, 3) {
            let walls: usize = board.iter().map(|r| r.matches('#').count()).sum();
            assert!(
                walls * 5 > board.len() * board.len(),
                "pipes board is mostly open ({walls} walls)"
            );
        }
    }
    // Dense random boards get retried until connected, and some do have walls.
    let walls: usize = (0..10)
        .flat_map(|s| {
            validate_race(
                &gen_text("race", "random", s, &["--size", "20", "--count", "10"]),
                20,
                10,
            )
        })
        .map(|b| b.iter().map(|r| r.matches('#').count()).sum::<usize>())
        .sum();
    assert!(walls > 0);
    // The largest board is generated in reasonable time and is valid.
    validate_race(
        &gen_text("race", "pipes", 1, &["--size", "2000", "--count", "1"]),
        2000,
        1,
    );
}

/// gen's `session` cases and the referee's rounds come from one maker: with the same seed,
/// gen's first board is the referee's first round at the same top side, and at sides above
/// the referee's largest `session` stays within it.
#[test]
fn race_session_is_the_referees_first_round() {
    use combgames_core::rng::Rng;
    use combgames_core::round::RoundSpec;
    use combgames_race::gen::EVALUATED_MAX_SIDE;
    for (seed, size) in (0..24).zip([2, 9, 40, 300].iter().cycle()) {
        let text = gen_text(
            "race",
            "session",
            seed,
            &["--size", &size.to_string(), "--count", "1"],
        );
        let spec = RoundSpec {
            size: Some((2, *size)),
            ..RoundSpec::default()
        };
        let round = Game::Race.generate(&spec, 1, &mut Rng::new(seed)).unwrap();
        assert_eq!(
            text.split_once('\n').unwrap().1,
            format!("{}\n", round.position_line()),
            "seed {seed} size {size}"
        );
    }
    for seed in 0..3 {
        let text = gen_text("race", "session", seed, &["--size", "2000", "--count", "4"]);
        validate_race(&text, EVALUATED_MAX_SIDE, 4);
    }
}
