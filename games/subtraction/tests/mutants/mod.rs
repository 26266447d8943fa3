//! The subtraction mutation suite (games/subtraction/tests/mutants/main.rs, move choosers in
//! games/subtraction/tests/mutants/variants.rs):
//! 1. every bug is real: a concrete position where the bugged choice (the side claimed or the
//!    removal) loses, by a plain game search written here for piles up to 120, and for the
//!    bugs that only show past 2^32 by the k = 1 closed form (the losing starts are the powers
//!    of two and the mover wins iff the lowest set bit of the pile is within the cap; the
//!    search below proves it up to 120, games/subtraction/tests/eval.rs the evaluator that agrees);
//! 2. against the referee with its default settings and each of the first seeds 1..=5 (seed 1 in
//!    `make test`, seeds 2..5 in the long tier), every
//!    wrong variant gets WA (or RE) and every correct one OK.

use crate::common;

pub mod variants;

use crate::brute::lowest_set_bit;
use combgames_core::rng::Rng;
use combgames_subtraction::{Evaluator, Position, Ratio};
use std::process::Command;
use variants::{Contestant, Player, Variant, VARIANTS};

/// Plain game search: win[m][c] says whether the player to move with m stones and cap c (c ≤
/// m) wins; caps ⌊k·x⌋ in u128, so k's parts may be as large as 10^18.
struct Search {
    k: Ratio,
    win: Vec<Vec<bool>>,
}

impl Search {
    fn new(k: Ratio, max: usize) -> Search {
        let cap_after = |x: usize| (x as u128 * k.num as u128 / k.den as u128) as usize;
        let mut win = vec![vec![false]];
        for m in 1..=max {
            let mut row = vec![false; m + 1];
            for c in 1..=m {
                let rest = m - c;
                let takes_c_wins = rest == 0 || !win[rest][cap_after(c).min(rest)];
                row[c] = row[c - 1] || takes_c_wins;
            }
            win.push(row);
        }
        Search { k, win }
    }

    fn mover_wins(&self, pos: Position) -> bool {
        let m = pos.stones as usize;
        m > 0 && self.win[m][(pos.cap.min(pos.stones)) as usize]
    }

    /// Whether removing x at pos is legal and leaves the opponent lost.
    fn wins_by(&self, pos: Position, x: u64) -> bool {
        match pos.take(x, self.k) {
            Ok(next) => !self.mover_wins(next),
            Err(_) => false,
        }
    }
}

/// Piles the plain search covers: every position for the correct players, the starts for
/// the bugs (BUG_SEARCH_MAX: an overflow of k's 10^17-size parts needs terms above 92).
const SEARCH_MAX: usize = 120;
const BUG_SEARCH_MAX: usize = 600;

/// The first start n within the search at which `variant` with this k claims the wrong side or,
/// holding the win, plays a removal that does not win; with what went wrong.
fn first_loss(variant: Variant, k: &str, search: &Search, blunder: bool) -> Option<String> {
    let ratio = Ratio::parse(k).unwrap();
    let mut rng = Rng::new(1);
    for n in 2..search.win.len() as u64 {
        let start = Position::start(n);
        let mut player = Player::new(variant, ratio, n);
        let truth = search.mover_wins(start);
        if player.claims_first(n) != truth {
            return Some(format!(
                "n={n} k={k}: claims {} but the search says the first player {}",
                if truth { "second" } else { "first" },
                if truth { "wins" } else { "loses" }
            ));
        }
        if truth {
            let x = player.choose(start, true, blunder, &mut rng);
            if !search.wins_by(start, x) {
                return Some(format!("n={n} k={k}: first move {x} does not win"));
            }
        }
    }
    None
}

#[test]
fn search_agrees_with_the_k1_closed_form() {
    // The closed form the huge-pile proofs below rely on, checked on every position here.
    let search = Search::new(Ratio::parse("1").unwrap(), SEARCH_MAX);
    for m in 1..=SEARCH_MAX as u64 {
        for cap in 0..=m {
            assert_eq!(
                search.mover_wins(Position { stones: m, cap }),
                lowest_set_bit(m) <= cap,
                "m={m} cap={cap}"
            );
        }
    }
}

