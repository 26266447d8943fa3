//! check-race: judges a race output against the jury's answer, token by token (one line per game, `A` or `B`).
//! Speaks testlib's and Kattis's checker contracts; all the logic is shared: see `combgames::checker`.
use combgames::checker::{CaseCount, LineChecker, TokenKind};
use std::process::ExitCode;

const CHECKER: LineChecker = LineChecker {
    name: "check-race",
    problem: "race (BOI 2008 Game)",
    shape: &[TokenKind::OneOf(&["A", "B"])],
    cases: CaseCount::FirstNumber,
};

fn main() -> ExitCode {
    CHECKER.main()
}
