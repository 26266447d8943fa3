//! check-tictactoe: judges a tictactoe output against the jury's answer, token by token (one line per case, `Possible.` or `Impossible.`).
//! Speaks testlib's and Kattis's checker contracts; all the logic is shared, and the problem's
//! answer shape is `combgames_strip::check::TICTACTOE`.
use std::process::ExitCode;

fn main() -> ExitCode {
    combgames_strip::check::TICTACTOE.main()
}
