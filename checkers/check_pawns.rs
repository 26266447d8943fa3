//! check-pawns: judges a pawns output against the jury's answer, token by token (one line, `White` or `Black`).
//! Speaks testlib's and Kattis's checker contracts; all the logic is shared, and the problem's
//! answer shape is `combgames::checker::PAWNS`.
use std::process::ExitCode;

fn main() -> ExitCode {
    combgames::checker::PAWNS.main()
}
