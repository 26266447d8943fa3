//! Proofs for knights (games/knights/README.md, the problem):
//! (a) a plain game search over whole multi-knight positions (all joint moves, memoised
//!     win/lose, no suspense theory) against the solution and the checker, boards up to 7×7
//!     with 1 to 3 knights;
//! (b) the library's evaluator (the compression of games/knights/docs/compression.md): its finite
//!     lemma on the base boards, and the evaluator against the whole-board suspense DP on every
//!     square of every board up to N = 300 and on the borders and samples of N = 2000..=2003;
//! (b') the solution's O(1) rule (its file included here, never by the library) against the
//!     DP up to N = 300 and against the evaluator on boards near 10^9, its table regenerated;
//! (c) the checker binary on accepted, wrong and malformed outputs and on broken jury files;
//! plus the solution's input validation.
//!
//! The solution's file and the checker runs are here; (a) in `search`, (b) in `evaluator`,
//! (b') in `rule`, (c) in `checker_binary`, the input validation in `input`.

mod checker_binary;
mod evaluator;
mod input;
mod rule;
mod search;

use crate::common;

use std::fs;
use std::path::Path;

// The solution's single file, included to prove its rule (never by the library).
#[path = "../../../solutions/knights.rs"]
#[allow(dead_code)]
mod source;

fn scratch_dir(tag: &str) -> common::TempDir {
    common::TempDir::new(&format!("knights-{tag}"))
}

fn run_checker(args: &[&Path]) -> (Option<i32>, String) {
    let out = std::process::Command::new(common::bin("check-knights"))
        .args(args)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(
        stderr.lines().count(),
        1,
        "want one line of reason, got {stderr:?}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    (out.status.code(), stderr.trim_end().to_owned())
}

/// Writes the three files and runs the checker on them.
fn check_files(dir: &Path, input: &[u8], output: &[u8], answer: &[u8]) -> (Option<i32>, String) {
    let paths = [dir.join("input"), dir.join("output"), dir.join("answer")];
    for (path, bytes) in paths.iter().zip([input, output, answer]) {
        fs::write(path, bytes).unwrap();
    }
    run_checker(&[&paths[0], &paths[1], &paths[2]])
}
