//! The judge side's misère play (src/misere.rs: its own tame rule from the plain mex, and the
//! exact search to 60 tokens) against the independent brute force of
//! games/impartial/tests/brute.rs (plain search over positions, no theory).

use crate::brute::{self, Search};
use combgames_impartial::misere::{Kind, Memo};
use combgames_impartial::{Evaluator, Spec, MISERE_SEARCH_SUM};

fn evaluator(spec: &str) -> Evaluator {
    Evaluator::new(Spec::parse(spec).unwrap())
}

fn wide(heaps: &[u32]) -> Vec<u64> {
    heaps.iter().map(|&h| u64::from(h)).collect()
}

/// Every position of at most 4 heaps summing to at most 18, single heaps to 30 and pairs
/// 10..=15: the evaluator's side (by the tame rule where every heap is tame, else by search)
/// is the brute force's, for games tame throughout, tame for a while and wild early.
#[test]
fn misere_outcomes_agree_with_the_brute_force() {
    let mut positions = brute::positions(18, 4);
    positions.extend((19..=30).map(|h| vec![h]));
    positions.extend((10..=15).flat_map(|a| (a..=15).map(move |b| vec![a, b])));
    for spec in [
        "misere {1,2,4}",
        "misere {2,5}",
        "misere {1,3,4}",
        "misere 0.31",
        "misere 0.312",
        "misere 0.07",
        "misere 0.77",
        "misere 0.137",
        "misere 4.7",
        "misere 0.6",
        "misere {1,4 mod 5}",
        "misere grundy",
        "misere queue",
        "misere lasker",
    ] {
        let mut ev = evaluator(spec);
        let mut search = Search::new(spec);
        for heaps in &positions {
            assert_eq!(
                ev.mover_wins(&wide(heaps)),
                search.wins(heaps),
                "{spec} {heaps:?}"
            );
        }
    }
}

/// The kinds the judge computes: Kayles tame to heap 4 and wild at 5 (its genus 4^{146},
/// Winning Ways ch. 13), Dawson's Kayles tame to 9, {1,2,4} and nim tame at every heap
/// computed.
#[test]
fn kinds_of_known_games() {
    let mut kayles = evaluator("misere 0.77");
    let kinds: Vec<Kind> = (0..=5).map(|n| kayles.kind(n)).collect();
    assert_eq!(
        kinds,
        [
            Kind::Small(0),
            Kind::Small(1),
            Kind::Big(2),
            Kind::Big(3),
            Kind::Small(1),
            Kind::Wild
        ]
    );
    let mut dawson = evaluator("misere 0.07");
    assert!((0..=9).all(|n| dawson.kind(n) != Kind::Wild));
    assert_eq!(dawson.kind(10), Kind::Wild);
    for spec in ["misere {1,2,4}", "misere nim"] {
        let mut ev = evaluator(spec);
        assert!((0..=1000).all(|n| ev.kind(n) != Kind::Wild), "{spec}");
    }
}

/// Large tame heaps: positions of heaps up to 1000 of {1,2,4} and {2,5} decided like the
/// brute force's on each heap replaced by the heap of its class (30 + (h − 30) mod p, p the
/// normal values' period; that heaps play alike in these classes is checked by the brute
/// force on every pair up to 45 first).
#[test]
fn large_tame_heaps_by_the_rule() {
    for (spec, p) in [("misere {1,2,4}", 3u32), ("misere {2,5}", 7)] {
        let mut search = Search::new(spec);
        let reduce = |h: u32| if h < 30 { h } else { 30 + (h - 30) % p };
        for a in 1..=45u32 {
            for b in a..=45 {
                assert_eq!(
                    search.wins(&[a, b]),
                    search.wins(&[reduce(a), reduce(b)]),
                    "{spec} {a} {b}"
                );
            }
        }
        let mut ev = evaluator(spec);
        for i in 0..200u32 {
            let heaps = [1000 - i, 1 + (i * 37) % 999, 1 + i % 5];
            let small: Vec<u32> = heaps.iter().map(|&h| reduce(h)).collect();
            assert!(ev.check_round(&wide(&heaps)).is_ok(), "{spec} {heaps:?}");
            assert_eq!(
                ev.mover_wins(&wide(&heaps)),
                search.wins(&small),
                "{spec} {heaps:?}"
            );
        }
    }
}

/// The search's bound: a wild position of 60 tokens is decided, one of 61 refused; tame
/// positions are taken at any sum.
#[test]
fn the_search_reaches_sixty() {
    assert_eq!(MISERE_SEARCH_SUM, 60);
    let mut ev = evaluator("misere 0.137");
    let heaps = [7, 9, 5, 8, 6, 10, 11, 4];
    assert!(ev.check_round(&heaps).is_ok());
    ev.mover_wins(&heaps);
    let err = ev.check_round(&[30, 31]).unwrap_err();
    assert!(err.contains("at most 60 tokens"), "{err}");
    let mut ev = evaluator("misere {1,2,4}");
    assert!(ev.check_round(&[1000, 999, 998]).is_ok());
    assert!(ev.check_round(&[1; 9]).is_err());
}

/// Every multiset of heaps in 1..=top summing to exactly `sum` with at most `k` heaps.
fn partitions(sum: u32, top: u32, k: usize) -> Vec<Vec<u32>> {
    fn grow(prefix: &mut Vec<u32>, max: u32, left: u32, k: usize, out: &mut Vec<Vec<u32>>) {
        if left == 0 {
            out.push(prefix.clone());
            return;
        }
        if prefix.len() == k {
            return;
        }
        for h in (1..=max.min(left)).rev() {
            prefix.push(h);
            grow(prefix, h, left - h, k, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    grow(&mut Vec::new(), top, sum, k, &mut out);
    out
}

/// At the search's bound: every position of 60 tokens in at most 12 heaps of at most `top`
/// (wild heaps among them: Kayles from 5, 4.07 from 6, the queue game from 7) has the brute
/// force's outcome, whatever order the search tries its moves in.
#[test]
fn outcomes_at_sixty_agree_with_the_brute_force() {
    for (spec, top) in [("misere 0.77", 6), ("misere 4.07", 7), ("misere queue", 7)] {
        let mut ev = evaluator(spec);
        let mut search = Search::new(spec);
        let positions = partitions(MISERE_SEARCH_SUM as u32, top, 12);
        assert!(positions.len() > 10, "{spec}: {}", positions.len());
        for heaps in &positions {
            assert_eq!(
                ev.mover_wins(&wide(heaps)),
                search.wins(heaps),
                "{spec} {heaps:?}"
            );
        }
    }
}

/// The search's memo numbers the multisets of at most 24 tokens one to one (p(0) + ... +
/// p(24) = 7338 of them, the partition numbers of OEIS A000041), each below the table's size:
/// two positions never share an outcome's slot.
#[test]
fn the_memos_ranks_are_one_to_one() {
    let memo = Memo::new(24);
    assert_eq!(memo.positions(), 7338);
    let mut seen = vec![false; memo.positions()];
    let mut all = brute::positions(24, 24);
    all.push(Vec::new());
    for heaps in &all {
        let sorted: Vec<u8> = heaps.iter().map(|&h| h as u8).collect();
        let r = memo.rank(&sorted);
        assert!(r < seen.len() && !seen[r], "{heaps:?}: rank {r}");
        seen[r] = true;
    }
    assert_eq!(all.len(), 7338);
}
