//! Verdicts, their exit codes, and the rule that the first fault seen is the one that counts.

use std::fmt;

/// The outcome of a session.
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
}

impl Verdict {
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
        }
    }

    pub fn parse(text: &str) -> Option<Verdict> {
        [
            Verdict::Ok,
            Verdict::Wa,
            Verdict::Pe,
            Verdict::Tle,
            Verdict::Idle,
            Verdict::Re,
            Verdict::Mle,
            Verdict::Ole,
            Verdict::Fail,
        ]
        .iter()
        .copied()
        .find(|v| v.name() == text)
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Holds the first fault of a session. Later faults are consequences of the first (a
/// solution told `-1` and cut off dies of SIGPIPE, or is killed) and never replace it.
#[derive(Default, Debug)]
pub struct FirstFault {
    fault: Option<(Verdict, String)>,
}

impl FirstFault {
    /// Records a fault unless one is already recorded; returns whether it was recorded.
    pub fn record(&mut self, verdict: Verdict, message: impl Into<String>) -> bool {
        if self.fault.is_some() {
            return false;
        }
        self.fault = Some((verdict, message.into()));
        true
    }

    pub fn is_set(&self) -> bool {
        self.fault.is_some()
    }

    pub fn get(&self) -> Option<&(Verdict, String)> {
        self.fault.as_ref()
    }

    pub fn into_inner(self) -> Option<(Verdict, String)> {
        self.fault
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_fault_stays() {
        let mut f = FirstFault::default();
        assert!(f.record(Verdict::Wa, "illegal move"));
        assert!(!f.record(Verdict::Re, "killed by SIGPIPE"));
        assert_eq!(f.get().map(|x| x.0), Some(Verdict::Wa));
    }

    #[test]
    fn exit_codes_distinct_and_names_round_trip() {
        let all = [
            Verdict::Ok,
            Verdict::Wa,
            Verdict::Pe,
            Verdict::Tle,
            Verdict::Idle,
            Verdict::Re,
            Verdict::Mle,
            Verdict::Ole,
            Verdict::Fail,
        ];
        let mut codes: Vec<u8> = all.iter().map(|v| v.exit_code()).collect();
        codes.sort();
        codes.dedup();
        assert_eq!(codes.len(), all.len());
        for v in all {
            assert_eq!(Verdict::parse(v.name()), Some(v));
        }
    }
}
