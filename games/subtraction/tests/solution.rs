//! The subtraction judge mode against an independent brute force.
//!
//! The brute force is a plain game search over (stones left, cap) that knows nothing of the
//! losing-start sequence: it is the definition of the game and nothing else.

use crate::common;

use crate::brute::{power_of_two_answer, zeckendorf_answer, Search, K, SMALL_KS as KS};
use combgames_core::rng::Rng;

const MAX_SMALL_N: usize = 300;

fn input_of(cases: &[(u64, &str)]) -> String {
    let mut s = format!("{}\n", cases.len());
    for (n, k) in cases {
        s += &format!("{n} {k}\n");
    }
    s
}

fn expected_output(answers: &[String]) -> String {
    answers
        .iter()
        .enumerate()
        .map(|(i, a)| format!("Case {}: {a}\n", i + 1))
        .collect()
}

fn run_ok(input: &str) -> String {
    let r = common::run("subtraction", input.to_owned());
    assert_eq!(r.code, Some(0), "subtraction failed: {}", r.stderr);
    r.stdout
}

#[test]
fn every_small_n_matches_the_game_search() {
    for &(k_text, k) in KS {
        let search = Search::new(k, MAX_SMALL_N);
        let ns: Vec<u64> = (2..=MAX_SMALL_N as u64).collect();
        let cases: Vec<(u64, &str)> = ns.iter().map(|&n| (n, k_text)).collect();
        let want: Vec<String> = ns
            .iter()
            .map(|&n| search.judge_answer(n as usize))
            .collect();
        let got = run_ok(&input_of(&cases));
        for ((line_got, line_want), n) in got.lines().zip(expected_output(&want).lines()).zip(&ns) {
            assert_eq!(line_got, line_want, "k = {k_text}, n = {n}");
        }
        assert_eq!(
            got.lines().count(),
            ns.len(),
            "k = {k_text}: wrong number of answers"
        );
    }
}

/// Inputs whose largest n is just around floor(k) + 1, where the binary may answer without
/// building the sequence: the search still decides.
#[test]
fn piles_around_the_whole_part_of_k_match_the_game_search() {
    for &(k_text, k) in KS {
        let top = ((k.num / k.den) as usize + 2).min(MAX_SMALL_N);
        let search = Search::new(k, top);
        for max_n in (top as u64).saturating_sub(2).max(2)..=top as u64 {
            let ns: Vec<u64> = (2..=max_n).collect();
            let cases: Vec<(u64, &str)> = ns.iter().map(|&n| (n, k_text)).collect();
            let want: Vec<String> = ns
                .iter()
                .map(|&n| search.judge_answer(n as usize))
                .collect();
            assert_eq!(
                run_ok(&input_of(&cases)),
                expected_output(&want),
                "k = {k_text}, n up to {max_n}"
            );
        }
    }
}

/// With one n = 10^18 in the input, the sequence of a k of a few hundred grows past 4096
/// terms, and the binary switches to its search for long sequences: the small n of the same
/// input, answered by that search, must still match the game search.
#[test]
fn small_piles_next_to_a_huge_one_match_the_game_search() {
    for (k_text, k) in [
        ("200", K { num: 200, den: 1 }),
        ("301/2", K { num: 301, den: 2 }),
        ("250.25", K { num: 1001, den: 4 }),
    ] {
        let search = Search::new(k, MAX_SMALL_N);
        let ns: Vec<u64> = (2..=MAX_SMALL_N as u64)
            .chain([1_000_000_000_000_000_000])
            .collect();
        let cases: Vec<(u64, &str)> = ns.iter().map(|&n| (n, k_text)).collect();
        let got = run_ok(&input_of(&cases));
        let want: Vec<String> = ns[..ns.len() - 1]
            .iter()
            .map(|&n| search.judge_answer(n as usize))
            .collect();
        let got_small: Vec<&str> = got.lines().take(want.len()).collect();
        let want = expected_output(&want);
        assert_eq!(got_small, want.lines().collect::<Vec<_>>(), "k = {k_text}");
    }
}

