//! check-impartial: the checker for the impartial problem (games/impartial/docs/impartial.md). It accepts any
//! winning move, not only the jury's: each case's answer is `Second`, or `First` and a move
//! `i a b ...` that the judge side's evaluator (games/impartial/src/lib.rs: the plain mex recurrence and
//! exhaustive misère search, never the solution's periods) finds legal and leaving a lost
//! position; `First` alone where the player to move has no move (misère play).
//!
//! Both judge contracts of `combgames_core::checker` (testlib: `check-impartial <input> <output>
//! <answer> [<report> [-appes]]`, exit 0/1/2/3; Kattis: `check-impartial <input> <answer>
//! <feedback_dir> < output`, exit 42/43). The jury's files are settled first (the input read,
//! every jury answer's side and move checked by the evaluator): their faults are FAIL, never
//! the contestant's.

// Std only, no anyhow: scripts/make-packages.sh bundles this file (tools/bundle.rs) into the
// problem packages, where plain rustc builds it with no crates; the errors are the library's,
// in the judge's contract.
use std::process::ExitCode;

fn main() -> ExitCode {
    combgames_impartial::check::main()
}
