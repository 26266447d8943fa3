//! Options and their values shared by the referee's subcommands (play, judge, kattis), so
//! each flag is read and reported the same way everywhere.

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

/// Reads a subcommand's own options one at a time: `--flag value` or `--flag=value` (a
/// single `-` never carries a value). Std only, so `referee play`, `referee judge` and the
/// Kattis test files (bundled without crates) read options the same way.
pub struct Flags<'a> {
    args: &'a [String],
    next: usize,
    /// The value given with `=` to the flag just read, if any.
    attached: Option<&'a str>,
}

impl<'a> Flags<'a> {
    pub fn new(args: &'a [String]) -> Flags<'a> {
        Flags {
            args,
            next: 0,
            attached: None,
        }
    }

    /// The next flag, as written before any `=`, and the whole word it came in.
    pub fn next_flag(&mut self) -> Option<(&'a str, &'a str)> {
        let word = self.args.get(self.next)?.as_str();
        self.next += 1;
        let (flag, attached) = match word.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => (flag, Some(value)),
            _ => (word, None),
        };
        self.attached = attached;
        Some((flag, word))
    }

    /// The value of the flag just read: the one after its `=`, else the next argument.
    pub fn value(&mut self, flag: &str) -> Result<&'a str, OptionError> {
        if let Some(value) = self.attached.take() {
            return Ok(value);
        }
        let value = self
            .args
            .get(self.next)
            .ok_or_else(|| OptionError::NoValue(flag.to_owned()))?;
        self.next += 1;
        Ok(value)
    }

    /// Refuses a value given with `=` to a flag that takes none.
    pub fn no_value(&mut self, flag: &str) -> Result<(), OptionError> {
        match self.attached.take() {
            Some(_) => Err(OptionError::BadValue(format!("{flag} takes no value"))),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_take_values_after_them_or_after_an_equals_sign() {
        let args: Vec<String> = ["--a=1", "--b", "2=x", "-c=3", "--d"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let mut flags = Flags::new(&args);
        assert_eq!(flags.next_flag(), Some(("--a", "--a=1")));
        assert_eq!(flags.value("--a"), Ok("1"));
        assert_eq!(flags.next_flag(), Some(("--b", "--b")));
        assert_eq!(flags.value("--b"), Ok("2=x"));
        // A single dash carries no value: the word is the flag.
        assert_eq!(flags.next_flag(), Some(("-c=3", "-c=3")));
        assert_eq!(flags.next_flag(), Some(("--d", "--d")));
        assert_eq!(flags.value("--d"), Err(OptionError::NoValue("--d".into())));
        assert_eq!(flags.next_flag(), None);
        let args = vec!["--e=1".to_string()];
        let mut flags = Flags::new(&args);
        flags.next_flag();
        assert!(flags.no_value("--e").is_err());
    }
}
