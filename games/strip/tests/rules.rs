//! The strip crate's rules and parsers item by item, through its public API (the crate has no
//! test harness of its own).

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
