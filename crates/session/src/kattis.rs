//! `referee kattis <game>`: the referee as an interactive output validator of the Kattis
//! problem-package format (also what DOMjudge runs for interactive problems). The judge
//! system starts the validator as `validator input_file answer_file feedback_dir [args]`
//! with the team's output on its stdin and the team's input on its stdout, and reads the
//! result from the exit status (42 accepted, 43 rejected) and `feedback_dir/judgemessage.txt`.
//!
//! The session is the one `referee play` runs ([`session::run_over`]): only the transport
//! differs, the validator's own stdio ([`StdioPeer`]) instead of a child's pipes. The test's
//! input file holds the options of `referee play` ([`options`], docs/kattis.md).
//!
//! Std only, as is everything it uses: checkers/referee_kattis.rs calls [`main`] and is
//! bundled with these modules into one file that plain `rustc` builds on a judge host with no
//! crates (docs/kattis.md); `referee kattis` calls the same [`main`].
//!
//! Here the validator's entry, its session and verdict, its errors and help, and the session a
//! test asks for; the team over the validator's stdio in `stdio`, a test's input file in
//! `input`.

mod input;
mod stdio;

pub use input::{check_input, parse_options, MAX_TEST_ROUNDS};
use stdio::WriteWatchdog;
pub use stdio::{StdioPeer, END_GRACE};

use crate::options::{self, OptionError};
use crate::session::{self, Config};
use combgames_core::peer::Limits;
use combgames_core::verdict::{Verdict, KATTIS_ERROR};
use combgames_registry::Game;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

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
    memory: None,
};

/// Writes the judge message; a failure to write it (a full feedback folder) is reported on
/// stderr and returned: the caller then gives no verdict (exit 1, a judging error), since a
/// verdict without its reason is not one the judge system can show.
pub fn write_judge_message(feedback_dir: &Path, text: &str) -> std::io::Result<()> {
    let path = feedback_dir.join(JUDGE_MESSAGE);
    std::fs::write(&path, format!("{text}\n")).map_err(|e| {
        eprintln!("referee: cannot write {}: {e}", path.display());
        e
    })
}

/// The output-validator flags of the problem formats (problemtools' default validator's), which
/// a judge system may pass to every validator of a problem: meaningless for a played game (the
/// referee reads moves, not text to compare), so accepted and ignored. The float flags take a
/// value.
const JUDGE_SYSTEM_FLAGS: &[(&str, bool)] = &[
    ("case_sensitive", false),
    ("space_change_sensitive", false),
    ("float_tolerance", true),
    ("float_relative_tolerance", true),
    ("float_absolute_tolerance", true),
];

/// `extra` without the judge systems' flags ([`JUDGE_SYSTEM_FLAGS`]).
fn without_judge_system_flags(extra: &[String]) -> Vec<String> {
    let mut kept = Vec::new();
    let mut words = extra.iter();
    while let Some(word) = words.next() {
        match JUDGE_SYSTEM_FLAGS.iter().find(|(flag, _)| flag == word) {
            Some((_, true)) => {
                words.next();
            }
            Some((_, false)) => {}
            None => kept.push(word.clone()),
        }
    }
    kept
}

/// Plays the session over this process's own stdin and stdout and returns the exit status.
///
/// # Safety
/// Takes fds 0 and 1 over (see [`StdioPeer::over_own_stdio`]): the caller must not use std's
/// stdin or stdout afterwards.
pub unsafe fn validate(config: &Config, feedback_dir: &Path) -> u8 {
    // SAFETY: forwarded from the caller.
    let mut peer = unsafe { StdioPeer::over_own_stdio(config.limits) };
    peer.watchdog = Some(WriteWatchdog::start(
        config.limits.idle,
        config.game.name(),
        feedback_dir.to_owned(),
    ));
    let report = session::run_over(config, peer);
    let line = report.line();
    eprintln!("{line}");
    match write_judge_message(feedback_dir, &line) {
        Ok(()) => report.verdict.kattis_exit_code(),
        Err(_) => KATTIS_ERROR,
    }
}

/// Why the validator cannot judge: a judging error (exit 1), never the team's fault.
#[derive(Debug)]
pub enum KattisError {
    /// Not called as `<game> <input> <answer> <feedback_dir> [options]`.
    Usage,
    /// The game named is none of the referee's.
    UnknownGame(String),
    /// The test's input file cannot be read.
    ReadInput(PathBuf, std::io::Error),
    /// `--` in the input file (line number), which would start a command in `referee play`.
    Separator(usize),
    /// The options of the input file (and the extra arguments) are not valid.
    Options(PathBuf, OptionError),
    /// A test's input file that does not fix `--seed`: its session would differ between
    /// submissions ([`check_input`]).
    NoSeed,
    /// A test's input file not in the one layout tests are written in (line number, why):
    /// [`check_input`].
    Layout(usize, &'static str),
    /// A test's input file with more rounds than the statements allow ([`MAX_TEST_ROUNDS`]):
    /// its first and last round.
    TooManyRounds(u64, u64),
    /// A test's input file without `--rounds` whose game's default session is longer than
    /// [`MAX_TEST_ROUNDS`] (knights'): the game and its default rounds.
    DefaultRoundsTooMany(Game, u64),
    /// A test's input file that names a transcript file: the judge host's feedback folder
    /// keeps the transcript ([`check_input`]).
    TranscriptGiven,
}

impl fmt::Display for KattisError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KattisError::Usage => f.write_str(USAGE),
            KattisError::UnknownGame(name) => {
                let names: Vec<&str> = Game::ALL.iter().map(|g| g.name()).collect();
                write!(
                    f,
                    "unknown game {name:?}: expected one of {}",
                    names.join(", ")
                )
            }
            KattisError::ReadInput(path, e) => {
                write!(f, "cannot read the input file {}: {e}", path.display())
            }
            KattisError::Separator(line) => write!(f, "input line {line}: `--` is not an option"),
            KattisError::Options(path, e) => write!(f, "input file {}: {e}", path.display()),
            KattisError::NoSeed => {
                f.write_str("no --seed: a test must play the same session for every submission")
            }
            KattisError::Layout(line, why) => write!(f, "line {line}: {why}"),
            KattisError::TooManyRounds(1, r) => write!(
                f,
                "--rounds {r}: the statements allow at most {MAX_TEST_ROUNDS} rounds"
            ),
            KattisError::TooManyRounds(a, b) => write!(
                f,
                "--rounds {a}..{b}: {} rounds, the statements allow at most {MAX_TEST_ROUNDS}",
                b - a + 1
            ),
            KattisError::DefaultRoundsTooMany(game, r) => write!(
                f,
                "no --rounds: a default {} session plays {r} rounds, the statements allow at most {MAX_TEST_ROUNDS}",
                game.name()
            ),
            KattisError::TranscriptGiven => {
                f.write_str("--transcript: the transcript goes to the feedback folder")
            }
        }
    }
}

