//! Judging one test: the expected answer (a sample's, or the reference solution's), the
//! solution's run under the limits, and the verdict (the limits', or the checker's).

use super::args::Options;
use super::batch::{self, BatchLimits, BatchRun, Ended};
use super::console::megabytes;
use super::report;
use super::sources::{Source, Test};
use super::work::write_new;
use crate::process::Exit;
use combgames_core::checker::output_cap;
use combgames_core::gen::generate_bytes;
use combgames_core::verdict::Verdict;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The verdicts from best to worst; the exit code is that of the worst verdict seen.
/// FAIL is last because it makes every other result doubtful; then a crash; then the limits;
/// then answers that are merely wrong.
pub const SEVERITY: [Verdict; 8] = [
    Verdict::Ok,
    Verdict::Wa,
    Verdict::Pe,
    Verdict::Ole,
    Verdict::Tle,
    Verdict::Mle,
    Verdict::Re,
    Verdict::Fail,
];

pub(super) fn severity(v: Verdict) -> usize {
    SEVERITY
        .iter()
        .position(|&x| x == v)
        .unwrap_or(SEVERITY.len())
}

/// The limits for the project's own solution making the expected answers: generous, since
/// the reference is trusted; the limits only keep a broken build from hanging the judge.
pub(super) const REFERENCE_LIMITS: BatchLimits = BatchLimits {
    cpu: Duration::from_secs(60),
    wall: Duration::from_secs(120),
    memory: None,
    output: 1 << 30,
};

/// One test's outcome.
pub(super) struct Outcome {
    pub(super) verdict: Verdict,
    pub(super) message: String,
    pub(super) run: Option<BatchRun>,
    /// The solution cannot be started at all: the other tests would fail the same way.
    pub(super) fatal: bool,
    /// What kind of failure it is ([`failure_kind`]; empty for a judge's failure).
    pub(super) kind: String,
}

impl Outcome {
    pub(super) fn fail(message: String) -> Outcome {
        Outcome {
            verdict: Verdict::Fail,
            message,
            run: None,
            fatal: false,
            kind: String::new(),
        }
    }
}

/// What the run says before the output is looked at: a limit, a crash, or nothing (None).
pub(super) fn run_verdict(run: &BatchRun, limits: &BatchLimits) -> Option<(Verdict, String)> {
    let cpu_over = || {
        (
            Verdict::Tle,
            format!("CPU time over {:.3}s", limits.cpu.as_secs_f64()),
        )
    };
    let memory_over = || {
        (
            Verdict::Mle,
            format!(
                "resident memory over {:.0} MB",
                megabytes(limits.memory.unwrap_or(0))
            ),
        )
    };
    let output_over = || {
        (
            Verdict::Ole,
            format!("output larger than {} bytes", limits.output),
        )
    };
    match run.ended {
        Ended::CpuLimit => Some(cpu_over()),
        Ended::WallLimit => Some((
            Verdict::Tle,
            format!("wall time over {:.3}s", limits.wall.as_secs_f64()),
        )),
        Ended::MemoryLimit => Some(memory_over()),
        Ended::ScratchFull => Some((
            Verdict::Mle,
            combgames_session::scratch_full(combgames_sandbox::settings().scratch_bytes),
        )),
        Ended::Exited(exit) if exit.is_cpu_limit() => Some(cpu_over()),
        Ended::Exited(exit) if exit.is_file_size_limit() => Some(output_over()),
        // Measured at the end: a short run can pass a limit between two samples.
        _ if run.cpu > limits.cpu => Some(cpu_over()),
        _ if limits
            .memory
            .is_some_and(|m| run.max_rss.is_some_and(|rss| rss > m)) =>
        {
            Some(memory_over())
        }
        _ if run.output_len > limits.output => Some(output_over()),
        Ended::Exited(Exit::Code(0)) => None,
        Ended::Exited(exit) => Some((Verdict::Re, exit.to_string())),
    }
}

/// The checker's verdict from its exit status and its one stderr line.
pub(super) fn check(
    checker: &Path,
    input: &Path,
    output: &Path,
    answer: &Path,
) -> (Verdict, String) {
    let result = std::process::Command::new(checker)
        .args([input, output, answer])
        .stdin(std::process::Stdio::null())
        .output();
    let out = match result {
        Ok(o) => o,
        Err(e) => {
            return (
                Verdict::Fail,
                format!("cannot run {}: {e}", checker.display()),
            )
        }
    };
    let line = String::from_utf8_lossy(&out.stderr)
        .lines()
        .next()
        .unwrap_or("")
        .to_owned();
    let verdict = match out.status.code() {
        Some(0) => Verdict::Ok,
        Some(1) => Verdict::Wa,
        Some(2) => Verdict::Pe,
        _ => Verdict::Fail,
    };
    (verdict, line)
}

