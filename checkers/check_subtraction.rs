//! check-subtraction: judges a subtraction output against the jury's answer, token by token (one line per case, `Case i: x` with x a positive integer or `lose`).
//! Speaks testlib's and Kattis's checker contracts; all the logic is shared, and the problem's
//! answer shape is `combgames_core::checker::SUBTRACTION`.
// Std only, no anyhow, as the checkers the packages bundle (check_knights.rs): its errors are
// the checker contract's (`FAIL check-<problem>: ...`, exit 3), written by the library.
use std::process::ExitCode;

fn main() -> ExitCode {
    combgames_subtraction::check::SUBTRACTION.main()
}
