//! `referee play` and `referee replay`: the session against a child the referee starts (its
//! own process group, limits, kill at the end: [`super::process`]), from the command line to
//! the verdict line, a failure's rerun line, the coverage and the replay page.

use crate::cli::{self, split_command};
use crate::html;
use crate::judge;
use crate::process::{Limits, Solution};
use anyhow::{bail, Context};
use combgames_core::verdict::Verdict;
use combgames_registry::Game;
use combgames_sandbox::{become_subreaper, kill_group_on_termination, pin_to_current_cpu};
use combgames_session::options::{clock_seed, OptionError, PlayOptions};
use combgames_session::session::{self, Config, Report, Script};
use combgames_session::transcript::{self, Entry};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Starts the solution and runs one session against it; never panics (a referee panic is
/// FAIL, as is a solution that cannot be started).
pub fn run(config: &Config) -> Report {
    let started = Instant::now();
    match Solution::spawn(&config.command, config.limits) {
        Ok(solution) => session::run_over(config, solution),
        Err(e) => session::failed(
            config,
            format!("cannot start {:?}: {e}", config.command),
            started,
        ),
    }
}

/// A session's configuration from its options: generated rounds, or the referee's lines of
/// a transcript and the seed its header names (`replay`); limits not given take `default`'s
/// (the wall limit: twice the CPU limit when only that is given).
fn config(
    game: Game,
    o: PlayOptions,
    replay: Option<Replay>,
    command: Vec<String>,
    default: Limits,
    play_options: Option<String>,
) -> Config {
    let wall = match (o.wall_limit, o.time_limit) {
        (Some(wall), _) => wall,
        (None, Some(cpu)) => cpu * 2,
        (None, None) => default.wall,
    };
    let (seed, script) = match replay {
        None => (Some(o.seed.unwrap_or_else(clock_seed)), o.generated()),
        Some(replay) => (replay.seed, Script::Replay(replay.sent)),
    };
    Config {
        game,
        seed,
        script,
        limits: Limits {
            wall,
            ..o.limits(default)
        },
        transcript: o.transcript,
        command,
        move_cap: o.move_cap,
        play_options,
    }
}

/// `referee play`'s options as typed, shell-quoted, without those that do not shape the
/// rounds' play (`--seed`, given apart; `--transcript`), without the source file, and without
/// `--rounds` too when `rounds` is false.
fn play_options_line(words: &[String], source: Option<&str>, rounds: bool) -> String {
    let mut kept = Vec::new();
    let mut words = words.iter();
    while let Some(word) = words.next() {
        if word == "--seed" || word == "--transcript" || (!rounds && word == "--rounds") {
            words.next();
        } else if !(word.starts_with("--seed=")
            || word.starts_with("--transcript=")
            || (!rounds && word.starts_with("--rounds="))
            || Some(word.as_str()) == source)
        {
            kept.push(judge::shell_quote(word));
        }
    }
    kept.join(" ")
}

/// The command that plays the rounds of seed `seed` and options `options` (a
/// [`play_options_line`]) against `program` (a source file, or `--` and a command).
fn play_line(game: Game, seed: Option<u64>, options: &str, program: &[String]) -> String {
    let mut line = format!(
        "{} play {}",
        judge::shell_quote(&judge::invoked_as("referee")),
        game.name()
    );
    if let Some(seed) = seed {
        line.push_str(&format!(" --seed {seed}"));
    }
    if !options.is_empty() {
        line.push(' ');
        line.push_str(options);
    }
    for word in program {
        line.push(' ');
        line.push_str(&judge::shell_quote(word));
    }
    line
}

/// `play`'s limits: 10 s of CPU, twice that of wall time, 5 s for any one line, 1024 MB of
/// resident memory over the solution's whole process tree.
const PLAY_LIMITS: Limits = Limits {
    cpu: Duration::from_secs(10),
    wall: Duration::from_secs(20),
    idle: Duration::from_secs(5),
    memory: Some(1024 << 20),
};

/// A game's name, or a one-line error listing the registry's games.
fn game_named(name: Option<&String>) -> Result<Game, String> {
    let name = name.ok_or_else(|| format!("missing game: {}", Game::names_or()))?;
    Game::parse(name).ok_or_else(|| format!("unknown game {name:?}: expected {}", Game::names_or()))
}

enum Parsed {
    Help,
    /// The session (boxed: a `Config` is large), whether to pin it to one CPU and to print
    /// its coverage, its page, the source file to build as its command (then the command
    /// is empty), and what a failure's rerun line needs.
    Run(
        Box<Config>,
        bool,
        bool,
        Option<Page>,
        Option<PathBuf>,
        Rerun,
    ),
    /// `replay <game> <TRANSCRIPT> --html OUT` without a command: the transcript's page alone.
    PageOnly(Game, PathBuf, PathBuf),
}

/// What names the command that plays a failed session's rounds again.
struct Rerun {
    /// The program as typed: a source file, or `--` and a command.
    program: Vec<String>,
    /// A replay's transcript's seed and `referee play` options (None for `play`; options
    /// None in a transcript that notes none).
    replayed: Option<(Option<u64>, Option<String>)>,
    /// The generated rounds (ignored for a replay), to name the failing one alone.
    one_round: OneRound,
}

/// A `play` session's rounds, and its options without `--rounds`.
struct OneRound {
    first: u64,
    last: u64,
    options: String,
}

/// The page a session writes after its verdict (`--html OUT`), from its transcript: the one
/// `--transcript` names, or a temporary one removed after.
struct Page {
    out: PathBuf,
    transcript: PathBuf,
    temporary: bool,
}

/// A file name in the temporary folder for a transcript only the page needs.
fn temporary_transcript() -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    std::env::temp_dir().join(format!(
        "referee-page-{}-{nanos}.transcript",
        std::process::id()
    ))
}

