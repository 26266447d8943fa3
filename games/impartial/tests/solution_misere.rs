//! The solution's misère play (solutions/src/impartial/misere.rs): the genus of each heap, the
//! tame rule at any size and the exact search, against the brute force of
//! games/impartial/tests/brute.rs (plain exhaustive search, no theory) and published data.

use crate::brute;
use crate::common;
use crate::solution::{batch, check_answer};

use brute::{Rules, Search};
use std::collections::HashMap;

/// Misère Grundy values by plain recursion over positions made of game heaps plus nim heaps
/// of 1 and 2 (the genus's γk is the value of a heap plus k heaps of 2): 1 without a move,
/// else the mex of the options' values.
struct MisereValues {
    rules: Rules,
    memo: HashMap<(Vec<u32>, u32, u32), u32>,
}

impl MisereValues {
    fn value(&mut self, heaps: &[u32], ones: u32, twos: u32) -> u32 {
        let mut key: Vec<u32> = heaps.iter().copied().filter(|&h| h > 0).collect();
        key.sort_unstable();
        if let Some(&v) = self.memo.get(&(key.clone(), ones, twos)) {
            return v;
        }
        let mut seen = Vec::new();
        for i in 0..key.len() {
            for parts in brute::moves(&self.rules, key[i]) {
                let mut next = key.clone();
                next.remove(i);
                next.extend(parts);
                seen.push(self.value(&next, ones, twos));
            }
        }
        if ones > 0 {
            seen.push(self.value(&key, ones - 1, twos));
        }
        if twos > 0 {
            seen.push(self.value(&key, ones, twos - 1));
            seen.push(self.value(&key, ones + 1, twos - 1));
        }
        let v = if seen.is_empty() {
            1
        } else {
            (0..).find(|v| !seen.contains(v)).unwrap()
        };
        self.memo.insert((key, ones, twos), v);
        v
    }
}

/// `--genus SPEC --to N`: per heap (g, the genus's sequence expanded to `len` terms, tame).
fn genus(spec: &str, to: u32, len: usize) -> Vec<(u32, Vec<u32>, bool)> {
    let run = common::run_with_args("impartial", &["--genus", spec, "--to", &to.to_string()], "");
    assert_eq!(run.code, Some(0), "{spec}: {}", run.stderr);
    let mut lines = run.stdout.lines();
    let header = lines.next().unwrap();
    assert!(
        header.starts_with(&format!("# spec={spec} to={to} first-wild=")),
        "{header}"
    );
    lines
        .enumerate()
        .map(|(n, line)| {
            let words: Vec<&str> = line.split(' ').collect();
            assert_eq!(words.len(), 3, "{line}");
            assert_eq!(words[0], n.to_string(), "{line}");
            (parse_genus(words[1], len), words[2] == "tame")
        })
        .map(|((g, seq), tame)| (g, seq, tame))
        .collect()
}

/// `g^{abc}` (or `g^{a,b,c}`), its sequence expanded: the last two terms alternate.
fn parse_genus(text: &str, len: usize) -> (u32, Vec<u32>) {
    let (g, rest) = text.split_once("^{").unwrap();
    let inner = rest.strip_suffix('}').unwrap();
    let mut seq: Vec<u32> = if inner.contains(',') {
        inner.split(',').map(|v| v.parse().unwrap()).collect()
    } else {
        inner.chars().map(|c| c.to_digit(10).unwrap()).collect()
    };
    assert!(seq.len() >= 2, "{text}");
    while seq.len() < len {
        seq.push(seq[seq.len() - 2]);
    }
    seq.truncate(len);
    (g.parse().unwrap(), seq)
}

const GENUS_SPECS: &[(&str, u32)] = &[
    ("0.77", 11),
    ("0.07", 12),
    ("0.137", 11),
    ("0.312", 14),
    ("4.7", 10),
    ("0.6", 10),
    ("0.31", 14),
    ("{1,2,4}", 14),
    ("{2,5}", 14),
    ("{1,4 mod 5}", 12),
    ("nim", 7),
    ("lasker", 7),
    ("grundy", 11),
    ("queue", 10),
];

/// Every heap's genus g^{γ0 γ1 γ2 γ3} against the brute force's normal values and misère
/// values of the heap plus k heaps of 2, and each heap called tame only if its genus is
/// tame and so is every heap it can become a part of.
#[test]
fn genus_matches_the_brute_force() {
    for &(spec, to) in GENUS_SPECS {
        let table = genus(spec, to, 4);
        let normal = brute::mex_values(spec, to);
        let mut values = MisereValues {
            rules: brute::rules(spec),
            memo: HashMap::new(),
        };
        for (n, (g, seq, _)) in table.iter().enumerate() {
            let n32 = n as u32;
            assert_eq!(*g, normal[n], "{spec} heap {n}");
            let want: Vec<u32> = (0..4).map(|k| values.value(&[n32], 0, k)).collect();
            assert_eq!(seq, &want, "{spec} heap {n}");
        }
        for (n, (g, seq, tame)) in table.iter().enumerate() {
            let tame_genus = match (*g, seq.as_slice()) {
                (0, [1, 2, 0, 2]) | (1, [0, 3, 1, 3]) => true,
                (g, s) => s == [g, g ^ 2, g, g ^ 2],
            };
            let parts_tame = brute::moves(&brute::rules(spec), n as u32)
                .iter()
                .flatten()
                .all(|&p| table[p as usize].2);
            assert_eq!(*tame, tame_genus && parts_tame, "{spec} heap {n}");
        }
    }
}

