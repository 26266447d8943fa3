//! The impartial solution at research scale: the rare-value method against the plain
//! loop and the brute force, published periods and facts (OEIS, tczajka/octal-games) as data,
//! heaps up to 10^18 read through proven periods, and the `--values` options.

use crate::common;
use crate::{brute, published};

use published::{A071430, A071436, A071464, GRUNDY_RARE, PERIODS};

/// A header's `name=value` fields.
type Fields = Vec<(String, String)>;
/// (n, g(n)) lines.
type Table = Vec<(u64, u64)>;

/// `--values` with `args` after it: (the header's fields, g(from..=to) with their heaps).
fn values(args: &[&str]) -> (Fields, Table) {
    let mut all = vec!["--values"];
    all.extend_from_slice(args);
    let run = common::run_with_args("impartial", &all, "");
    assert_eq!(run.code, Some(0), "{args:?}: {}", run.stderr);
    let mut lines = run.stdout.lines();
    let header = lines.next().unwrap();
    let fields = header
        .strip_prefix("# ")
        .unwrap_or_else(|| panic!("{args:?}: header {header:?}"))
        .split(' ')
        .map(|f| {
            let (k, v) = f.split_once('=').unwrap();
            (k.to_owned(), v.to_owned())
        })
        .collect();
    let table = lines
        .map(|l| {
            let (n, v) = l.split_once(' ').unwrap();
            (n.parse().unwrap(), v.parse().unwrap())
        })
        .collect();
    (fields, table)
}

fn field<'a>(fields: &'a [(String, String)], name: &str) -> &'a str {
    &fields.iter().find(|(k, _)| k == name).unwrap().1
}

fn only_values(table: &[(u64, u64)]) -> Vec<u64> {
    table.iter().map(|&(_, v)| v).collect()
}

/// The test's own plain mex to `to` (games/impartial/tests/brute.rs, `plain_mex`), as the
/// solution prints its tables: (heap, value).
fn independent_table(spec: &str, to: usize) -> Table {
    brute::plain_mex(spec, to as u32)
        .into_iter()
        .enumerate()
        .map(|(n, v)| (n as u64, u64::from(v)))
        .collect()
}

/// The long tables' plain mex visits the moves the brute force lists: the same values to 700.
#[test]
fn the_plain_mex_agrees_with_the_listed_moves() {
    for spec in [
        "grundy", "0.16", "0.6", "0.56", "0.37", "0.127", "0.106", "0.104", "4.07", "0.77",
    ] {
        assert_eq!(
            brute::plain_mex(spec, 700),
            brute::mex_values(spec, 700),
            "{spec}"
        );
    }
}

/// Every family the rare-value method takes, by value (octal codes with two-heap splits,
/// Grundy's game) for games whose values do not turn periodic early: the automatic mask's
/// values equal the test's own plain mex to `to`.
fn rare_values_equal_an_independent_mex(to: usize) {
    // Each spec's solution run and plain mex on one thread: one per core.
    let specs = ["grundy", "0.16", "0.6", "0.56", "0.37", "0.127"];
    let to_text = to.to_string();
    let runs = common::par_map(&specs, |&spec| {
        (
            values(&[spec, "--to", &to_text]),
            independent_table(spec, to),
        )
    });
    for (spec, ((auto_header, auto), plain)) in specs.into_iter().zip(runs) {
        assert_eq!(auto.len(), to + 1, "{spec}");
        if let Some(i) = (0..auto.len()).find(|&i| auto[i] != plain[i]) {
            panic!(
                "{spec}: the rare-value method gives {:?}, the plain mex {:?}",
                auto[i], plain[i]
            );
        }
        // The method ran for these (a mask was found).
        assert_ne!(field(&auto_header, "mask"), "none", "{spec}");
    }
}

#[test]
fn rare_values_equal_an_independent_mex_to_2e4() {
    rare_values_equal_an_independent_mex(20_000);
}

#[test]
#[ignore = "long tier (make test-long; CI runs it): to 10^5"]
fn rare_values_equal_an_independent_mex_to_1e5() {
    rare_values_equal_an_independent_mex(100_000);
}

