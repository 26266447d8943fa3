//! The strip games' validators beyond the format: the positions they accept are exactly those
//! reached by legal play (every strip up to 7 cells), and tictactoe's project input stops at
//! 100 MiB. The catalogue of malformed inputs, the limits and the samples' classes of every
//! game are tests/judge/validators.rs's (the samples' classes of these games:
//! tests/data/validator-samples.tsv here).

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
