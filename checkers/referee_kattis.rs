//! referee-kattis: the interactive referee as a Kattis/DOMjudge output validator, alone.
//! `referee-kattis <game> <input> <answer> <feedback_dir> [options]` is `referee kattis ...`
//! (docs/kattis.md); `referee-kattis --validate-input <game> < input` is the input validator
//! of the same tests (exit 42 valid, 43 invalid with one line why). Built from std-only
//! library modules only, so that it bundles into one file plain `rustc` compiles on a judge
//! host with no crates (the interactive packages, scripts/make-interactive-packages.sh): so no
//! anyhow here, unlike the `referee` program's edge.

use combgames_core::verdict::{Verdict, KATTIS_ACCEPT, KATTIS_REJECT};
use combgames_registry::Game;
use combgames_session::kattis;
use std::io::{Read, Write};
use std::process::ExitCode;

/// `--validate-input <game>`: the test's input file on stdin.
fn validate_input(game: &str) -> ExitCode {
    let Some(game) = Game::parse(game) else {
        eprintln!("referee-kattis: unknown game {game:?}");
        return ExitCode::from(Verdict::Fail.exit_code());
    };
    let mut text = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut text) {
        eprintln!("invalid: cannot read the input as text: {e}");
        return ExitCode::from(KATTIS_REJECT);
    }
    match kattis::check_input(game, &text) {
        Ok(()) => ExitCode::from(KATTIS_ACCEPT),
        Err(e) => {
            eprintln!("invalid: {e}");
            ExitCode::from(KATTIS_REJECT)
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "-h" || a == "--help") {
        // A closed pipe (`--help | head -1`) is no error of ours: no panic.
        let _ = writeln!(std::io::stdout(), "{}", kattis::help(true));
        return ExitCode::SUCCESS;
    }
    if let [flag, game, ..] = args.as_slice() {
        if flag == "--validate-input" {
            // Kattis passes `input_validator_flags` after the program's own arguments.
            return validate_input(game);
        }
    }
    // SAFETY: nothing in this program uses std's stdin or stdout.
    ExitCode::from(unsafe { kattis::main("referee-kattis", &args) })
}