/// Published genera: Plambeck's page on 0.312
/// (http://www.plambeck.org/oldhtml/mathematics/games/misere/quaternary/0312/index.htm):
/// heaps 1..6 are 1^{03131} 2^{20} 0^{02} 2^{1420} 0^{02} 1^{13}, "periodic of length two"
/// (heaps 5, 7, 9, ... 0^{02}; 6, 8, ... 1^{13}). Also Kayles' heap 5, 4^{146}, its first wild
/// heap: not read from a page here (the brute-force test above checks it too).
#[test]
fn published_genera_are_reproduced() {
    let table = genus("0.312", 40, 8);
    let published = [
        "1^{03131}",
        "2^{20}",
        "0^{02}",
        "2^{1420}",
        "0^{02}",
        "1^{13}",
    ];
    for (n, text) in published.iter().enumerate() {
        let (g, seq) = parse_genus(text, 8);
        assert_eq!(
            (table[n + 1].0, &table[n + 1].1),
            (g, &seq),
            "0.312 heap {}",
            n + 1
        );
    }
    for n in 7..=40 {
        assert_eq!(table[n].1, table[n - 2].1, "0.312 heap {n}");
    }
    let kayles = genus("0.77", 6, 8);
    assert_eq!(
        (kayles[5].0, &kayles[5].1),
        (4, &parse_genus("4^{146}", 8).1)
    );
    assert!(kayles[..5].iter().all(|k| k.2) && !kayles[5].2);
}

/// The tame rule and the search together: every position of at most 4 heaps summing to at
/// most 18 (and single heaps and pairs to 30), the side and a winning move, for games tame
/// throughout, tame for a while, and wild early.
#[test]
fn misere_answers_agree_with_the_brute_force() {
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
    ] {
        let lines = batch(spec, &positions);
        let mut search = Search::new(spec);
        for (heaps, line) in positions.iter().zip(&lines) {
            check_answer(&mut search, heaps, line, spec);
        }
    }
}

/// Whether a heap of h may become `parts` under {1,2,4}, {2,5} or 0.51 (written out here for
/// heaps too large for the brute force's move lists).
fn legal(spec: &str, h: u64, parts: &[u64]) -> bool {
    let rest: u64 = parts.iter().sum();
    if rest >= h || parts.contains(&0) {
        return false;
    }
    let k = h - rest;
    match spec {
        "misere {1,2,4}" => parts.len() <= 1 && [1, 2, 4].contains(&k),
        "misere {2,5}" => parts.len() <= 1 && [2, 5].contains(&k),
        // 0.51: take 1 leaving nothing or two heaps, or take a whole heap of 2.
        "misere 0.51" => (k == 1 && parts.len() != 1) || (k == 2 && parts.is_empty()),
        _ => unreachable!(),
    }
}

