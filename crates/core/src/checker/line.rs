//! A whole token-by-token checker ([`LineChecker`]): the case count the input implies, the
//! jury's answer read and checked, the output read with its cap and compared.

use super::compare::answer_cases;
use super::{compare_tokens, output_cap, read_capped, run, show, Capped, Outcome, OutputSource};
use super::{TokenKind, TokenStream, ANSWER_CAP};
use crate::words::counted;
use std::path::Path;
use std::process::ExitCode;

/// How many answers a judge input implies.
#[derive(Clone, Copy, Debug)]
pub enum CaseCount {
    /// The input is one case: one answer.
    One,
    /// The input starts with the number of cases (T, t, G): one answer per case.
    FirstNumber,
}

/// Everything that tells one token-by-token checker from another.
#[derive(Clone, Copy, Debug)]
pub struct LineChecker {
    /// The program's name, e.g. `check-tictactoe`.
    pub name: &'static str,
    /// The problem, for `--help`.
    pub problem: &'static str,
    /// What every answer looks like.
    pub shape: &'static [TokenKind],
    /// How many answers the input implies (checked against the answer: FAIL if they differ).
    pub cases: CaseCount,
}

/// The number of answers `input` implies: FAIL if the input's first token is not a count.
fn cases_in_input(path: &Path, cases: CaseCount) -> Result<usize, Outcome> {
    // The count is the first token; a few kilobytes hold it even after leading whitespace.
    let head = match read_capped(path, 1 << 16) {
        Ok(Capped::Whole(b) | Capped::Truncated(b)) => b,
        Err(e) => {
            return Err(Outcome::fail(format!(
                "cannot read the input {}: {e}",
                path.display()
            )))
        }
    };
    // Every input starts with a number (N, T, G, t): the count, or the one case's size. An
    // input that does not (empty, garbage) is the jury's fault, also where it holds one case.
    let first = TokenStream::new(&head).next_token();
    let number = first.and_then(|t| std::str::from_utf8(t.bytes).ok()?.parse::<usize>().ok());
    let number = number.ok_or_else(|| {
        Outcome::fail(format!(
            "input line 1: expected a number, found {}",
            first.map_or("end of input".to_owned(), |t| show(t.bytes))
        ))
    })?;
    match cases {
        CaseCount::One => Ok(1),
        CaseCount::FirstNumber => Ok(number),
    }
}

/// Reads the jury's answer whole (FAIL if it cannot be read or is too large).
pub fn read_answer(answer: &Path) -> Result<Vec<u8>, Outcome> {
    match read_capped(answer, ANSWER_CAP) {
        Ok(Capped::Whole(b)) => Ok(b),
        Ok(Capped::Truncated(_)) => Err(Outcome::fail(format!(
            "the answer file is larger than {ANSWER_CAP} bytes"
        ))),
        Err(e) => Err(Outcome::fail(format!(
            "cannot read the answer {}: {e}",
            answer.display()
        ))),
    }
}

impl LineChecker {
    /// Judges an output: FAIL for anything wrong on the jury's side, then the output.
    pub fn judge(&self, input: &Path, answer: &Path, output: &OutputSource) -> Outcome {
        let cases = match cases_in_input(input, self.cases) {
            Ok(n) => n,
            Err(fail) => return fail,
        };
        let answer_bytes = match read_answer(answer) {
            Ok(b) => b,
            Err(fail) => return fail,
        };
        match answer_cases(&answer_bytes, self.shape) {
            Err(why) => return Outcome::fail(why.to_string()),
            Ok(answered) if answered != cases => {
                return Outcome::fail(format!(
                    "the input has {} but the answer {answered}",
                    counted(cases as u64, "case")
                ))
            }
            Ok(_) => {}
        }
        let (output_bytes, truncated) = match output.read_capped(output_cap(answer_bytes.len())) {
            Ok(Capped::Whole(b)) => (b, false),
            Ok(Capped::Truncated(b)) => (b, true),
            // The output is the contestant's side (testlib: a missing output is PE).
            Err(e) => {
                return Outcome::pe(format!("cannot read the output {}: {e}", output.describe()))
            }
        };
        compare_tokens(&answer_bytes, &output_bytes, truncated, self.shape)
    }

    /// What `--help` says about this problem, after the contracts.
    pub fn about(&self) -> String {
        let shape: Vec<String> = self.shape.iter().map(TokenKind::describe).collect();
        format!(
            "Judges an output for {problem} against the jury's answer. Each case's answer is\n\
             \x20 {shape}\n\
             and must equal the jury's, token for token. Tokens may be separated by any spaces,\n\
             tabs, CR and LF (testlib's blanks). WA: a well-formed token that differs. PE: a\n\
             token of the wrong kind or spelling, too few or too many tokens, an oversized output.",
            problem = self.problem,
            shape = shape.join(", then "),
        )
    }

    /// The whole program: arguments, `--help`, judging, the result and the exit code.
    pub fn main(&self) -> ExitCode {
        run(self.name, &self.about(), |input, answer, output| {
            self.judge(input, answer, output)
        })
    }
}
