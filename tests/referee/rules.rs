//! The rules, parsers and generators of pawns and tictactoe/coloring, item by item through
//! their public API (the crates have no test harness of their own; what needs private items
//! stays in the crates: core, session, sandbox, referee, race, impartial). Subtraction's are in
//! games/subtraction/tests/rules.rs.

mod pawns {
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
}

mod strip {
    use combgames_strip::*;

    #[test]
    fn small_runs_match_hand_analysis() {
        let t = RunGrundyTable::by_mex(3);
        let one = End::Colour(Colour::One);
        let two = End::Colour(Colour::Two);
        // One cell between X and X: only O fits, leaving nothing: mex{0} = 1.
        assert_eq!(t.get(1, one, one), Some(1));
        // One cell between X and O: nothing fits.
        assert_eq!(t.get(1, one, two), Some(0));
        // Two cells from the edge to X: X or O at the far cell leaves one cell between equal
        // (1) or different (0) colours; O next to X leaves one cell at the edge (1): mex = 2.
        assert_eq!(t.get(2, End::Edge, one), Some(2));
        assert_eq!(t.get(4, End::Edge, one), None);
    }

    #[test]
    fn legal_moves_respect_neighbours() {
        let cells = parse_marks("X..O").unwrap();
        assert!(!is_legal_move(&cells, 1, Colour::One));
        assert!(is_legal_move(&cells, 1, Colour::Two));
        assert!(!is_legal_move(&cells, 2, Colour::Two));
        assert!(!is_legal_move(&cells, 0, Colour::Two));
        assert!(!is_legal_move(&cells, 4, Colour::Two));
        assert!(parse_marks("XX.").is_err());
        assert!(parse_digits("0120").is_ok());
        assert_eq!(to_digits(&parse_marks(".XO").unwrap()), "012");
        assert_eq!(position_grundy(&parse_digits("00100").unwrap()), 0);
        assert_eq!(position_grundy(&parse_digits("1020").unwrap()), 1);
    }
}
