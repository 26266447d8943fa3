//! The binaries against the search, every proper strip up to length 10 (SGU 328's one strip
//! per process: lengths 9 and 10 in the long tier).

use super::{all_positions, to_text, MAX_BRUTE_LEN};
use crate::common;
use common::run;

#[test]
fn tictactoe_matches_search_on_every_strip_up_to_10() {
    for len in 1..=MAX_BRUTE_LEN {
        let positions = all_positions(len);
        let mut input = format!("{}\n", positions.len());
        let mut expected = String::new();
        for (cells, mover_wins, _) in &positions {
            input += &to_text(cells, ['.', 'X', 'O']);
            input.push('\n');
            let alice_moves = cells.iter().filter(|&&c| c != 0).count() % 2 == 0;
            let alice_wins = if alice_moves {
                *mover_wins
            } else {
                !*mover_wins
            };
            expected += if alice_wins {
                "Possible.\n"
            } else {
                "Impossible.\n"
            };
        }
        // LF and CRLF line ends (the solution has a fast path for each).
        for input in [input.clone(), input.replace('\n', "\r\n")] {
            let r = run("tictactoe", input);
            assert_eq!(r.code, Some(0), "length {len}: {}", r.stderr);
            for (i, (got, want)) in r.stdout.lines().zip(expected.lines()).enumerate() {
                let strip = to_text(&positions[i].0, ['.', 'X', 'O']);
                assert_eq!(got, want, "strip {strip}");
            }
            assert_eq!(r.stdout, expected, "length {len}");
        }
    }
}

/// SGU 328's input holds one strip: one process per strip, each position against the search.
fn coloring_matches_search(lengths: std::ops::RangeInclusive<usize>) -> usize {
    let cases: Vec<(String, &str)> = lengths
        .flat_map(all_positions)
        .map(|(cells, wins, _)| {
            let input = format!("{}\n{}\n", cells.len(), to_text(&cells, ['0', '1', '2']));
            (input, if wins { "FIRST\n" } else { "SECOND\n" })
        })
        .collect();
    // Two threads halve the wait.
    let (a, b) = cases.split_at(cases.len() / 2);
    std::thread::scope(|s| {
        for half in [a, b] {
            s.spawn(move || {
                for (input, want) in half {
                    let r = run("coloring", input.clone());
                    assert_eq!(
                        (r.stdout.as_str(), r.code),
                        (*want, Some(0)),
                        "on {input:?}: {}",
                        r.stderr
                    );
                }
            });
        }
    });
    cases.len()
}

#[test]
fn coloring_matches_search_on_every_strip_up_to_8() {
    assert_eq!(
        coloring_matches_search(1..=8),
        3 + 7 + 17 + 41 + 99 + 239 + 577 + 1393
    );
}

/// The 11482 strips of lengths 9 and 10 (as many processes: about 20 s of CPU).
#[test]
#[ignore = "long tier (make test-long; CI runs it): 11482 processes"]
fn coloring_matches_search_on_every_strip_of_9_and_10() {
    assert_eq!(coloring_matches_search(9..=MAX_BRUTE_LEN), 3363 + 8119);
}
