//! `referee human`: a person plays a game in the terminal, against the referee's own perfect
//! play or against a solution's `--play` mode (docs/human.md). The rounds are the referee's
//! (`Play::generate`, sizes a person can play by default), every move is read in the
//! protocol's notation and checked by the round (an illegal one is a message and the prompt
//! again, never a verdict on the person), and the board is drawn after each move
//! ([`board`]).
//!
//! Against the referee, the person chooses the side; the referee plays winning moves where it
//! stands won and a trap move where it stands lost, as in a session; `hint` and `undo` help.
//! Against a solution, the referee speaks the protocol of docs/protocol.md to it as in
//! `referee play`: the solution chooses its side, the person takes the other, the person's
//! moves are sent as the referee's, and the solution's replies are judged as a session judges
//! them (PE, WA, RE, IDLE, TLE, ...), ending the session at the first fault.
//!
//! At the end of every round: who won, and the verdict the referee would give the person's
//! play (the person playing as a solution) or the solution's.
//!
//! Here the command line and the session's end (its verdict line, transcript and page); the
//! rounds in `game` (their moves in `moves`), the solution as the opponent in `solution`, the
//! terminal in `term`.

pub mod board;
mod game;
mod moves;
mod solution;
mod term;

pub use term::MAX_TYPED_LINE;

use crate::cli::{self, split_command};
use crate::process::Solution;
use combgames_core::peer::Limits;
use combgames_core::rng::Rng;
use combgames_core::round::RoundSpec;
use combgames_core::verdict::Verdict;
use combgames_core::words::counted;
use combgames_registry::Game;
use game::{Human, Opponent, Stop};
use std::io::{BufRead, Write};
use std::time::Duration;
use term::Term;

/// `referee human --help`: the text around each game's own options and default sizes.
const USAGE_HEAD: &str = "\
usage: referee human <game> [options] [-- <command ...>]

A person plays <game> in the terminal: against the referee's own perfect play, or, with a
command after `--`, against that solution's play mode (it speaks the protocol of
docs/protocol.md; it chooses its side first and the person takes the other). The board is
drawn after every move; moves are typed in the game's protocol notation (`help` shows it).

commands at the prompt:
  first, second   the side to take (against the referee)
  hint            whether the position is won for you, and a winning move
  undo            take back your last move and the reply (against the referee)
  board           draw the board again
  help            the notation and these commands
  quit            stop (end of input stops too)

options:
  --rounds R            rounds to play (default 1)
  --seed S              seed of the rounds and the referee's moves (default: from the clock;
                        printed at the start)
  --size N | LO..HI     size of the positions (default: a size a person can play, below)
  --kind K              the generator's kind the rounds are drawn from (`referee --help`)
";
const USAGE_OPTIONS: &str = "  --time-limit, --idle-limit, --wall-limit, --memory-limit   the solution's limits, as for play
  --transcript FILE     write the game as a session's transcript (docs/protocol.md): the
                        person's moves as the solution's (`>`), against a solution the
                        solution's; `referee replay <game> FILE --html PAGE` reads it
  --html FILE           write the game's replay page (as `referee play --html`)

