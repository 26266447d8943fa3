//! The validator's promise beyond the format: a board is valid exactly when B's start is
//! reachable from A's, checked exhaustively on small boards in process.

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