/// Tame games at any size: heaps up to 10^18 through the proven period of the heaps' kinds,
/// for two subtraction sets and a code with splits (0.51: a winning move on a heap beyond
/// the table is found on a heap of the table and its largest part shifted). The brute force
/// decides the same position with each heap H replaced by the heap b + (H − b) mod p of its
/// class (p the period of the normal values: 3 for {1,2,4}, 7 for {2,5}, 1 for 0.51; b 30, or
/// 6 for 0.51 whose splits make the brute force slow; the brute force checks that heaps play
/// alike in these classes on every pair up to b + 15 first),
/// and the move is checked legal by the rules and leaving a lost position (reduced likewise).
#[test]
fn tame_heaps_to_ten_to_the_eighteen() {
    for (spec, p, base) in [
        ("misere {1,2,4}", 3u64, 30u64),
        ("misere {2,5}", 7, 30),
        ("misere 0.51", 1, 6),
    ] {
        let mut search = Search::new(spec);
        let reduce = |h: u64| if h < base { h } else { base + (h - base) % p };
        let top = base as u32 + 15;
        for a in 1..=top {
            for b in a..=top {
                let r = [reduce(u64::from(a)) as u32, reduce(u64::from(b)) as u32];
                assert_eq!(search.wins(&[a, b]), search.wins(&r), "{spec} {a} {b}");
            }
        }
        let big: Vec<Vec<u64>> = (0..40u64)
            .map(|i| {
                let x = 1_000_000_000_000_000_000 - i * 7_919;
                match i % 4 {
                    0 => vec![x],
                    1 => vec![x, x - 1 - i],
                    2 => vec![1, x, 1 + i % 3],
                    _ => vec![x, 999_999_999_999 + i, 2],
                }
            })
            .collect();
        let mut input = format!("{spec}\n{}\n", big.len());
        for heaps in &big {
            let words: Vec<String> = heaps.iter().map(|h| h.to_string()).collect();
            input.push_str(&format!("{} {}\n", heaps.len(), words.join(" ")));
        }
        let run = common::run("impartial", input);
        assert_eq!(run.code, Some(0), "{spec}: {}", run.stderr);
        for (heaps, line) in big.iter().zip(run.stdout.lines()) {
            let reduced: Vec<u32> = heaps.iter().map(|&h| reduce(h) as u32).collect();
            let wins = search.wins(&reduced);
            assert_eq!(line.starts_with("First"), wins, "{spec} {heaps:?}: {line}");
            if !wins {
                continue;
            }
            let words: Vec<u64> = line
                .split(' ')
                .skip(1)
                .map(|w| w.parse().unwrap())
                .collect();
            let i = words[0] as usize - 1;
            assert!(
                legal(spec, heaps[i], &words[1..]),
                "{spec} {heaps:?}: {line}"
            );
            let mut next = heaps[..i].to_vec();
            next.extend_from_slice(&words[1..]);
            next.extend_from_slice(&heaps[i + 1..]);
            let next: Vec<u32> = next.iter().map(|&h| reduce(h) as u32).collect();
            assert!(
                !search.wins(&next),
                "{spec} {heaps:?}: {line} leaves a won position"
            );
        }
    }
}

/// The search's reductions (a heap equal to ∗1 cancels another, a heap equal to {∗1} is
/// dropped: 0.07's heaps 2 and 3 are ∗1 and heap 5 is 0, Kayles' and 4.7's heap 1 is ∗1): every
/// position of up to 10 heaps of at most 12, one of 5 or more, summing to at most 26, with many copies of such
/// heaps among wild ones, the side and a winning move against the brute force.
#[test]
fn the_searchs_reductions_agree_with_the_brute_force() {
    let positions: Vec<Vec<u32>> = brute::positions(26, 10)
        .into_iter()
        .filter(|p| p.iter().all(|&h| h <= 12) && p.iter().any(|&h| h >= 5))
        .collect();
    for spec in ["misere 0.07", "misere 0.77", "misere 4.7", "misere 0.137"] {
        let lines = batch(spec, &positions);
        let mut search = Search::new(spec);
        for (heaps, line) in positions.iter().zip(&lines) {
            check_answer(&mut search, heaps, line, spec);
        }
    }
}

/// The exact search answers every code up to a sum of 60 (positions of 8 heaps), and refuses
/// a wild position past it; tame positions are answered at any sum.
#[test]
fn the_search_reaches_a_sum_of_sixty() {
    for spec in [
        "misere 0.07",
        "misere 0.137",
        "misere 0.312",
        "misere grundy",
        "misere 0.6",
    ] {
        let positions = vec![vec![7u32, 9, 5, 8, 6, 10, 11, 4], vec![30, 30], vec![60]];
        let lines = batch(spec, &positions);
        assert_eq!(lines.len(), 3, "{spec}");
    }
    common::assert_rejects(
        "impartial",
        "misere 0.137\n1\n2 30 31\n",
        "beyond the exact search's 60",
    );
    let run = common::run("impartial", "misere 0.07\n1\n8 9 9 9 9 9 9 9 9\n");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
}

/// `--genus` refuses in one line: a bad usage, N past its bound, a game whose wild sums pass
/// the recursion's budget (Kayles at heap 49: the message names the last heap answered).
#[test]
fn genus_refusals() {
    for (args, needle) in [
        (
            vec!["--genus", "0.77"],
            "usage: impartial --genus SPEC --to N",
        ),
        (
            vec!["--genus", "0.77", "--to", "x"],
            "N \"x\" is not a number",
        ),
        (vec!["--genus", "0.77", "--to", "4097"], "up to 4096"),
        (vec!["--genus", "{1,2,4}", "--to", "100001"], "up to 100000"),
        (vec!["--genus", "0.77", "--to", "60"], "--to 48 is answered"),
    ] {
        let run = common::run_with_args("impartial", &args, "");
        assert_eq!(run.code, Some(1), "{args:?}");
        assert!(run.stdout.is_empty(), "{args:?}");
        let lines: Vec<&str> = run.stderr.lines().collect();
        assert!(
            lines.len() == 1 && lines[0].contains(needle),
            "{args:?}: {}",
            run.stderr
        );
    }
}
