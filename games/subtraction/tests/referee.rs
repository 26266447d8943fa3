//! The subtraction referee's rounds (games/subtraction/src/play.rs) do what
//! games/subtraction/README.md ("Protocol") says:
//! - default rounds reach the judges' sizes: piles up to 10^18, many past 10^12 and 2^53, at or
//!   next to a losing start, with every k of the mix;
//! - at 10^18 the referee's verdicts agree, position by position along long games, with the
//!   closed forms of k < 2 (the lowest set bit) and k = 2 (the smallest Zeckendorf part),
//!   computed in games/subtraction/tests/brute.rs with no shared code;
//! - the trap moves keep a huge pile huge until the round's cut;
//! - a session's round 5 and its big reply, and its round 7, ask for replies past 10^12;
//! - a round is the position `gen subtraction` writes first for the same seed (one maker,
//!   games/subtraction/src/gen.rs), and `--k` fixes k for every kind of that maker.

use crate::brute::{lowest_set_bit, zeckendorf_smallest};
use combgames_core::rng::Rng;
use combgames_core::round::{GameError, Round, RoundSpec, Trap};
use combgames_registry::Game as GameKind;
use combgames_subtraction::play::K_MIX;
use combgames_subtraction::{Evaluator, Ratio};
use std::collections::{HashMap, HashSet};

const HUGE: u64 = 1_000_000_000_000_000_000;

/// n and k of a round's position line, `n k` or `n k p`.
fn n_and_k(round: &dyn Round) -> (u64, String) {
    let line = round.position_line();
    let words: Vec<&str> = line.split(' ').collect();
    (words[0].parse().unwrap(), words[1].to_owned())
}

/// p of a mid-game start's line `n k p`, None for `n k`.
fn last_removal(round: &dyn Round) -> Option<u64> {
    round
        .position_line()
        .split(' ')
        .nth(2)
        .map(|p| p.parse().unwrap())
}

#[test]
fn default_rounds_reach_the_judges_sizes() {
    let spec = RoundSpec::default();
    let mut rng = Rng::new(1);
    let mut evals: HashMap<String, Evaluator> = HashMap::new();
    let (mut over_1e12, mut over_2_53, mut at_start, mut near_start) = (0, 0, 0, 0);
    let mut ks = HashSet::new();
    let mut largest = 0;
    let rounds = 240;
    for i in 0..rounds as u64 {
        let round = GameKind::Subtraction
            .generate(&spec, i + 1, &mut rng)
            .unwrap();
        let (n, k) = n_and_k(&*round);
        assert!((2..=HUGE).contains(&n), "n = {n}");
        largest = largest.max(n);
        over_1e12 += usize::from(n >= 1_000_000_000_000);
        over_2_53 += usize::from(n > 1 << 53);
        let e = evals
            .entry(k.clone())
            .or_insert_with(|| Evaluator::new(Ratio::parse(&k).unwrap()));
        let below = e.losing_start_at_most(n);
        at_start += usize::from(below == n);
        near_start += usize::from(n - below <= 16 || e.losing_start_at_most(n + 16) > n);
        ks.insert(k);
    }
    eprintln!(
        "{rounds} rounds: past 10^12 {over_1e12}, past 2^53 {over_2_53}, at a losing start \
         {at_start}, within 16 of one {near_start}, largest {largest}"
    );
    assert!(largest > HUGE / 2, "largest pile {largest}");
    // The generator's shares (module comment): 3/4 near a start, 3/8 at one, past 10^12 about
    // half, past 2^53 about a third; the bounds leave room for chance.
    assert!(over_1e12 * 10 >= rounds * 4, "{over_1e12} piles past 10^12");
    assert!(over_2_53 * 10 >= rounds * 2, "{over_2_53} piles past 2^53");
    assert!(
        at_start * 10 >= rounds * 3,
        "{at_start} piles at a losing start"
    );
    assert!(
        near_start * 10 >= rounds * 7,
        "{near_start} piles near a losing start"
    );
    for k in K_MIX {
        assert!(ks.contains(*k), "k = {k} never drawn");
    }
}

/// The smallest part of a pile's greedy decomposition, by a closed form.
type SmallestPart = fn(u64) -> u64;