#[test]
fn each_small_pile_bug_loses_a_searched_position() {
    for (variant, k) in [
        (Variant::AtLeastK, "2"),
        (Variant::LargestPart, "2"),
        (Variant::CeilCap, "3/2"),
        (Variant::TakeAllFirst, "1"),
        (Variant::IntegerK, "7/2"),
        (
            Variant::MulOverflow,
            "1000000000000000000/999999999999999999",
        ),
        (Variant::MulOverflow, "2.718281828459045235"),
        // 4 = ⌊5/2⌋ + 2 stones: taking 1 wins; the bug takes the second side.
        (Variant::SmallK2, "5/2"),
    ] {
        let search = Search::new(Ratio::parse(k).unwrap(), BUG_SEARCH_MAX);
        let loss = first_loss(variant, k, &search, false);
        assert!(
            loss.is_some(),
            "{}: no losing choice up to {BUG_SEARCH_MAX} with k = {k}",
            variant.name()
        );
        eprintln!("{}: {}", variant.name(), loss.unwrap());
    }
}

/// The cap bugs, at positions within the plain search: cap-strict where the cap is exactly
/// the smallest winning removal (k = 2, the first such position), cap-overflow after a
/// removal of 19 with k = 10^18/(10^18 − 1), where 19·10^18 wraps past 2^64 and the cap it
/// computes is 0 (the true cap is 19).
#[test]
fn each_cap_bug_loses_a_searched_position() {
    let k = Ratio::parse("2").unwrap();
    let search = Search::new(k, SEARCH_MAX);
    let mut eval = Evaluator::new(k);
    let witness = (2..=SEARCH_MAX as u64)
        .flat_map(|m| (1..=m).map(move |cap| Position { stones: m, cap }))
        .find(|&pos| {
            let c = Contestant::new(Variant::CapStrict, k, pos.stones);
            search.mover_wins(pos) && !search.wins_by(pos, c.choose(pos, false))
        })
        .expect("cap-strict loses somewhere");
    assert_eq!(eval.smallest_win(witness.stones), witness.cap, "{witness}");
    eprintln!("cap-strict: loses at {witness}");
    // cap-loose: in a lost position whose cap is one below the smallest winning removal f,
    // it plays f, past the cap (an illegal move).
    let witness = (2..=SEARCH_MAX as u64)
        .flat_map(|m| (1..m).map(move |cap| Position { stones: m, cap }))
        .find(|&pos| {
            let c = Contestant::new(Variant::CapLoose, k, pos.stones);
            !search.mover_wins(pos) && c.choose(pos, false) > pos.max_take()
        })
        .expect("cap-loose plays past the cap somewhere");
    assert_eq!(
        eval.smallest_win(witness.stones),
        witness.cap + 1,
        "{witness}"
    );
    eprintln!("cap-loose: plays past the cap at {witness}");

    let text = "1000000000000000000/999999999999999999";
    let k = Ratio::parse(text).unwrap();
    let search = Search::new(k, SEARCH_MAX);
    assert_eq!(k.floor_mul(19), 19);
    assert_eq!(variants::believed_cap(Variant::CapOverflow, k, 19), 0);
    // 6 = 4 + 2 stones after the opponent took 19: taking 2 wins; the bug, seeing cap 0,
    // believes itself lost and takes 1.
    let pos = Position { stones: 6, cap: 19 };
    let believed = Position { cap: 0, ..pos };
    let c = Contestant::new(Variant::CapOverflow, k, 6);
    let x = c.choose(believed, false);
    assert!(
        search.mover_wins(pos) && !search.wins_by(pos, x),
        "took {x}"
    );
}

/// The first mid-game start `n k p` (n ≤ SEARCH_MAX, p ≤ n) at which `variant` claims the
/// wrong side or, holding the win, plays a removal that does not win (by the plain search).
fn first_mid_game_loss(variant: Variant, k: &str, search: &Search) -> Option<String> {
    let ratio = Ratio::parse(k).unwrap();
    let mut rng = Rng::new(1);
    for n in 2..=SEARCH_MAX as u64 {
        let mut player = Player::new(variant, ratio, n);
        for p in 1..=n {
            let truth_pos = Position {
                stones: n,
                cap: ratio.floor_mul(p),
            };
            let truth = search.mover_wins(truth_pos);
            let (believed, fresh) = variants::believed_start(variant, ratio, n, p);
            if player.claims(believed, fresh) != truth {
                return Some(format!("{n} {k} {p}: claims the wrong side"));
            }
            if truth {
                let x = player.choose(believed, fresh, false, &mut rng);
                if !search.wins_by(truth_pos, x) {
                    return Some(format!("{n} {k} {p}: first move {x} does not win"));
                }
            }
        }
    }
    None
}

