//! Every family, both plays, on every small position, and misère play to larger sums: each
//! answer checked by the brute force.

use super::{batch, check_answer};
use crate::brute::{self, Search, SPECS};

/// Every family, both plays: every multiset of at most 4 heaps summing to at most 12.
#[test]
fn every_family_agrees_with_the_brute_force_on_all_small_positions() {
    let positions = brute::positions(12, 4);
    // Partitions of 1..=12 into at most 4 parts: 1+2+3+5+6+9+11+15+18+23+27+34.
    assert_eq!(positions.len(), 154);
    for spec in SPECS {
        for play in ["", "misere "] {
            let spec = format!("{play}{spec}");
            let lines = batch(&spec, &positions);
            let mut search = Search::new(&spec);
            for (heaps, line) in positions.iter().zip(&lines) {
                check_answer(&mut search, heaps, line, &spec);
            }
        }
    }
}

/// Misère play (the tame rule and the search), on single and pairs of heaps
/// of the games that are searched, and nim/lasker's rule on larger positions.
#[test]
fn misere_agrees_with_the_brute_force_to_larger_sums() {
    let mut positions: Vec<Vec<u32>> = (1..=22).map(|h| vec![h]).collect();
    positions.extend((1..=11).flat_map(|a| (a..=11).map(move |b| vec![a, b])));
    positions.extend(brute::positions(16, 6));
    for spec in [
        "misere 0.77",
        "misere 0.137",
        "misere {1,2,4}",
        "misere nim",
        "misere lasker",
        "misere queue",
        "misere grundy",
    ] {
        let lines = batch(spec, &positions);
        let mut search = Search::new(spec);
        for (heaps, line) in positions.iter().zip(&lines) {
            check_answer(&mut search, heaps, line, spec);
        }
    }
}