/// `referee play <game> [options] -- <command ...>` and
/// `referee replay <game> <TRANSCRIPT> [options] -- <command ...>`; the options are read by
/// lexopt into the session's one table ([`cli::session_options`]).
fn parse_args(args: &[String]) -> anyhow::Result<Parsed> {
    let (own, command, help) = split_command(args);
    if help {
        return Ok(Parsed::Help);
    }
    let mode = own
        .first()
        .context("missing mode: play, replay, judge, kattis or human (see --help)")?;
    if !["play", "replay"].contains(&mode.as_str()) {
        bail!("unknown mode {mode:?}: expected play, replay, judge, kattis or human (see --help)");
    }
    let game = game_named(own.get(1)).map_err(anyhow::Error::msg)?;
    let (file, rest) = match mode.as_str() {
        "play" => (None, own.get(2..).unwrap_or_default()),
        "replay" => {
            let file = own.get(2).context("replay needs a transcript file")?;
            (Some(Path::new(file)), &own[3..])
        }
        other => bail!("unknown mode {other:?}: expected play or replay"),
    };
    let (rest, html) = cli::take_html(rest)?;
    let (mut options, source) = cli::session_options_and_source(game, &rest, file.is_some())?;
    if let (Some(source), false) = (&source, command.is_empty()) {
        bail!("a source file ({source}) and a command after --: give one of them");
    }
    if command.is_empty() && source.is_none() {
        return match (file, html) {
            (Some(file), Some(out)) => Ok(Parsed::PageOnly(game, file.to_owned(), out)),
            _ => Err(OptionError::NoCommand.into()),
        };
    }
    let replay = file.map(read_replay).transpose()?;
    let replayed = replay.as_ref().map(|r| (r.seed, r.options.clone()));
    let program = match &source {
        Some(source) => vec![source.clone()],
        None => std::iter::once("--".to_owned())
            .chain(command.iter().cloned())
            .collect(),
    };
    let play_options = file
        .is_none()
        .then(|| play_options_line(&rest, source.as_deref(), true));
    let one_round = OneRound {
        first: options.first_round,
        last: options.rounds,
        options: play_options_line(&rest, source.as_deref(), false),
    };
    let page = html.map(|out| match &options.transcript {
        Some(transcript) => Page {
            out,
            transcript: transcript.clone(),
            temporary: false,
        },
        None => Page {
            out,
            transcript: temporary_transcript(),
            temporary: true,
        },
    });
    if let Some(page) = &page {
        options.transcript = Some(page.transcript.clone());
    }
    let pin = options.pin;
    let coverage = options.coverage;
    Ok(Parsed::Run(
        Box::new(config(
            game,
            options,
            replay,
            command,
            PLAY_LIMITS,
            play_options,
        )),
        pin,
        coverage,
        page,
        source.map(PathBuf::from),
        Rerun {
            program,
            replayed,
            one_round,
        },
    ))
}

/// Judges a transcript and writes its page; the summary line, or the error (named after the
/// transcript).
fn write_page(game: Game, transcript: &Path, out: &Path) -> anyhow::Result<String> {
    let text = transcript::read_file(transcript).map_err(anyhow::Error::msg)?;
    let named = || transcript.display().to_string();
    transcript::check_session(&text)
        .map_err(anyhow::Error::msg)
        .with_context(named)?;
    let replay = html::write_page(game, &text, out)
        .map_err(anyhow::Error::msg)
        .with_context(named)?;
    Ok(replay.summary(out))
}

/// A transcript to play again.
struct Replay {
    /// The referee's lines (`<`), to be sent again.
    sent: Vec<String>,
    /// The seed its header names, reported with the verdict (a replay draws nothing).
    seed: Option<u64>,
    /// The `referee play` options it notes, if any ([`transcript::play_options`]).
    options: Option<String>,
}

fn read_replay(file: &Path) -> anyhow::Result<Replay> {
    let text = transcript::read_file(file).map_err(anyhow::Error::msg)?;
    transcript::check_session(&text)
        .map_err(anyhow::Error::msg)
        .with_context(|| file.display().to_string())?;
    let entries = transcript::parse(&text);
    Ok(Replay {
        seed: transcript::header_seed(&entries),
        options: transcript::play_options(&entries).map(str::to_owned),
        sent: entries
            .into_iter()
            .filter_map(|e| match e {
                Entry::Sent(s) => Some(s),
                _ => None,
            })
            .collect(),
    })
}

