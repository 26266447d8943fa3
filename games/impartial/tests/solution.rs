//! The impartial solution (solutions/src/impartial.rs) against the independent brute force of
//! games/impartial/tests/brute.rs (a plain search over positions), against published
//! sequences (OEIS data, as data), and on bad input.

use crate::common;
use crate::{brute, oeis};

use brute::{Search, SPECS};
use oeis::{A002186, A002187, A002188};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

/// One answer line: None for `Second`, Some(move numbers) for `First ...`.
fn parse_answer(line: &str) -> Option<Vec<u32>> {
    let mut words = line.split(' ');
    match words.next() {
        Some("Second") => {
            assert_eq!(words.next(), None, "{line:?}");
            None
        }
        Some("First") => Some(words.map(|w| w.parse().unwrap()).collect()),
        _ => panic!("bad answer line {line:?}"),
    }
}

/// Checks one answer against the brute force: the side, and a winning move that is legal and
/// leaves a lost position (or, in misère play, no move where none exists).
pub(crate) fn check_answer(search: &mut Search, heaps: &[u32], line: &str, context: &str) {
    let wins = search.wins(heaps);
    let answer = parse_answer(line);
    assert_eq!(answer.is_some(), wins, "{context} {heaps:?}: {line:?}");
    let Some(mv) = answer else { return };
    if mv.is_empty() {
        assert!(
            search.successors(heaps).is_empty(),
            "{context} {heaps:?}: `First` without a move, but a move exists"
        );
        return;
    }
    let i = mv[0] as usize;
    assert!(i >= 1 && i <= heaps.len(), "{context} {heaps:?}: {line:?}");
    assert!(
        search.is_move(heaps[i - 1], &mv[1..]),
        "{context} {heaps:?}: {line:?} is not a legal move"
    );
    let mut next = heaps[..i - 1].to_vec();
    next.extend_from_slice(&mv[1..]);
    next.extend_from_slice(&heaps[i..]);
    assert!(
        !search.wins(&next),
        "{context} {heaps:?}: {line:?} leaves a won position {next:?}"
    );
}

pub(crate) fn batch(spec: &str, positions: &[Vec<u32>]) -> Vec<String> {
    let mut input = format!("{spec}\n{}\n", positions.len());
    for p in positions {
        input.push_str(&p.len().to_string());
        for h in p {
            input.push_str(&format!(" {h}"));
        }
        input.push('\n');
    }
    let run = common::run("impartial", input);
    assert_eq!(run.code, Some(0), "{spec}: {}", run.stderr);
    let lines: Vec<String> = run.stdout.lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), positions.len(), "{spec}");
    lines
}

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

/// The values table: g(0..N) from `--values`, with its header.
fn values(spec: &str, to: u32) -> (String, Vec<u32>) {
    let run = common::run_with_args(
        "impartial",
        &["--values", spec, "--to", &to.to_string()],
        "",
    );
    assert_eq!(run.code, Some(0), "{spec}: {}", run.stderr);
    let mut lines = run.stdout.lines();
    let header = lines.next().unwrap().to_owned();
    let g = lines
        .enumerate()
        .map(|(n, l)| {
            let (i, v) = l.split_once(' ').unwrap();
            assert_eq!(i.parse::<usize>().unwrap(), n, "{spec}: {l:?}");
            v.parse().unwrap()
        })
        .collect::<Vec<u32>>();
    assert_eq!(g.len(), to as usize + 1, "{spec}");
    (header, g)
}

/// Every family's table against the mex over the brute force's own list of moves.
#[test]
fn values_tables_agree_with_the_brute_force_mex() {
    // The tables are independent: each on a thread of its own.
    common::par_map(SPECS, |&spec| {
        let to = if spec.contains("grundy") || spec.contains("queue") {
            300
        } else {
            150
        };
        let (_, g) = values(spec, to);
        assert_eq!(g, brute::mex_values(spec, to), "{spec}");
    });
}

#[test]
fn published_sequences_are_reproduced() {
    assert_eq!(values("0.77", 104).1, A002186);
    assert_eq!(values("kayles", 104).1, A002186);
    assert_eq!(values("0.137", 131).1, A002187);
    let (_, dawson_kayles) = values("0.07", 132);
    assert_eq!(dawson_kayles[0], 0);
    assert_eq!(dawson_kayles[1..], A002187);
    assert_eq!(values("grundy", 104).1, A002188);
    // docs/problems.md §7: Dawson's chess starts 0,1,1,2,0,3,1,1,0,3,3,2,2,4,0,5.
    assert_eq!(
        values("dawson-chess", 15).1,
        [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5]
    );
    // docs/problems.md §7: the queue game starts 0,1,1,2,0,1,2,3,1,2,3,4,0,3,4,2.
    assert_eq!(
        values("queue", 15).1,
        [0, 1, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0, 3, 4, 2]
    );
}

