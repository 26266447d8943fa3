//! The race problem's checker: its answers are the jury's alone, compared token by token
//! ([`combgames_core::checker::LineChecker`]); `check-race` runs it.

use combgames_core::checker::{CaseCount, LineChecker, TokenKind};

pub const RACE: LineChecker = LineChecker {
    name: "check-race",
    problem: "race (BOI 2008 Game)",
    shape: &[TokenKind::OneOf(&["A", "B"])],
    cases: CaseCount::FirstNumber,
};