/// Builds the source file of `referee play` ([`judge::build`]): the program, or the exit code
/// of CE after what was said (the build line and the compiler output on stderr, since stdout
/// is the verdict line's; the verdict line on stdout); a build that cannot start is an error.
fn build_for_play(
    game: Game,
    source: &Path,
) -> anyhow::Result<Result<judge::build::Built, ExitCode>> {
    let plan = judge::build::plan(source);
    let show_build = || {
        if let Some(words) = plan.as_ref().and_then(|p| p.build.as_ref()) {
            eprintln!("referee: {}", judge::build::build_line(words));
        }
    };
    match judge::build::build(source) {
        Ok(built) => {
            show_build();
            Ok(Ok(built))
        }
        Err(judge::build::BuildError::Failed { why, log }) => {
            show_build();
            for line in judge::build::compiler_output(&log) {
                eprintln!("{line}");
            }
            let _ = writeln!(std::io::stdout(), "{} {}: {why}", Verdict::Ce, game.name());
            Ok(Err(ExitCode::from(Verdict::Ce.exit_code())))
        }
        Err(e) => Err(anyhow::Error::new(e).context(format!("cannot build {}", source.display()))),
    }
}

/// `referee play` and `referee replay` (the words after the sandbox's options): the session,
/// its verdict line, a failure's rerun line, its coverage and page; the exit code, or the
/// error that stopped it before a verdict or kept its page from being written
/// (`program::refuse` says it).
pub fn main(args: &[String]) -> anyhow::Result<ExitCode> {
    let mut _built = None;
    let (config, coverage, page, rerun) = match parse_args(args)? {
        Parsed::Help => {
            // A closed pipe (`--help | head -1`) is no error of ours: no panic.
            let _ = write!(std::io::stdout(), "{}", crate::program::usage());
            return Ok(ExitCode::SUCCESS);
        }
        Parsed::PageOnly(game, transcript, out) => {
            let summary = write_page(game, &transcript, &out)?;
            let _ = writeln!(std::io::stdout(), "{summary}");
            return Ok(ExitCode::SUCCESS);
        }
        Parsed::Run(mut c, pin, coverage, page, source, rerun) => {
            // The built program lives until the session's end.
            if let Some(source) = source {
                match build_for_play(c.game, &source)? {
                    Ok(built) => {
                        c.command = built.command.clone();
                        _built = Some(built);
                    }
                    Err(code) => return Ok(code),
                }
            }
            // A page that cannot be written is refused before the solution starts.
            if let Some(page) = &page {
                crate::output::write_new(&page.out, b"")
                    .with_context(|| format!("cannot write the page {}", page.out.display()))?;
            }
            if pin {
                pin_to_current_cpu();
            }
            (*c, coverage, page, rerun)
        }
    };
    become_subreaper();
    kill_group_on_termination(&transcript::OPEN_TRANSCRIPT_FD);
    combgames_sandbox::cgroup::remove_stale();
    let report = run(&config);
    // Not println!: it panics when stdout is a closed pipe (`referee ... | true`), and the exit
    // code must still carry the verdict.
    let _ = writeln!(std::io::stdout(), "{}", report.line());
    let _ = std::io::stdout().flush();
    match &rerun.replayed {
        None if report.verdict != Verdict::Ok => {
            let options = config.play_options.as_deref().unwrap_or("");
            eprintln!(
                "referee: to play these rounds again against a fix or another program: {}",
                play_line(config.game, config.seed, options, &rerun.program)
            );
            // Every round draws from a stream of its own, so the failing round alone plays
            // as it did here (for a program whose moves do not depend on earlier rounds).
            let OneRound {
                first,
                last,
                options,
            } = &rerun.one_round;
            let failed = first + report.rounds;
            if failed <= *last && (first, last) != (&failed, &failed) {
                let options = format!("{options} --rounds {failed}..{failed}");
                eprintln!(
                    "referee: to play round {failed} alone: {}",
                    play_line(
                        config.game,
                        config.seed,
                        options.trim_start(),
                        &rerun.program
                    )
                );
            }
        }
        Some((seed, Some(options)))
            if report.verdict == Verdict::Fail
                && report.message.contains("the transcript has no") =>
        {
            eprintln!(
                "referee: to judge this program on the transcript's rounds, play them again: {}",
                play_line(config.game, *seed, options, &rerun.program)
            );
        }
        _ => {}
    }
    if coverage {
        let expected = match &config.script {
            Script::Generated { spec, .. } => config.game.classes(spec),
            Script::Replay(_) => Vec::new(),
        };
        let mut out = std::io::stdout().lock();
        for line in report.coverage_lines(&expected) {
            let _ = writeln!(out, "{line}");
        }
    }
    if let Some(page) = page {
        let written = write_page(config.game, &page.transcript, &page.out);
        if page.temporary {
            let _ = std::fs::remove_file(&page.transcript);
        }
        // An error here: the verdict line stands above; the page the user asked for is
        // missing.
        let summary = written?;
        let _ = writeln!(std::io::stdout(), "{summary}");
    }
    Ok(ExitCode::from(report.verdict.exit_code()))
}
