//! The referee's trap moves do what they claim: when a move leaving the solution exactly one
//! winning reply exists among the candidates, the unique-reply trap plays one (subtraction's in
//! games/subtraction/tests/traps.rs).

use combgames_core::rng::Rng;
use combgames_core::round::Trap;
use combgames_pawns::{self as pawns, Board};
use combgames_registry::Game as GameKind;

#[test]
fn pawns_unique_reply_trap() {
    let mut rng = Rng::new(2);
    let replies = |b: &Board| {
        b.legal_moves()
            .into_iter()
            .filter(|&m| !pawns::mover_wins(&b.play(m).unwrap()).unwrap())
            .count()
    };
    let mut trapped = 0;
    for n in [4usize, 8] {
        let start = Board::start(n);
        assert!(
            !pawns::mover_wins(&start).unwrap(),
            "N={n} should be lost for White"
        );
        let some_unique = start
            .legal_moves()
            .into_iter()
            .any(|m| replies(&start.play(m).unwrap()) == 1);
        let mut r = GameKind::Pawns.from_line(&n.to_string()).unwrap();
        let text = r.trap_move(Trap::UniqueReply, &mut rng).unwrap();
        let after = start.play(pawns::Move::parse(&text).unwrap()).unwrap();
        if some_unique {
            assert_eq!(replies(&after), 1, "N={n}: {text}");
            trapped += 1;
        }
    }
    assert!(trapped >= 1);
}