/// The bugs of mid-game starts (and of the cap that takes the whole pile, of the parts' order)
/// lose searched positions; the correct variants never do.
#[test]
fn each_mid_game_bug_loses_a_searched_position() {
    for k in ["2", "3/2", "123456789/98765432"] {
        let search = Search::new(Ratio::parse(k).unwrap(), SEARCH_MAX);
        for variant in [
            Variant::IgnoreLast,
            Variant::CapBelowPile,
            Variant::TakesAllFPlus1,
            Variant::TakesAllFPlus2,
            Variant::OrderNext,
        ] {
            let loss = first_mid_game_loss(variant, k, &search);
            assert!(loss.is_some(), "{}: no loss with k = {k}", variant.name());
            eprintln!("{}: {}", variant.name(), loss.unwrap());
        }
        for variant in [Variant::None, Variant::LargestWin, Variant::RandomWin] {
            assert_eq!(first_mid_game_loss(variant, k, &search), None, "{k}");
        }
    }
}

#[test]
fn the_blunderer_blunders_only_on_its_roll() {
    let k = "2";
    let search = Search::new(Ratio::parse(k).unwrap(), SEARCH_MAX);
    assert_eq!(first_loss(Variant::Blunder1000, k, &search, false), None);
    let loss = first_loss(Variant::Blunder1000, k, &search, true);
    assert!(loss.is_some(), "a forced blunder still won everywhere");
    eprintln!("blunder-1000: {}", loss.unwrap());
}

#[test]
fn correct_variants_never_lose_a_searched_position() {
    for k in ["1", "2", "3/2", "5/3", "7/2", "10"] {
        let search = Search::new(Ratio::parse(k).unwrap(), SEARCH_MAX);
        for variant in [Variant::None, Variant::LargestWin, Variant::RandomWin] {
            assert_eq!(first_loss(variant, k, &search, false), None, "{k}");
        }
        // Every winning position, not only starts: the alternatives pick winning removals,
        // and other ones than the smallest.
        let ratio = Ratio::parse(k).unwrap();
        let mut rng = Rng::new(3);
        let mut players = [Variant::LargestWin, Variant::RandomWin]
            .map(|v| Player::new(v, ratio, SEARCH_MAX as u64));
        let mut other = 0;
        for m in 1..=SEARCH_MAX as u64 {
            for cap in 1..=m {
                let pos = Position { stones: m, cap };
                if !search.mover_wins(pos) {
                    continue;
                }
                let smallest = (1..=cap).find(|&x| search.wins_by(pos, x)).unwrap();
                for player in &mut players {
                    let x = player.choose(pos, false, false, &mut rng);
                    assert!(search.wins_by(pos, x), "k={k} m={m} cap={cap}: {x}");
                    other += usize::from(x != smallest);
                }
            }
        }
        assert!(
            other > 0,
            "k={k}: the alternatives only played the smallest win"
        );
    }
}

/// The pile-size bugs and cap-u32, shown at huge piles with k = 1 (closed form: the mover wins
/// iff the lowest set bit is within the cap), and the library's evaluator agreeing.
#[test]
fn each_huge_pile_bug_loses_a_concrete_position() {
    let k = Ratio::parse("1").unwrap();
    let mut eval = Evaluator::new(k);
    let wins = |eval: &mut Evaluator, pos: Position| {
        let closed = pos.stones > 0 && lowest_set_bit(pos.stones) <= pos.cap;
        assert_eq!(eval.mover_wins(pos), closed, "{pos}");
        closed
    };
    // u32-pile: 2^33 + 2^31 is taken as 2^31, a losing start: it claims second; the first
    // player wins by taking 2^31.
    let n = (1u64 << 33) + (1 << 31);
    let c = Contestant::new(Variant::U32Pile, k, n);
    assert!(!c.claims_first(n));
    assert!(wins(&mut eval, Position::start(n)));
    // float-terms: 2^60 + 1 is 2^60 in a double, a losing start taken whole: it takes 2^60
    // (which it may, 2^60 ≤ n − 1), and the opponent takes the last stone.
    let n = (1u64 << 60) + 1;
    let c = Contestant::new(Variant::FloatTerms, k, n);
    let start = Position::start(n);
    assert!(c.claims_first(n));
    let x = c.choose(start, true);
    assert_eq!(x, 1 << 60);
    let after = start.take(x, k).unwrap();
    assert!(wins(&mut eval, start) && wins(&mut eval, after), "took {x}");
    // terms-1e17: 2^59 + 2^58 with terms up to 2^56 only: its decomposition runs out of terms
    // and it plays a part that leaves the opponent a win.
    let n = (1u64 << 59) + (1 << 58);
    let c = Contestant::new(Variant::Truncated1e17, k, n);
    let start = Position::start(n);
    assert!(c.claims_first(n));
    let x = c.choose(start, true);
    let after = start.take(x, k).unwrap();
    assert!(wins(&mut eval, start) && wins(&mut eval, after), "took {x}");
    // cap-u32: the opponent took 2^32 stones, leaving 3·2^32 with cap 2^32: taking the lowest
    // set bit 2^32 (the whole cap) wins; the bug keeps the cap as 0, believes itself lost and
    // takes 1, leaving an odd pile within the opponent's cap 1.
    let taken = 1u64 << 32;
    let pos = Position {
        stones: 3 << 32,
        cap: k.floor_mul(taken),
    };
    let believed = Position {
        cap: variants::believed_cap(Variant::CapU32, k, taken),
        ..pos
    };
    let c = Contestant::new(Variant::CapU32, k, pos.stones);
    let x = c.choose(believed, false);
    let after = pos.take(x, k).unwrap();
    assert!(wins(&mut eval, pos) && wins(&mut eval, after), "took {x}");
    // truncated-1e9: 2^40 + 2^35 with terms up to 2^29 only: it takes 1, leaving a pile with
    // lowest bit 1 within the opponent's cap 1.
    let n = (1u64 << 40) + (1 << 35);
    let c = Contestant::new(Variant::Truncated1e9, k, n);
    let start = Position::start(n);
    assert!(c.claims_first(n));
    let x = c.choose(start, true);
    let after = start.take(x, k).unwrap();
    assert!(wins(&mut eval, start) && wins(&mut eval, after), "took {x}");
}

