//! `referee kattis <game>`: the referee as an interactive output validator of the Kattis
//! problem-package format (also what DOMjudge runs for interactive problems). The judge
//! system starts the validator as `validator input_file answer_file feedback_dir [args]`
//! with the team's output on its stdin and the team's input on its stdout, and reads the
//! result from the exit status (42 accepted, 43 rejected) and `feedback_dir/judgemessage.txt`.
//!
//! The session is the one `referee play` runs ([`session::run_over`]): only the transport
//! differs, the validator's own stdio ([`StdioPeer`]) instead of a child's pipes. The test's
//! input file holds the options of `referee play` ([`options`], docs/judging.md).
//!
//! Std only, as is everything it uses: checkers/referee_kattis.rs calls [`main`] and is
//! bundled with these modules into one file that plain `rustc` builds on a judge host with no
//! crates (docs/judging.md); `referee kattis` calls the same [`main`].

use crate::options::{self, OptionError};
use crate::session::{self, Config};
use combgames_core::peer::{Event, Limits, LineBuffer, Peer, Wait, MAX_LINE};
use combgames_core::verdict::{Verdict, KATTIS_ERROR};
use combgames_registry::Game;
use std::fmt;
use std::fs::File;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

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

/// The options in a test's input file: whitespace-separated tokens, `#` to the end of a line
/// is a comment. Example: `--rounds 50 --seed 7 --size 2..1000`.
pub fn parse_options(text: &str) -> Result<Vec<String>, KattisError> {
    let mut tokens = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("");
        for token in line.split_whitespace() {
            if token == "--" {
                return Err(KattisError::Separator(i + 1));
            }
            tokens.push(token.to_owned());
        }
    }
    Ok(tokens)
}

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

/// Bounds every write to the team: a team that stops reading, or exits while the judge system
/// holds a copy of its input pipe (problemtools, DOMjudge), would leave the validator blocked in
/// write() for ever once the pipe buffer (64 KiB) is full. A thread watches each write: one
/// that lasts longer than the idle limit ends the validator with PE (the team does not read
/// its input), its reason in judgemessage.txt.
struct WriteWatchdog {
    deadline: Arc<Mutex<Option<Instant>>>,
    limit: Duration,
}

impl WriteWatchdog {
    fn start(limit: Duration, game: &'static str, feedback_dir: PathBuf) -> WriteWatchdog {
        let deadline = Arc::new(Mutex::new(None::<Instant>));
        let watched = Arc::clone(&deadline);
        std::thread::spawn(move || loop {
            std::thread::sleep(WATCHDOG_PERIOD);
            let due = *watched.lock().unwrap_or_else(|e| e.into_inner());
            if due.is_some_and(|t| Instant::now() >= t) {
                let line = format!(
                    "PE {game}: the team does not read its input (a write blocked for over {:.1}s)",
                    limit.as_secs_f64()
                );
                let code = match write_judge_message(&feedback_dir, &line) {
                    Ok(()) => Verdict::Pe.kattis_exit_code(),
                    Err(_) => KATTIS_ERROR,
                };
                eprintln!("{line}");
                std::process::exit(i32::from(code));
            }
        });
        WriteWatchdog { deadline, limit }
    }

    fn arm(&self) {
        *self.deadline.lock().unwrap_or_else(|e| e.into_inner()) =
            Some(Instant::now() + self.limit);
    }

    fn disarm(&self) {
        *self.deadline.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }
}

/// How often the write watchdog looks at the clock.
const WATCHDOG_PERIOD: Duration = Duration::from_millis(20);

/// Bytes read from the team's output at a time.
const CHUNK: usize = 1 << 16;
/// Chunks read ahead of the session at most: memory stays bounded whatever the team writes.
const READ_AHEAD: usize = 4;
/// After the last round, how long the validator waits for the end of the team's output, to
/// catch output after the last round (PE). Bounded: under problemtools the end never comes (its
/// runner holds a copy of the pipe until the validator exits) and the verdict is given when the
/// wait is over; where the judge passes the end on once the team has exited (DOMjudge,
/// BAPCtools, which warns when a validator accepts before the team has exited), the wait ends
/// as soon as the team exits.
pub const END_GRACE: Duration = Duration::from_secs(1);

