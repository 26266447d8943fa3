//! check-knights: testlib-style checker for the knights problem (problems.md section 4).
//!
//! `check-knights <input> <output> <answer>`; exit 0 accepted, 1 wrong answer, 2 presentation
//! error, 3 checker failure (the jury's files are unreadable or wrong). One line of reason is
//! printed on stderr, as testlib does. The rules of judgement are in `combgames::knights::judge_output`.
//! The contestant output is read up to `output_size_cap(K)` bytes: anything longer is a
//! presentation error, so gigabytes of output cost neither memory nor time.

use std::fs::File;
use std::io::Read;
use std::process::ExitCode;

use combgames::knights::{judge_output, jury_case, output_size_cap, Verdict};

const USAGE: &str = "usage: check-knights <input> <output> <answer>
Judges a knights output. Exit 0 accepted, 1 wrong answer, 2 presentation error,
3 checker failure (bad input or answer file). One line of reason on stderr.";

/// Reads at most `cap` bytes of `path`; Ok(None) if the file holds more than that.
fn read_capped(path: &str, cap: usize) -> std::io::Result<Option<Vec<u8>>> {
    let mut bytes = Vec::new();
    File::open(path)?
        .take(cap as u64 + 1)
        .read_to_end(&mut bytes)?;
    Ok((bytes.len() <= cap).then_some(bytes))
}

fn verdict(input_path: &str, output_path: &str, answer_path: &str) -> Verdict {
    let input = match std::fs::read(input_path) {
        Ok(bytes) => bytes,
        Err(e) => return Verdict::Fail(format!("cannot read input file {input_path}: {e}")),
    };
    let answer = match std::fs::read(answer_path) {
        Ok(bytes) => bytes,
        Err(e) => return Verdict::Fail(format!("cannot read answer file {answer_path}: {e}")),
    };
    // The jury's files are settled first: their faults are never blamed on the contestant.
    let case = match jury_case(&input, &answer) {
        Ok(case) => case,
        Err(fail) => return fail,
    };
    let cap = output_size_cap(case.game.knights.len());
    let output = match read_capped(output_path, cap) {
        Ok(Some(bytes)) => bytes,
        Ok(None) => return Verdict::PresentationError(format!("output longer than {cap} bytes")),
        // A missing or unreadable output file means the contestant wrote nothing usable.
        Err(e) => return Verdict::PresentationError(format!("cannot read output: {e}")),
    };
    judge_output(&case, &output)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let verdict = match args.as_slice() {
        [input, output, answer] => verdict(input, output, answer),
        _ => Verdict::Fail(format!(
            "expected 3 arguments <input> <output> <answer>, got {}",
            args.len()
        )),
    };
    eprintln!("{}", verdict.line());
    ExitCode::from(verdict.exit_code())
}