/// For huge n and large k, where no search reaches, the answers must at least be consistent
/// with each other: the answer x to n is a losing start (`lose` for x) and, unless x = n,
/// n - x is `lose` or has an answer above k·x (the next part of the decomposition).
#[test]
fn huge_piles_with_large_k_answer_consistently() {
    let mut rng = Rng::new(99_999);
    for (k_text, k) in [
        ("1000", K { num: 1000, den: 1 }),
        (
            "99999.5",
            K {
                num: 199_999,
                den: 2,
            },
        ),
    ] {
        let ns: Vec<u64> = (0..300)
            .map(|_| rng.range(2, 1_000_000_000_000_000_000))
            .collect();
        let answers = |ns: &[u64]| -> Vec<Option<u64>> {
            let cases: Vec<(u64, &str)> = ns.iter().map(|&n| (n, k_text)).collect();
            run_ok(&input_of(&cases))
                .lines()
                .map(|l| l.split(": ").nth(1).unwrap().parse().ok())
                .collect()
        };
        let first = answers(&ns);
        let xs: Vec<u64> = ns
            .iter()
            .zip(&first)
            .map(|(&n, a)| a.unwrap_or(n))
            .collect();
        let rests: Vec<u64> = ns
            .iter()
            .zip(&xs)
            .map(|(&n, &x)| n - x)
            .filter(|&r| r >= 2)
            .collect();
        let of_xs = answers(&xs.iter().copied().filter(|&x| x >= 2).collect::<Vec<_>>());
        assert!(
            of_xs.iter().all(Option::is_none),
            "k = {k_text}: an answer that is not a losing start"
        );
        let of_rests = answers(&rests);
        let mut r = 0;
        for (&n, &x) in ns.iter().zip(&xs) {
            if n - x < 2 {
                assert!(
                    n == x || n - x > k.cap_after(x),
                    "k = {k_text}, n = {n}: rest {} after {x}",
                    n - x
                );
                continue;
            }
            let next = of_rests[r].unwrap_or(n - x);
            r += 1;
            assert!(
                next > k.cap_after(x),
                "k = {k_text}, n = {n}: part {next} after {x}"
            );
        }
    }
}

/// All k's interleaved in one input: cases are grouped by k inside the binary, and the
/// answers must still come back in input order.
#[test]
fn interleaved_ks_answer_in_input_order() {
    let searches: Vec<Search> = KS.iter().map(|&(_, k)| Search::new(k, 120)).collect();
    let mut cases = Vec::new();
    let mut want = Vec::new();
    for n in 2..=120u64 {
        for (i, &(k_text, _)) in KS.iter().enumerate().rev() {
            if !(n as usize + i).is_multiple_of(3) {
                cases.push((n, k_text));
                want.push(searches[i].judge_answer(n as usize));
            }
        }
    }
    assert_eq!(run_ok(&input_of(&cases)), expected_output(&want));
}

#[test]
fn spellings_of_one_k_answer_alike() {
    let groups: &[&[&str]] = &[
        &["3/2", "1.5", "6/4", "1.50", "003/002"],
        &["6/5", "1.2", "12/10", "1.200000000000000000"],
        &["2", "2/1", "2.0", "4/2", "02"],
        &["7/3", "14/6", "700/300"],
        &["1", "1.0", "1/1", "5/5"],
    ];
    let ns: Vec<u64> = (2..=200)
        .chain([10u64.pow(18), 999_999_999_999_999_999, 123_456_789_012_345])
        .collect();
    for group in groups {
        let outputs: Vec<String> = group
            .iter()
            .map(|k| run_ok(&input_of(&ns.iter().map(|&n| (n, *k)).collect::<Vec<_>>())))
            .collect();
        for (k, out) in group.iter().zip(&outputs) {
            assert_eq!(out, &outputs[0], "k = {k} differs from k = {}", group[0]);
        }
    }
}

#[test]
fn judge_sample() {
    let got = run_ok("5\n16 1\n11 1\n32 2\n34 2\n19 3\n");
    assert_eq!(
        got,
        "Case 1: lose\nCase 2: 1\nCase 3: 3\nCase 4: lose\nCase 5: 4\n"
    );
}

