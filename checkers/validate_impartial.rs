//! validate-impartial: the strict input validator for impartial (Kattis/DOMjudge contract: exit 42 valid,
//! 43 invalid with one line why on stderr; `--project` for the project's larger limits;
//! `--testlib` for testlib's contract, exit 0 valid, 3 invalid, as Polygon wants).
//! All the logic is shared: see `combgames_core::validate`.
use std::process::ExitCode;

fn main() -> ExitCode {
    combgames_core::validate::main(&combgames_impartial::validate::IMPARTIAL)
}
