//! The one verdict type: a session's and `referee judge`'s verdicts with their exit codes
//! (testlib's 0..3, then the referee's own), and the checkers' view of the same values
//! (testlib's result words and `-appes` outcome, the Kattis validator codes). Std only: the
//! checkers are bundled into judge packages with it.

use std::fmt;

/// A verdict: the referee's (a session, `referee judge`) and the checkers' (testlib's four).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every round won, clean exit.
    Ok,
    /// Wrong answer: an illegal move, a move that hands over the win, or the losing side taken.
    Wa,
    /// Presentation error: a line that does not parse, a line too long, output ending early,
    /// output after the session.
    Pe,
    /// Time limit: CPU or wall time over the limit.
    Tle,
    /// Idleness: no line within the idle limit (the classic missing flush).
    Idle,
    /// Runtime error: non-zero exit or death by a signal.
    Re,
    /// Memory limit (`referee judge` only): resident memory over the limit.
    Mle,
    /// Output limit (`referee judge` only): an output file larger than any tolerated answer.
    Ole,
    /// The referee's own error (bad options, a spawn failure, an evaluator inconsistency).
    Fail,
    /// Compilation error (`referee judge` and `play` given a source file): the source did not
    /// build, so nothing ran.
    Ce,
}

impl Verdict {
    /// Every verdict, in declaration order.
    pub const ALL: [Verdict; 10] = [
        Verdict::Ok,
        Verdict::Wa,
        Verdict::Pe,
        Verdict::Tle,
        Verdict::Idle,
        Verdict::Re,
        Verdict::Mle,
        Verdict::Ole,
        Verdict::Fail,
        Verdict::Ce,
    ];

    /// Process exit code: 0..3 as testlib (OK, WA, PE, FAIL); the others are this
    /// referee's own, kept clear of testlib's 4..8.
    pub fn exit_code(self) -> u8 {
        match self {
            Verdict::Ok => 0,
            Verdict::Wa => 1,
            Verdict::Pe => 2,
            Verdict::Fail => 3,
            Verdict::Tle => 10,
            Verdict::Idle => 11,
            Verdict::Re => 12,
            Verdict::Mle => 13,
            Verdict::Ole => 14,
            Verdict::Ce => 15,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Verdict::Ok => "OK",
            Verdict::Wa => "WA",
            Verdict::Pe => "PE",
            Verdict::Tle => "TLE",
            Verdict::Idle => "IDLE",
            Verdict::Re => "RE",
            Verdict::Mle => "MLE",
            Verdict::Ole => "OLE",
            Verdict::Fail => "FAIL",
            Verdict::Ce => "CE",
        }
    }

    pub fn parse(text: &str) -> Option<Verdict> {
        Verdict::ALL.iter().copied().find(|v| v.name() == text)
    }
}

impl Verdict {
    /// The checkers' result line starts with these words (testlib's).
    pub fn tag(self) -> &'static str {
        match self {
            Verdict::Ok => "ok",
            Verdict::Wa => "wrong answer",
            Verdict::Pe => "presentation error",
            other => other.name(),
        }
    }

    /// testlib's `outcome` attribute in an `-appes` report.
    pub fn appes_outcome(self) -> &'static str {
        match self {
            Verdict::Ok => "accepted",
            Verdict::Wa => "wrong-answer",
            Verdict::Pe => "presentation-error",
            Verdict::Tle | Verdict::Idle => "time-limit-exceeded",
            Verdict::Re => "runtime-error",
            Verdict::Mle => "memory-limit-exceeded",
            Verdict::Ole => "output-limit-exceeded",
            Verdict::Fail => "fail",
            Verdict::Ce => "compilation-error",
        }
    }

    /// The exit code of a Kattis/DOMjudge validator: 42 accept, 43 reject (every fault of the
    /// team's), 1 a judging error.
    pub fn kattis_exit_code(self) -> u8 {
        match self {
            Verdict::Ok => KATTIS_ACCEPT,
            Verdict::Fail => KATTIS_ERROR,
            _ => KATTIS_REJECT,
        }
    }
}

/// Kattis problem-package exit codes (also DOMjudge's): accepted, rejected, and the code this
/// project uses for a judging error (any other code is one).
pub const KATTIS_ACCEPT: u8 = 42;
pub const KATTIS_REJECT: u8 = 43;
pub const KATTIS_ERROR: u8 = 1;

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_codes_distinct_and_names_round_trip() {
        let all = Verdict::ALL;
        let mut codes: Vec<u8> = all.iter().map(|v| v.exit_code()).collect();
        codes.sort();
        codes.dedup();
        assert_eq!(codes.len(), all.len());
        for v in all {
            assert_eq!(Verdict::parse(v.name()), Some(v));
        }
    }

    /// A fault of the referee itself is a judging error, not a rejection of the team.
    #[test]
    fn only_ok_accepts_and_fail_is_a_judging_error() {
        assert_eq!(Verdict::Ok.kattis_exit_code(), KATTIS_ACCEPT);
        assert_eq!(Verdict::Wa.kattis_exit_code(), KATTIS_REJECT);
        assert_eq!(Verdict::Idle.kattis_exit_code(), KATTIS_REJECT);
        assert_eq!(Verdict::Fail.kattis_exit_code(), KATTIS_ERROR);
    }
}