impl std::error::Error for KattisError {}

/// How the validator is called.
pub const USAGE: &str = "usage: referee kattis <game> <input> <answer> <feedback_dir> [options] \
     (or referee-kattis <game> ...; --help for more)";

/// The help of `referee kattis --help` (`standalone` false) and `referee-kattis --help`
/// (true): each names itself first.
pub fn help(standalone: bool) -> String {
    let (program, other, what) = if standalone {
        (
            "referee-kattis",
            "referee kattis",
            "the full referee's mode",
        )
    } else {
        ("referee kattis", "referee-kattis", "a std-only build")
    };
    format!(
        "\
usage: {program} <game> <input> <answer> <feedback_dir> [options]  < team_output > team_input
       {other} <game> <input> <answer> <feedback_dir> [options]  (the same, {what})
       referee-kattis --validate-input <game> < input
The interactive referee as a Kattis/DOMjudge output validator: the session's options come from
the test's <input> file (as for `referee play`), then from [options] (output_validator_flags);
exit 42 accept, 43 reject, 1 judging error, the reason in <feedback_dir>/judgemessage.txt and
the transcript beside it; 3 a usage error. --validate-input is the input validator of such test
files (42 valid, 43 invalid). Games: `referee --list-games`. docs/kattis.md."
    )
}

/// The session a test's input file asks for: the file's options, then `extra` (Kattis
/// `output_validator_flags`), the validator's own limits where none are given, and the
/// transcript in the feedback folder unless the options name another file.
pub fn config(
    game: Game,
    input_text: &str,
    input: &Path,
    extra: &[String],
    feedback_dir: &Path,
) -> Result<Config, KattisError> {
    let mut tokens = parse_options(input_text)?;
    tokens.extend(without_judge_system_flags(extra));
    let o = options::parse(game, &tokens).map_err(|e| KattisError::Options(input.to_owned(), e))?;
    Ok(Config {
        game,
        seed: Some(o.seed.unwrap_or_else(options::clock_seed)),
        script: o.generated(),
        limits: o.limits(DEFAULT_LIMITS),
        transcript: Some(
            o.transcript
                .clone()
                .unwrap_or_else(|| feedback_dir.join(TRANSCRIPT)),
        ),
        command: vec!["(the team's program)".to_owned()],
        move_cap: o.move_cap,
        play_options: None,
    })
}

/// `referee kattis` and checkers/referee_kattis.rs: `args` are `<game> <input> <answer>
/// <feedback_dir> [options]`; returns the exit status (42, 43, or 1 for a judging error,
/// with the reason in judgemessage.txt when the feedback folder is known; 3, as the referee's,
/// for a usage error: too few arguments or an unknown game). `program` names the caller in its
/// one line on stderr.
///
/// # Safety
/// Takes fds 0 and 1 over once the session starts (see [`StdioPeer::over_own_stdio`]).
pub unsafe fn main(program: &str, args: &[String]) -> u8 {
    let feedback = args.get(3).map(Path::new);
    let config = (|| {
        let [game, input, _answer, feedback, extra @ ..] = args else {
            return Err(KattisError::Usage);
        };
        let game = Game::parse(game).ok_or_else(|| KattisError::UnknownGame(game.clone()))?;
        let input = Path::new(input);
        let text = std::fs::read_to_string(input)
            .map_err(|e| KattisError::ReadInput(input.to_owned(), e))?;
        config(game, &text, input, extra, Path::new(feedback))
    })();
    match config {
        // SAFETY: forwarded from the caller.
        Ok(config) => unsafe { validate(&config, feedback.unwrap_or(Path::new("."))) },
        Err(e) => {
            // A usage error is the caller's, said on stderr alone; a judging error is also
            // the test's judge message.
            let usage = matches!(e, KattisError::Usage | KattisError::UnknownGame(_));
            if let (Some(dir), false) = (feedback, usage) {
                let _ = write_judge_message(dir, &format!("FAIL {e}"));
            }
            eprintln!("{program}: {e}");
            if usage {
                Verdict::Fail.exit_code()
            } else {
                KATTIS_ERROR
            }
        }
    }
}