/// Everything one judging needs besides the options.
pub(super) struct Bench {
    pub(super) reference: PathBuf,
    pub(super) checker: PathBuf,
    pub(super) work: PathBuf,
    /// The solution as `run.sh` says it, and the folder paths are shown from.
    pub(super) solution: report::Solution,
    pub(super) cwd: PathBuf,
}

impl Bench {
    /// The reference solution's answer on the input at `input`, read into memory and its
    /// file `answer` removed; a failure is the judge's (FAIL).
    // The error is the test's outcome, returned at once: its size costs nothing.
    #[allow(clippy::result_large_err)]
    pub(super) fn reference_answer(&self, input: &Path, answer: &Path) -> Result<Vec<u8>, Outcome> {
        let reference = [self.reference.to_string_lossy().into_owned()];
        let stdin = std::fs::File::open(input).map_err(|e| {
            Outcome::fail(format!("cannot read the input {}: {e}", input.display()))
        })?;
        match batch::run(&reference, stdin, answer, None, &REFERENCE_LIMITS) {
            Ok(r) if r.ended == Ended::Exited(Exit::Code(0)) => {}
            Ok(r) => {
                return Err(Outcome::fail(format!(
                    "the reference solution {} failed ({:?}): {}",
                    self.reference.display(),
                    r.ended,
                    r.stderr_head.lines().next().unwrap_or("")
                )))
            }
            Err(e) => {
                return Err(Outcome::fail(format!(
                    "cannot run {}: {e}",
                    self.reference.display()
                )))
            }
        }
        let bytes = std::fs::read(answer)
            .map_err(|e| Outcome::fail(format!("cannot read the reference answer: {e}")))?;
        std::fs::remove_file(answer)
            .map_err(|e| Outcome::fail(format!("cannot remove the reference answer: {e}")))?;
        Ok(bytes)
    }

    /// Runs the test; leaves `input`, `answer`, `output` and `stderr` in the work folder. The solution
    /// never sees the answer: it is not on disk while the solution's processes live (it is
    /// written back once they are all dead, for the checker), the solution reads its input
    /// from an unlinked file (no path leads from its stdin to the work folder), and where the
    /// kernel allows it the work folder and the whole project are read-only to it
    /// ([`combgames_sandbox::spawn()`]).
    pub(super) fn judge(&self, test: &Test, options: &Options) -> (Outcome, [PathBuf; 4]) {
        let out = self.work.join(format!("{}.output", test.name));
        let input = self.work.join(format!("{}.in", test.name));
        let answer = self.work.join(format!("{}.ans", test.name));
        let stderr = self.work.join(format!("{}.stderr", test.name));
        // In the order of report::KEPT.
        let files = [input.clone(), out.clone(), answer.clone(), stderr.clone()];
        let input_bytes = match &test.source {
            Source::Sample { input, .. } => input.clone(),
            Source::Generated(spec) => generate_bytes(spec),
            Source::Input(bytes) => bytes.clone(),
        };
        if let Err(e) = write_new(&input, &input_bytes) {
            return (Outcome::fail(format!("cannot write the input: {e}")), files);
        }
        let answer_bytes = match &test.source {
            Source::Sample { answer, .. } => answer.clone(),
            Source::Generated(_) | Source::Input(_) => match self.reference_answer(&input, &answer)
            {
                Ok(bytes) => bytes,
                Err(outcome) => return (outcome, files),
            },
        };
        let limits = BatchLimits {
            output: output_cap(answer_bytes.len()),
            ..options.limits
        };
        // The solution's stdin: the input file, unlinked once open.
        let stdin = std::fs::File::open(&input).and_then(|f| {
            std::fs::remove_file(&input)?;
            Ok(f)
        });
        let run = match stdin.and_then(|stdin| {
            // The work folder, the samples and the checker are outside the box: only the
            // command's own files are in it ([`combgames_sandbox::mounts`]).
            batch::run(&options.command, stdin, &out, Some(&stderr), &limits)
        }) {
            Ok(r) => r,
            Err(e) => {
                let mut outcome = Outcome::fail(format!("cannot start {:?}: {e}", options.command));
                outcome.fatal = true;
                return (outcome, files);
            }
        };
        // Every process of the solution is dead: the checker's files are written back (anew,
        // so nothing the solution left at their paths is followed).
        for (path, bytes) in [(&input, &input_bytes), (&answer, &answer_bytes)] {
            if let Err(e) = write_new(path, bytes) {
                return (
                    Outcome::fail(format!("cannot write {}: {e}", path.display())),
                    files,
                );
            }
        }
        // The end of stderr is shown under the result line ([`report::stderr_lines`]).
        let (verdict, message) = match run_verdict(&run, &limits) {
            Some(v) => v,
            None => check(&self.checker, &input, &out, &answer),
        };
        let kind = failure_kind(verdict, &message);
        (
            Outcome {
                verdict,
                message,
                run: Some(run),
                fatal: false,
                kind,
            },
            files,
        )
    }
}

