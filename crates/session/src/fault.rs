//! The rule that the first fault seen is the one that counts.

use combgames_core::verdict::Verdict;

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
}
