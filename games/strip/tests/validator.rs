//! The strip games' validators beyond the format: the positions they accept are exactly those
//! reached by legal play (every strip up to 7 cells), tictactoe's project input stops at
//! 100 MiB, and both games' limits hold at their edges. The catalogue of malformed inputs and
//! the samples' classes are checked for every game by tests/judge/validators.rs (these games'
//! own: tests/data/ here).

use crate::common;
use common::gen::test as gen;
use common::validator::{assert_invalid, assert_valid};

use combgames_core::validate::{validate, Limits, Reject};
use combgames_registry::Game;
use std::io::Read;

/// Valid in-process (judge limits)?
fn accepts(problem: Game, input: &str) -> bool {
    match validate(problem.validator(), Limits::Judge, input.as_bytes()) {
        Ok(()) => true,
        Err(Reject::Invalid(_)) => false,
        Err(Reject::Io(e)) => panic!("reading a byte slice failed: {e}"),
    }
}

/// Every strip over `cells` (two mark symbols and `empty`) of length 1..=7: the validator
/// accepts exactly the positions reached from the empty strip by legal play (a mark never
/// next to the same mark), found here by playing every game, no theory.
fn strips_reachable_by_play(problem: Game, empty: u8, marks: [u8; 2], header: bool) {
    for len in 1..=7usize {
        let mut reached = std::collections::HashSet::new();
        let mut stack = vec![vec![empty; len]];
        while let Some(strip) = stack.pop() {
            if !reached.insert(strip.clone()) {
                continue;
            }
            for at in 0..len {
                for mark in marks {
                    let next_to = |i: Option<usize>| i.and_then(|i| strip.get(i)) == Some(&mark);
                    if strip[at] == empty && !next_to(at.checked_sub(1)) && !next_to(Some(at + 1)) {
                        let mut next = strip.clone();
                        next[at] = mark;
                        stack.push(next);
                    }
                }
            }
        }
        let symbols = [empty, marks[0], marks[1]];
        for code in 0..3usize.pow(len as u32) {
            let strip: Vec<u8> = (0..len)
                .map(|i| symbols[code / 3usize.pow(i as u32) % 3])
                .collect();
            let text = String::from_utf8(strip.clone()).unwrap();
            let input = if header {
                format!("1\n{text}\n")
            } else {
                format!("{len}\n{text}\n")
            };
            assert_eq!(
                accepts(problem, &input),
                reached.contains(&strip),
                "{input:?}"
            );
        }
    }
}

#[test]
fn tictactoe_and_coloring_accept_exactly_the_positions_reachable_by_play() {
    strips_reachable_by_play(Game::Tictactoe, b'.', [b'X', b'O'], true);
    strips_reachable_by_play(Game::Coloring, b'0', [b'1', b'2'], false);
}

/// tictactoe's project input is at most 100 MiB in all: a 101-MiB input is refused while it
/// streams (in-process: the bytes are made on the fly, never stored).
#[test]
fn tictactoe_project_inputs_stop_at_100_mib() {
    struct Strips {
        header: Vec<u8>,
        line: Vec<u8>,
        pos: usize,
        left: u64,
    }
    impl Read for Strips {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if !self.header.is_empty() {
                let n = self.header.len().min(buf.len());
                buf[..n].copy_from_slice(&self.header[..n]);
                self.header.drain(..n);
                return Ok(n);
            }
            if self.left == 0 {
                return Ok(0);
            }
            let n = (self.line.len() - self.pos).min(buf.len());
            buf[..n].copy_from_slice(&self.line[self.pos..self.pos + n]);
            self.pos += n;
            if self.pos == self.line.len() {
                self.pos = 0;
                self.left -= 1;
            }
            Ok(n)
        }
    }
    let strips = |t: u64| Strips {
        header: format!("{t}\n").into_bytes(),
        line: (".X".repeat(500_000) + "\n").into_bytes(),
        pos: 0,
        left: t,
    };
    // 104 strips of 10^6 cells: 104,000,108 bytes, within 100 MiB = 104,857,600.
    assert!(validate(Game::Tictactoe.validator(), Limits::Project, strips(104)).is_ok());
    match validate(Game::Tictactoe.validator(), Limits::Project, strips(105)) {
        Err(Reject::Invalid(why)) => {
            assert!(why.contains("larger than 104857600 bytes"), "{why}")
        }
        other => panic!("105 strips of 10^6 cells: {other:?}"),
    }
}

/// The judge's limits and the project's at their edges: the last valid input and the first
/// invalid one, with its reason. T ≤ 10^4 and 100 cells on the judge; 10^6 cells in the project.
#[test]
fn tictactoe_limits_hold_at_their_edges() {
    let strip = |len: usize| -> String { ".X".repeat(len / 2) + &".".repeat(len % 2) };
    let t_lines = |t: usize| format!("{t}\n{}", ".\n".repeat(t));
    assert_valid("tictactoe", &[], t_lines(10_000).as_bytes());
    assert_invalid(
        "tictactoe",
        &[],
        t_lines(10_001).as_bytes(),
        "T = 10001 is outside 1 to 10000",
    );
    assert_valid("tictactoe", &["--project"], t_lines(10_001).as_bytes());
    assert_valid("tictactoe", &[], format!("1\n{}\n", strip(100)).as_bytes());
    let long = format!("1\n{}\n", strip(101));
    assert_invalid(
        "tictactoe",
        &[],
        long.as_bytes(),
        "strip 1 is longer than 100 cells",
    );
    assert_valid("tictactoe", &["--project"], long.as_bytes());
    assert_valid(
        "tictactoe",
        &["--project"],
        format!("1\n{}\n", strip(1_000_000)).as_bytes(),
    );
    assert_invalid(
        "tictactoe",
        &["--project"],
        format!("1\n{}\n", strip(1_000_001)).as_bytes(),
        "line 2: strip 1 is longer than 1000000 cells",
    );
}

/// The judge's limits and the project's at their edges: the last valid input and the first
/// invalid one, with its reason. N ≤ 10^5 on the judge, 10^8 in the project.
#[test]
fn coloring_limits_hold_at_their_edges() {
    let digits = |n: usize| format!("{n}\n{}\n", "0".repeat(n));
    assert_valid("coloring", &[], digits(100_000).as_bytes());
    assert_invalid(
        "coloring",
        &[],
        digits(100_001).as_bytes(),
        "N = 100001 is outside 1 to 100000",
    );
    assert_valid("coloring", &["--project"], digits(100_001).as_bytes());
    assert_invalid(
        "coloring",
        &["--project"],
        b"100000001\n0\n",
        "N = 100000001 is outside 1 to 100000000",
    );
}

/// The judge's largest tictactoe input (10^4 strips of 100 cells): valid.
#[test]
fn tictactoe_largest_judge_input_is_valid() {
    let input = gen(
        "tictactoe",
        "ends",
        1,
        &["--size", "100", "--count", "10000"],
    );
    assert_valid("tictactoe", &[], &input);
}
