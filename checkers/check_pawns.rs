//! check-pawns: judges a pawns output against the jury's answer, token by token (one line, `White` or `Black`).
//! Speaks testlib's and Kattis's checker contracts; all the logic is shared, and the problem's
//! answer shape is `combgames_core::checker::PAWNS`.
use std::process::ExitCode;

fn main() -> ExitCode {
    combgames_pawns::check::PAWNS.main()
}