// ------------------------------------------------------------------ against the referee

/// Runs `referee play subtraction --seed S --rounds R -- subtraction_mutants --bug NAME` with
/// the default settings but R = 10 (for the variants wrong in one coverage class only,
/// [`variants::CLASS_VARIANTS`], COVERAGE_ROUNDS rounds: the class rounds are
/// 11..35); returns the verdict line.
fn play(seed: u64, bug: &str) -> String {
    let rounds = if variants::CLASS_VARIANTS.contains(&bug) {
        combgames_core::round::COVERAGE_ROUNDS
    } else {
        10
    };
    let out = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(["play", "subtraction", "--seed", &seed.to_string()])
        .args(["--rounds", &rounds.to_string(), "--"])
        .args([&common::example("subtraction_mutants"), "--bug", bug])
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

/// The first seeds, 1..=5 (seed 1 in `make test`, seeds 2..5 in the long tier): every wrong
/// variant must be caught (WA or RE) in each, every correct one pass each (no seed is chosen
/// because it catches).
fn every_wrong_variant_is_caught(seeds: std::ops::RangeInclusive<u64>) {
    let sessions: Vec<(Variant, &str, u64)> = VARIANTS
        .iter()
        .filter(|v| !v.2)
        .flat_map(|&(variant, name, _, _)| seeds.clone().map(move |seed| (variant, name, seed)))
        .collect();
    assert!(!sessions.is_empty(), "no wrong variant run");
    common::par_map(&sessions, |&(variant, name, seed)| {
        let line = play(seed, name);
        assert!(
            line.starts_with("WA subtraction") || line.starts_with("RE subtraction"),
            "{} not caught with seed {seed}: {line}",
            variant.name()
        );
    });
}

fn every_correct_variant_passes(seeds: std::ops::RangeInclusive<u64>) {
    let sessions: Vec<(&str, u64)> = VARIANTS
        .iter()
        .filter(|v| v.2)
        .flat_map(|&(_, name, _, _)| seeds.clone().map(move |seed| (name, seed)))
        .collect();
    common::par_map(&sessions, |&(name, seed)| {
        let line = play(seed, name);
        assert!(
            line.starts_with(&format!("OK subtraction seed={seed} ")),
            "{name}: {line}"
        );
    });
}

#[test]
fn every_wrong_variant_is_caught_by_the_default_referee_on_the_first_seed() {
    every_wrong_variant_is_caught(1..=1);
}

#[test]
#[ignore = "long tier (make test-long; CI runs it): seeds 2..5"]
fn every_wrong_variant_is_caught_by_the_default_referee_on_seeds_2_to_5() {
    every_wrong_variant_is_caught(2..=5);
}

#[test]
fn every_correct_variant_passes_the_default_referee_on_the_first_seed() {
    every_correct_variant_passes(1..=1);
}

#[test]
#[ignore = "long tier (make test-long; CI runs it): seeds 2..5"]
fn every_correct_variant_passes_the_default_referee_on_seeds_2_to_5() {
    every_correct_variant_passes(2..=5);
}
