//! The knights problem's checker, the program `check-knights`: any winning answer is accepted,
//! judged by this crate's evaluator.
//!
//! Both judge contracts of `combgames_core::checker` (testlib: `check-knights <input> <output>
//! <answer> [<report> [-appes]]`, exit 0/1/2/3; Kattis: `check-knights <input> <answer>
//! <feedback_dir> < output`, exit 42/43). The rules of judgement are in
//! [`crate::judge_output`]. The contestant output is read up to
//! `output_size_cap(K)` bytes: anything longer is a presentation error, so gigabytes of output
//! cost neither memory nor time.

use std::path::Path;
use std::process::ExitCode;

use crate::{judge_output, jury_case, output_size_cap};
use combgames_core::checker::{run, Capped, Outcome, OutputSource, Verdict, BOM};

const ABOUT: &str = "Judges a knights output: NO, or YES and one destination `x y` per knight that
together make a winning first turn (any winning turn is accepted, not only the jury's). Tokens
may be separated by spaces, tabs, CR and LF. WA: a wrong YES/NO, an illegal or off-board move, a movable
knight left in place, a turn that does not win. PE: anything that is not of that form.";

fn verdict(input_path: &Path, answer_path: &Path, output: &OutputSource) -> Outcome {
    // A jury file that cannot be read is the judge's fault (FAIL).
    let read = |path: &Path, what: &str| {
        std::fs::read(path).map_err(|e| {
            Outcome::new(
                Verdict::Fail,
                format!("cannot read {what} file {}: {e}", path.display()),
            )
        })
    };
    let (input, answer) = match (read(input_path, "input"), read(answer_path, "answer")) {
        (Ok(input), Ok(answer)) => (input, answer),
        (Err(fail), _) | (_, Err(fail)) => return fail,
    };
    // The jury's files are settled first: their faults are never blamed on the contestant.
    let case = match jury_case(&input, &answer) {
        Ok(case) => case,
        Err(fail) => return fail,
    };
    let cap = output_size_cap(case.game.knights.len());
    let output = match output.read_capped(cap as u64) {
        Ok(Capped::Whole(bytes)) => bytes,
        Ok(Capped::Truncated(_)) => {
            return Outcome::new(Verdict::Pe, format!("output longer than {cap} bytes"))
        }
        // A missing or unreadable output means the contestant wrote nothing usable.
        Err(e) => return Outcome::new(Verdict::Pe, format!("cannot read output: {e}")),
    };
    // testlib skips a UTF-8 byte order mark at the start of the output; so do the line checkers.
    judge_output(&case, output.strip_prefix(BOM).unwrap_or(&output))
}

/// The whole program `check-knights`.
pub fn main() -> ExitCode {
    run("check-knights", ABOUT, verdict)
}
