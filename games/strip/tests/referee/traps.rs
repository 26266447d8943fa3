//! The referee's traps, checked by the same search: the unique-reply trap and the
//! longest-game trap.

use super::{parse_notation, round_of, text};
use crate::search::{proper_strips, Search};
use combgames_core::rng::Rng;
use combgames_core::round::Trap;
use combgames_registry::Game as GameKind;

/// When some referee move leaves the solution exactly one winning reply (by the search), the
/// unique-reply trap plays such a move; on every small lost strip up to 8 cells.
#[test]
fn unique_reply_trap_leaves_one_winning_reply() {
    let mut search = Search::new();
    let mut rng = Rng::new(4);
    let mut trapped = 0;
    for len in 1..=8 {
        for cells in proper_strips(len) {
            if search.wins(&cells) || Search::moves(&cells).is_empty() {
                continue; // the referee moves under a trap only from lost positions
            }
            let unique_exists = Search::moves(&cells)
                .into_iter()
                .any(|m| search.winning_replies(&Search::after(&cells, m)) == 1);
            let mut round = round_of(GameKind::Tictactoe, &cells);
            let m = parse_notation(&round.trap_move(Trap::UniqueReply, &mut rng).unwrap());
            let replies = search.winning_replies(&Search::after(&cells, m));
            if unique_exists {
                assert_eq!(replies, 1, "{}: trap {m:?}", text(&cells));
                trapped += 1;
            }
        }
    }
    assert!(trapped > 100, "{trapped}");
}

/// The longest-game trap makes games last longer than random moves do (whole games from the
/// empty strip of 60 cells, every move by the trap).
#[test]
fn longest_trap_makes_longer_games() {
    let mut rng = Rng::new(5);
    let mut total = |trap: Trap| {
        let mut moves = 0;
        for _ in 0..100 {
            let mut round = GameKind::Tictactoe.from_line(&".".repeat(60)).unwrap();
            while round.mover_has_move() {
                round.trap_move(trap, &mut rng).unwrap();
                moves += 1;
            }
        }
        moves
    };
    let (longest, random) = (total(Trap::Longest), total(Trap::Random));
    assert!(longest > random + random / 20, "{longest} vs {random}");
}
