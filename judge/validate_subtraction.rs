//! validate-subtraction: the strict input validator for subtraction (Kattis/DOMjudge contract: exit 42 valid,
//! 43 invalid with one line why on stderr; `--project` for the project's larger limits).
//! All the logic is shared: see `combgames::validate`.
use std::process::ExitCode;

fn main() -> ExitCode {
    combgames::validate::main(&combgames::validate::SUBTRACTION)
}