/// The team's program behind the judge system's pipes: its output on this process's stdin,
/// its input on this process's stdout. A thread reads stdin (std has no poll) and hands the
/// bytes over a bounded channel, which gives the idle and wall limits their timeouts; lines
/// to the team are written directly. The judge system owns the team's process: its exit
/// status, CPU time and stderr are not visible here, and it enforces the team's limits.
pub struct StdioPeer {
    to_team: Option<File>,
    /// Bounds each write to the team (set by [`validate`]; none in tests of the peer alone).
    watchdog: Option<WriteWatchdog>,
    from_team: Receiver<Vec<u8>>,
    /// The reader thread has seen end of file (or an error) on stdin.
    ended: bool,
    lines: LineBuffer,
    limits: Limits,
    waited: Duration,
    max_line: usize,
}

impl StdioPeer {
    /// Takes fds 0 and 1 over: closing fd 1 at the end is what lets the team see end of
    /// file where the judge system holds no copy of the pipe (DOMjudge).
    ///
    /// # Safety
    /// Fds 0 and 1 must be open and used by nothing else for the rest of the process (no
    /// `std::io::stdin`, `print!` or `println!`).
    pub unsafe fn over_own_stdio(limits: Limits) -> StdioPeer {
        use std::os::unix::io::FromRawFd;
        // SAFETY: the caller hands fds 0 and 1 over to this struct.
        let (mut from_team, to_team) = unsafe { (File::from_raw_fd(0), File::from_raw_fd(1)) };
        let (sender, receiver) = mpsc::sync_channel(READ_AHEAD);
        // The thread ends at end of file or when the session drops the receiver; if it is
        // blocked in read() when the validator exits, the exit ends it.
        std::thread::spawn(move || {
            let mut chunk = vec![0u8; CHUNK];
            loop {
                match from_team.read(&mut chunk) {
                    Ok(0) => return,
                    Ok(n) => {
                        if sender.send(chunk[..n].to_vec()).is_err() {
                            return;
                        }
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(_) => return,
                }
            }
        });
        StdioPeer {
            to_team: Some(to_team),
            watchdog: None,
            from_team: receiver,
            ended: false,
            lines: LineBuffer::default(),
            limits,
            waited: Duration::ZERO,
            max_line: MAX_LINE,
        }
    }

    fn wait_for_line(&mut self, wait: &Wait) -> Event {
        loop {
            if let Some(event) = self.lines.take_line(self.max_line) {
                return event;
            }
            if self.ended {
                // A last line without its newline still counts as a line.
                return self.lines.take_rest();
            }
            let now = Instant::now();
            if let Some(limit) = wait.ran_out(now) {
                return limit;
            }
            match self
                .from_team
                .recv_timeout(wait.deadline().saturating_duration_since(now))
            {
                Ok(bytes) => self.lines.bytes.extend_from_slice(&bytes),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => self.ended = true,
            }
        }
    }
}

impl Peer for StdioPeer {
    fn send(&mut self, line: &str) {
        let Some(to_team) = &mut self.to_team else {
            return;
        };
        // One write per line. A blocking write: a team that stops reading blocks the
        // validator until the judge system's limits end the team, and then the pipe breaks
        // (Rust ignores SIGPIPE, so that is an error here, not a death).
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        if let Some(w) = &self.watchdog {
            w.arm();
        }
        let written = to_team.write_all(&bytes);
        if let Some(w) = &self.watchdog {
            w.disarm();
        }
        if written.is_err() {
            // The team closed its input; what it did not read is lost.
            self.to_team = None;
        }
    }

    fn close_input(&mut self) {
        self.to_team = None;
    }

    fn next_line(&mut self) -> Event {
        let wait = Wait::start(&self.limits, self.waited);
        let event = self.wait_for_line(&wait);
        self.waited = wait.waited();
        event
    }

    fn set_max_line(&mut self, bytes: usize) {
        self.max_line = bytes.max(MAX_LINE);
    }

    fn max_line(&self) -> usize {
        self.max_line
    }