#[test]
fn whitespace_variants_are_accepted() {
    let got = run_ok("2\r\n16\t1\r\n  11  1  ");
    assert_eq!(got, "Case 1: lose\nCase 2: 1\n");
    let got = run_ok("1\n5 2\n\n\n");
    assert_eq!(got, "Case 1: lose\n");
    let want = "Case 1: lose\nCase 2: 1\nCase 3: 3\n";
    for input in [
        // Blank lines before t, between cases and after them.
        "\n\n3\n\n16 1\n\n\n11 1\n \n32 2\n\n",
        // Bare CR line ends, with blank lines.
        "3\r16 1\r\r11 1\r32 2",
        // Cases split across lines and joined on one line.
        "3\n16\n1\n11 1 32\n2",
        "3 16 1 11 1 32 2",
        // Vertical tab and form feed are whitespace too.
        "3\x0b16 1\x0c11 1\n32 2\n",
    ] {
        assert_eq!(run_ok(input), want, "{input:?}");
    }
}

/// The classic O(terms) construction of the losing starts, written here independently of the
/// solution: a[i+1] = b[i] + 1 and b[i+1] = a[i+1] + b[j] for the largest j with
/// k·a[j] < a[i+1] (b[i+1] = a[i+1] if none); the answer is the smallest term of the greedy
/// decomposition of n (None when n is a term). Integer k only.
fn classic_answer(n: u64, k: u64) -> Option<u64> {
    let (mut a, mut b) = (vec![1u64], vec![1u64]);
    let mut j = 0;
    while *a.last().unwrap() < n {
        let next = b.last().unwrap() + 1;
        while j + 1 < a.len() && k * a[j + 1] < next {
            j += 1;
        }
        b.push(if k * a[j] < next { b[j] + next } else { next });
        a.push(next);
    }
    if *a.last().unwrap() == n {
        return None;
    }
    let (mut rest, mut part) = (n, 0);
    for &t in a.iter().rev() {
        if rest >= t {
            rest -= t;
            part = t;
        }
    }
    Some(part)
}

/// The judges' shape (each case its own integer k, n up to 10^8, k up to 10^5), where judge
/// mode keeps the sequence as a few blocks of equal steps: against the classic construction.
#[test]
fn judge_shape_matches_the_classic_construction() {
    let mut rng = Rng::new(2486);
    let mut cases = Vec::new();
    for &k in &[100_000u64, 99_999, 31_623, 10_000, 1_234, 3] {
        let k_text = k.to_string();
        let mut ns = vec![100_000_000, 99_999_999, k + 2, k * k.min(1000), 2 * k + 3];
        ns.extend((0..40).map(|_| rng.range(2, 100_000_000)));
        for n in ns {
            cases.push((n, k_text.clone()));
        }
    }
    let want: Vec<String> = cases
        .iter()
        .map(|(n, k)| match classic_answer(*n, k.parse().unwrap()) {
            None => "lose".to_owned(),
            Some(x) => x.to_string(),
        })
        .collect();
    let cases: Vec<(u64, &str)> = cases.iter().map(|(n, k)| (*n, k.as_str())).collect();
    assert_eq!(run_ok(&input_of(&cases)), expected_output(&want));
}

/// A k so large that every first move can be answered by taking the rest: `lose`, with no
/// sequence built (otherwise 10^18 terms would be needed).
#[test]
fn huge_k_loses_without_a_sequence() {
    let got = run_ok(&input_of(&[
        (1_000_000_000_000_000_000, "1000000000000000000"),
        (1_000_000_000_000_000_000, "2000000000000000000/2"),
        (500_000_000_000_000_001, "1000000000000000000/2"),
        (7, "6"),
        (7, "6.5"),
    ]));
    assert_eq!(
        got,
        "Case 1: lose\nCase 2: lose\nCase 3: lose\nCase 4: lose\nCase 5: lose\n"
    );
    // Just past floor(k) + 1 the first player wins by taking 1... when the search agrees.
    let search = Search::new(K { num: 13, den: 2 }, 8);
    assert_eq!(search.judge_answer(8), "1");
    assert_eq!(run_ok("1\n8 13/2\n"), "Case 1: 1\n");
}

