//! Every pile up to 300 and every mid-game start up to 60 stones, for every k of the search:
//! the side and every solution move checked by the game search.

use super::{assert_clean_exit, play_round, Judge, Opponent, Outcome, Session};
use crate::brute::{Search, K, SMALL_KS};
use combgames_core::rng::Rng;

/// One session of `starts` (n, and the last removal p of a mid-game start) in random order
/// for k, against a random opponent: the side and every solution move are checked by the game
/// search.
fn search_judged_session(
    (k_text, k): (&str, K),
    search: &Search,
    mut starts: Vec<(u64, Option<u64>)>,
    rng: &mut Rng,
) {
    for i in (1..starts.len()).rev() {
        starts.swap(i, rng.range(0, i as u64) as usize);
    }
    let mut s = Session::start();
    s.send(&starts.len().to_string());
    for &start in &starts {
        let outcome = play_round(
            &mut s,
            rng,
            start,
            k_text,
            k,
            &Judge::Search(search),
            Opponent::Random,
            u64::MAX,
        );
        assert!(matches!(outcome, Outcome::SolutionWon(_)));
    }
    assert_clean_exit(s);
}

/// Every n ≤ 300 for every k, one session per k with its rounds in random order: the side
/// and every solution move are checked by the game search.
#[test]
fn every_small_pile_is_won_by_the_search_verdict() {
    let mut rng = Rng::new(4_2486);
    for &(k_text, k) in SMALL_KS {
        let search = Search::new(k, 300);
        let starts = (2..=300).map(|n| (n, None)).collect();
        search_judged_session((k_text, k), &search, starts, &mut rng);
    }
}

/// Mid-game starts `n k p` (docs/protocol.md) for every n ≤ 60 with p = 1..=12 and a random
/// p up to 200 (caps below, at and past the pile), for every k: the side and every solution
/// move are checked by the game search.
#[test]
fn every_small_mid_game_start_is_won_by_the_search_verdict() {
    let mut rng = Rng::new(17);
    for &(k_text, k) in SMALL_KS {
        let search = Search::new(k, 60);
        let mut starts = Vec::new();
        for n in 2..=60 {
            starts.extend((1..=12).map(|p| (n, Some(p))));
            starts.push((n, Some(rng.range(13, 200))));
        }
        search_judged_session((k_text, k), &search, starts, &mut rng);
    }
}
