//! The impartial solution (solutions/src/impartial.rs) against the independent brute force of
//! games/impartial/tests/brute.rs (a plain search over positions), against published
//! sequences (OEIS data, as data), and on bad input.
//!
//! The answers' checks and the batch run are here; every small position in `positions`, the
//! value tables and their periods in `values`, the samples in `samples`, the play mode in
//! `play`, bad input and usage in `input`.

mod input;
mod play;
mod positions;
mod samples;
mod values;

use crate::brute::{self, Search};
use crate::common;

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
    let next = brute::replaced(heaps, i - 1, &mv[1..]);
    assert!(
        !search.wins(&next),
        "{context} {heaps:?}: {line:?} leaves a won position {next:?}"
    );
}

/// `impartial ARGS` with its standard streams piped, for a session driven line by line: the
/// child, its stdin, and a reader of its stdout's lines (each without its line end).
pub(crate) fn spawn_session(
    args: &[&str],
) -> (
    std::process::Child,
    std::process::ChildStdin,
    impl FnMut() -> String,
) {
    use std::io::BufRead;
    use std::process::{Command, Stdio};
    let mut child = Command::new(common::bin("impartial"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let to = child.stdin.take().unwrap();
    let mut from = std::io::BufReader::new(child.stdout.take().unwrap());
    let read = move || {
        let mut line = String::new();
        from.read_line(&mut line).unwrap();
        line.trim_end().to_owned()
    };
    (child, to, read)
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
