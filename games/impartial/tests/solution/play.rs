//! The play mode: a session against a brute-force opponent playing random legal moves, and the
//! referee's illegal moves refused.

use crate::brute::{self, Search};
use crate::common;
use std::io::Write;

/// A session of the referee protocol driven by a brute-force opponent playing random legal
/// moves (seeds 1..=5): the solution takes the side the brute force says wins, every move it
/// makes is legal, and when it took the winning side it leaves a lost position each time.
#[test]
fn play_mode_against_a_random_opponent() {
    let games: &[(&str, &[u32])] = &[
        ("0.77", &[7, 5, 3]),
        ("0.137", &[9, 4]),
        ("{1,2,4}", &[20]),
        ("{1,2,4}", &[21, 3]),
        ("nim", &[3, 5, 6]),
        ("lasker", &[4, 6]),
        ("grundy", &[12, 7]),
        ("queue", &[9, 1]),
        ("misere 0.77", &[6, 4]),
        ("misere nim", &[1, 1, 2]),
        ("misere {1,2,4}", &[8]),
        ("4.07", &[6]),
    ];
    for seed in 1..=5u64 {
        let (child, mut to, mut read) = super::spawn_session(&[]);
        let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        writeln!(to, "play {}", games.len()).unwrap();
        for (spec, start) in games {
            let mut search = Search::new(spec);
            let mut heaps: Vec<u32> = start.to_vec();
            writeln!(to, "{spec}\n{} {}", heaps.len(), join(&heaps)).unwrap();
            to.flush().unwrap();
            let side = read();
            let wins = search.wins(&heaps);
            assert_eq!(
                side,
                if wins { "first" } else { "second" },
                "{spec} {heaps:?}"
            );
            let mut ours = wins;
            loop {
                let next = search.successors(&heaps);
                if next.is_empty() {
                    break;
                }
                if ours {
                    let line = read();
                    let mv: Vec<u32> = line.split(' ').map(|w| w.parse().unwrap()).collect();
                    let i = mv[0] as usize - 1;
                    assert!(
                        search.is_move(heaps[i], &mv[1..]),
                        "{spec} {heaps:?}: {line}"
                    );
                    let after = brute::replaced(&heaps, i, &mv[1..]);
                    if wins {
                        assert!(!search.wins(&after), "{spec} {heaps:?}: {line} loses");
                    }
                    heaps = after;
                } else {
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    // A random legal move, written as `i parts`.
                    let mut options = Vec::new();
                    for (i, &h) in heaps.iter().enumerate() {
                        for parts in brute::moves(&brute::rules(spec), h) {
                            options.push((i, parts));
                        }
                    }
                    let (i, parts) = options[(rng % options.len() as u64) as usize].clone();
                    writeln!(to, "{} {}", i + 1, join(&parts)).unwrap();
                    to.flush().unwrap();
                    heaps = brute::replaced(&heaps, i, &parts);
                }
                ours = !ours;
            }
            writeln!(to, "end").unwrap();
            to.flush().unwrap();
        }
        drop(to);
        let out = child.wait_with_output().unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "seed {seed}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            out.stdout.is_empty(),
            "seed {seed}: output after the last round"
        );
    }
}

fn join(heaps: &[u32]) -> String {
    heaps
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// In play mode the referee's moves are checked by the rules: an illegal one is a fault (one
/// line on stderr, exit 1), a legal one is answered.
#[test]
fn play_mode_refuses_illegal_moves() {
    for (session, legal) in [
        ("play 1\n{1,2,4}\n1 3\n1 3\n", false),
        ("play 1\n{1,2,4}\n1 3\n1 1\n", true),
        ("play 1\ngrundy\n1 4\n1 2 2\n", false),
        ("play 1\ngrundy\n1 4\n1 1 3\n", true),
        ("play 1\nqueue\n1 4\n1 1\n", false),
        ("play 1\nqueue\n1 4\n1 3\n", true),
        ("play 1\nqueue\n1 4\n1 2\n", true),
        ("play 1\n0.07\n1 5\n2\n", false),
        ("play 1\n0.77\n2 2 2\n1 1\n", true),
        ("play 1\n0.77\n2 2 2\n1 1 1\n", false),
    ] {
        let run = common::run("impartial", session);
        assert!(
            run.stdout.starts_with("second\n"),
            "{session:?}: {}",
            run.stdout
        );
        if legal {
            assert!(
                run.stdout.lines().count() >= 2,
                "{session:?}: {}",
                run.stderr
            );
            assert!(
                !run.stderr.contains("illegal"),
                "{session:?}: {}",
                run.stderr
            );
        } else {
            assert_eq!(run.code, Some(1), "{session:?}");
            assert!(
                run.stderr.contains("illegal move"),
                "{session:?}: {}",
                run.stderr
            );
            assert_eq!(run.stderr.lines().count(), 1, "{session:?}");
        }
    }
}
