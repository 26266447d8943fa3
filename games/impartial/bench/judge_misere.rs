//! The judge side's misère evaluator (games/impartial/src/lib.rs, `Evaluator::mover_wins`)
//! timed by games/impartial/bench/impartial.sh: one evaluator for the spec, every position of
//! stdin (one a line, heaps separated by blanks) answered `W` (the player to move wins) or `L`.
//! Built as the example `judge_misere` of combgames-impartial.
//!
//!   judge_misere 'misere 4.7' <positions

use combgames_impartial::{Evaluator, Spec};
use std::io::{BufRead, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [text] = args.as_slice() else {
        eprintln!("usage: judge_misere SPEC <positions");
        return ExitCode::from(2);
    };
    let spec = match Spec::parse(text) {
        Ok(spec) => spec,
        Err(e) => {
            eprintln!("judge_misere: {e}");
            return ExitCode::from(2);
        }
    };
    let mut ev = Evaluator::new(spec);
    let mut out = String::new();
    for (i, line) in std::io::stdin().lock().lines().enumerate() {
        let heaps: Result<Vec<u64>, _> = match line {
            Ok(line) => line.split_whitespace().map(str::parse).collect(),
            Err(e) => {
                eprintln!("judge_misere: reading stdin: {e}");
                return ExitCode::from(2);
            }
        };
        let heaps = match heaps {
            Ok(heaps) => heaps,
            Err(e) => {
                eprintln!("judge_misere: line {}: {e}", i + 1);
                return ExitCode::from(2);
            }
        };
        if let Err(e) = ev.check_round(&heaps) {
            eprintln!("judge_misere: line {}: {e}", i + 1);
            return ExitCode::from(2);
        }
        out.push(if ev.mover_wins(&heaps) { 'W' } else { 'L' });
        out.push('\n');
    }
    if std::io::stdout().write_all(out.as_bytes()).is_err() {
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
