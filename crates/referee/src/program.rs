//! referee: plays a game against a solution's `--play` mode over pipes and judges it.
//! Protocol, verdicts and exit codes: docs/protocol.md.

use combgames_core::verdict::Verdict;
use combgames_referee::cli::{self, split_command};
use combgames_referee::judge;
use combgames_referee::process::Limits;
use combgames_referee::{html, human, play};
use combgames_registry::Game;
use combgames_sandbox::{become_subreaper, kill_group_on_termination, pin_to_current_cpu};
use combgames_session::kattis;
use combgames_session::options::{self, clock_seed, OptionError, PlayOptions};
use combgames_session::session::{Config, Script};
use combgames_session::transcript::{self, Entry};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

/// `referee --help`: the usage, then the session options ([`options::help`]) and each game
/// ([`game_defaults`]), both from their one table, so the help never drifts.
fn usage() -> String {
    format!(
        "\
usage: referee play <game> [options] -- <command ...>
       referee play <game> [options] <source file>            (built as by judge)
       referee replay <game> <TRANSCRIPT> [options] -- <command ...>
       referee judge <problem> [options] -- <command ...>      (referee judge --help)
       referee kattis <game> <input> <answer> <feedback_dir> [options]
       referee human <game> [options] [-- <command ...>]       (referee human --help)
       referee --list-games

       referee replay <game> <TRANSCRIPT> --html OUT.html     (the page alone, no command)

Plays <game> (one of the games listed below) against the solution
started by <command>, which speaks the protocol of docs/protocol.md on its stdin/stdout.
A source file (.c, .cpp, .rs, .java, .py; play and replay) is built as `referee judge --help`
says, into a temporary folder removed at the end; the build command goes to stderr, and a
build error is the verdict line `CE <game>: why` (exit 15) after the compiler's last lines.
`replay` plays the referee's lines of a transcript (its `<` lines) again instead of
generating rounds: it takes no option that shapes generated rounds (--rounds, --seed,
--size, --kind, a game's own) and reports the seed the transcript's header names.

options:
{}{}
`--html OUT.html` (play and replay) writes the session's replay page after its verdict: one
self-contained HTML file that draws the position at every move with the referee's judgement
(won or lost for the mover, a winning move beside a move that lost the win) and opens at the
solution's first losing move; `#move=N` (and `&round=R`) in its URL opens move N. Given a
transcript and no command, `replay` writes the page of that transcript (docs/replay.md).

The sandbox (play, judge and human; docs/sandbox.md): the solution runs with no privilege in
a box of its own, fresh for every run: /usr, a minimal /etc and /dev, the files its command
names, and its scratch space, a tmpfs at /tmp that is its HOME and TMPDIR; only stdin, stdout
and stderr; the environment PATH, HOME, TMPDIR, LANG and what -E passes.
  --sandbox auto|strict   strict: refuse to run where the kernel withholds a guarantee
                          (default auto: run, one line on stderr names what is missing)
  --scratch-size MIB      the scratch space's size (default 64); filling it is MLE
  -E NAME[=VALUE]         pass a variable to the solution: the referee's own value, or VALUE
                          (--env; repeat for more)

Prints one verdict line: VERDICT game seed=S rounds=R moves=M cut=X time=T cpu=C[: why].
After a failed `play`, stderr names the one command that plays the same rounds again (the
same seed and options) against a fix or another program; a replay follows the moves its
transcript records, so one against a program that plays otherwise ends in FAIL with that
`play` command named.
Exit codes: 0 OK, 1 WA, 2 PE, 3 FAIL (as testlib), 10 TLE, 11 IDLE, 12 RE, 13 MLE, 14 OLE,
15 CE.

`judge` runs a batch solution on samples and generated tests (docs/judging.md).
`human` lets a person play <game> in the terminal against the referee's perfect play, or against
the solution <command> (docs/human.md).
`kattis` is an interactive output validator for Kattis/DOMjudge: the team's output on stdin,
its input on stdout, the play options in <input>; exit 42 accept, 43 reject, the reason in
<feedback_dir>/judgemessage.txt (docs/judging.md).
{}",
        options::help(),
        options::help_entry("-h, --help", "this help")
            + &options::help_entry("--list-games", "the games' names, one a line"),
        game_defaults()
    )
}

/// Each game's size range, move cap, kinds and own options, from the registry.
fn game_defaults() -> String {
    let mut text =
        "\ngames (what --size counts, default range, largest, move cap; the kinds --kind takes; own options):\n"
            .to_owned();
    for &game in Game::ALL {
        let play = game.play();
        let (lo, hi) = play.default_size;
        text.push_str(&format!(
            "  {:<12} {}: {lo}..{hi}  max {}  cap {}\n",
            game.name(),
            play.size_is,
            play.max_size,
            play.move_cap
        ));
        text.push_str(&format!(
            "  {:<12}   kinds: {}\n",
            "",
            options::kinds(game).join(", ")
        ));
        for option in play.options {
            let flag = format!("{} {}", option.flag, option.value);
            text.push_str(&format!("  {:<12}   {flag:<10} {}\n", "", option.help));
        }
    }
    text
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
/// rounds' play (`--seed`, given apart; `--transcript`) and without the source file.
fn play_options_line(words: &[String], source: Option<&str>) -> String {
    let mut kept = Vec::new();
    let mut words = words.iter();
    while let Some(word) = words.next() {
        if word == "--seed" || word == "--transcript" {
            words.next();
        } else if !(word.starts_with("--seed=")
            || word.starts_with("--transcript=")
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
fn parse_args(args: &[String]) -> Result<Parsed, String> {
    let (own, command, help) = split_command(args);
    if help {
        return Ok(Parsed::Help);
    }
    let mode = own
        .first()
        .ok_or("missing mode: play, replay, judge, kattis or human (see --help)")?;
    if !["play", "replay"].contains(&mode.as_str()) {
        return Err(format!(
            "unknown mode {mode:?}: expected play, replay, judge, kattis or human (see --help)"
        ));
    }
    let game = game_named(own.get(1))?;
    let (file, rest) = match mode.as_str() {
        "play" => (None, own.get(2..).unwrap_or_default()),
        "replay" => {
            let file = own.get(2).ok_or("replay needs a transcript file")?;
            (Some(Path::new(file)), &own[3..])
        }
        other => return Err(format!("unknown mode {other:?}: expected play or replay")),
    };
    let (rest, html) = cli::take_html(rest).map_err(|e| e.to_string())?;
    let (mut options, source) =
        cli::session_options_and_source(game, &rest, file.is_some()).map_err(|e| e.to_string())?;
    if let (Some(source), false) = (&source, command.is_empty()) {
        return Err(format!(
            "a source file ({source}) and a command after --: give one of them"
        ));
    }
    if command.is_empty() && source.is_none() {
        return match (file, html) {
            (Some(file), Some(out)) => Ok(Parsed::PageOnly(game, file.to_owned(), out)),
            _ => Err(OptionError::NoCommand.to_string()),
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
        .then(|| play_options_line(&rest, source.as_deref()));
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
        Rerun { program, replayed },
    ))
}

/// Judges a transcript and writes its page; the summary line, or the error.
fn write_page(game: Game, transcript: &Path, out: &Path) -> Result<String, String> {
    let text = transcript::read_file(transcript)?;
    transcript::check_session(&text).map_err(|e| format!("{}: {e}", transcript.display()))?;
    let replay =
        html::write_page(game, &text, out).map_err(|e| format!("{}: {e}", transcript.display()))?;
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

fn read_replay(file: &Path) -> Result<Replay, String> {
    let text = transcript::read_file(file)?;
    transcript::check_session(&text).map_err(|e| format!("{}: {e}", file.display()))?;
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
/// after what was said (the build line and a CE's compiler output on stderr, since stdout is
/// the verdict line's; a CE's verdict line on stdout).
fn build_for_play(game: Game, source: &Path) -> Result<judge::build::Built, ExitCode> {
    let plan = judge::build::plan(source);
    let show_build = || {
        if let Some(words) = plan.as_ref().and_then(|p| p.build.as_ref()) {
            eprintln!("referee: {}", judge::build::build_line(words));
        }
    };
    match judge::build::build(source) {
        Ok(built) => {
            show_build();
            Ok(built)
        }
        Err(judge::build::BuildError::Failed { why, log }) => {
            show_build();
            for line in judge::build::compiler_output(&log) {
                eprintln!("{line}");
            }
            let _ = writeln!(std::io::stdout(), "{} {}: {why}", Verdict::Ce, game.name());
            Err(ExitCode::from(Verdict::Ce.exit_code()))
        }
        Err(e) => {
            eprintln!("referee: {e}");
            Err(ExitCode::from(Verdict::Fail.exit_code()))
        }
    }
}

/// `referee judge ...`: the batch judge (combgames_referee::judge).
fn judge_main(args: &[String]) -> ExitCode {
    match judge::parse(args, clock_seed()) {
        Ok(judge::Parsed::Help) => {
            // A closed pipe (`--help | head -1`) is no error of ours: no panic.
            let _ = write!(std::io::stdout(), "{}", judge::USAGE);
            ExitCode::SUCCESS
        }
        Ok(judge::Parsed::Run(options)) => {
            become_subreaper();
            kill_group_on_termination(&transcript::OPEN_TRANSCRIPT_FD);
            // Groups a referee killed outright left behind (crates/sandbox/src/cgroup.rs).
            combgames_sandbox::cgroup::remove_stale();
            ExitCode::from(judge::run(&options).exit_code())
        }
        Err(e) => {
            eprintln!("referee: {e}");
            ExitCode::from(Verdict::Fail.exit_code())
        }
    }
}

/// `referee human <game> [options] [-- <command ...>]`: a person plays in the terminal
/// (combgames_referee::human).
fn human_main(args: &[String]) -> ExitCode {
    match human::parse(args, clock_seed()) {
        Ok(human::Parsed::Help) => {
            // A closed pipe (`--help | head -1`) is no error of ours: no panic.
            let _ = write!(std::io::stdout(), "{}", human::USAGE);
            ExitCode::SUCCESS
        }
        Ok(human::Parsed::Run(config)) => {
            if !config.command.is_empty() {
                become_subreaper();
                kill_group_on_termination(&transcript::OPEN_TRANSCRIPT_FD);
                combgames_sandbox::cgroup::remove_stale();
            }
            let stdin = std::io::stdin();
            let mut input = stdin.lock();
            let mut out = std::io::stdout();
            ExitCode::from(human::run(&config, &mut input, &mut out).exit_code())
        }
        Err(e) => {
            eprintln!("referee: {e}");
            ExitCode::from(Verdict::Fail.exit_code())
        }
    }
}

/// `referee kattis <game> <input> <answer> <feedback_dir> [options]`: the library's entry,
/// the one checkers/referee_kattis.rs (the std-only build) calls; the input file's options are
/// read by the std-only `combgames_session::options`, as they mean for `play`.
fn kattis_main(args: &[String]) -> ExitCode {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        // A closed pipe (`--help | head -1`) is no error of ours: no panic.
        let _ = writeln!(std::io::stdout(), "{}", kattis::help(false));
        return ExitCode::SUCCESS;
    }
    // SAFETY: from here on nothing in this process uses std's stdin or stdout.
    ExitCode::from(unsafe { kattis::main(args) })
}

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    // The sandbox's options (--sandbox, --scratch-size, -E) are read before the subcommand's own.
    if matches!(
        args.first().map(String::as_str),
        Some("play" | "judge" | "human")
    ) {
        match combgames_sandbox::take_options(&args) {
            Ok(rest) => args = rest,
            Err(e) => {
                eprintln!("referee: {e}");
                return ExitCode::from(Verdict::Fail.exit_code());
            }
        }
    }
    match args.first().map(String::as_str) {
        Some("--list-games") => {
            let mut out = std::io::stdout().lock();
            for game in Game::ALL {
                let _ = writeln!(out, "{}", game.name());
            }
            return ExitCode::SUCCESS;
        }
        Some("judge") => return judge_main(&args[1..]),
        Some("kattis") => return kattis_main(&args[1..]),
        Some("human") => return human_main(&args[1..]),
        _ => {}
    }
    let mut _built = None;
    let (config, coverage, page, rerun) = match parse_args(&args) {
        Ok(Parsed::Help) => {
            // A closed pipe (`--help | head -1`) is no error of ours: no panic.
            let _ = write!(std::io::stdout(), "{}", usage());
            return ExitCode::SUCCESS;
        }
        Ok(Parsed::PageOnly(game, transcript, out)) => {
            return match write_page(game, &transcript, &out) {
                Ok(summary) => {
                    let _ = writeln!(std::io::stdout(), "{summary}");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("referee: {e}");
                    ExitCode::from(Verdict::Fail.exit_code())
                }
            };
        }
        Ok(Parsed::Run(mut c, pin, coverage, page, source, rerun)) => {
            // The built program lives until the session's end.
            if let Some(source) = source {
                match build_for_play(c.game, &source) {
                    Ok(built) => {
                        c.command = built.command.clone();
                        _built = Some(built);
                    }
                    Err(code) => return code,
                }
            }
            // A page that cannot be written is refused before the solution starts.
            if let Some(page) = &page {
                if let Err(e) = combgames_referee::output::write_new(&page.out, b"") {
                    eprintln!("referee: cannot write the page {}: {e}", page.out.display());
                    return ExitCode::from(Verdict::Fail.exit_code());
                }
            }
            if pin {
                pin_to_current_cpu();
            }
            (*c, coverage, page, rerun)
        }
        Err(e) => {
            eprintln!("referee: {e}");
            return ExitCode::from(Verdict::Fail.exit_code());
        }
    };
    become_subreaper();
    kill_group_on_termination(&transcript::OPEN_TRANSCRIPT_FD);
    combgames_sandbox::cgroup::remove_stale();
    let report = play::run(&config);
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
        match written {
            Ok(summary) => {
                let _ = writeln!(std::io::stdout(), "{summary}");
            }
            Err(e) => {
                // The verdict line stands above; the page the user asked for is missing.
                eprintln!("referee: {e}");
                return ExitCode::from(Verdict::Fail.exit_code());
            }
        }
    }
    ExitCode::from(report.verdict.exit_code())
}
