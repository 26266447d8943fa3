//! referee-kattis: the interactive referee as a Kattis/DOMjudge output validator, alone.
//! `referee-kattis <game> <input> <answer> <feedback_dir> [options]` is `referee kattis ...`
//! (docs/judging.md), built from std-only library modules only, so that it bundles into one
//! file plain `rustc` compiles on a judge host with no crates (the interactive packages).

use combgames::referee::kattis;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "-h" || a == "--help") {
        eprintln!("{}", kattis::USAGE);
        return ExitCode::from(kattis::JUDGE_ERROR);
    }
    // SAFETY: nothing in this program uses std's stdin or stdout.
    ExitCode::from(unsafe { kattis::main(&args) })
}
