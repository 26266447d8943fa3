//! Theory: the run Grundy closed form equals the mex table (and is the mex of its options at
//! long runs), the reachable strips are the proper ones, and the library's strip value and
//! winning move agree with the search.

use super::{all_positions, to_library, to_text, Search, MAX_BRUTE_LEN};
use combgames_strip::{self as strip, run_grundy_dp, run_grundy_formula, Colour, End};
use std::collections::HashSet;

#[test]
fn run_formula_equals_mex_table_up_to_5000() {
    let table = run_grundy_dp(5000);
    assert_eq!(table.max_len(), 5000);
    for len in 0..=5000usize {
        for left in End::ALL {
            for right in End::ALL {
                let dp = table.get(len, left, right).unwrap();
                let formula = run_grundy_formula(len as u64, left, right);
                assert_eq!(
                    u64::from(dp),
                    formula,
                    "run of {len} between {left:?} and {right:?}"
                );
            }
        }
    }
}

/// The induction step of the proof in games/strip/src/lib.rs, checked at long runs (the table above is
/// the base up to 5000): with every shorter run valued by the closed form, the mex over all
/// legal moves of a run of length `len` is the closed form, for every pair of ends. The moves
/// and the legality rule are written here from the statement, not taken from the library.
#[test]
fn closed_form_is_the_mex_of_its_options_at_long_runs() {
    fn formula(len: usize, left: End, right: End) -> u64 {
        run_grundy_formula(len as u64, left, right)
    }
    let mut seen: Vec<u32> = Vec::new();
    let mut stamp = 0u32;
    for len in [
        4999, 5000, 5001, 8191, 8192, 8193, 65_535, 65_536, 65_537, 262_143, 999_999, 1_000_000,
    ] {
        for left in End::ALL {
            for right in End::ALL {
                stamp += 1;
                seen.resize(2 * len + 2, 0);
                for at in 0..len {
                    for colour in Colour::BOTH {
                        let mark = End::Colour(colour);
                        if (at == 0 && left == mark) || (at == len - 1 && right == mark) {
                            continue; // the cell touches an end of its own colour
                        }
                        let g = formula(at, left, mark) ^ formula(len - 1 - at, mark, right);
                        seen[g as usize] = stamp;
                    }
                }
                let mex = (0..).find(|&g| seen[g] != stamp).unwrap() as u64;
                assert_eq!(
                    mex,
                    formula(len, left, right),
                    "run of {len} between {left:?} and {right:?}"
                );
            }
        }
    }
}

/// UVa's "reached from the empty strip by legal play" is exactly "no XX and no OO": the
/// solutions validate with the second.
#[test]
fn reachable_strips_are_exactly_the_proper_ones() {
    for len in 1..=MAX_BRUTE_LEN {
        let search = Search::new(len);
        let proper: HashSet<usize> = (0..search.pow3[len])
            .filter(|&c| search.proper(c))
            .collect();
        assert_eq!(search.reachable(), proper, "length {len}");
    }
}

#[test]
fn library_strip_value_equals_searched_grundy_value() {
    for len in 1..=MAX_BRUTE_LEN {
        for (cells, _, grundy) in all_positions(len) {
            let strip = to_library(&cells);
            assert_eq!(
                strip::position_grundy(&strip),
                u64::from(grundy),
                "{}",
                to_text(&cells, ['0', '1', '2'])
            );
        }
    }
}

/// The library's winning move (for the referee) wins by the search, and exists exactly when
/// the search says the player to move wins.
#[test]
fn library_winning_move_wins_by_search() {
    for len in 1..=MAX_BRUTE_LEN {
        let mut search = Search::new(len);
        for code in 0..search.pow3[len] {
            if !search.proper(code) {
                continue;
            }
            let cells = search.cells(code);
            let strip = to_library(&cells);
            let (wins, _) = search.solve(code);
            match strip::winning_move(&strip) {
                None => assert!(
                    !wins,
                    "no winning move found in {}",
                    to_text(&cells, ['0', '1', '2'])
                ),
                Some((at, colour)) => {
                    assert!(
                        strip::is_legal_move(&strip, at, colour),
                        "illegal move {at} in {cells:?}"
                    );
                    let digit = if colour == Colour::One { 1 } else { 2 };
                    let (child_wins, _) = search.solve(code + digit * search.pow3[at]);
                    assert!(
                        !child_wins,
                        "move {at}={digit} in {} does not win",
                        to_text(&cells, ['0', '1', '2'])
                    );
                }
            }
        }
    }
}