/// The referee's verdict against a closed form along games from huge piles: at every position
/// the mover wins iff the smallest part is within the cap. Moves: the referee's own choices
/// (its winning move when the mover wins, a trap otherwise), with a random legal removal now
/// and then instead, which may hand the win over.
#[test]
fn huge_piles_are_judged_like_the_closed_forms() {
    let cases: [(&str, SmallestPart); 4] = [
        ("1", lowest_set_bit),
        ("3/2", lowest_set_bit),
        ("1.000000000000000002", lowest_set_bit),
        ("2", zeckendorf_smallest),
    ];
    let mut rng = Rng::new(7);
    let mut checked = 0;
    for (k, smallest_part) in cases {
        let ratio = Ratio::parse(k).unwrap();
        for n in [
            HUGE,
            HUGE - 1,
            (1 << 59) + (1 << 20),
            rng.range(HUGE / 10, HUGE),
        ] {
            let mut round = GameKind::Subtraction
                .from_line(&format!("{n} {k}"))
                .unwrap();
            let (mut stones, mut cap) = (n, n - 1);
            for _ in 0..1500 {
                if stones == 0 {
                    break;
                }
                let wins = round.mover_wins().unwrap();
                assert_eq!(
                    wins,
                    smallest_part(stones) <= cap.min(stones),
                    "k={k} n={n}: {stones} stones, cap {cap}"
                );
                checked += 1;
                let x: u64 = if rng.index(10) == 0 {
                    let x = rng.range(1, cap.min(stones));
                    round.play_line(&x.to_string()).unwrap();
                    x
                } else if wins {
                    round.winning_move(&mut rng).unwrap().parse().unwrap()
                } else {
                    let trap = Trap::pick(&mut rng);
                    round.trap_move(trap, &mut rng).unwrap().parse().unwrap()
                };
                assert!((1..=cap.min(stones)).contains(&x), "illegal {x}");
                stones -= x;
                cap = (x as u128 * ratio.num as u128 / ratio.den as u128) as u64;
            }
        }
    }
    assert!(checked > 10_000, "only {checked} positions");
}

/// A cut round as the referee plays it against a perfect solution: the referee (first, at a
/// losing start, or second) traps, the solution takes its smallest winning removal. After the
/// cap's 3000 moves most huge piles still hold over 99% of their stones.
#[test]
fn trap_moves_keep_huge_piles_huge() {
    let mut rng = Rng::new(11);
    let mut kept = 0;
    let rounds = 16;
    for i in 0..rounds {
        let k = ["1", "2", "3/2", "7/3"][i % 4];
        let mut e = Evaluator::new(Ratio::parse(k).unwrap());
        let target = rng.range(HUGE / 100, HUGE);
        // A losing start half of the time (the referee moves first), else a won pile.
        let n = e.losing_start_at_most(target) + (i as u64 / 4 % 2);
        let mut round = GameKind::Subtraction
            .from_line(&format!("{n} {k}"))
            .unwrap();
        let mut stones = n;
        // The solution takes the winning side: first iff the start is won.
        let mut solution_moves = round.mover_wins().unwrap();
        for _ in 0..GameKind::Subtraction.default_move_cap() {
            let x: u64 = if solution_moves {
                round.winning_move(&mut rng).unwrap().parse().unwrap()
            } else {
                assert!(!round.mover_wins().unwrap(), "the referee should be losing");
                let trap = Trap::pick(&mut rng);
                round.trap_move(trap, &mut rng).unwrap().parse().unwrap()
            };
            stones -= x;
            if stones == 0 {
                break;
            }
            solution_moves = !solution_moves;
        }
        kept += usize::from(stones as f64 >= 0.99 * n as f64);
    }
    eprintln!("{kept} of {rounds} piles kept 99% of their stones over the cut round");
    assert!(
        kept * 4 >= rounds * 3,
        "only {kept} of {rounds} piles kept 99%"
    );
}

/// The referee's rounds and gen's cases come from one maker (games/subtraction/src/gen.rs):
/// the same seed gives round 1's start and the first case of `gen` alike, for the session
/// (the referee's default) and the kinds that draw k per case (`losing` files draw a pool of
/// k first).
#[test]
fn rounds_and_gen_cases_come_from_the_same_maker() {
    use combgames_core::gen::{generate_bytes, Spec};
    for (kind, spec_kind) in [
        ("session", None),
        ("session", Some("session")),
        ("random", Some("random")),
        ("integer", Some("integer")),
    ] {
        for seed in 1..=12 {
            let spec = RoundSpec {
                kind: spec_kind,
                ..RoundSpec::default()
            };
            let round = GameKind::Subtraction
                .generate(&spec, 1, &mut Rng::new(seed))
                .unwrap();
            let gen = Spec::new(
                GameKind::Subtraction.gen(),
                Some(kind),
                Some(HUGE),
                Some(1),
                seed,
            )
            .unwrap();
            let text = String::from_utf8(generate_bytes(&gen)).unwrap();
            assert_eq!(
                text,
                format!("1\n{}\n", round.position_line()),
                "{kind} seed {seed}"
            );
        }
    }
}