/// The periods the OEIS entries state (A002186: period 12 from n = 71, the last exception 70;
/// A002187: period 34, the last exception 51), proven by the solution (Guy-Smith) and read
/// through far beyond the computed table.
#[test]
fn periods_are_found_and_proven() {
    for (spec, pre, period) in [("0.77", 71, 12), ("0.137", 52, 34), ("0.07", 53, 34)] {
        let (header, g) = values(spec, 200_000);
        assert!(
            header.contains(&format!(
                " preperiod={pre} period={period} proof=guy-smith "
            )),
            "{spec}: {header}"
        );
        for n in pre..g.len() - period {
            assert_eq!(g[n], g[n + period], "{spec} at {n}");
        }
        // The exception just before the pre-period is one.
        assert_ne!(g[pre - 1], g[pre - 1 + period], "{spec}");
    }
    let (header, _) = values("{1,2,4}", 50);
    assert!(
        header.contains(" preperiod=0 period=3 proof=window "),
        "{header}"
    );
    let (header, _) = values("grundy", 50);
    assert!(header.contains(" period=unknown proof=none "), "{header}");
}

/// Lasker's Nim: g(4j+1) = 4j+1, g(4j+2) = 4j+2, g(4j+3) = 4j+4, g(4j+4) = 4j+3 (docs/problems.md §7),
/// checked against the brute-force mex, and the solution's table against both.
#[test]
fn laskers_closed_form_matches_the_mex() {
    let mex = brute::mex_values("lasker", 200);
    for (n, &v) in mex.iter().enumerate().skip(1) {
        let j = (n - 1) / 4;
        let want = [4 * j + 1, 4 * j + 2, 4 * j + 4, 4 * j + 3][(n - 1) % 4];
        assert_eq!(v as usize, want, "lasker {n}");
    }
    assert_eq!(values("lasker", 200).1, mex);
}

/// Large heaps go through the period (normal play): the answers' moves are checked on the
/// values the brute-force mex gives far enough.
#[test]
fn large_heaps_through_the_period() {
    let g = brute::mex_values("0.77", 400);
    let (_, table) = values("0.77", 1_000_000);
    let period = |n: usize| if n < 400 { g[n] } else { g[72 + (n - 72) % 12] };
    for n in [0, 1, 71, 72, 399, 400, 12345, 999_999, 1_000_000] {
        assert_eq!(table[n], period(n), "kayles {n}");
    }
    let lines = batch(
        "0.77",
        &[vec![1_000_000, 999_999, 7], vec![500_000, 500_000]],
    );
    assert_eq!(lines[1], "Second");
    let mv = parse_answer(&lines[0]).unwrap();
    let heaps = [1_000_000usize, 999_999, 7];
    let i = mv[0] as usize - 1;
    let removed = heaps[i] - mv[1..].iter().map(|&p| p as usize).sum::<usize>();
    assert!((1..=2).contains(&removed) && mv.len() <= 3, "{mv:?}");
    let x = heaps
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != i)
        .fold(0, |x, (_, &h)| x ^ period(h))
        ^ mv[1..].iter().fold(0, |x, &p| x ^ period(p as usize));
    assert_eq!(x, 0, "{mv:?}");
}