    /// Closes the team's input and waits up to [`END_GRACE`] for the end of its output;
    /// anything but whitespace before it is output after the last round.
    fn finish(&mut self) -> (bool, Option<Event>) {
        self.close_input();
        let until = Instant::now() + END_GRACE;
        let mut extra = false;
        loop {
            while let Some(event) = self.lines.take_line(usize::MAX) {
                if let Event::Line(l) = event {
                    extra |= l.iter().any(|b| !b.is_ascii_whitespace());
                }
            }
            extra |= self.lines.bytes.iter().any(|b| !b.is_ascii_whitespace());
            self.lines.clear();
            if extra || self.ended {
                return (extra, None);
            }
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return (false, None);
            }
            match self.from_team.recv_timeout(left) {
                Ok(bytes) => self.lines.bytes.extend_from_slice(&bytes),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => self.ended = true,
            }
        }
    }
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

/// Rounds a test may play at most: the packages' statements promise R ≤ 100.
pub const MAX_TEST_ROUNDS: u64 = 100;

/// The input validator's check of a test's input file (checkers/referee_kattis.rs
/// `--validate-input <game>`): options a session of `game` accepts, stricter than the
/// validator itself in what makes a test reproducible (`--seed` fixed, no `--transcript`) and
/// in what the statements promise (at most [`MAX_TEST_ROUNDS`] rounds), and in its layout:
/// every line a comment (`#` first) or options separated by single spaces (`--flag value`), no
/// blank line, no space at either end of a line, no leading zero in a number, a newline at the
/// end. Tests then differ only in what they play, and verifyproblem's changed copies (spaces,
/// blank lines and zeros added) are refused.
pub fn check_input(game: Game, text: &str) -> Result<(), KattisError> {
    check_layout(text)?;
    let tokens = parse_options(text)?;
    let o = options::parse(game, &tokens)
        .map_err(|e| KattisError::Options(PathBuf::from("(stdin)"), e))?;
    if o.seed.is_none() {
        return Err(KattisError::NoSeed);
    }
    if o.transcript.is_some() {
        return Err(KattisError::TranscriptGiven);
    }
    if o.rounds - o.first_round + 1 > MAX_TEST_ROUNDS {
        return Err(KattisError::TooManyRounds(o.first_round, o.rounds));
    }
    Ok(())
}

fn check_layout(text: &str) -> Result<(), KattisError> {
    let Some(body) = text.strip_suffix('\n') else {
        return Err(KattisError::Layout(
            text.lines().count().max(1),
            "the file must end with a newline",
        ));
    };
    for (i, line) in body.split('\n').enumerate() {
        let bad = |why| Err(KattisError::Layout(i + 1, why));
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            return bad("blank line");
        }
        if line.starts_with(' ') || line.ends_with(' ') || line.contains("  ") {
            return bad("options are separated by single spaces, none at either end");
        }
        if line.contains(|c: char| c.is_whitespace() && c != ' ') {
            return bad("whitespace other than single spaces");
        }
        // The options' parser also reads `--flag=value` (as a command line may write it); a
        // test is written one way only.
        if line.split('#').next().unwrap_or("").contains('=') {
            return bad("options are written `--flag value`, not `--flag=value`");
        }
        let leading_zero = line.split([' ', '/', '.']).any(|number| {
            number.len() > 1
                && number.starts_with('0')
                && number.bytes().all(|b| b.is_ascii_digit())
        });
        if leading_zero {
            return bad("a number with a leading zero");
        }
    }
    Ok(())
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
    fn a_test_input_must_fix_the_seed_and_keep_the_transcript_in_the_feedback_folder() {
        assert!(check_input(Game::Pawns, "# a test\n--rounds 3 --seed 1 # fine\n").is_ok());
        let err = |text: &str| check_input(Game::Pawns, text).unwrap_err().to_string();
        assert!(err("--rounds 3\n").starts_with("no --seed"));
        assert!(err("--rounds 101 --seed 1\n").contains("at most 100 rounds"));
        assert!(check_input(Game::Pawns, "--rounds 100 --seed 1\n").is_ok());
        // A range counts its rounds.
        assert!(check_input(Game::Pawns, "--rounds 95..194 --seed 1\n").is_ok());
        assert_eq!(
            err("--rounds 95..195 --seed 1\n"),
            "--rounds 95..195: 101 rounds, the statements allow at most 100"
        );
        // The layout: verifyproblem's changed copies of a test are refused.
        for changed in [
            "--rounds 3 --seed 1",
            "--rounds 3  --seed 1\n",
            "--rounds 3 --seed 1 \n",
            " --rounds 3 --seed 1\n",
            "--rounds 3\n\n--seed 1\n",
            "--rounds 3\t--seed 1\n",
            "--rounds 03 --seed 1\n",
            "--rounds 3 --seed 1 --size 1..040\n",
        ] {
            assert!(err(changed).starts_with("line "), "{changed:?}");
        }
        assert!(err("--seed 1 --size 2..9 --k 03/2\n").contains("leading zero"));
        assert!(err("--seed=1\n").contains("not `--flag=value`"));
        assert!(err("--seed 1 --transcript t.txt\n").starts_with("--transcript"));
        assert!(err("--seed 1 --size 0\n").contains("--size for pawns"));
        assert!(err("--seed 1 -- sh\n").contains("`--` is not an option"));
    }
}
