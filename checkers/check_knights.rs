//! check-knights: the checker for the knights problem (problems.md section 4). It accepts any
//! winning first turn, not only the jury's.
//!
//! Both judge contracts of `combgames_core::checker` (testlib: `check-knights <input> <output>
//! <answer> [<report> [-appes]]`, exit 0/1/2/3; Kattis: `check-knights <input> <answer>
//! <feedback_dir> < output`, exit 42/43). The rules of judgement are in
//! `combgames_knights::judge_output`. The contestant output is read up to
//! `output_size_cap(K)` bytes: anything longer is a presentation error, so gigabytes of output
//! cost neither memory nor time.

// Std only, no anyhow: scripts/make-packages.sh bundles this file (tools/bundle.rs) into the
// problem packages, where plain rustc builds it with no crates; the errors are the library's,
// in the judge's contract.
use std::process::ExitCode;

fn main() -> ExitCode {
    combgames_knights::check::main()
}