/// `--k` fixes k for every kind; each kind keeps its piles (the near-losing ones at or next
/// to a losing start of that k), in the default range and in narrow ones; a k out of reach
/// is an error, not a hang or a panic.
#[test]
fn every_kind_plays_with_a_fixed_k() {
    let kinds = GameKind::Subtraction.gen().kinds;
    let mut rng = Rng::new(11);
    let mut e = Evaluator::new(Ratio::parse("7/3").unwrap());
    for &kind in kinds {
        for size in [(2, HUGE), (2, 2), (2, 40), (HUGE / 2, HUGE)] {
            let spec = RoundSpec {
                size: Some(size),
                kind: Some(kind),
                options: vec![("--k", "7/3".to_owned())],
            };
            let mut at_start = 0;
            for round in 1..=40 {
                let r = GameKind::Subtraction
                    .generate(&spec, round, &mut rng)
                    .unwrap();
                let (n, k) = n_and_k(&*r);
                assert_eq!(k, "7/3", "{kind}");
                assert!((size.0..=size.1).contains(&n), "{kind} {size:?}: n = {n}");
                let below = e.losing_start_at_most(n);
                at_start += usize::from(below == n);
                if kind == "losing" {
                    let near = n - below <= 16 || e.losing_start_at_most(n + 16) > n;
                    assert!(near || n == size.0 || n == size.1, "{kind}: n = {n}");
                }
            }
            if kind == "losing" && size == (2, HUGE) {
                assert!(at_start >= 12, "losing: {at_start} of 40 at a start");
            }
        }
        let spec = RoundSpec {
            size: Some((HUGE, HUGE)),
            kind: Some(kind),
            options: vec![("--k", "1000000".to_owned())],
        };
        let refused = GameKind::Subtraction.generate(&spec, 1, &mut rng);
        assert!(
            matches!(&refused, Err(GameError::Unplayable(e)) if e.contains("losing starts")),
            "{kind}: k = 10^6 at n = 10^18 accepted"
        );
    }
}

/// A session's round 5 (k = 10^18/(10^18 − 1), losing starts the powers of two) starts from a
/// power of two past 2^42, and the referee's first move there, the big reply, takes a quarter
/// of it: the solution's only winning reply (the lowest set bit of what is left, the closed
/// form) is then exactly its cap. Round 7 is two losing starts L + a past 5·10^17, whose
/// smallest winning move is a, a removal past 10^12. Seeds 1..=5, rounds generated in order as
/// a session does.
#[test]
fn session_rounds_5_and_7_ask_for_huge_replies() {
    let spec = RoundSpec::default();
    for seed in 1..=5 {
        let mut rng = Rng::new(seed);
        for round_no in 1..=7 {
            let mut round = GameKind::Subtraction
                .generate(&spec, round_no, &mut rng)
                .unwrap();
            let (n, k) = n_and_k(&*round);
            if round_no == 5 {
                assert_eq!(k, "1000000000000000000/999999999999999999");
                assert!(n.is_power_of_two() && n >= 1 << 42, "seed {seed}: n = {n}");
                assert!(!round.mover_wins().unwrap(), "seed {seed}: {n} is won");
                let trap = Trap::pick(&mut rng);
                let y: u64 = round.trap_move(trap, &mut rng).unwrap().parse().unwrap();
                assert_eq!(y, n / 4, "seed {seed}: n = {n}");
                let cap = Ratio::parse(&k).unwrap().floor_mul(y);
                assert_eq!(lowest_set_bit(n - y), cap, "seed {seed}: n = {n}");
            }
            if round_no == 7 {
                assert!(n > HUGE / 2, "seed {seed}: n = {n}");
                assert!(round.mover_wins().unwrap(), "seed {seed}: {n} {k} is lost");
                let x: u64 = round.winning_move(&mut rng).unwrap().parse().unwrap();
                let mut e = Evaluator::new(Ratio::parse(&k).unwrap());
                assert!(x >= 1_000_000_000_000, "seed {seed}: {n} {k} won by {x}");
                assert_eq!(e.losing_start_at_most(n - x), n - x, "seed {seed}: {n} {k}");
                assert_eq!(e.losing_start_at_most(x), x, "seed {seed}: {n} {k}");
            }
        }
    }
}