/// Codes with no rule by value but a rule by heap (Flammenkamp's sparse positions: rare when
/// the parity of the masked value bits is that of the heap plus the split's removal): the
/// automatic rule is by heap, and its values equal the test's own plain mex to `to`. 0.106
/// has no mask by value that leaves fewer than 2300 rare heaps among 5000 (heaps
/// 5000..=10000).
fn rare_by_heap_equals_an_independent_mex(to: usize) {
    let cases = [("0.106", "d:heap"), ("0.104", "17:heap")];
    let to_text = to.to_string();
    let plains = common::par_map(&cases, |&(spec, _)| independent_table(spec, to));
    for ((spec, mask), plain) in cases.into_iter().zip(plains) {
        let (auto_header, auto) = values(&[spec, "--to", &to_text]);
        assert_eq!(field(&auto_header, "mask"), mask, "{spec}");
        assert_eq!(auto.len(), to + 1, "{spec}");
        assert!(
            auto == plain,
            "{spec}: the rare-value method by heap differs from the plain mex"
        );
        // The same rule from heap 1 on, where its rare heaps are (the last below 1200): each
        // rare value is a mex the method had to verify.
        let (_, given) = values(&[spec, "--to", &to_text, "--mask", mask]);
        assert!(
            given == plain,
            "{spec} --mask {mask}: differs from the plain mex"
        );
    }
}

#[test]
fn rare_by_heap_equals_an_independent_mex_to_2e4() {
    rare_by_heap_equals_an_independent_mex(20_000);
}

#[test]
#[ignore = "long tier (make test-long; CI runs it): to 10^5"]
fn rare_by_heap_equals_an_independent_mex_to_1e5() {
    rare_by_heap_equals_an_independent_mex(100_000);
}

/// A rule by heap given from heap 1 on, good or bad, gives the brute force's values; a code
/// whose splits remove tokens of both parities refuses it.
#[test]
fn any_mask_by_heap_gives_the_brute_force_values() {
    for spec in ["0.106", "0.16", "4.07", "0.127", "grundy"] {
        let want: Vec<u64> = brute::mex_values(spec, 700)
            .into_iter()
            .map(u64::from)
            .collect();
        for mask in ["1:heap", "3:heap", "d:heap", "fe:heap"] {
            let (header, table) = values(&[spec, "--to", "700", "--mask", mask]);
            assert_eq!(only_values(&table), want, "{spec} --mask {mask}");
            assert_eq!(field(&header, "mask"), mask, "{spec} --mask {mask}");
        }
    }
    let run = common::run_with_args(
        "impartial",
        &["--values", "0.44", "--to", "9", "--mask", "1:heap"],
        "",
    );
    assert_ne!(run.code, Some(0));
    assert!(run.stderr.contains(":heap"), "{}", run.stderr);
}

/// A mask given from heap 1 on, good or bad (most values rare), gives the brute force's values:
/// the method never assumes a rare value, it verifies it.
#[test]
fn any_mask_gives_the_brute_force_values() {
    for spec in [
        "0.77", "0.07", "0.137", "0.16", "0.6", "4.07", "0.56", "grundy",
    ] {
        let want: Vec<u64> = brute::mex_values(spec, 700)
            .into_iter()
            .map(u64::from)
            .collect();
        for mask in ["1", "2", "3", "7", "fe", "ffff"] {
            let (header, table) = values(&[spec, "--to", "700", "--mask", mask]);
            assert_eq!(only_values(&table), want, "{spec} --mask {mask}");
            let shown = field(&header, "mask");
            assert_eq!(shown.trim_start_matches('0'), mask, "{spec} --mask {mask}");
        }
    }
}

/// The facts about Grundy's game published by tczajka/octal-games (mask fe: 1274 rare values
/// for heaps to 2^21, the last at 82860), on the first 10^5 heaps (the last rare heap is below);
/// games/impartial/bench/impartial.sh checks them to 2^21 with the largest value.
#[test]
fn grundys_game_rare_values_as_published() {
    let (mask, count, last) = GRUNDY_RARE;
    let (header, _) = values(&["grundy", "--to", "100000"]);
    assert_eq!(field(&header, "mask"), format!("{mask:x}"));
    assert_eq!(field(&header, "rare"), count.to_string());
    assert_eq!(field(&header, "last-rare"), last.to_string());
}

