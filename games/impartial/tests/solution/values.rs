//! The value tables (`--values`) against the brute-force mex and the published sequences, the
//! periods found and proven (long pre-periods included), Lasker's closed form, large heaps
//! through the period, and the table into a closed pipe.

use super::{batch, parse_answer};
use crate::brute::{self, SPECS};
use crate::common;
use crate::oeis::{A002186, A002187, A002188};

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
