//! subtraction: placeholder until the solution lands (see the project issues).
use std::process::ExitCode;

fn main() -> ExitCode {
    if std::env::args().skip(1).any(|a| a == "--help" || a == "-h") {
        println!("usage: subtraction < input\n(not implemented yet)");
        return ExitCode::SUCCESS;
    }
    eprintln!("subtraction: not implemented yet");
    ExitCode::FAILURE
}
