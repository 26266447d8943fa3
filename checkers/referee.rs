//! referee: plays a game against a solution's `--play` mode over pipes and judges it.
//! Protocol, verdicts and exit codes: docs/protocol.md.

use combgames::referee::cli::{number, seconds};
use combgames::referee::games::RoundSpec;
use combgames::referee::process::{
    become_subreaper, kill_group_on_termination, pin_to_current_cpu, Limits,
};
use combgames::referee::session::{self, Config, Script};
use combgames::referee::transcript::{self, Entry};
use combgames::referee::verdict::Verdict;
use combgames::referee::{judge, kattis};
use combgames::registry::Game;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

const USAGE: &str = "\
usage: referee play <game> [options] -- <command ...>
       referee replay <game> <TRANSCRIPT> [options] -- <command ...>
       referee judge <problem> [options] -- <command ...>      (referee judge --help)
       referee kattis <game> <input> <answer> <feedback_dir> [options]
       referee --list-games

Plays <game> (one of the games listed below) against the solution
started by <command>, which speaks the protocol of docs/protocol.md on its stdin/stdout.
`replay` plays the referee's lines of a transcript (its `<` lines) again instead of
generating rounds.

options:
  --rounds R          rounds to play (default 10)
  --seed S            seed of the rounds and the referee's moves (default: from the clock;
                      printed with the verdict, so any session replays exactly)
  --size N | LO..HI   size of the generated positions (what it counts and its defaults
                      per game below)
  --max-moves M       cut a round after M moves: `end` in place of the referee's next
                      move (default per game, docs/protocol.md); every move is judged
  --time-limit SEC    CPU time of the solution (default 10)
  --wall-limit SEC    wall time spent waiting for the solution, whole session
                      (default twice the time limit)
  --idle-limit SEC    longest wait for any one line (default 5)
  --transcript FILE   write the timestamped session transcript to FILE
  --no-pin            do not pin the referee and the solution to one CPU (by default both
                      share the CPU the referee starts on: pipe round trips are ~6x
                      cheaper than across CPUs, see bench/referee.sh)
  -h, --help          this help
  --list-games        the games' names, one a line

Prints one verdict line: VERDICT game seed=S rounds=R moves=M cut=X time=T cpu=C[: why].
Exit codes: 0 OK, 1 WA, 2 PE, 3 FAIL (as testlib), 10 TLE, 11 IDLE, 12 RE.

`judge` runs a batch solution on samples and generated tests (docs/judging.md).
`kattis` is an interactive output validator for Kattis/DOMjudge: the team's output on stdin,
its input on stdout, the play options in <input>; exit 42 accept, 43 reject, the reason in
<feedback_dir>/judgemessage.txt (docs/judging.md).
";

/// Each game's size range, move cap and own options, from the games themselves (so the help
/// never drifts).
fn game_defaults() -> String {
    let mut text =
        "\ngames (what --size counts, default range, largest, move cap; own options):\n".to_owned();
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
        for option in play.options {
            let flag = format!("{} {}", option.flag, option.value);
            text.push_str(&format!("  {:<12}   {flag:<10} {}\n", "", option.help));
        }
    }
    text
}

fn size_range(text: &str, game: Game) -> Result<(u64, u64), String> {
    let (lo, hi) = match text.split_once("..") {
        Some((lo, hi)) => (number("--size", lo)?, number("--size", hi)?),
        None => {
            let n = number("--size", text)?;
            (n, n)
        }
    };
    let play = game.play();
    if lo < play.min_size || lo > hi || hi > play.max_size {
        return Err(format!(
            "--size for {} must lie in {}..{} with LO ≤ HI, got {text:?}",
            game.name(),
            play.min_size,
            play.max_size
        ));
    }
    Ok((lo, hi))
}

fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    (nanos as u64 ^ (std::process::id() as u64) << 32) % 1_000_000_000
}

enum Parsed {
    Help,
    Run(Config, bool),
}