#[test]
fn huge_n_matches_powers_of_two_and_fibonacci() {
    let mut rng = Rng::new(20_261_122);
    let mut ns: Vec<u64> = (0..2000)
        .map(|_| rng.range(2, 1_000_000_000_000_000_000))
        .collect();
    // Exceptional values: the bounds, powers of two, Fibonacci numbers and their neighbours.
    ns.extend([2, 3, 1_000_000_000_000_000_000, 999_999_999_999_999_999]);
    ns.extend(
        (1..60)
            .flat_map(|e| [(1u64 << e) - 1, 1 << e, (1 << e) + 1])
            .filter(|&n| n >= 2),
    );
    let (mut a, mut b) = (1u64, 2u64);
    while b <= 1_000_000_000_000_000_000 {
        ns.extend(
            [b - 1, b, b + 1]
                .into_iter()
                .filter(|n| (2..=1_000_000_000_000_000_000).contains(n)),
        );
        (a, b) = (b, a + b);
    }
    for (k, answer) in [
        ("1", power_of_two_answer as fn(u64) -> String),
        ("2", zeckendorf_answer),
    ] {
        let cases: Vec<(u64, &str)> = ns.iter().map(|&n| (n, k)).collect();
        let want: Vec<String> = ns.iter().map(|&n| answer(n)).collect();
        assert_eq!(run_ok(&input_of(&cases)), expected_output(&want), "k = {k}");
    }
}

/// The worst judge case runs (its speed is measured by games/subtraction/bench/subtraction.sh):
/// k = 10^5 needs a few million terms; the answer must be a proper part of n.
#[test]
fn worst_case_k_runs_within_the_budget() {
    let out = run_ok("2\n1000000000000000000 100000\n999999999999999999 99999.5\n");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    for line in lines {
        let x = line.split(": ").nth(1).unwrap();
        assert!(
            x == "lose" || x.parse::<u64>().is_ok_and(|x| x >= 1),
            "odd answer {line}"
        );
    }
}

#[test]
fn malformed_inputs_are_rejected() {
    let cases: &[(&str, &str)] = &[
        ("", "line 1: empty input"),
        ("x\n", "line 1: t \"x\" is not a plain decimal number"),
        ("\n\r\n  \n", "line 4: empty input"),
        ("1 1 1\n", "line 1: n = 1 is outside"),
        ("0\n", "line 1: t = 0 is outside"),
        ("1000001\n", "line 1: t = 1000001 is outside"),
        (
            "1\n",
            "line 2: expected n of case 1 of 1, got the end of input",
        ),
        (
            "2\n5 1\n",
            "line 3: expected n of case 2 of 2, got the end of input",
        ),
        (
            "1\n5",
            "line 2: expected k of case 1 of 1, got the end of input",
        ),
        (
            "1\n5 1\n6 1\n",
            "line 3: extra data \"6\" after the last case",
        ),
        ("1\n5 1 1\n", "line 2: extra data \"1\" after the last case"),
        // Lines end at LF, CRLF and a bare CR alike.
        ("2\r5 1\r\r6 x\r", "line 4: k \"x\""),
        ("2\r\n5 1\r\n\r\n6 x\r\n", "line 4: k \"x\""),
        ("2\n5 1\n6\n\nx\n", "line 5: k \"x\""),
        ("1\n1 1\n", "line 2: n = 1 is outside 2 to 10^18"),
        ("1\n0 1\n", "line 2: n = 0 is outside"),
        (
            "1\n1000000000000000001 1\n",
            "line 2: n = 1000000000000000001 is outside",
        ),
        (
            "1\n99999999999999999999 1\n",
            "line 2: n 99999999999999999999 overflows",
        ),
        (
            "1\n-5 1\n",
            "line 2: n \"-5\" is not a plain decimal number",
        ),
        ("1\n+5 1\n", "line 2: n \"+5\""),
        ("1\n5 0\n", "line 2: k = 0 is less than 1"),
        ("1\n5 1/2\n", "line 2: k = 1/2 is less than 1"),
        ("1\n5 0.99\n", "line 2: k = 0.99 is less than 1"),
        ("1\n5 0/0\n", "line 2: k = 0/0 has a zero denominator"),
        ("1\n5 3/0\n", "line 2: k = 3/0 has a zero denominator"),
        ("1\n5 1.\n", "line 2: k = 1. needs digits on both sides"),
        ("1\n5 .5\n", "line 2: k = .5 needs digits on both sides"),
        (
            "1\n5 -1\n",
            "line 2: k \"-1\" is not a plain decimal number",
        ),
        ("1\n5 +2\n", "line 2: k \"+2\""),
        ("1\n5 -3/2\n", "line 2: k's numerator \"-3\""),
        ("1\n5 3/-2\n", "line 2: k's denominator \"-2\""),
        ("1\n5 1e3\n", "line 2: k \"1e3\""),
        ("1\n5 1/2/3\n", "line 2: k's denominator \"2/3\""),
        ("1\n5 /2\n", "line 2: k's numerator is empty"),
        ("1\n5 2/\n", "line 2: k's denominator is empty"),
        ("1\n5 1.5.5\n", "line 2: k's decimals \"5.5\""),
        ("1\n5 abc\n", "line 2: k \"abc\""),
        (
            "1\n5 1.0000000000000000001\n",
            "line 2: k = 1.0000000000000000001 has more than 18 decimals",
        ),
        (
            "1\n5 1000000000000000001\n",
            "line 2: k = 1000000000000000001 = 1000000000000000001/1 in lowest terms exceeds 10^18",
        ),
        (
            "1\n5 1000000000000000001/1000000000000000000\n",
            "exceeds 10^18",
        ),
        (
            "1\n5 99999999999999999999/3\n",
            "line 2: k's numerator 99999999999999999999 overflows",
        ),
        (
            "3\n10 2\n1000000000000000000 1000000\n1000000000000000000 1000001\n",
            "line 3: k = 1000000/1 with n = 1000000000000000000 (case 2) needs more than",
        ),
    ];
    for (input, needle) in cases {
        common::assert_rejects("subtraction", input, needle);
    }
}

