//! check-race: judges a race output against the jury's answer, token by token (one line per game, `A` or `B`).
//! Speaks testlib's and Kattis's checker contracts; all the logic is shared, and the problem's
//! answer shape is `combgames::checker::RACE`.
use std::process::ExitCode;

fn main() -> ExitCode {
    combgames::checker::RACE.main()
}