/// Seeds 1..=5, rounds generated in order as a session does: rounds 4, 9 and 10 start
/// mid-game (`n k p`), every other round is a fresh pile. Round 4 is a losing start L (drawn
/// from 10^17 down) with the
/// smallest p whose cap reaches L (the mover wins only by taking all); round 9 a pile past
/// 5·10^17 whose smallest winning removal f is past 10^12, with the smallest p whose cap
/// reaches f (won, and p − 1 would lose); round 10 such a pile with the cap just short of f
/// (lost, and p + 1 would win). Values by the evaluator and the closed rules above.
#[test]
fn session_rounds_4_9_and_10_start_mid_game() {
    let spec = RoundSpec::default();
    for seed in 1..=5 {
        let mut rng = Rng::new(seed);
        for round_no in 1..=10 {
            let mut round = GameKind::Subtraction
                .generate(&spec, round_no, &mut rng)
                .unwrap();
            let (n, k_text) = n_and_k(&*round);
            let last = last_removal(&*round);
            let what = format!("seed {seed} round {round_no}: {}", round.position_line());
            if !matches!(round_no, 4 | 9 | 10) {
                assert_eq!(last, None, "{what}");
                continue;
            }
            let p = last.unwrap_or_else(|| panic!("{what}: not mid-game"));
            assert!((1..=HUGE).contains(&p), "{what}");
            let k = Ratio::parse(&k_text).unwrap();
            let mut e = Evaluator::new(k);
            let f = e.smallest_win(n);
            let (cap, cap_before) = (k.floor_mul(p), k.floor_mul(p - 1));
            match round_no {
                4 => {
                    assert_eq!(k_text, "123456789/98765432", "{what}");
                    assert_eq!(f, n, "{what}: not a losing start");
                    // Past 10^16: k's numerator times p needs more than 64 bits.
                    assert!(n > 10_000_000_000_000_000, "{what}");
                    assert!(cap >= n && cap_before < n, "{what}: cap {cap}");
                    assert!(round.mover_wins().unwrap(), "{what}");
                    assert_eq!(round.winning_move(&mut rng).unwrap(), n.to_string());
                }
                9 => {
                    assert!(n > HUGE / 2 && f >= 1_000_000_000_000, "{what}: f = {f}");
                    assert!(cap >= f && cap_before < f, "{what}: cap {cap}, f = {f}");
                    assert!(round.mover_wins().unwrap(), "{what}");
                }
                _ => {
                    assert!(n > HUGE / 2 && f >= 1_000_000_000_000, "{what}: f = {f}");
                    assert!(
                        cap < f && k.floor_mul(p + 1) >= f,
                        "{what}: cap {cap}, f = {f}"
                    );
                    assert!(!round.mover_wins().unwrap(), "{what}");
                }
            }
        }
    }
}

/// Round 4's late position keeps to a `--size` range with no losing start in it (k =
/// 123456789/98765432 < 2, whose losing starts are the powers of two): the pile stays 1000,
/// the line is `n k p` and its cap reaches the pile, so the mover wins.
#[test]
fn round_4_keeps_to_the_size_range() {
    let spec = RoundSpec {
        size: Some((1000, 1000)),
        ..RoundSpec::default()
    };
    for seed in 1..=5 {
        let mut rng = Rng::new(seed);
        let mut round = GameKind::Subtraction.generate(&spec, 4, &mut rng).unwrap();
        let (n, k_text) = n_and_k(&*round);
        let k = Ratio::parse(&k_text).unwrap();
        assert_eq!(n, 1000, "seed {seed}");
        let p = last_removal(&*round).unwrap();
        assert!(k.floor_mul(p) >= n, "seed {seed}: p = {p}");
        assert!(round.mover_wins().unwrap(), "seed {seed}");
    }
}

/// Position lines the referee must refuse (a replayed script's), each with a message naming
/// what is wrong, never a panic: `n k p` with p out of 1..=10^18, not plain digits, extra
/// tokens; n out of range.
#[test]
fn malformed_position_lines_are_refused() {
    for (line, needle) in [
        ("10 2 0", "p = 0"),
        ("10 2 1000000000000000001", "p = 1000000000000000001"),
        ("10 2 99999999999999999999", "bad p"),
        ("10 2 -1", "bad p"),
        ("10 2 +1", "bad p"),
        ("10 2 01", "bad p"),
        ("10 2 1.5", "bad p"),
        ("10 2 x", "bad p"),
        ("10 2 1 1", "not a subtraction position"),
        ("10", "not a subtraction position"),
        ("", "not a subtraction position"),
        ("1 2 1", "needs n ≥ 2, got 1"),
        ("0 2", "needs n ≥ 2, got 0"),
        ("+10 2", "bad n"),
        ("1000000000000000001 2 1", "n = 1000000000000000001"),
        ("10 0.5 1", "below 1"),
        ("10 1/0 1", "divides by zero"),
    ] {
        match GameKind::Subtraction.from_line(line) {
            Err(GameError::Position(why)) => {
                assert!(why.contains(needle), "{line:?}: {why:?} lacks {needle:?}")
            }
            Err(e) => panic!("{line:?}: {e:?}, not a position error"),
            Ok(_) => panic!("{line:?} accepted"),
        }
    }
    // The largest p and n are fine, and the cap saturates rather than wraps.
    let mut round = GameKind::Subtraction
        .from_line("1000000000000000000 1000000000000000000/999999999999999999 1000000000000000000")
        .unwrap();
    assert!(round.mover_wins().unwrap());
}

