//! validate-race: the strict input validator for race (Kattis/DOMjudge contract: exit 42 valid,
//! 43 invalid with one line why on stderr; `--project` for the project's larger limits;
//! `--testlib` for testlib's contract, exit 0 valid, 3 invalid, as Polygon wants).
//! All the logic is shared: see `combgames_core::validate`.
// Std only, no anyhow: scripts/make-packages.sh bundles this file (tools/bundle.rs) into the
// problem packages, where plain rustc builds it with no crates; the errors are the library's,
// in the judge's contract.
use std::process::ExitCode;

fn main() -> ExitCode {
    combgames_core::validate::main(&combgames_race::validate::RACE)
}
