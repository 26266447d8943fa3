//! The pawns problem's checker: its answers are the jury's alone, compared token by token
//! ([`combgames_core::checker::LineChecker`]); `check-pawns` runs it.

use combgames_core::checker::{CaseCount, LineChecker, TokenKind};

pub const PAWNS: LineChecker = LineChecker {
    name: "check-pawns",
    problem: "pawns (Timus 1465)",
    shape: &[TokenKind::OneOf(&["White", "Black"])],
    cases: CaseCount::One,
};
