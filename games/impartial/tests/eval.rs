//! The judge side's impartial evaluator (games/impartial/src/lib.rs: the referee's, gen's and
//! check-impartial's) against the independent brute force of games/impartial/tests/brute.rs
//! (a plain search over positions, no Grundy theory): the options of every heap, and the
//! outcome of every small position in both plays, for every family.

use crate::{brute, oeis};

use brute::SPECS;
use combgames_impartial::{after, options, Evaluator, Move, Spec};
use oeis::{A002186, A002187, A002188};

fn sorted(mut v: Vec<u64>) -> Vec<u64> {
    v.sort_unstable();
    v
}

#[test]
fn the_options_of_every_heap_are_the_brute_forces() {
    for spec in SPECS {
        let ours = Spec::parse(spec).unwrap();
        let theirs = brute::rules(spec);
        for n in 0..=40u32 {
            let mut want: Vec<Vec<u64>> = brute::moves(&theirs, n)
                .into_iter()
                .map(|m| sorted(m.into_iter().map(u64::from).collect()))
                .collect();
            want.sort_unstable();
            want.dedup();
            assert_eq!(options(&ours.rules, u64::from(n)), want, "{spec}, heap {n}");
        }
    }
}

#[test]
fn every_small_position_has_the_brute_forces_outcome() {
    let positions = brute::positions(14, 4);
    let mut checked = 0;
    for spec in SPECS {
        for misere in [false, true] {
            let text = if misere {
                format!("misere {spec}")
            } else {
                spec.to_string()
            };
            let mut ours = Evaluator::new(Spec::parse(&text).unwrap());
            let mut search = brute::Search::new(&text);
            for p in &positions {
                let heaps: Vec<u64> = p.iter().map(|&h| u64::from(h)).collect();
                assert_eq!(ours.mover_wins(&heaps), search.wins(p), "{text} {p:?}");
                // The evaluator's moves reach exactly the positions the brute force's do, and
                // each is legal by the evaluator's own check.
                let moves = ours.moves(&heaps);
                let mut reached: Vec<Vec<u32>> = Vec::new();
                for m in &moves {
                    assert!(ours.is_legal(&heaps, m).is_ok(), "{text} {p:?} {m}");
                    reached.push(sorted_u32(
                        &after(&heaps, m)
                            .iter()
                            .map(|&h| h as u32)
                            .collect::<Vec<_>>(),
                    ));
                }
                let mut want: Vec<Vec<u32>> =
                    search.successors(p).iter().map(|s| sorted_u32(s)).collect();
                for v in [&mut reached, &mut want] {
                    v.sort_unstable();
                    v.dedup();
                }
                assert_eq!(reached, want, "{text} {p:?}");
                checked += 1;
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}

fn sorted_u32(v: &[u32]) -> Vec<u32> {
    let mut v = v.to_vec();
    v.sort_unstable();
    v
}

#[test]
fn the_grundy_values_match_the_mex_of_the_brute_forces_moves_to_300() {
    for spec in SPECS {
        let mut ours = Evaluator::new(Spec::parse(spec).unwrap());
        let want = brute::mex_values(spec, 300);
        let got: Vec<u32> = (0..=300).map(|n| ours.value(n)).collect();
        assert_eq!(got, want, "{spec}");
    }
}

/// Published sequences, as data: Kayles (OEIS A002186), Dawson's chess (A002187), Grundy's
/// game (A002188).
#[test]
fn published_sequences_are_reproduced() {
    for (spec, data) in [
        ("kayles", &A002186[..]),
        ("0.137", &A002187[..]),
        ("grundy", &A002188[..]),
    ] {
        let mut ours = Evaluator::new(Spec::parse(spec).unwrap());
        let got: Vec<u32> = (0..data.len() as u64).map(|n| ours.value(n)).collect();
        assert_eq!(&got[..], data, "{spec}");
    }
}

#[test]
fn illegal_moves_are_refused_with_a_reason() {
    let ev = Evaluator::new(Spec::parse("{1,2,4}").unwrap());
    let heaps = [5, 3];
    let legal = Move::parse("1 1").unwrap();
    assert!(ev.is_legal(&heaps, &legal).is_ok());
    for (line, why) in [
        ("3", "no heap 3"),
        ("1 2", "cannot become"),
        ("2 0", "non-empty"),
        ("1 1 1", "cannot become"),
    ] {
        let err = ev
            .is_legal(&heaps, &Move::parse(line).unwrap())
            .unwrap_err();
        assert!(err.contains(why), "{line}: {err}");
    }
}

/// Legality as the referee and the checker judge it, against the brute force's, for every
/// written move of up to three parts on heaps up to 14 (parts in any order).
#[test]
fn legality_is_the_brute_forces_for_every_written_move() {
    for spec in SPECS {
        let ours = Evaluator::new(Spec::parse(spec).unwrap());
        let search = brute::Search::new(spec);
        for n in 1..=14u32 {
            let mut written: Vec<Vec<u32>> = vec![vec![]];
            for a in 0..=n {
                written.push(vec![a]);
                for b in 0..=n - a {
                    written.push(vec![a, b]);
                    for c in 0..=n - a - b {
                        written.push(vec![a, b, c]);
                    }
                }
            }
            for parts in written {
                let m = Move {
                    heap: 0,
                    parts: parts.iter().map(|&p| u64::from(p)).collect(),
                };
                assert_eq!(
                    ours.is_legal(&[u64::from(n)], &m).is_ok(),
                    search.is_move(n, &parts),
                    "{spec}: heap {n} to {parts:?}"
                );
            }
        }
    }
}
