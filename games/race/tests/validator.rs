//! The validator's promise beyond the format: a board is valid exactly when B's start is
//! reachable from A's, checked exhaustively on small boards in process; its limits at their
//! edges; every kind of the generator valid at several sizes.

use crate::common;
use common::gen::test as gen;
use common::validator::{assert_invalid, assert_valid};

use combgames_core::validate::{validate, Limits, Reject};
use combgames_registry::Game;

/// Valid in-process (judge limits)?
fn accepts(problem: Game, input: &str) -> bool {
    match validate(problem.validator(), Limits::Judge, input.as_bytes()) {
        Ok(()) => true,
        Err(Reject::Invalid(_)) => false,
        Err(Reject::Io(e)) => panic!("reading a byte slice failed: {e}"),
    }
}

/// Every 3×3 board of free and blocked squares with A and B on two distinct squares: valid
/// exactly when the library's own flood fill (`race::Board::connected`) reaches B from A.
#[test]
fn race_accepts_exactly_the_boards_where_b_is_reachable() {
    let mut both = [0usize; 2];
    for a in 0..9 {
        for b in (0..9).filter(|&b| b != a) {
            for walls in 0..1u32 << 9 {
                if walls & (1 << a | 1 << b) != 0 {
                    continue;
                }
                let cells: Vec<u8> = (0..9)
                    .map(|i| match i {
                        _ if i == a => b'A',
                        _ if i == b => b'B',
                        _ if walls & 1 << i != 0 => b'#',
                        _ => b'.',
                    })
                    .collect();
                let rows: Vec<&str> = cells
                    .chunks(3)
                    .map(|r| std::str::from_utf8(r).unwrap())
                    .collect();
                let connected = combgames_race::Board::from_rows(&rows).unwrap().connected();
                let input = format!("1\n3\n{}\n", rows.join("\n"));
                assert_eq!(accepts(Game::Race, &input), connected, "{input:?}");
                both[usize::from(connected)] += 1;
            }
        }
    }
    assert!(both[0] > 1000 && both[1] > 1000, "{both:?}");
}

/// The judge's limits and the project's at their edges: the last valid input and the first
/// invalid one, with its reason. n ≤ 300 on the judge, 2000 in the project; G ≤ 10 on both.
#[test]
fn race_limits_hold_at_their_edges() {
    let board = |n: usize| {
        let mut rows = vec![".".repeat(n); n];
        rows[0].replace_range(0..1, "A");
        rows[n - 1].replace_range(n - 1..n, "B");
        format!("{n}\n{}\n", rows.join("\n"))
    };
    let games = |g: usize, n: usize| format!("{g}\n{}", board(n).repeat(g));
    assert_valid("race", &[], games(10, 300).as_bytes());
    assert_invalid(
        "race",
        &[],
        games(1, 301).as_bytes(),
        "n (the side of game 1) = 301 is outside 2 to 300",
    );
    assert_valid("race", &["--project"], games(1, 2000).as_bytes());
    assert_invalid(
        "race",
        &["--project"],
        games(1, 2001).as_bytes(),
        "n (the side of game 1) = 2001 is outside 2 to 2000",
    );
    assert_invalid(
        "race",
        &["--project"],
        games(11, 2).as_bytes(),
        "G = 11 is outside 1 to 10",
    );
    assert_valid("race", &[], games(1, 2).as_bytes());
}

/// Every kind, `session` included, at sides from the smallest (where the shapes that need room
/// fall back to others) to the judge's largest, ten boards a test, and the judge's largest
/// input of pipes: valid under the judge's limits.
#[test]
fn race_kinds_at_several_sizes_are_valid() {
    for kind in Game::Race.gen().kinds {
        for size in ["2", "3", "8", "9", "20", "41", "300"] {
            for seed in 0..2 {
                let input = gen("race", kind, seed, &["--size", size, "--count", "10"]);
                assert_valid("race", &[], &input);
            }
        }
    }
    let input = gen("race", "pipes", 1, &["--size", "300", "--count", "10"]);
    assert_valid("race", &[], &input);
}
