//! impartial's phase classes (games/impartial/README.md): each family's period holds on the heaps the
//! referee plays, and the phase rounds show every (phase class, wrong value) pair whatever
//! the seed; likewise the value classes of the families without a period and their rounds.

use combgames_core::rng::Rng;
use combgames_core::round::RoundSpec;
use combgames_impartial::coverage::{
    listed, phase_rounds, phases_of, round_start, value_rounds, values_of, PERIODS,
};
use combgames_impartial::play::DEFAULT_SIZE;
use combgames_impartial::{Evaluator, Spec};
use std::collections::BTreeSet;

/// Each listed period p is one of the family's values up to its largest heap: past some heap
/// n0 ≤ half the largest, g(n + p) − g(n) is one constant (the saltus). Published: Kayles
/// 0.77 period 12 from n = 71, Dawson's chess 0.137 period 34 from n = 52 (Berlekamp,
/// Conway, Guy, Winning Ways, vol. 1, ch. 4); Lasker's nim g(4j + 1) = 4j + 1,
/// g(4j + 2) = 4j + 2, g(4j + 3) = 4j + 4, g(4j + 4) = 4j + 3 (Winning Ways, ch. 4).
#[test]
fn every_listed_period_holds_on_the_referees_heaps() {
    for (family, p) in PERIODS {
        let spec = Spec::parse(family).unwrap();
        let max = spec.max_heap();
        let mut ev = Evaluator::new(spec);
        let g: Vec<i64> = (0..=max).map(|n| i64::from(ev.value(n))).collect();
        let holds_from = |n0: u64| {
            let d = g[(n0 + p) as usize] - g[n0 as usize];
            (n0..=max - p).all(|n| g[(n + p) as usize] - g[n as usize] == d)
        };
        let n0 = (0..=max / 2).find(|&n0| holds_from(n0));
        assert!(n0.is_some(), "{family}: no period {p}");
        if family == "kayles" {
            assert_eq!(n0, Some(71));
        }
        if family == "dawson-chess" {
            assert_eq!(n0, Some(52));
        }
        if family == "lasker" {
            for n in 1..=max {
                let want = match n % 4 {
                    3 => n + 1,
                    0 => n - 1,
                    _ => n,
                };
                assert_eq!(g[n as usize], want as i64, "lasker {n}");
            }
        }
    }
}

/// Seeds 1..=20: the phase rounds (as the referee draws them) show every listed `phase/any:`
/// pair at their start (a lost position with one heap of the class), and no other.
#[test]
fn the_phase_rounds_show_every_listed_pair_whatever_the_seed() {
    let listed: BTreeSet<String> = listed(&RoundSpec::default(), DEFAULT_SIZE)
        .into_iter()
        .filter(|c| c.starts_with("phase/any:"))
        .collect();
    // Every phase of every period, low and high: the default range has heaps of each.
    let every: BTreeSet<String> = PERIODS
        .iter()
        .flat_map(|&(family, p)| {
            (0..p).flat_map(move |r| {
                ["low", "high"].map(|half| format!("phase/any:{family},n%{p}={r},{half}"))
            })
        })
        .collect();
    assert_eq!(listed, every);
    assert_eq!(phase_rounds().count(), PERIODS.len());
    for seed in 1..=20 {
        let mut rng = Rng::new(seed);
        let mut shown = BTreeSet::new();
        for round in phase_rounds() {
            if let Some((start, mut ev)) = round_start(round, DEFAULT_SIZE, &mut rng) {
                let xor = start.heaps.iter().fold(0, |x, &h| x ^ ev.value(h));
                let pairs: Vec<String> = phases_of(&mut ev, &start.heaps)
                    .into_iter()
                    .filter(|c| c.starts_with("phase/any:"))
                    .collect();
                assert!(pairs.is_empty() || xor == 0, "round {round}");
                shown.extend(pairs);
            }
        }
        assert_eq!(shown, listed, "seed {seed}");
    }
}

/// The families without a period: their value classes are every (value, low or high) their
/// heaps 1..=1000 have, read off the evaluator here.
const VALUE_FAMILIES: [&str; 3] = ["0.6", "grundy", "queue"];

