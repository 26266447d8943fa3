//! A verdict with the sentence that explains it ([`Outcome`]), as stderr and testlib's report
//! file show it, and the exit of a checker's `main` ([`quit`], [`finish`]).

use super::Verdict;
use std::fmt;
use std::process::ExitCode;

/// A verdict with the sentence that explains it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub verdict: Verdict,
    pub message: String,
}

impl Outcome {
    /// The process exit code of the verdict (testlib's).
    pub fn exit_code(&self) -> u8 {
        self.verdict.exit_code()
    }

    pub fn new(verdict: Verdict, message: impl Into<String>) -> Self {
        Outcome {
            verdict,
            message: message.into(),
        }
    }
    pub fn ok(message: impl Into<String>) -> Self {
        Self::new(Verdict::Ok, message)
    }
    pub fn wa(message: impl Into<String>) -> Self {
        Self::new(Verdict::Wa, message)
    }
    pub fn pe(message: impl Into<String>) -> Self {
        Self::new(Verdict::Pe, message)
    }
    pub fn fail(message: impl Into<String>) -> Self {
        Self::new(Verdict::Fail, message)
    }

    /// The message on one line: any line break in it is shown escaped.
    pub fn one_line_message(&self) -> String {
        self.message.replace('\r', "\\r").replace('\n', "\\n")
    }

    /// What a testlib report file holds: the message alone (testlib writes the verdict's word
    /// only on stderr), or with `-appes` testlib's XML result.
    pub fn testlib_report(&self, appes: bool) -> String {
        let message = self.one_line_message();
        if !appes {
            return message;
        }
        let mut escaped = String::with_capacity(message.len());
        for c in message.chars() {
            match c {
                '&' => escaped.push_str("&amp;"),
                '<' => escaped.push_str("&lt;"),
                '>' => escaped.push_str("&gt;"),
                '"' => escaped.push_str("&quot;"),
                // testlib writes control characters as dots; anything beyond ASCII becomes `?`
                // here, so the declared single-byte encoding is never a lie.
                c if c.is_ascii_control() => escaped.push('.'),
                c if !c.is_ascii() => escaped.push('?'),
                c => escaped.push(c),
            }
        }
        format!(
            "<?xml version=\"1.0\" encoding=\"windows-1251\"?><result outcome = \"{}\">{escaped}</result>\n",
            self.verdict.appes_outcome()
        )
    }
}

impl fmt::Display for Outcome {
    /// `<tag> <message>` on one line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.verdict.tag(), self.one_line_message())
    }
}

/// Prints the result line on stderr and returns the verdict's exit code, for `main`.
pub fn quit(verdict: Verdict, message: &str) -> ExitCode {
    finish(Outcome::new(verdict, message))
}

/// [`quit`] for an [`Outcome`].
pub fn finish(outcome: Outcome) -> ExitCode {
    eprintln!("{outcome}");
    ExitCode::from(outcome.verdict.exit_code())
}