/// Several refused cases: the message names the earliest line, whatever order k's come in.
#[test]
fn the_earliest_refused_case_is_reported() {
    common::assert_rejects(
        "subtraction",
        "4\n10 2\n1000000000000000000 1000000/3\n1000000000000000000 1000000\n999999999999999999 1000000/3\n",
        "line 3: k = 1000000/3 with n = 1000000000000000000",
    );
    common::assert_rejects(
        "subtraction",
        "3\n1000000000000000000 999999\n1000000000000000000 1000000\n1000000000000000000 999999\n",
        "line 2: k = 999999/1",
    );
}

/// Bytes that are not UTF-8 are reported like any other bad character, without a panic.
#[test]
fn non_utf8_bytes_are_rejected() {
    for input in [&b"1\n5 \xff\n"[..], b"1\n\xc3\x28 2\n", b"\x00\n"] {
        use predicates::prelude::*;
        common::command("subtraction")
            .write_stdin(input)
            .assert()
            .code(1)
            .stdout(predicate::str::is_empty())
            .stderr(
                common::one_line()
                    .and(predicate::str::starts_with("subtraction: line "))
                    .and(predicate::str::contains("is not a plain decimal number")),
            );
    }
}

/// A 60 KB token is named by its first characters only: the one stderr line stays
/// short instead of repeating the whole token.
#[test]
fn huge_tokens_are_cut_short_in_the_message() {
    // Just under the longest token read at all (65536 bytes: a longer one is refused before
    // parsing, tests/solutions/small_faults.rs).
    let huge_n = "9".repeat(60_000);
    let huge_k = format!("1.{}", "5".repeat(60_000));
    let huge_t = "7".repeat(60_000);
    for (input, needle) in [
        (format!("1\n{huge_n} 2\n"), "line 2: n 99999"),
        (format!("1\n5 {huge_k}\n"), "line 2: k = 1.555"),
        (format!("{huge_t}\n5 2\n"), "line 1: t 7777"),
    ] {
        let line = common::assert_rejects("subtraction", &input, needle);
        assert!(line.len() < 200, "stderr line of {} bytes", line.len());
        assert!(line.contains("..."), "{line}");
    }
}

/// Millions of extra tokens after the cases are refused at the first one, without holding
/// them: 20 million of them (a 40 MB input) under a 200 MB address-space limit.
#[test]
fn many_extra_tokens_are_rejected_within_bounded_memory() {
    let mut input = b"1\n5 2\n".to_vec();
    input.extend(b"1 ".repeat(20_000_000));
    let run = common::run_with_memory_limit("subtraction", 200_000, input);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(run.stdout.is_empty());
    assert_eq!(
        run.stderr.trim_end(),
        "subtraction: line 3: extra data \"1\" after the last case"
    );
}

#[test]
fn help_prints_usage() {
    for flag in ["--help", "-h"] {
        common::command("subtraction")
            .arg(flag)
            .assert()
            .code(0)
            .stdout(predicates::str::contains("usage: subtraction"));
    }
}
