//! check-subtraction: judges a subtraction output against the jury's answer, token by token (one line per case, `Case i: x` with x a positive integer or `lose`).
//! Speaks testlib's and Kattis's checker contracts; all the logic is shared: see `combgames::checker`.
use combgames::checker::{CaseCount, LineChecker, TokenKind};
use std::process::ExitCode;

const CHECKER: LineChecker = LineChecker {
    name: "check-subtraction",
    problem: "subtraction (HDU 2486 / POJ 3922)",
    shape: &[
        TokenKind::OneOf(&["Case"]),
        TokenKind::CaseLabel,
        TokenKind::PositiveOr("lose"),
    ],
    cases: CaseCount::FirstNumber,
};

fn main() -> ExitCode {
    CHECKER.main()
}
