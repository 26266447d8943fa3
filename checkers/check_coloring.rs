//! check-coloring: judges a coloring output against the jury's answer, token by token (one line, `FIRST` or `SECOND`).
//! Speaks testlib's and Kattis's checker contracts; all the logic is shared, and the problem's
//! answer shape is `combgames_strip::check::COLORING`.
use std::process::ExitCode;

fn main() -> ExitCode {
    combgames_strip::check::COLORING.main()
}
