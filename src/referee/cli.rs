//! Option values shared by the referee's subcommands (play, judge, kattis), so each flag is
//! read and reported the same way everywhere.

use super::options::OptionError;
use std::time::Duration;

/// A positive number of seconds, at most 10^6 (fractions allowed).
pub fn seconds(flag: &str, text: &str) -> Result<Duration, OptionError> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s <= 1e6 => Ok(Duration::from_secs_f64(s)),
        _ => Err(OptionError::BadValue(format!(
            "{flag} needs a positive number of seconds, got {text:?}"
        ))),
    }
}

/// A whole non-negative number.
pub fn number(flag: &str, text: &str) -> Result<u64, OptionError> {
    text.parse::<u64>()
        .map_err(|_| OptionError::BadValue(format!("{flag} needs a whole number, got {text:?}")))
}

/// Splits a subcommand's arguments at the first `--`: its own options before, the
/// solution's command after (empty when there is no `--`), and whether `-h` or `--help` is
/// among its own (then help wins, even as another flag's value).
pub fn split_command(args: &[String]) -> (&[String], Vec<String>, bool) {
    let (own, command) = match args.iter().position(|a| a == "--") {
        Some(i) => (&args[..i], args[i + 1..].to_vec()),
        None => (args, Vec::new()),
    };
    let help = own.iter().any(|a| a == "-h" || a == "--help");
    (own, command, help)
}