/// OEIS data sections of codes with long preperiods, and the periods their comments give: the
/// solution proves exactly that period, from one past the last exception.
#[test]
fn published_sequences_and_periods() {
    for (spec, data) in [
        ("0.16", &A071430[..]),
        ("0.127", &A071464[..]),
        ("0.56", &A071436[..]),
    ] {
        let (_, table) = values(&[spec, "--to", &data.len().to_string()]);
        let g: Vec<u64> = only_values(&table[1..]);
        let want: Vec<u64> = data.iter().map(|&v| u64::from(v)).collect();
        assert_eq!(g, want, "{spec}");
    }
    for (spec, period, last_exception) in PERIODS {
        // A window at 10^18: only a proven period answers it.
        let top = 1_000_000_000_000_000_000u64;
        let (header, table) = values(&[
            spec,
            "--from",
            &(top - 2).to_string(),
            "--to",
            &top.to_string(),
        ]);
        assert_eq!(field(&header, "period"), period.to_string(), "{spec}");
        assert_eq!(
            field(&header, "preperiod"),
            (last_exception + 1).to_string(),
            "{spec}"
        );
        assert_eq!(field(&header, "proof"), "guy-smith", "{spec}");
        assert_eq!(
            table.iter().map(|&(n, _)| n).collect::<Vec<_>>(),
            [top - 2, top - 1, top]
        );
    }
}

/// The octal digit of a code, for checking a move on a heap beyond the brute force's reach.
fn is_octal_move(digits: &[u32], heap: u64, parts: &[u64]) -> bool {
    let sum: u64 = parts.iter().sum();
    if parts.contains(&0) || sum > heap || parts.len() > 3 {
        return false;
    }
    let k = (heap - sum) as usize;
    k < digits.len() && k > 0 && digits[k] & (1 << parts.len()) != 0
}

/// Heaps up to 10^18 through a proven period: `--values` windows and batch answers agree with
/// the brute force's values read through the period (Kayles: 71, 12; Dawson's chess: 52, 34,
/// OEIS A002186 and A002187), and each winning move is legal and leaves a lost position.
#[test]
fn heaps_to_1e18_through_the_period() {
    for (spec, digits, n0, p) in [
        ("0.77", [0, 7, 7, 0], 71u64, 12u64),
        ("0.137", [0, 1, 3, 7], 52, 34),
    ] {
        let small = brute::mex_values(spec, 400);
        let g = |n: u64| -> u64 {
            let i = if n < n0 { n } else { n0 + (n - n0) % p };
            u64::from(small[i as usize])
        };
        let top = 1_000_000_000_000_000_000u64;
        let (_, table) = values(&[
            spec,
            "--from",
            &(top - 99).to_string(),
            "--to",
            &top.to_string(),
        ]);
        assert_eq!(table.len(), 100, "{spec}");
        for &(n, v) in &table {
            assert_eq!(v, g(n), "{spec} g({n})");
        }
        // Batch: pairs of a huge heap and a small one, and a huge heap alone.
        let positions: Vec<Vec<u64>> = (0..60)
            .map(|i| match i % 3 {
                0 => vec![top - i, i + 1],
                1 => vec![top / (i + 1), 999_999_999_999 + i, 5],
                _ => vec![top - 7 * i],
            })
            .collect();
        let mut input = format!("{spec}\n{}\n", positions.len());
        for heaps in &positions {
            let words: Vec<String> = heaps.iter().map(u64::to_string).collect();
            input.push_str(&format!("{} {}\n", heaps.len(), words.join(" ")));
        }
        let run = common::run("impartial", input);
        assert_eq!(run.code, Some(0), "{spec}: {}", run.stderr);
        let mut seconds = 0;
        for (heaps, line) in positions.iter().zip(run.stdout.lines()) {
            let x = heaps.iter().fold(0, |x, &h| x ^ g(h));
            if line == "Second" {
                assert_eq!(x, 0, "{spec} {heaps:?}");
                seconds += 1;
                continue;
            }
            let words: Vec<u64> = line
                .strip_prefix("First ")
                .unwrap_or_else(|| panic!("{spec} {heaps:?}: {line:?}"))
                .split(' ')
                .map(|w| w.parse().unwrap())
                .collect();
            let i = words[0] as usize - 1;
            assert!(
                is_octal_move(&digits, heaps[i], &words[1..]),
                "{spec} {heaps:?}: {line:?}"
            );
            let after = words[1..].iter().fold(x ^ g(heaps[i]), |x, &h| x ^ g(h));
            assert_eq!(after, 0, "{spec} {heaps:?}: {line:?} leaves a won position");
        }
        assert_eq!(run.stdout.lines().count(), positions.len(), "{spec}");
        assert!(seconds < positions.len(), "{spec}");
    }
}