/// The (class, error) pairs (games/subtraction/README.md, coverage classes) are named exactly
/// where their error changes the side, on every pile up to 40 under each small k, fresh and
/// after every last removal, with f and the losing starts from the plain game search: at a
/// fresh losing start n (lost) `term/any:` and `f-1:`, `f-2:` (n ≥ 3: n − 1, n − 2 fit the
/// cap n − 1); at a fresh won pile `term-1:` where n + 1 is lost and `term+1:` where n − 1 is;
/// with a cap c below the pile, `f±e:` for each e in ±1, ±2 where f + e ≥ 1 and f + e ≤ c
/// differs from f ≤ c, named by c − f.
#[test]
fn error_pairs_are_named_where_the_error_changes_the_side() {
    use crate::brute::{Search, SMALL_KS};
    let mut named = 0;
    for &(text, k) in SMALL_KS {
        let search = Search::new(k, 64);
        let lost = |n: usize| !search.mover_wins(n, n as u64 - 1);
        // The smallest removal that wins with no cap (the whole pile always does).
        let f_of = |m: usize| (1..=m).find(|&x| search.leaves_lost(m, x)).unwrap() as u64;
        let f = f_of;
        for n in 2..=40usize {
            for last in std::iter::once(None).chain((1..=n as u64).map(Some)) {
                let line = match last {
                    None => format!("{n} {text}"),
                    Some(p) => format!("{n} {text} {p}"),
                };
                let round = GameKind::Subtraction.from_line(&line).unwrap();
                let mut got: Vec<String> = round
                    .classes()
                    .into_iter()
                    .filter(|c| {
                        ["f+", "f-", "term", "order/"]
                            .iter()
                            .any(|p| c.starts_with(p))
                    })
                    .collect();
                got.sort();
                let mut want: Vec<String> = Vec::new();
                match last {
                    None if lost(n) => {
                        want.push("term/any:fresh-at-losing".into());
                        want.push("f-1:fresh-at-losing".into());
                        if n >= 3 {
                            want.push("f-2:fresh-at-losing".into());
                        }
                    }
                    None => {
                        if lost(n + 1) {
                            want.push("term-1:fresh-below-losing".into());
                        }
                        if lost(n - 1) {
                            want.push("term+1:fresh-above-losing".into());
                        }
                    }
                    Some(p) => {
                        let (m, c) = (n as u64, k.cap_after(p));
                        let f = f(n);
                        // At most the whole pile may be taken.
                        let reach = c.min(m);
                        for e in [1i64, 2, -1, -2] {
                            let wrong = f as i64 + e;
                            if wrong >= 1 && (f <= reach) != (wrong as u64 <= reach) {
                                let at = match c as i64 - f as i64 {
                                    _ if c >= m => "takes-all",
                                    0 => "equal-f",
                                    1 => "one-above-f",
                                    -1 => "one-below-f",
                                    -2 => "two-below-f",
                                    d => panic!(
                                        "{line}: f {f} {e:+} changes the side at c − f = {d}"
                                    ),
                                };
                                want.push(format!("f{e:+}:{at}"));
                            }
                        }
                        // The decomposition's parts, smallest first: each is the smallest
                        // winning removal of what the smaller ones leave.
                        let mut parts = vec![f];
                        let mut rest = n - f as usize;
                        while rest > 0 {
                            let part = f_of(rest);
                            parts.push(part);
                            rest -= part as usize;
                        }
                        let won = f <= c && c < m;
                        if won && parts.len() > 1 && c < parts[1] {
                            want.push("order/next:cap-before-next".into());
                        }
                        if won && c < *parts.last().unwrap() {
                            want.push("order/largest:cap-before-largest".into());
                        }
                    }
                }
                want.sort();
                assert_eq!(got, want, "{line}");
                named += want.len();
            }
        }
    }
    assert!(named > 500, "{named} pairs named");
}
