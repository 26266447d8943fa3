//! check-pawns: judges a pawns output against the jury's answer, token by token (one line, `White` or `Black`).
//! Speaks testlib's and Kattis's checker contracts; all the logic is shared: see `combgames::checker`.
use combgames::checker::{CaseCount, LineChecker, TokenKind};
use std::process::ExitCode;

const CHECKER: LineChecker = LineChecker {
    name: "check-pawns",
    problem: "pawns (Timus 1465)",
    shape: &[TokenKind::OneOf(&["White", "Black"])],
    cases: CaseCount::One,
};

fn main() -> ExitCode {
    CHECKER.main()
}
