//! referee: plays a game against a solution's `--play` mode over pipes and judges it.
//! Protocol, verdicts and exit codes: docs/protocol.md.

use combgames::referee::games::GameKind;
use combgames::referee::options::{self, clock_seed};
use combgames::referee::process::{
    become_subreaper, kill_group_on_termination, pin_to_current_cpu, Limits,
};
use combgames::referee::session::{Config, Script};
use combgames::referee::transcript::{self, Entry};
use combgames::referee::verdict::Verdict;
use combgames::referee::{judge, kattis, play};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

const USAGE: &str = "\
usage: referee play <game> [options] -- <command ...>
       referee replay <game> <TRANSCRIPT> [options] -- <command ...>
       referee judge <problem> [options] -- <command ...>      (referee judge --help)
       referee kattis <game> <input> <answer> <feedback_dir> [options]

Plays <game> (subtraction, pawns, tictactoe, coloring, knights, race) against the solution
started by <command>, which speaks the protocol of docs/protocol.md on its stdin/stdout.
`replay` plays the referee's lines of a transcript (its `<` lines) again instead of
generating rounds.

options:
  --rounds R          rounds to play (default 10)
  --seed S            seed of the rounds and the referee's moves (default: from the clock;
                      printed with the verdict, so any session replays exactly)
  --size N | LO..HI   size of the generated positions (defaults below): stones n for
                      subtraction, columns N for pawns, cells for tictactoe and
                      coloring, board side N for knights, board side n for race
  --k K               subtraction: fixed k (integer, decimal or fraction); default a mix
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

Prints one verdict line: VERDICT game seed=S rounds=R moves=M cut=X time=T cpu=C[: why].
Exit codes: 0 OK, 1 WA, 2 PE, 3 FAIL (as testlib), 10 TLE, 11 IDLE, 12 RE.

`judge` runs a batch solution on samples and generated tests (docs/judging.md).
`kattis` is an interactive output validator for Kattis/DOMjudge: the team's output on stdin,
its input on stdout, the play options in <input>; exit 42 accept, 43 reject, the reason in
<feedback_dir>/judgemessage.txt (docs/judging.md).
";

/// Each game's size range and move cap, from the games themselves (so the help never drifts).
fn game_defaults() -> String {
    let mut text = "\ndefaults per game (--size range, largest --size, move cap):\n".to_owned();
    for game in GameKind::ALL {
        let (lo, hi) = game.default_size();
        text.push_str(&format!(
            "  {:<12} {lo}..{hi}  max {}  cap {}\n",
            game.name(),
            game.max_size(),
            game.default_move_cap()
        ));
    }
    text
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
        .ok_or("missing game: subtraction, pawns, tictactoe, coloring, knights or race")?;
    let game = GameKind::parse(game_name).ok_or_else(|| {
        format!(
            "unknown game {game_name:?}: expected subtraction, pawns, tictactoe, coloring, knights or race"
        )
    })?;
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
    let o = options::parse(game, rest).map_err(|e| e.to_string())?;
    if command.is_empty() {
        return Err("missing the solution command after `--`".into());
    }
    let script = match replay_file {
        None => o.generated(),
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
    // Defaults: 10 s of CPU, twice the CPU limit of wall time, 5 s per line.
    let cpu = o.time_limit.unwrap_or(Duration::from_secs(10));
    let limits = o.limits(Limits {
        cpu,
        wall: cpu * 2,
        idle: Duration::from_secs(5),
    });
    Ok(Parsed::Run(
        Config {
            game,
            seed: o.seed.unwrap_or_else(clock_seed),
            script,
            limits,
            transcript: o.transcript,
            command,
            move_cap: o.move_cap,
        },
        o.pin,
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

/// `referee kattis <game> <input> <answer> <feedback_dir> [options]`: the library's entry,
/// the one checkers/referee_kattis.rs (the std-only build) calls.
fn kattis_main(args: &[String]) -> ExitCode {
    // SAFETY: from here on nothing in this process uses std's stdin or stdout.
    ExitCode::from(unsafe { kattis::main(args) })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
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
    let report = play::run(&config);
    // Not println!: it panics when stdout is a closed pipe (`referee ... | true`), and the exit
    // code must still carry the verdict.
    let _ = writeln!(std::io::stdout(), "{}", report.line());
    ExitCode::from(report.verdict.exit_code())
}
