//! check-tictactoe: judges a tictactoe output against the jury's answer, token by token (one line per case, `Possible.` or `Impossible.`).
//! Speaks testlib's and Kattis's checker contracts; all the logic is shared, and the problem's
//! answer shape is `combgames::checker::TICTACTOE`.
use std::process::ExitCode;

fn main() -> ExitCode {
    combgames::checker::TICTACTOE.main()
}
