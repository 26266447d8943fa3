//! The subtraction problem's checker: its answers are the jury's alone, compared token by token
//! ([`combgames_core::checker::LineChecker`]); `check-subtraction` runs it.

use combgames_core::checker::{CaseCount, LineChecker, TokenKind};

pub const SUBTRACTION: LineChecker = LineChecker {
    name: "check-subtraction",
    problem: "subtraction (HDU 2486 / POJ 3922)",
    shape: &[
        TokenKind::OneOf(&["Case"]),
        TokenKind::CaseLabel,
        TokenKind::PositiveOr("lose"),
    ],
    cases: CaseCount::FirstNumber,
};
