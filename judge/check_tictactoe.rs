//! check-tictactoe: judges a tictactoe output against the jury's answer, token by token (one line per case, `Possible.` or `Impossible.`).
//! Speaks testlib's and Kattis's checker contracts; all the logic is shared: see `combgames::checker`.
use combgames::checker::{CaseCount, LineChecker, TokenKind};
use std::process::ExitCode;

const CHECKER: LineChecker = LineChecker {
    name: "check-tictactoe",
    problem: "tictactoe (UVa 11534)",
    shape: &[TokenKind::OneOf(&["Possible.", "Impossible."])],
    cases: CaseCount::FirstNumber,
};

fn main() -> ExitCode {
    CHECKER.main()
}