";
const USAGE_TAIL: &str = "
Prints a verdict line at the end: VERDICT human <game> seed=S rounds=R moves=M[: why]; against
a solution its exit code is the verdict's (as `referee play`), against the referee 0. A game
the person quits is no verdict: its line starts with QUIT, and the exit code is 4 (3: a bad
command line or the referee's own failure).
";

/// Width the help's list of default sizes is wrapped to.
const USAGE_WIDTH: usize = 91;

/// `referee human --help`, each game's options and default sizes from its [`combgames_core::board::Human`] set-up.
pub fn usage() -> String {
    let mut text = USAGE_HEAD.to_owned();
    for &game in Game::ALL {
        for (flag, help) in game.problem().human.options {
            text.push_str(&format!("  {flag:<22}{help}\n"));
        }
    }
    text.push_str(USAGE_OPTIONS);
    // Games whose sizes read the same are named together (`a and b 5..16 cells`).
    let mut sizes: Vec<(Vec<&str>, String)> = Vec::new();
    for &game in Game::ALL {
        let human = game.problem().human;
        let (lo, hi) = human.sizes;
        let words = human
            .sizes_are
            .replace("{lo}", &lo.to_string())
            .replace("{hi}", &hi.to_string());
        match sizes.last_mut() {
            Some((names, last)) if *last == words => names.push(game.name()),
            _ => sizes.push((vec![game.name()], words)),
        }
    }
    let listed: Vec<String> = sizes
        .iter()
        .map(|(names, words)| format!("{} {words}", names.join(" and ")))
        .collect();
    let mut line = String::new();
    for word in format!("default sizes: {}.", listed.join(", ")).split(' ') {
        if !line.is_empty() && line.len() + 1 + word.len() > USAGE_WIDTH {
            text.push_str(&line);
            text.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    text.push_str(&line);
    text.push('\n');
    text.push_str(USAGE_TAIL);
    text
}

/// Sizes a person can play when `--size` is not given.
pub(super) fn human_size(game: Game) -> (u64, u64) {
    game.problem().human.sizes
}

/// The solution's limits (as `referee play`'s).
const HUMAN_LIMITS: Limits = Limits {
    cpu: Duration::from_secs(10),
    wall: Duration::from_secs(20),
    idle: Duration::from_secs(5),
    memory: Some(1024 << 20),
};

/// A session of human play.
#[derive(Clone, Debug)]
pub struct Config {
    pub game: Game,
    pub seed: u64,
    pub rounds: u64,
    pub spec: RoundSpec,
    /// The game's option drawn per round ([`combgames_core::board::Human::drawn`]), where it is not given.
    pub draw_option: bool,
    /// The game's own rounds ([`combgames_core::board::Human::round`]), where `--kind` is not given.
    pub own_rounds: bool,
    /// The solution's command; empty: the referee plays.
    pub command: Vec<String>,
    pub limits: Limits,
    /// `--transcript FILE` and `--html FILE`: the game recorded as a session.
    pub transcript: Option<std::path::PathBuf>,
    pub html: Option<std::path::PathBuf>,
}

pub enum Parsed {
    Help,
    /// Boxed: the configuration is large beside `Help`.
    Run(Box<Config>),
}

/// `referee human <game> [options] [-- <command ...>]` (the words after `human`); `clock` is
/// the seed when none is given.
pub fn parse(args: &[String], clock: u64) -> Result<Parsed, String> {
    let (own, command, help) = split_command(args);
    if help {
        return Ok(Parsed::Help);
    }
    let name = own
        .first()
        .ok_or_else(|| format!("missing game: {}", Game::names_or()))?;
    let game = Game::parse(name)
        .ok_or_else(|| format!("unknown game {name:?}: expected {}", Game::names_or()))?;
    let rest = &own[1..];
    let sized = rest
        .iter()
        .any(|w| w == "--size" || w.starts_with("--size="));
    // The human sizes go first, so a game option is checked against the sizes played and a
    // `--size` given overrides them.
    let mut words = Vec::new();
    if !sized {
        let (lo, hi) = human_size(game);
        words.push(format!("--size={lo}..{hi}"));
    }
    words.extend(rest.iter().cloned());
    let (words, html) = cli::take_html(&words).map_err(|e| e.to_string())?;
    let o = cli::session_options(game, &words, false).map_err(|e| e.to_string())?;
    if o.move_cap.is_some() {
        return Err("--max-moves is not an option of human play (rounds are not cut)".to_owned());
    }
    let given = |flag: &str| {
        rest.iter()
            .any(|w| w == flag || w.starts_with(&format!("{flag}=")))
    };
    let rounds = if given("--rounds") { o.rounds } else { 1 };
    let human = game.problem().human;
    let spec = RoundSpec {
        size: o.size,
        kind: o.kind,
        options: o.game_options.clone(),
    };
    Ok(Parsed::Run(Box::new(Config {
        game,
        seed: o.seed.unwrap_or(clock),
        rounds,
        draw_option: human
            .drawn
            .is_some_and(|(flag, _)| spec.option(flag).is_none()),
        own_rounds: human.round.is_some() && spec.kind.is_none(),
        spec,
        limits: o.limits(HUMAN_LIMITS),
        command,
        transcript: o.transcript,
        html,
    })))
}

/// Writes the game's transcript and page where `--transcript` and `--html` ask; a page's
/// summary line goes to the terminal.
fn record(config: &Config, text: &str, term: &mut Term) -> Result<(), String> {
    if let Some(file) = &config.transcript {
        crate::output::write_new(file, text.as_bytes())
            .map_err(|e| format!("cannot write the transcript {}: {e}", file.display()))?;
    }
    if let Some(out) = &config.html {
        if text.lines().any(|l| l.starts_with("< ") && l != "< play 0") {
            let replay = crate::html::write_page(config.game, text, out)?;
            term.say(&format!("{}\n", replay.summary(out)));
        }
    }
    Ok(())
}

/// How a game at the terminal ended: judged, or quit by the person before its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Judged(Verdict),
    Quit,
}

/// The exit code of a game the person quit: none of a verdict's (`referee --help`).
pub const QUIT_EXIT: u8 = 4;

impl Ending {
    pub fn exit_code(self) -> u8 {
        match self {
            Ending::Judged(verdict) => verdict.exit_code(),
            Ending::Quit => QUIT_EXIT,
        }
    }
}

/// Plays the session on the person's terminal (`input`, `out`); returns the verdict, whose
/// exit code the command returns against a solution. Never panics on input: end of input
/// ends the session with a message.
pub fn run(config: &Config, input: &mut dyn BufRead, out: &mut dyn Write) -> Ending {
    let opponent = if config.command.is_empty() {
        Opponent::Referee
    } else {
        match Solution::spawn(&config.command, config.limits) {
            Ok(mut solution) => {
                solution.set_max_line(config.game.max_line());
                Opponent::Solution(Box::new(solution))
            }
            Err(e) => {
                let line = format!(
                    "FAIL human {} seed={} rounds=0 moves=0: cannot start {:?}: {e}\n",
                    config.game.name(),
                    config.seed,
                    config.command
                );
                let _ = out.write_all(line.as_bytes());
                return Ending::Judged(Verdict::Fail);
            }
        }
    };
    let mut human = Human {
        config,
        term: Term { input, out },
        opponent,
        rng: Rng::new(config.seed),
        hint_rng: Rng::new(config.seed ^ 0x5eed_4e17),
        rounds_done: 0,
        moves: 0,
        won: 0,
        person_fault: None,
        log: Vec::new(),
    };
    let outcome = human.run();
    let against_solution = human.against_solution();
    let quit = matches!(outcome, Err(Stop::Quit));
    let (verdict, message) = match outcome {
        Ok(()) => {
            let end = human.finish_solution();
            human.term.say(&format!(
                "\nYou won {} of {}.\n",
                human.won,
                counted(human.rounds_done as u64, "round")
            ));
            match (end, against_solution, &human.person_fault) {
                (Some(fault), _, _) => fault,
                (None, true, _) => (Verdict::Ok, String::new()),
                (None, false, None) => (Verdict::Ok, String::new()),
                (None, false, Some(why)) => (Verdict::Wa, why.clone()),
            }
        }
        Err(Stop::Quit) => {
            human.term.say("\nquit: the game stops here.\n");
            (Verdict::Ok, "stopped by the person".to_owned())
        }
        Err(Stop::InputEnded) => {
            human.term.say("\ninput ended: the game stops here.\n");
            (Verdict::Ok, "input ended".to_owned())
        }
        Err(Stop::Fault(verdict, message)) => (verdict, message),
    };
    if let Opponent::Solution(peer) = &mut human.opponent {
        peer.kill();
    }
    let whose = if against_solution {
        "the solution's play"
    } else {
        "your play"
    };
    let shown = if quit {
        "QUIT".to_owned()
    } else {
        verdict.to_string()
    };
    let mut line = format!(
        "{shown} human {} seed={} rounds={} moves={} ({whose})",
        config.game.name(),
        config.seed,
        human.rounds_done,
        human.moves
    );
    if !message.is_empty() {
        line.push_str(": ");
        line.push_str(&message);
    }
    human.term.say(&format!("{line}\n"));
    let header = format!(
        "# referee human {} seed={} rounds={} (the person plays as {})",
        config.game.name(),
        config.seed,
        config.rounds,
        if against_solution {
            "the referee, against the solution"
        } else {
            "the solution"
        }
    );
    human.log('#', &format!("verdict {line}"));
    let text: String = std::iter::once(header)
        .chain(human.log.iter().cloned())
        .map(|l| l + "\n")
        .collect();
    if let Err(e) = record(config, &text, &mut human.term) {
        human.term.say(&format!("referee: {e}\n"));
        return Ending::Judged(Verdict::Fail);
    }
    if quit {
        Ending::Quit
    } else if against_solution || verdict == Verdict::Fail {
        Ending::Judged(verdict)
    } else {
        Ending::Judged(Verdict::Ok)
    }
}
