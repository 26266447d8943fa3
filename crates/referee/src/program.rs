//! The `referee` program (checkers/referee.rs calls [`main`]): its help and the dispatch to
//! `play` and `replay` ([`play`]), `judge`, `human` and `kattis`. Protocol, verdicts and exit
//! codes: docs/protocol.md.

use crate::{human, judge, play};
use combgames_core::verdict::Verdict;
use combgames_registry::Game;
use combgames_sandbox::{become_subreaper, kill_group_on_termination};
use combgames_session::kattis;
use combgames_session::options::{self, clock_seed};
use combgames_session::transcript;
use std::io::Write;
use std::process::ExitCode;

/// `referee --help`: the usage, then the session options ([`options::help`]) and each game
/// ([`game_defaults`]), both from their one table, so the help never drifts.
pub(crate) fn usage() -> String {
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
same seed and options) against a fix or another program, and, for a failure past the first
round, the one that plays the failing round alone (`--rounds R..R`); a replay follows the moves its
transcript records, so one against a program that plays otherwise ends in FAIL with that
`play` command named.
Exit codes: 0 OK, 1 WA, 2 PE, 3 FAIL (as testlib), 10 TLE, 11 IDLE, 12 RE, 13 MLE, 14 OLE,
15 CE; 4 when the person quits a `human` game.

`judge` runs a batch solution on samples and generated tests (docs/judging.md).
`human` lets a person play <game> in the terminal against the referee's perfect play, or against
the solution <command> (docs/human.md).
`kattis` is an interactive output validator for Kattis/DOMjudge: the team's output on stdin,
its input on stdout, the play options in <input>; exit 42 accept, 43 reject, the reason in
<feedback_dir>/judgemessage.txt (docs/kattis.md).
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
        "\ngames (what --size counts, default range, largest, move cap, default rounds; the kinds --kind takes; own options):\n"
            .to_owned();
    for &game in Game::ALL {
        let play = game.play();
        let (lo, hi) = play.default_size;
        text.push_str(&format!(
            "  {:<12} {}: {lo} to {hi}  max {}  cap {}  rounds {}\n",
            game.name(),
            play.size_is,
            play.max_size,
            play.move_cap,
            play.rounds
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

/// An error at the program's edge (a usage error, a file that cannot be read): one line on
/// stderr, `referee: ` and anyhow's context chain joined by ": " (docs/messages.md), and the
/// exit code of FAIL, 3.
pub(crate) fn refuse(e: &anyhow::Error) -> ExitCode {
    eprintln!("referee: {e:#}");
    ExitCode::from(Verdict::Fail.exit_code())
}

/// `referee judge ...`: the batch judge ([`judge`]).
fn judge_main(args: &[String]) -> anyhow::Result<ExitCode> {
    match judge::parse(args, clock_seed())? {
        judge::Parsed::Help => {
            // A closed pipe (`--help | head -1`) is no error of ours: no panic.
            let _ = write!(std::io::stdout(), "{}", judge::USAGE);
            Ok(ExitCode::SUCCESS)
        }
        judge::Parsed::Run(options) => {
            become_subreaper();
            kill_group_on_termination(&transcript::OPEN_TRANSCRIPT_FD);
            // Groups a referee killed outright left behind (crates/sandbox/src/cgroup.rs).
            combgames_sandbox::cgroup::remove_stale();
            Ok(ExitCode::from(judge::run(&options)?.exit_code()))
        }
    }
}

/// `referee human <game> [options] [-- <command ...>]`: a person plays in the terminal
/// ([`human`]).
fn human_main(args: &[String]) -> anyhow::Result<ExitCode> {
    match human::parse(args, clock_seed()).map_err(anyhow::Error::msg)? {
        human::Parsed::Help => {
            // A closed pipe (`--help | head -1`) is no error of ours: no panic.
            let _ = write!(std::io::stdout(), "{}", human::usage());
            Ok(ExitCode::SUCCESS)
        }
        human::Parsed::Run(config) => {
            if !config.command.is_empty() {
                become_subreaper();
                kill_group_on_termination(&transcript::OPEN_TRANSCRIPT_FD);
                combgames_sandbox::cgroup::remove_stale();
            }
            let stdin = std::io::stdin();
            let mut input = stdin.lock();
            let mut out = std::io::stdout();
            Ok(ExitCode::from(
                human::run(&config, &mut input, &mut out).exit_code(),
            ))
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
    ExitCode::from(unsafe { kattis::main("referee", args) })
}

/// The `referee` program: its arguments, its output, its exit code; an error of the
/// command line is one line and exit 3 (`refuse`).
pub fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    run(args).unwrap_or_else(|e| refuse(&e))
}

/// The subcommand `args` name, run; its exit code, or the error that stopped it before a
/// verdict.
fn run(mut args: Vec<String>) -> anyhow::Result<ExitCode> {
    // The sandbox's options (--sandbox, --scratch-size, -E) are read before the subcommand's own.
    if matches!(
        args.first().map(String::as_str),
        Some("play" | "judge" | "human")
    ) {
        args = combgames_sandbox::take_options(&args).map_err(anyhow::Error::msg)?;
    }
    match args.first().map(String::as_str) {
        Some("--list-games") => {
            let mut out = std::io::stdout().lock();
            for game in Game::ALL {
                let _ = writeln!(out, "{}", game.name());
            }
            Ok(ExitCode::SUCCESS)
        }
        Some("judge") => judge_main(&args[1..]),
        Some("kattis") => Ok(kattis_main(&args[1..])),
        Some("human") => human_main(&args[1..]),
        _ => play::main(&args),
    }
}
