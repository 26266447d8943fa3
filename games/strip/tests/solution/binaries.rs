//! The binaries against the search, every proper strip up to length 10.

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

#[test]
fn coloring_matches_search_on_every_strip_up_to_10() {
    let cases: Vec<(String, &str)> = (1..=MAX_BRUTE_LEN)
        .flat_map(all_positions)
        .map(|(cells, wins, _)| {
            let input = format!("{}\n{}\n", cells.len(), to_text(&cells, ['0', '1', '2']));
            (input, if wins { "FIRST\n" } else { "SECOND\n" })
        })
        .collect();
    assert_eq!(
        cases.len(),
        3 + 7 + 17 + 41 + 99 + 239 + 577 + 1393 + 3363 + 8119
    );
    // One process per position (the format holds one strip): two threads halve the wait.
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
}
