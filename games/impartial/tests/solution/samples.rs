//! The samples' answers proven by the brute force, and the classic texts' facts on them.

use super::{check_answer, parse_answer};
use crate::brute::{self, Search};
use crate::common;

/// The samples' answers (samples/impartial/*.out, which the sample runners compare exactly)
/// are right by the brute force: the side, and each printed move legal and winning (normal
/// play through the brute-force mex values and the xor of the heaps, misère by search).
/// A winning move is not unique; once check-impartial exists the runners may judge with it.
#[test]
fn the_samples_answers_are_proven_by_the_brute_force() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/impartial");
    let mut checked = 0;
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "in"))
        .collect();
    names.sort();
    for input in names {
        let text = std::fs::read_to_string(&input).unwrap();
        let answers = std::fs::read_to_string(input.with_extension("out")).unwrap();
        let mut lines = text.lines();
        let spec = lines.next().unwrap();
        let t: usize = lines.next().unwrap().parse().unwrap();
        let positions: Vec<Vec<u32>> = lines
            .map(|l| {
                let v: Vec<u32> = l.split(' ').map(|w| w.parse().unwrap()).collect();
                assert_eq!(v[0] as usize, v.len() - 1, "{l}");
                v[1..].iter().copied().filter(|&h| h > 0).collect()
            })
            .collect();
        assert_eq!(positions.len(), t);
        let answers: Vec<&str> = answers.lines().collect();
        assert_eq!(answers.len(), t, "{}", input.display());
        let context = input.display().to_string();
        let mut search = Search::new(spec);
        if spec.starts_with("misere ") {
            for (heaps, line) in positions.iter().zip(&answers) {
                check_answer(&mut search, heaps, line, &context);
            }
        } else {
            let max = positions.iter().flatten().copied().max().unwrap_or(0);
            let g = brute::mex_values(spec, max);
            let xor = |heaps: &[u32]| heaps.iter().fold(0, |x, &h| x ^ g[h as usize]);
            for (heaps, line) in positions.iter().zip(&answers) {
                let answer = parse_answer(line);
                assert_eq!(answer.is_some(), xor(heaps) != 0, "{context} {heaps:?}");
                let Some(mv) = answer else { continue };
                let i = mv[0] as usize - 1;
                assert!(
                    search.is_move(heaps[i], &mv[1..]),
                    "{context} {heaps:?} {line}"
                );
                let mut next = heaps[..i].to_vec();
                next.extend_from_slice(&mv[1..]);
                next.extend_from_slice(&heaps[i + 1..]);
                assert_eq!(xor(&next), 0, "{context} {heaps:?} {line}");
            }
        }
        checked += 1;
    }
    assert!(checked >= 11, "only {checked} samples");
}

/// The classic texts' facts on the samples: the queue game for 0 ≤ N < 1000 (docs/problems.md §7: 0
/// second, 1-3 first, 4 second, 5-11 first, 12 second), 20 matches with {1,2,4} (lost iff
/// divisible by 3; from 20 take 2), the rook (lost iff the heaps are equal), and Dawson's
/// chess = Timus 1465 pawns: First exactly when the pawns solution says White, N = 1..200.
#[test]
fn the_classic_facts_hold_on_the_samples() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/impartial");
    let out = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    let queue: Vec<String> = out("queue.out").lines().map(str::to_owned).collect();
    assert_eq!(queue.len(), 1000);
    for (n, line) in queue.iter().enumerate().take(13) {
        let lost = [0, 4, 12].contains(&n);
        assert_eq!(line == "Second", lost, "queue {n}: {line}");
    }
    let matches: Vec<String> = out("matches-124.out").lines().map(str::to_owned).collect();
    for (i, line) in matches.iter().enumerate() {
        assert_eq!(line == "Second", (i + 1) % 3 == 0, "matches {}", i + 1);
    }
    assert_eq!(matches[19], "First 1 18");
    let rook_in = out("rook.in");
    for (pos, line) in rook_in.lines().skip(2).zip(out("rook.out").lines()) {
        let h: Vec<u32> = pos.split(' ').skip(1).map(|w| w.parse().unwrap()).collect();
        assert_eq!(line == "Second", h[0] == h[1], "rook {pos}: {line}");
    }
    for (n, line) in (1..=200).zip(out("pawns-timus-1465.out").lines()) {
        let pawns = common::run("pawns", format!("{n}\n"));
        assert_eq!(pawns.code, Some(0));
        let white = pawns.stdout.trim() == "White";
        assert_eq!(line.starts_with("First"), white, "pawns {n}: {line}");
    }
}