/// Bad input: one line on stderr, exit 1, nothing on stdout; misère beyond the bound is refused.
#[test]
fn bad_input_is_refused_in_one_line() {
    for (input, needle) in [
        ("", "spec"),
        ("chess\n1\n1 3\n", "unknown game"),
        ("0.77\n", "expected T"),
        ("0.77\n2\n1 3\n", "expected k"),
        ("0.77\n1\n0\n", "at least one heap"),
        ("0.77\n1\n2 3\n", "expected a heap"),
        ("0.77\n1\n1 x\n", "a heap"),
        ("0.77\n1\n1 3\n4\n", "unexpected"),
        ("3.7\n1\n1 3\n", "digit 0"),
        ("0.000\n1\n1 3\n", "non-zero"),
        ("{0,1}\n1\n1 3\n", "positive"),
        ("{1 mod 0}\n1\n1 3\n", "modulus"),
        ("{5 mod 3}\n1\n1 3\n", "residue"),
        ("misere 0.77\n1\n2 30 31\n", "heap 30 is wild"),
        ("misere queue\n1\n1 61\n", "misère value unknown"),
        ("grundy\n1\n1 1000001\n", "above"),
        ("queue\n1\n1 100001\n", "above"),
        ("nim\n1\n1 1000001\n", "above"),
        ("0.f\n1\n1 1000001\n", "above"),
        ("0.77\n1\n1 1000000000000000001\n", "a heap"),
    ] {
        common::assert_rejects("impartial", input, needle);
    }
    // Within the bound, and nim/lasker at any size, misère is answered.
    for input in [
        "misere 0.77\n1\n2 20 20\n",
        "misere nim\n1\n3 1000000 7 1\n",
        "misere lasker\n1\n2 1000000 3\n",
    ] {
        let run = common::run("impartial", input);
        assert_eq!(run.code, Some(0), "{input:?}: {}", run.stderr);
    }
    // Leniency: any whitespace, `misère`, spaces inside a set.
    let run = common::run("impartial", "  misère  { 1 , 2 , 4 }\r\n\r\n 2 1 20\n\t1 7");
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (Some(0), "First 1 19\nSecond\n")
    );
}

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
        let mut child = Command::new(common::solution("impartial"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut to = child.stdin.take().unwrap();
        let mut from = BufReader::new(child.stdout.take().unwrap());
        let mut read = || {
            let mut line = String::new();
            from.read_line(&mut line).unwrap();
            line.trim_end().to_owned()
        };
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
                    let mut after = heaps[..i].to_vec();
                    after.extend_from_slice(&mv[1..]);
                    after.extend_from_slice(&heaps[i + 1..]);
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
                    let mut after = heaps[..i].to_vec();
                    after.extend_from_slice(&parts);
                    after.extend_from_slice(&heaps[i + 1..]);
                    heaps = after;
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

#[test]
fn help_and_values_usage() {
    use predicates::prelude::*;
    common::command("impartial")
        .arg("--help")
        .assert()
        .code(0)
        .stdout(
            predicate::str::contains("usage: impartial").and(predicate::str::contains("--values")),
        );
    for args in [
        &["--values", "0.77"][..],
        &["--values", "misere 0.77", "--to", "5"],
        &["--values", "grundy", "--to", "33554432"],
        &["--values", "0.77", "--from", "7", "--to", "6"],
        &["--values", "0.77", "--from", "0", "--to", "100000000"],
        &["--values", "0.77", "--to", "5", "--mask", "0"],
        &["--values", "0.77", "--to", "5", "--mask", "x1"],
        &["--values", "0.77", "--to", "5", "--to", "6"],
        &["--values", "0.77", "--to", "1000000000000000001"],
        &["--values", "0.77", "--to", "x"],
    ] {
        common::command("impartial")
            .args(args)
            .assert()
            .code(1)
            .stdout(predicate::str::is_empty())
            .stderr(common::one_line());
    }
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

/// Codes whose proof needs a table longer than the first 512 values (the Guy-Smith range
/// 2·n0 + p + t reaches past it): the claimed pre-period and period hold on the brute-force mex
/// to 4000, far past the bound, and the pre-period is the last exception. A weaker bound would
/// accept an apparent period too early here.
#[test]
fn long_preperiods_are_proven_with_the_full_bound() {
    for (spec, pre, period) in [("0.177", 497, 20), ("0.055", 259, 148)] {
        let (header, g) = values(spec, 4000);
        assert!(
            header.contains(&format!(
                " preperiod={pre} period={period} proof=guy-smith "
            )),
            "{spec}: {header}"
        );
        let mex = brute::mex_values(spec, 4000);
        assert_eq!(g, mex, "{spec}");
        for n in pre..=4000 - period {
            assert_eq!(mex[n], mex[n + period], "{spec} at {n}");
        }
        assert_ne!(mex[pre - 1], mex[pre - 1 + period], "{spec}");
    }
}

/// The value table into a pipe whose reader is gone (larger than a pipe's buffer): no
/// message, exit 0.
#[test]
fn the_value_table_into_a_closed_pipe_ends_quietly() {
    let solution = std::path::PathBuf::from(common::bin("impartial"));
    let args = ["--values", "0.137", "--to", "100000"];
    let out = common::into_a_closed_pipe(&solution, &args, b"");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
    assert!(stderr.is_empty(), "{args:?}: {stderr}");
}