/// `--values --from A --to B` prints exactly that window of the whole table.
#[test]
fn values_windows_are_slices_of_the_table() {
    for spec in [
        "grundy",
        "0.16",
        "0.77",
        "{1,2,4}",
        "{1,4 mod 5}",
        "lasker",
        "queue",
    ] {
        let (_, whole) = values(&[spec, "--to", "3000"]);
        for (a, b) in [(0, 0), (5, 17), (2990, 3000), (1234, 1234)] {
            let (header, window) =
                values(&[spec, "--from", &a.to_string(), "--to", &b.to_string()]);
            assert_eq!(field(&header, "from"), a.to_string(), "{spec}");
            assert_eq!(window, whole[a..=b], "{spec} {a}..{b}");
        }
    }
}

/// Play mode on Kayles heaps of 10^18 (through the period): the side, and two winning replies
/// that are legal and leave a lost position; the round is cut by `end`.
#[test]
fn play_mode_on_heaps_of_1e18() {
    use std::io::Write;
    let small = brute::mex_values("0.77", 400);
    let g =
        |n: u64| -> u64 { u64::from(small[if n < 71 { n } else { 71 + (n - 71) % 12 } as usize]) };
    let top = 1_000_000_000_000_000_000u64;
    // A start the first player wins (a non-zero xor), with a huge heap in it.
    let mut heaps: Vec<u64> = (1..20)
        .map(|s| vec![top - s, s])
        .find(|h| g(h[0]) ^ g(h[1]) != 0)
        .unwrap();
    let (child, mut to, mut read) = crate::solution::spawn_session(&["--play"]);
    writeln!(to, "play 1\n0.77\n2 {} {}", heaps[0], heaps[1]).unwrap();
    to.flush().unwrap();
    assert_eq!(read(), "first");
    for turn in 0..2 {
        let line = read();
        let words: Vec<u64> = line.split(' ').map(|w| w.parse().unwrap()).collect();
        let i = words[0] as usize - 1;
        assert!(
            is_octal_move(&[0, 7, 7], heaps[i], &words[1..]),
            "{heaps:?}: {line}"
        );
        let mut after = brute::replaced(&heaps, i, &words[1..]);
        assert_eq!(
            after.iter().fold(0, |x, &h| x ^ g(h)),
            0,
            "{heaps:?}: {line}"
        );
        // Our reply: one token off the largest heap.
        let big = (0..after.len()).max_by_key(|&j| after[j]).unwrap();
        if turn == 0 {
            writeln!(to, "{} {}", big + 1, after[big] - 1).unwrap();
            to.flush().unwrap();
            after[big] -= 1;
        }
        heaps = after;
    }
    writeln!(to, "end").unwrap();
    drop(to);
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Past 10^6 a heap is answered only through a proven period: games without a periodicity
/// theorem here are refused in one line (0.6, which has one but shows no period within the
/// first 10^6 values, below).
#[test]
fn heaps_past_1e6_without_a_proven_period_are_refused() {
    for (input, needle) in [
        ("grundy\n1\n2 5 1000001\n", "above 1000000"),
        ("{1,4 mod 5}\n1\n1 1000001\n", "above 1000000"),
    ] {
        common::assert_rejects("impartial", input, needle);
    }
}

/// 0.6 shows no period within the first 10^6 values (computed by the rare-value method, a few
/// seconds), so a heap past 10^6 is refused in one line, as a position and as `--values`.
#[test]
#[ignore = "long tier (make test-long; CI runs it): two tables of 10^6 values"]
fn heaps_of_0_6_past_1e6_are_refused() {
    common::assert_rejects("impartial", "0.6\n1\n1 2000000\n", "no period is proven");
    let run = common::run_with_args(
        "impartial",
        &["--values", "0.6", "--from", "1", "--to", "40000000"],
        "",
    );
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(run.stderr.contains("no period is proven"), "{}", run.stderr);
}
