//! The tictactoe and coloring problems' checkers: their answers are the jury's alone, compared
//! token by token ([`combgames_core::checker::LineChecker`]); `check-tictactoe` and
//! `check-coloring` run them.

use combgames_core::checker::{CaseCount, LineChecker, TokenKind};

pub const TICTACTOE: LineChecker = LineChecker {
    name: "check-tictactoe",
    problem: "tictactoe (UVa 11534)",
    shape: &[TokenKind::OneOf(&["Possible.", "Impossible."])],
    cases: CaseCount::FirstNumber,
};

pub const COLORING: LineChecker = LineChecker {
    name: "check-coloring",
    problem: "coloring (SGU 328)",
    shape: &[TokenKind::OneOf(&["FIRST", "SECOND"])],
    cases: CaseCount::One,
};