/// Seeds 1..=20: the value rounds show every listed `value/any:` pair at their start, in a
/// lost position, and the listed pairs are one per (family, value, half) of the heaps.
#[test]
fn the_value_rounds_show_every_listed_pair_whatever_the_seed() {
    let listed: BTreeSet<String> = listed(&RoundSpec::default(), DEFAULT_SIZE)
        .into_iter()
        .filter(|c| c.starts_with("value/any:"))
        .collect();
    let mut every = BTreeSet::new();
    for family in VALUE_FAMILIES {
        let spec = Spec::parse(family).unwrap();
        let max = spec.max_heap();
        let mut ev = Evaluator::new(spec);
        for h in 1..=max {
            let half = if h <= max / 2 { "low" } else { "high" };
            every.insert(format!("value/any:{family},g={},{half}", ev.value(h)));
        }
    }
    assert_eq!(listed, every);
    assert_eq!(value_rounds().count(), 2 * VALUE_FAMILIES.len());
    for seed in 1..=20 {
        let mut rng = Rng::new(seed);
        let mut shown = BTreeSet::new();
        for round in value_rounds() {
            if let Some((start, mut ev)) = round_start(round, DEFAULT_SIZE, &mut rng) {
                let xor = start.heaps.iter().fold(0, |x, &h| x ^ ev.value(h));
                assert_eq!(xor, 0, "round {round}");
                shown.extend(
                    values_of(&mut ev, &start.heaps)
                        .into_iter()
                        .filter(|c| c.starts_with("value/any:")),
                );
            }
        }
        assert_eq!(shown, listed, "seed {seed}");
    }
}

/// `value/any:C` is named exactly where some wrong value of one heap size of class C turns
/// the side: here every size of C is given each other value in 0..64 in turn (all its heaps
/// alike) and the xor is recomputed, over random positions of 1 to 6 heaps, lost ones among
/// them.
#[test]
fn value_pairs_are_named_where_one_wrong_size_turns_the_side() {
    let mut rng = Rng::new(7);
    let mut named = 0;
    for family in VALUE_FAMILIES {
        let spec = Spec::parse(family).unwrap();
        let max = spec.max_heap();
        let mut ev = Evaluator::new(spec);
        for _ in 0..3000 {
            let mut heaps: Vec<u64> = (0..1 + rng.index(6)).map(|_| rng.range(1, max)).collect();
            // Half of the positions made lost: a copy of a heap, or a heap of the xor's value.
            if rng.index(2) == 0 {
                let x = heaps.iter().fold(0, |x, &h| x ^ ev.value(h));
                if let Some(h) = (1..=max).find(|&h| ev.value(h) == x) {
                    heaps.push(h);
                }
            }
            let values: Vec<u32> = heaps.iter().map(|&h| ev.value(h)).collect();
            let xor = values.iter().fold(0, |x, &v| x ^ v);
            let mut want = BTreeSet::new();
            for &size in &heaps {
                let v = ev.value(size);
                let half = if size <= max / 2 { "low" } else { "high" };
                for wrong in (0..64).filter(|&w| w != v) {
                    let believed = heaps
                        .iter()
                        .fold(0, |x, &h| x ^ if h == size { wrong } else { ev.value(h) });
                    if (xor == 0) != (believed == 0) && xor == 0 {
                        want.insert(format!("value/any:{family},g={v},{half}"));
                    }
                }
            }
            let got: BTreeSet<String> = values_of(&mut ev, &heaps)
                .into_iter()
                .filter(|c| c.starts_with("value/any:"))
                .collect();
            assert_eq!(got, want, "{family} {heaps:?}");
            named += got.len();
        }
    }
    assert!(named > 1000, "{named} pairs named");
}

/// The coverage rounds by kind, as games/impartial/README.md ("Coverage classes") gives them:
/// what the mutation suite plays to reach each class.
#[test]
fn each_kind_of_coverage_round_is_where_the_readme_says() {
    use combgames_impartial::coverage::class_rounds;
    let documented = [
        ("heaps", 8..=22),
        ("split", 23..=31),
        ("all-ones", 32..=46),
        ("one-large", 47..=61),
        ("tame-large", 62..=68),
        ("wild", 69..=76),
        ("phase", 77..=88),
        ("value", 89..=94),
    ];
    for (kind, rounds) in documented {
        let found = class_rounds(kind).unwrap();
        assert_eq!(
            (found.start, found.end - 1),
            (*rounds.start(), *rounds.end()),
            "{kind}"
        );
    }
    assert_eq!(class_rounds("phases"), None);
}