fn parse_args(args: &[String]) -> Result<Parsed, String> {
    let split = args.iter().position(|a| a == "--");
    let (own, command) = match split {
        Some(i) => (&args[..i], args[i + 1..].to_vec()),
        None => (args, Vec::new()),
    };
    if own.iter().any(|a| a == "-h" || a == "--help") {
        return Ok(Parsed::Help);
    }
    let mode = own
        .first()
        .ok_or("missing mode: play or replay (see --help)")?;
    let game_name = own
        .get(1)
        .ok_or_else(|| format!("missing game: {}", Game::names_or()))?;
    let game = Game::parse(game_name)
        .ok_or_else(|| format!("unknown game {game_name:?}: expected {}", Game::names_or()))?;
    let mut rest = &own[2..];
    let replay_file = match mode.as_str() {
        "play" => None,
        "replay" => {
            let file = rest.first().ok_or("replay needs a transcript file")?;
            rest = &rest[1..];
            Some(PathBuf::from(file))
        }
        other => return Err(format!("unknown mode {other:?}: expected play or replay")),
    };
    let mut rounds = 10;
    let mut seed = None;
    let mut size = None;
    let mut options: Vec<(&'static str, String)> = Vec::new();
    let mut move_cap = None;
    let mut limit = Duration::from_secs(10);
    let mut wall = None;
    let mut idle = Duration::from_secs(5);
    let mut transcript_path = None;
    let mut pin = true;
    let mut i = 0;
    while i < rest.len() {
        let flag = rest[i].as_str();
        if flag == "--no-pin" {
            pin = false;
            i += 1;
            continue;
        }
        const VALUED: [&str; 8] = [
            "--rounds",
            "--max-moves",
            "--seed",
            "--size",
            "--time-limit",
            "--wall-limit",
            "--idle-limit",
            "--transcript",
        ];
        let own_option = game.play().options.iter().find(|o| o.flag == flag);
        if !VALUED.contains(&flag) && own_option.is_none() {
            let owners: Vec<&str> = Game::ALL
                .iter()
                .filter(|g| g.play().options.iter().any(|o| o.flag == flag))
                .map(|g| g.name())
                .collect();
            if !owners.is_empty() {
                return Err(format!(
                    "{flag} is an option of {} only, not of {}",
                    owners.join(", "),
                    game.name()
                ));
            }
            // Most often the solution's command without the `--` before it.
            return Err(format!(
                "unknown option {flag:?} (see --help; the solution's command goes after `--`)"
            ));
        }
        let value = rest
            .get(i + 1)
            .ok_or_else(|| format!("{flag} needs a value"))?;
        if let Some(option) = own_option {
            (option.parse)(value).map_err(|e| format!("{flag}: {e}"))?;
            options.retain(|(f, _)| *f != option.flag);
            options.push((option.flag, value.clone()));
            i += 2;
            continue;
        }
        match flag {
            "--rounds" => {
                rounds = number(flag, value)?;
                if rounds == 0 {
                    return Err("--rounds must be at least 1".into());
                }
            }
            "--seed" => seed = Some(number(flag, value)?),
            "--max-moves" => {
                let cap = number(flag, value)?;
                if cap == 0 {
                    return Err("--max-moves must be at least 1".into());
                }
                move_cap = Some(cap);
            }
            "--size" => size = Some(size_range(value, game)?),
            "--time-limit" => limit = seconds(flag, value)?,
            "--wall-limit" => wall = Some(seconds(flag, value)?),
            "--idle-limit" => idle = seconds(flag, value)?,
            "--transcript" => transcript_path = Some(PathBuf::from(value)),
            _ => return Err(format!("unknown option {flag:?} (see --help)")),
        }
        i += 2;
    }
    if command.is_empty() {
        return Err("missing the solution command after `--`".into());
    }
    // The game checks its options against the sizes now, not after the solution has started.
    for (flag, value) in &options {
        let option = game.play().options.iter().find(|o| o.flag == *flag);
        if let Some(option) = option {
            (option.check)(value, size.unwrap_or(game.default_size()))
                .map_err(|e| format!("{flag} {value} {e}"))?;
        }
    }
    let script = match replay_file {
        None => Script::Generated {
            rounds,
            spec: RoundSpec { size, options },
        },
        Some(file) => {
            let text = std::fs::read_to_string(&file)
                .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            let lines = transcript::parse(&text)
                .into_iter()
                .filter_map(|e| {
                    if let Entry::Sent(s) = e {
                        Some(s)
                    } else {
                        None
                    }
                })
                .collect();
            Script::Replay(lines)
        }
    };
    Ok(Parsed::Run(
        Config {
            game,
            seed: seed.unwrap_or_else(clock_seed),
            script,
            limits: Limits {
                cpu: limit,
                wall: wall.unwrap_or(limit * 2),
                idle,
            },
            transcript: transcript_path,
            command,
            move_cap,
        },
        pin,
    ))
}

/// `referee judge ...`: the batch judge (combgames::referee::judge).
fn judge_main(args: &[String]) -> ExitCode {
    match judge::parse(args, clock_seed()) {
        Ok(judge::Parsed::Help) => {
            print!("{}", judge::USAGE);
            ExitCode::SUCCESS
        }
        Ok(judge::Parsed::Run(options)) => {
            become_subreaper();
            kill_group_on_termination();
            ExitCode::from(judge::run(&options).exit_code())
        }
        Err(e) => {
            eprintln!("referee: {e}");
            ExitCode::from(Verdict::Fail.exit_code())
        }
    }
}

/// `referee kattis <game> <input> <answer> <feedback_dir> [options]`: the play options come
/// from the input file (then any extra arguments), parsed as `referee play` parses them.
fn kattis_main(args: &[String]) -> ExitCode {
    let fail = |feedback: Option<&Path>, message: String| {
        if let Some(dir) = feedback {
            kattis::write_judge_message(dir, &format!("FAIL {message}"));
        }
        eprintln!("referee: {message}");
        ExitCode::from(kattis::JUDGE_ERROR)
    };
    let [game, input, _answer, feedback, extra @ ..] = args else {
        return fail(
            None,
            "usage: referee kattis <game> <input> <answer> <feedback_dir> [options]".into(),
        );
    };
    let feedback = Path::new(feedback);
    let options = match std::fs::read_to_string(input)
        .map_err(|e| format!("cannot read the input file {input}: {e}"))
        .and_then(|text| kattis::parse_options(&text))
    {
        Ok(o) => o,
        Err(e) => return fail(Some(feedback), e),
    };
    let mut play_args = vec!["play".to_owned(), game.clone()];
    play_args.extend(options);
    play_args.extend(extra.iter().cloned());
    let given = |flag: &str| play_args.iter().any(|a| a == flag);
    let (cpu_given, wall_given, idle_given) = (
        given("--time-limit"),
        given("--wall-limit"),
        given("--idle-limit"),
    );
    play_args.extend(["--".to_owned(), "(the team's program)".to_owned()]);
    let mut config = match parse_args(&play_args) {
        Ok(Parsed::Run(c, _pin)) => c,
        Ok(Parsed::Help) => return fail(Some(feedback), "--help in the input file".into()),
        Err(e) => return fail(Some(feedback), format!("input file {input}: {e}")),
    };
    let defaults = kattis::DEFAULT_LIMITS;
    if !cpu_given {
        config.limits.cpu = defaults.cpu;
    }
    if !wall_given {
        config.limits.wall = defaults.wall;
    }
    if !idle_given {
        config.limits.idle = defaults.idle;
    }
    if config.transcript.is_none() {
        config.transcript = Some(feedback.join(kattis::TRANSCRIPT));
    }
    // SAFETY: from here on nothing in this process uses std's stdin or stdout.
    ExitCode::from(unsafe { kattis::validate(&config, feedback) })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
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
        _ => {}
    }
    let config = match parse_args(&args) {
        Ok(Parsed::Help) => {
            print!("{USAGE}{}", game_defaults());
            return ExitCode::SUCCESS;
        }
        Ok(Parsed::Run(c, pin)) => {
            if pin {
                pin_to_current_cpu();
            }
            c
        }
        Err(e) => {
            eprintln!("referee: {e}");
            return ExitCode::from(Verdict::Fail.exit_code());
        }
    };
    become_subreaper();
    kill_group_on_termination();
    let report = session::run(&config);
    // Not println!: it panics when stdout is a closed pipe (`referee ... | true`), and the exit
    // code must still carry the verdict.
    let _ = writeln!(std::io::stdout(), "{}", report.line());
    ExitCode::from(report.verdict.exit_code())
}
