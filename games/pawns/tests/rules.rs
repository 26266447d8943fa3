//! The rules through the crate's public API: the statement's examples and illegal moves
//! (the crate has no test harness of its own).

use combgames_pawns::*;

#[test]
fn statement_examples() {
    for (n, white) in [
        (1, true),
        (4, false),
        (14, false),
        (52, true),
        (1_000_000_000, false),
    ] {
        assert_eq!(white_wins(n), Some(white), "N={n}");
    }
    assert_eq!(octal().period(), Some((52, 34)));
}

#[test]
fn rules_reject_illegal_moves() {
    let b = Board::start(3);
    assert!(b.play(Move::parse("1 2 2 2").unwrap()).is_ok());
    assert!(
        b.play(Move::parse("1 2 2 3").unwrap()).is_err(),
        "diagonal without capture"
    );
    assert!(
        b.play(Move::parse("3 2 2 2").unwrap()).is_err(),
        "black pawn moved by white"
    );
    assert!(
        b.play(Move::parse("1 4 2 4").unwrap()).is_err(),
        "off the board"
    );
    let b = b.play(Move::parse("1 2 2 2").unwrap()).unwrap();
    assert!(
        b.play(Move::parse("3 1 2 1").unwrap()).is_err(),
        "push while a capture is open"
    );
    assert!(b.play(Move::parse("3 1 2 2").unwrap()).is_ok());
    assert!(Move::parse("1 2 2").is_err());
    assert!(Move::parse("1 2 2 x").is_err());
}
