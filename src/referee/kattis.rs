//! `referee kattis <game>`: the referee as an interactive output validator of the Kattis
//! problem-package format (also what DOMjudge runs for interactive problems). The judge
//! system starts the validator as `validator input_file answer_file feedback_dir [args]`
//! with the team's output on its stdin and the team's input on its stdout, and reads the
//! result from the exit status (42 accepted, 43 rejected) and `feedback_dir/judgemessage.txt`.
//!
//! The session is the one `referee play` runs ([`session::run_over`]): only the transport
//! differs, the validator's own stdio instead of a child's pipes. The test's input file holds
//! the options of `referee play` (docs/judging.md).

use super::process::{Limits, Solution};
use super::session::{self, Config};
use super::verdict::Verdict;
use std::path::Path;
use std::time::Duration;

/// Exit status that accepts the team's program (Kattis `output_validators` convention).
pub const ACCEPT: u8 = 42;
/// Exit status that rejects it.
pub const REJECT: u8 = 43;
/// Exit status for the validator's own failure: the judge system reports a judging error.
pub const JUDGE_ERROR: u8 = 1;

/// The file in the feedback directory that carries the reason, for the judges.
pub const JUDGE_MESSAGE: &str = "judgemessage.txt";
/// The session transcript, also kept in the feedback directory.
pub const TRANSCRIPT: &str = "transcript.txt";

/// Limits when the input file sets none. The judge system enforces the team's time limit
/// itself (and then closes the pipes, which ends the session); the validator's own limits only
/// keep it from waiting forever, so they are generous.
pub const DEFAULT_LIMITS: Limits = Limits {
    cpu: Duration::from_secs(3600),
    wall: Duration::from_secs(3600),
    idle: Duration::from_secs(60),
};

/// The options in a test's input file: whitespace-separated tokens, `#` to the end of a line
/// is a comment. Example: `--rounds 50 --seed 7 --size 2..1000`.
pub fn parse_options(text: &str) -> Result<Vec<String>, String> {
    let mut tokens = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("");
        for token in line.split_whitespace() {
            if token == "--" {
                return Err(format!("input line {}: `--` is not an option", i + 1));
            }
            tokens.push(token.to_owned());
        }
    }
    Ok(tokens)
}

/// The exit status for a session's verdict: a fault of the referee itself is a judging
/// error, not a rejection of the team.
pub fn exit_status(verdict: Verdict) -> u8 {
    match verdict {
        Verdict::Ok => ACCEPT,
        Verdict::Fail => JUDGE_ERROR,
        _ => REJECT,
    }
}

/// Writes the judge message; a failure to write it is reported on stderr only (the exit
/// status still carries the verdict).
pub fn write_judge_message(feedback_dir: &Path, text: &str) {
    let path = feedback_dir.join(JUDGE_MESSAGE);
    if let Err(e) = std::fs::write(&path, format!("{text}\n")) {
        eprintln!("referee: cannot write {}: {e}", path.display());
    }
}

/// Plays the session over this process's own stdin and stdout and returns the exit status.
///
/// # Safety
/// Takes fds 0 and 1 over (see [`Solution::over_own_stdio`]): the caller must not use std's
/// stdin or stdout afterwards.
pub unsafe fn validate(config: &Config, feedback_dir: &Path) -> u8 {
    // SAFETY: forwarded from the caller.
    let peer = match unsafe { Solution::over_own_stdio(config.limits) } {
        Ok(p) => p,
        Err(e) => {
            let message = format!("FAIL cannot use stdin/stdout as the team's pipes: {e}");
            write_judge_message(feedback_dir, &message);
            eprintln!("referee: {message}");
            return JUDGE_ERROR;
        }
    };
    let report = session::run_over(config, peer);
    let line = report.line();
    write_judge_message(feedback_dir, &line);
    eprintln!("{line}");
    exit_status(report.verdict)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_skip_comments_and_refuse_the_separator() {
        assert_eq!(
            parse_options("# a test\n--rounds 5   --seed 7 # why\n\t--size 2..9\n").unwrap(),
            ["--rounds", "5", "--seed", "7", "--size", "2..9"]
        );
        assert!(parse_options("--rounds 5 -- sh").is_err());
    }

    #[test]
    fn only_ok_accepts_and_fail_is_a_judging_error() {
        assert_eq!(exit_status(Verdict::Ok), ACCEPT);
        assert_eq!(exit_status(Verdict::Wa), REJECT);
        assert_eq!(exit_status(Verdict::Idle), REJECT);
        assert_eq!(exit_status(Verdict::Fail), JUDGE_ERROR);
    }
}