/// What kind of failure a verdict with its message (the checker's line, or the limit or exit
/// status, before any stderr) is: the verdict and the message with every run of digits
/// written `N`. Failures that differ only in where they are and on which numbers
/// (`WA wrong answer line N token N (case N): expected `N`, found `lose``) are one kind, shrunk
/// once; another word (`lose` for a number, the reverse, SIGABRT for SIGSEGV) is another.
pub(super) fn failure_kind(verdict: Verdict, message: &str) -> String {
    let mut kind = format!("{verdict} ");
    let mut digits = false;
    for c in message.chars() {
        if c.is_ascii_digit() {
            if !digits {
                kind.push('N');
            }
            digits = true;
        } else {
            kind.push(c);
            digits = false;
        }
    }
    kind
}

/// A failed test to shrink: its verdict (a candidate must fail the same way) and its input.
pub(super) struct Failed {
    pub(super) verdict: Verdict,
    pub(super) input: Vec<u8>,
}

/// What the judge said on a candidate that failed: the checker's message, the solution's
/// output and the reference answer.
pub(super) struct CandidateFailure {
    pub(super) message: String,
    pub(super) output: Vec<u8>,
    pub(super) answer: Vec<u8>,
    pub(super) stderr: Vec<u8>,
}

impl Bench {
    /// Judges `input` as a test is judged (the reference's answer, the solution under the
    /// options' limits, the checker); the failure's details when it fails as `failed` did.
    pub(super) fn judge_candidate(
        &self,
        options: &Options,
        input: &[u8],
        failed: &Failed,
    ) -> Option<CandidateFailure> {
        let test = Test {
            name: "shrink".to_owned(),
            source: Source::Input(input.to_vec()),
        };
        let (outcome, files) = self.judge(&test, options);
        let result = (outcome.verdict == failed.verdict).then(|| CandidateFailure {
            message: outcome.message,
            output: std::fs::read(&files[1]).unwrap_or_default(),
            answer: std::fs::read(&files[2]).unwrap_or_default(),
            stderr: std::fs::read(&files[3]).unwrap_or_default(),
        });
        for file in &files {
            let _ = std::fs::remove_file(file);
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn severity_lists_every_verdict_once_and_fail_is_worst() {
        for v in SEVERITY {
            assert_eq!(SEVERITY.iter().filter(|&&x| x == v).count(), 1);
        }
        assert_eq!(SEVERITY[SEVERITY.len() - 1], Verdict::Fail);
        assert!(severity(Verdict::Re) > severity(Verdict::Tle));
        assert!(severity(Verdict::Wa) < severity(Verdict::Pe));
    }

    /// Failures that differ in their numbers only are one kind; another word or verdict is
    /// another.
    #[test]
    fn failure_kinds_set_numbers_aside() {
        let wa = |m: &str| failure_kind(Verdict::Wa, m);
        let a = wa("wrong answer line 5 token 3 (case 5): expected `1`, found `lose`");
        let b = wa("wrong answer line 19 token 3 (case 19): expected `12`, found `lose`");
        assert_eq!(a, b);
        assert_eq!(
            a,
            "WA wrong answer line N token N (case N): expected `N`, found `lose`"
        );
        assert_ne!(
            a,
            wa("wrong answer line 5 token 3 (case 5): expected `lose`, found `1`")
        );
        assert_ne!(
            failure_kind(Verdict::Re, "killed by signal 11 (SIGSEGV)"),
            failure_kind(Verdict::Re, "killed by signal 6 (SIGABRT)")
        );
        assert_ne!(
            failure_kind(Verdict::Re, "x"),
            failure_kind(Verdict::Wa, "x")
        );
    }
}
