//! check-coloring: judges a coloring output against the jury's answer, token by token (one line, `FIRST` or `SECOND`).
//! Speaks testlib's and Kattis's checker contracts; all the logic is shared: see `combgames::checker`.
use combgames::checker::{CaseCount, LineChecker, TokenKind};
use std::process::ExitCode;

const CHECKER: LineChecker = LineChecker {
    name: "check-coloring",
    problem: "coloring (SGU 328)",
    shape: &[TokenKind::OneOf(&["FIRST", "SECOND"])],
    cases: CaseCount::One,
};

fn main() -> ExitCode {
    CHECKER.main()
}
