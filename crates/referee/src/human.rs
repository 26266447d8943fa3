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

pub mod board;

use crate::cli::{self, split_command};
use crate::process::Solution;
use board::{notation, side_name, Board};
use combgames_core::peer::{Event, Exit, Limits, Peer};
use combgames_core::rng::Rng;
use combgames_core::round::{GameError, MoveError, Round, RoundSpec, Trap};
use combgames_core::verdict::Verdict;
use combgames_registry::knights::play::KnightsRound;
use combgames_registry::Game as GameKind;
use combgames_session::session::{ABORT, END};
use std::io::{BufRead, Write};
use std::time::Duration;

/// `referee human --help`.
pub const USAGE: &str = "\
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
  --k K                 subtraction's k (default: 2, 3, 1.5 or 5/2, drawn per round)
  --spec SPEC           impartial's rules (docs/impartial.md; default: drawn per round)
  --time-limit, --idle-limit, --wall-limit, --memory-limit   the solution's limits, as for play
  --transcript FILE     write the game as a session's transcript (docs/protocol.md): the
                        person's moves as the solution's (`>`), against a solution the
                        solution's; `referee replay <game> FILE --html PAGE` reads it
  --html FILE           write the game's replay page (as `referee play --html`)

default sizes: subtraction 5..40 stones, pawns 3..14 columns, tictactoe and coloring 5..16
cells, knights 5..10 (1 to 3 knights unless --kind is given), race 4..7, impartial heaps up
to 9.

Prints a verdict line at the end: VERDICT human <game> seed=S rounds=R moves=M[: why]; against
a solution its exit code is the verdict's (as `referee play`), against the referee 0.
";

/// Sizes a person can play when `--size` is not given.
fn human_size(game: GameKind) -> (u64, u64) {
    match game {
        GameKind::Subtraction => (5, 40),
        GameKind::Pawns => (3, 14),
        GameKind::Tictactoe | GameKind::Coloring => (5, 16),
        GameKind::Knights => (5, 10),
        GameKind::Race => (4, 7),
        GameKind::Impartial => (1, 9),
    }
}

/// Subtraction's k when `--k` is not given: multipliers a person can follow.
const HUMAN_K: [&str; 4] = ["2", "3", "1.5", "5/2"];

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
    pub game: GameKind,
    pub seed: u64,
    pub rounds: u64,
    pub spec: RoundSpec,
    /// Subtraction without `--k`: k drawn per round from `HUMAN_K`.
    pub draw_k: bool,
    /// Knights without `--kind`: one to three knights.
    pub few_knights: bool,
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
        .ok_or_else(|| format!("missing game: {}", GameKind::names_or()))?;
    let game = GameKind::parse(name)
        .ok_or_else(|| format!("unknown game {name:?}: expected {}", GameKind::names_or()))?;
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
    let spec = RoundSpec {
        size: o.size,
        kind: o.kind,
        options: o.game_options.clone(),
    };
    Ok(Parsed::Run(Box::new(Config {
        game,
        seed: o.seed.unwrap_or(clock),
        rounds,
        draw_k: game == GameKind::Subtraction && spec.option("--k").is_none(),
        few_knights: game == GameKind::Knights && spec.kind.is_none(),
        spec,
        limits: o.limits(HUMAN_LIMITS),
        command,
        transcript: o.transcript,
        html,
    })))
}

/// The person's terminal: lines in, text out. Output errors are ignored (a closed terminal
/// ends the game at the next read).
struct Term<'a> {
    input: &'a mut dyn BufRead,
    out: &'a mut dyn Write,
}

/// Longest line a person's input keeps, bytes (moves and commands are a few dozen).
pub const MAX_TYPED_LINE: usize = 4096;

impl Term<'_> {
    fn say(&mut self, text: &str) {
        let _ = self.out.write_all(text.as_bytes());
        let _ = self.out.flush();
    }

    /// The next line typed after `prompt`, trimmed; `None` at end of input (or a read error).
    /// Only its first [`MAX_TYPED_LINE`] bytes are kept: the rest is read and dropped, with
    /// one line saying so, so a huge line costs neither memory nor an echo of it.
    fn ask(&mut self, prompt: &str) -> Option<String> {
        self.say(prompt);
        let mut line = Vec::new();
        let mut dropped = 0usize;
        let mut ended = false;
        while !ended {
            let chunk = match self.input.fill_buf() {
                Ok([]) => break,
                Ok(chunk) => chunk,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => break,
            };
            let (take, used) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    ended = true;
                    (i, i + 1)
                }
                None => (chunk.len(), chunk.len()),
            };
            let room = MAX_TYPED_LINE.saturating_sub(line.len()).min(take);
            line.extend_from_slice(&chunk[..room]);
            dropped += take - room;
            self.input.consume(used);
        }
        if line.is_empty() && dropped == 0 && !ended {
            return None;
        }
        if dropped > 0 {
            self.say(&format!(
                "(line longer than {MAX_TYPED_LINE} bytes: the last {dropped} were discarded)\n"
            ));
        }
        Some(String::from_utf8_lossy(&line).trim().to_owned())
    }
}

/// How the session ended early.
enum Stop {
    /// `quit`.
    Quit,
    /// End of the person's input.
    InputEnded,
    /// The solution's fault (or the referee's own failure): the verdict.
    Fault(Verdict, String),
}

/// The other side.
enum Opponent {
    Referee,
    Solution(Box<dyn Peer>),
}

/// One move of a round.
struct Played {
    line: String,
    by_person: bool,
    /// For a move that handed over the win: what the verdict says.
    fault: Option<String>,
}

struct RoundState {
    number: u64,
    start: String,
    round: Box<dyn Round>,
    board: Board,
    moves: Vec<Played>,
    person_first: bool,
    /// Whether the first player wins the start position (the referee's evaluator).
    first_wins: bool,
    /// The side the person took, when the evaluator says it is lost.
    losing_side: Option<String>,
}

impl RoundState {
    fn person_to_move(&self) -> bool {
        (self.moves.len() % 2 == 0) == self.person_first
    }

    /// The person's first fault in this round, as a verdict message.
    fn person_fault(&self) -> Option<String> {
        self.losing_side
            .clone()
            .or_else(|| self.moves.iter().find_map(|m| m.fault.clone()))
    }
}

struct Human<'a> {
    config: &'a Config,
    term: Term<'a>,
    opponent: Opponent,
    /// The rounds and the referee's moves.
    rng: Rng,
    /// Hints draw from their own stream, so asking for one does not change the referee's play.
    hint_rng: Rng,
    rounds_done: u64,
    moves: u64,
    won: u64,
    /// The first fault of the person's play (against the referee).
    person_fault: Option<String>,
    /// The game as a session's transcript, line by line (`< `, `> `, `# `).
    log: Vec<String>,
}

/// The round again from its start, with `moves` replayed.
fn rebuild(game: GameKind, start: &str, moves: &[Played]) -> Result<Box<dyn Round>, GameError> {
    let mut round = game.from_line(start)?;
    for m in moves {
        round
            .play_line(&m.line)
            .map_err(|e| GameError::Internal(format!("replaying {:?}: {e:?}", m.line)))?;
    }
    Ok(round)
}

fn referee_failure(e: impl std::fmt::Display) -> Stop {
    Stop::Fault(Verdict::Fail, format!("referee error: {e}"))
}

impl Human<'_> {
    fn opponent_name(&self) -> &'static str {
        match self.opponent {
            Opponent::Referee => "the referee",
            Opponent::Solution(_) => "the solution",
        }
    }

    fn against_solution(&self) -> bool {
        matches!(self.opponent, Opponent::Solution(_))
    }

    fn help(&mut self) {
        let mut text = format!("\n{}\n", notation(self.config.game));
        text.push_str(
            "commands: hint (is the position won for you, and a winning move), board (draw it \
             again), quit",
        );
        if !self.against_solution() {
            text.push_str(", undo (take back your last move and the reply)");
        }
        text.push_str(", help\n");
        self.term.say(&text);
    }

    /// A round with a legal move to start from (a position with none teaches nothing).
    fn make_round(&mut self, number: u64) -> Result<Box<dyn Round>, Stop> {
        let config = self.config;
        let mut last = None;
        for _ in 0..50 {
            let mut spec = config.spec.clone();
            if config.draw_k {
                let k = HUMAN_K[self.rng.index(HUMAN_K.len())];
                spec.options.push(("--k", k.to_owned()));
            }
            let made = if config.few_knights {
                let range = spec.size.unwrap_or(human_size(GameKind::Knights));
                let count = self.rng.range(1, 3);
                combgames_registry::knights::gen::make("random", range, Some(count), &mut self.rng)
                    .map_err(GameError::unplayable)
                    .and_then(|p| KnightsRound::new(p.n, p.knights))
                    .map(|r| Box::new(r) as Box<dyn Round>)
            } else {
                config.game.generate(&spec, number, &mut self.rng)
            };
            let round = made.map_err(|e| referee_failure(format!("round {number}: {e}")))?;
            if round.mover_has_move() {
                return Ok(round);
            }
            last = Some(round);
        }
        last.ok_or_else(|| referee_failure("no round made"))
    }

    fn draw(&mut self, state: &RoundState) {
        let text = format!("\n{}", state.board.render());
        self.term.say(&text);
        self.turn_line(state);
    }

    /// Whose turn it is, when the round goes on.
    fn turn_line(&mut self, state: &RoundState) {
        let mut text = String::new();
        if state.round.mover_has_move() {
            let first = state.moves.len() % 2 == 0;
            let who = if state.person_to_move() {
                "you"
            } else {
                self.opponent_name()
            };
            text.push_str(&format!(
                "{} ({who}) to move\n",
                capitalized(side_name(self.config.game, first))
            ));
        }
        self.term.say(&text);
    }

    fn run(&mut self) -> Result<(), Stop> {
        let config = self.config;
        let (lo, hi) = config.spec.size.unwrap_or(human_size(config.game));
        self.term.say(&format!(
            "{} against {}, {} round(s), sizes {lo}..{hi}, seed {} (`--seed {}` plays these \
             rounds again). Type `help` for the notation.\n",
            config.game.name(),
            self.opponent_name(),
            config.rounds,
            config.seed,
            config.seed
        ));
        self.log('<', &format!("play {}", config.rounds));
        if let Opponent::Solution(peer) = &mut self.opponent {
            peer.send(&format!("play {}", config.rounds));
        }
        for number in 1..=config.rounds {
            self.play_round(number)?;
            self.rounds_done = number;
        }
        Ok(())
    }

    fn play_round(&mut self, number: u64) -> Result<(), Stop> {
        let game = self.config.game;
        let mut round = self.make_round(number)?;
        let start = round.position_line();
        let board = Board::new(game, &start).map_err(referee_failure)?;
        self.term.say(&format!(
            "\n=== round {number} of {}: {} ===\n",
            self.config.rounds,
            one_line(&start)
        ));
        let first_wins = round.mover_wins().map_err(referee_failure)?;
        self.term.say(&board.render());
        if !self.against_solution() {
            for line in start.lines() {
                self.log('<', line);
            }
        }
        let person_first = match &mut self.opponent {
            Opponent::Referee => {
                let first = self.choose_side(first_wins)?;
                self.log('>', if first { "first" } else { "second" });
                first
            }
            Opponent::Solution(_) => !self.solution_side(&start, number)?,
        };
        let losing_side = (person_first != first_wins).then(|| {
            format!(
                "round {number}: took the losing side `{}`",
                if person_first { "first" } else { "second" }
            )
        });
        let mut state = RoundState {
            number,
            start,
            round,
            board,
            moves: Vec::new(),
            person_first,
            first_wins,
            losing_side,
        };
        self.term.say(&format!(
            "You are {}, {} is {}.\n",
            side_name(game, person_first),
            self.opponent_name(),
            side_name(game, !person_first)
        ));
        self.turn_line(&state);
        loop {
            while state.round.mover_has_move() {
                if state.person_to_move() {
                    self.person_move(&mut state)?;
                } else {
                    self.opponent_move(&mut state)?;
                }
                self.draw(&state);
            }
            if !self.round_over(&mut state)? {
                break;
            }
            self.draw(&state);
        }
        Ok(())
    }

    /// Against the referee: `first` or `second` (or `hint`).
    fn choose_side(&mut self, first_wins: bool) -> Result<bool, Stop> {
        loop {
            let Some(answer) = self
                .term
                .ask("Play first or second? (first, second, hint, help, quit) ")
            else {
                return Err(Stop::InputEnded);
            };
            match answer.as_str() {
                "first" | "f" | "1" => return Ok(true),
                "second" | "s" | "2" => return Ok(false),
                "hint" => {
                    let (side, name) = if first_wins {
                        ("first", side_name(self.config.game, true))
                    } else {
                        ("second", side_name(self.config.game, false))
                    };
                    self.term.say(&format!(
                        "hint: {name} wins this position with perfect play: choose `{side}`\n"
                    ));
                }
                "help" => self.help(),
                "quit" | "exit" => return Err(Stop::Quit),
                "" => {}
                other => self
                    .term
                    .say(&format!("{other:?}: type `first` or `second`\n")),
            }
        }
    }

    /// Against a solution: sends the position and reads the side it takes (`true`: first).
    fn solution_side(&mut self, start: &str, number: u64) -> Result<bool, Stop> {
        self.send(start);
        let at = format!("round {number}, position {}", abbreviated(start));
        let side = self.read(&format!("waiting for the side in {at}"))?;
        match side.as_str() {
            "first" => Ok(true),
            "second" => Ok(false),
            _ => Err(self.fault(
                Verdict::Pe,
                format!("{at}: expected `first` or `second`, got {side:?}"),
            )),
        }
    }

    fn hint(&mut self, state: &mut RoundState) {
        let text = match state.round.mover_wins() {
            Ok(true) => match state.round.suggest_winning_move(&mut self.hint_rng) {
                Ok(m) => format!("hint: the position is won for you: `{m}` wins\n"),
                Err(e) => format!("hint: referee error: {e}\n"),
            },
            Ok(false) => {
                // A legal move to show the notation with, found on a copy of the round.
                let any = rebuild(self.config.game, &state.start, &state.moves)
                    .and_then(|mut copy| copy.trap_move(Trap::Longest, &mut self.hint_rng));
                match any {
                    Ok(m) => format!(
                        "hint: the position is lost for you against perfect play: every move \
                         loses (a legal one: `{m}`)\n"
                    ),
                    Err(_) => "hint: the position is lost for you against perfect play\n".into(),
                }
            }
            Err(e) => format!("hint: referee error: {e}\n"),
        };
        self.term.say(&text);
    }

    /// Takes back the person's last move and what followed it.
    fn undo(&mut self, state: &mut RoundState) -> Result<bool, Stop> {
        if self.against_solution() {
            self.term
                .say("undo: a solution cannot take back its moves; play on or `quit`\n");
            return Ok(false);
        }
        let Some(last) = state.moves.iter().rposition(|m| m.by_person) else {
            self.term.say("undo: you have made no move in this round\n");
            return Ok(false);
        };
        let taken: Vec<String> = state.moves[last..].iter().map(|m| m.line.clone()).collect();
        state.moves.truncate(last);
        // The moves are the log's last lines: nothing else is logged between them.
        self.log.truncate(self.log.len() - taken.len());
        state.round =
            rebuild(self.config.game, &state.start, &state.moves).map_err(referee_failure)?;
        let mut board = Board::new(self.config.game, &state.start).map_err(referee_failure)?;
        for m in &state.moves {
            board.apply(&m.line);
        }
        state.board = board;
        self.moves -= taken.len() as u64;
        self.term.say(&format!(
            "undo: took back {}\n",
            taken
                .iter()
                .map(|l| format!("`{l}`"))
                .collect::<Vec<_>>()
                .join(" and ")
        ));
        Ok(true)
    }

    fn person_move(&mut self, state: &mut RoundState) -> Result<(), Stop> {
        loop {
            let Some(typed) = self.term.ask("your move> ") else {
                return Err(Stop::InputEnded);
            };
            match typed.as_str() {
                "" => continue,
                "help" => {
                    self.help();
                    continue;
                }
                "hint" => {
                    self.hint(state);
                    continue;
                }
                "board" => {
                    self.draw(state);
                    continue;
                }
                "undo" => {
                    // Undone to just before the person's last move: the person's turn again.
                    if self.undo(state)? {
                        self.draw(state);
                    }
                    continue;
                }
                "quit" | "exit" => return Err(Stop::Quit),
                _ => {}
            }
            // The notation has single spaces; a person may type more.
            let line = typed.split_whitespace().collect::<Vec<_>>().join(" ");
            let won_before = state.round.mover_wins().map_err(referee_failure)?;
            match state.round.play_line(&line) {
                Err(MoveError::Syntax(e)) => {
                    self.term
                        .say(&format!("not a move: {e} (`help` shows the notation)\n"));
                    continue;
                }
                Err(MoveError::Illegal(e)) => {
                    self.term.say(&format!("illegal move: {e}\n"));
                    continue;
                }
                Ok(()) => {}
            }
            let mut fault = None;
            if won_before && state.round.mover_wins().map_err(referee_failure)? {
                let winning = rebuild(self.config.game, &state.start, &state.moves)
                    .and_then(|mut copy| copy.suggest_winning_move(&mut self.hint_rng))
                    .map(|m| format!("; `{m}` was winning"))
                    .unwrap_or_default();
                fault = Some(format!(
                    "round {}, move {}: `{line}` hands over the win{winning}",
                    state.number,
                    state.moves.len() + 1
                ));
            }
            state.board.apply(&line);
            state.moves.push(Played {
                line: line.clone(),
                by_person: true,
                fault,
            });
            self.moves += 1;
            // Against a solution, `send` logs it.
            if !self.against_solution() {
                self.log('>', &line);
            }
            self.send(&line);
            self.term.say(&format!(
                "\nmove {}: you play `{line}`\n",
                state.moves.len()
            ));
            return Ok(());
        }
    }

    fn opponent_move(&mut self, state: &mut RoundState) -> Result<(), Stop> {
        let number = state.moves.len() + 1;
        // Counted before it is judged, as a session counts a move that faults.
        self.moves += 1;
        let line = match self.opponent {
            Opponent::Referee => {
                let round = &mut state.round;
                let chosen = if round.mover_wins().map_err(referee_failure)? {
                    round.winning_move(&mut self.rng)
                } else {
                    let trap = Trap::pick(&mut self.rng);
                    round.trap_move(trap, &mut self.rng)
                };
                chosen.map_err(referee_failure)?
            }
            Opponent::Solution(_) => {
                let at = format!(
                    "round {}, position {}",
                    state.number,
                    abbreviated(&state.start)
                );
                let before = state.round.describe();
                let won_before = state.round.mover_wins().map_err(referee_failure)?;
                let line = self.read(&format!("waiting for move {number} of {at}"))?;
                match state.round.play_line(&line) {
                    Ok(()) => {}
                    Err(MoveError::Syntax(e)) => {
                        return Err(self.fault(Verdict::Pe, format!("{at}, move {number}: {e}")))
                    }
                    Err(MoveError::Illegal(e)) => {
                        return Err(self.fault(
                            Verdict::Wa,
                            format!("{at}, move {number}: illegal move at {before}: {e}"),
                        ))
                    }
                }
                if won_before && state.round.mover_wins().map_err(referee_failure)? {
                    return Err(self.fault(
                        Verdict::Wa,
                        format!(
                            "{at}, move {number}: {:?} at {before} hands over the win: {} is a \
                             win for the person",
                            line,
                            state.round.describe()
                        ),
                    ));
                }
                line
            }
        };
        state.board.apply(&line);
        // A solution's line is logged where it is read.
        if !self.against_solution() {
            self.log('<', &line);
        }
        state.moves.push(Played {
            line: line.clone(),
            by_person: false,
            fault: None,
        });
        self.term.say(&format!(
            "\nmove {number}: {} plays `{line}`\n",
            self.opponent_name()
        ));
        Ok(())
    }

    /// The end of a round: who won and the verdict. Returns whether the round goes on (an
    /// undo at the end).
    fn round_over(&mut self, state: &mut RoundState) -> Result<bool, Stop> {
        let game = self.config.game;
        // The player to move has no move: it lost, or in misère play won.
        let person_won = state.person_to_move() == state.round.last_mover_loses();
        let winner_first = (state.moves.len() % 2 == 0) == state.round.last_mover_loses();
        let stuck = side_name(game, state.moves.len() % 2 == 0);
        let how = if game == GameKind::Race {
            // A race ends when a player enters the other's start, not when one is stuck.
            format!("{} wins", side_name(game, winner_first))
        } else if state.round.last_mover_loses() {
            format!("{stuck} has no move and so wins (misere play)")
        } else {
            format!(
                "{stuck} has no move: {} wins",
                side_name(game, winner_first)
            )
        };
        let mut text = format!(
            "\nRound {} over after {} moves: {how}. {}\n",
            state.number,
            state.moves.len(),
            if person_won { "You won." } else { "You lost." }
        );
        let number = state.number;
        match &self.opponent {
            Opponent::Referee => {
                match state.person_fault() {
                    None => text.push_str("verdict on your play: OK (every won position kept)\n"),
                    Some(why) => text.push_str(&format!("verdict on your play: WA: {why}\n")),
                }
                self.term.say(&text);
                let last = number == self.config.rounds;
                let prompt = if last {
                    "Enter: finish; undo: take back your last move; quit "
                } else {
                    "Enter: next round; undo: take back your last move; quit "
                };
                loop {
                    // The round is over: end of input here finishes it as Enter would.
                    let answer = self.term.ask(prompt).unwrap_or_default();
                    match answer.as_str() {
                        "" => break,
                        "quit" | "exit" => {
                            self.record_round(state, person_won);
                            return Err(Stop::Quit);
                        }
                        "undo" => {
                            if self.undo(state)? {
                                return Ok(true);
                            }
                        }
                        other => self
                            .term
                            .say(&format!("{other:?}: press Enter, or type undo or quit\n")),
                    }
                }
            }
            Opponent::Solution(_) => {
                self.term.say(&text);
                // The solution took the side the person did not: WA when the evaluator says
                // it loses, as in a session (whatever the person's play made of it).
                if state.person_first == state.first_wins {
                    let theirs = if state.person_first {
                        "second"
                    } else {
                        "first"
                    };
                    return Err(self.fault(
                        Verdict::Wa,
                        format!(
                            "round {number}: took the losing side `{theirs}` (lost by the \
                             referee's evaluator)"
                        ),
                    ));
                }
                // Its every reply was judged to keep its won position: it cannot have lost.
                if person_won {
                    return Err(self.fault(
                        Verdict::Fail,
                        format!("round {number}: the solution kept every position won yet lost"),
                    ));
                }
                self.send(END);
                self.term.say("verdict on the solution's play so far: OK\n");
                if number < self.config.rounds {
                    let _ = self.term.ask("Enter: next round ");
                }
            }
        }
        self.record_round(state, person_won);
        Ok(false)
    }

    fn record_round(&mut self, state: &RoundState, person_won: bool) {
        if !self.against_solution() {
            self.log('<', END);
        }
        self.won += u64::from(person_won);
        if self.person_fault.is_none() {
            self.person_fault = state.person_fault();
        }
    }

    fn send(&mut self, line: &str) {
        if let Opponent::Solution(peer) = &mut self.opponent {
            peer.send(line);
        }
        // Against a solution what it is sent is the transcript's `<` side.
        if self.against_solution() {
            for part in line.lines() {
                self.log('<', part);
            }
        }
    }

    /// One line of the game's transcript: `<` the referee's side, `>` the solution's, `#` a
    /// note.
    fn log(&mut self, side: char, line: &str) {
        self.log.push(format!("{side} {line}"));
    }

    /// Records the solution's fault: tells it (`-1`), closes its input, and stops.
    fn fault(&mut self, verdict: Verdict, message: String) -> Stop {
        self.log('#', &format!("fault {verdict}: {message}"));
        if self.against_solution() {
            self.log('<', ABORT);
        }
        if let Opponent::Solution(peer) = &mut self.opponent {
            peer.send(ABORT);
            peer.close_input();
        }
        Stop::Fault(verdict, message)
    }

    /// The solution's next line, its trailing spaces removed; a fault as a session judges it.
    fn read(&mut self, expecting: &str) -> Result<String, Stop> {
        let Opponent::Solution(peer) = &mut self.opponent else {
            return Err(referee_failure("no solution to read from"));
        };
        let limits = self.config.limits;
        let (verdict, message) = match peer.next_line() {
            Event::Line(bytes) => match String::from_utf8(bytes) {
                Ok(text) => {
                    let line = text.trim_end_matches(' ').to_owned();
                    self.log('>', &line);
                    return Ok(line);
                }
                Err(_) => (
                    Verdict::Pe,
                    format!("a line that is not UTF-8 while {expecting}"),
                ),
            },
            Event::TooLong => (
                Verdict::Pe,
                format!(
                    "a line longer than {} bytes while {expecting}",
                    peer.max_line()
                ),
            ),
            Event::Eof => match peer.settle_exit(Duration::from_secs(1)) {
                Some(exit) if exit.is_cpu_limit() => (
                    Verdict::Tle,
                    format!("CPU time limit: {exit} while {expecting}"),
                ),
                Some(exit @ (Exit::Signal(_) | Exit::Code(1..))) => {
                    (Verdict::Re, format!("{exit} while {expecting}"))
                }
                Some(exit) => (
                    Verdict::Pe,
                    format!("output ended ({exit}) while {expecting}"),
                ),
                None => (
                    Verdict::Pe,
                    format!("the solution closed its output while {expecting}"),
                ),
            },
            Event::Idle => (
                Verdict::Idle,
                format!(
                    "no line within {:.1}s while {expecting} (missing flush?)",
                    limits.idle.as_secs_f64()
                ),
            ),
            Event::WallTime => (
                Verdict::Tle,
                format!(
                    "wall time over {:.1}s while {expecting}",
                    limits.wall.as_secs_f64()
                ),
            ),
            Event::Memory => (
                Verdict::Mle,
                format!(
                    "memory over {} MB while {expecting}",
                    limits.memory.unwrap_or(0) >> 20
                ),
            ),
            Event::CpuTime => (
                Verdict::Tle,
                format!(
                    "CPU time over {:.1}s while {expecting}",
                    limits.cpu.as_secs_f64()
                ),
            ),
            Event::NotReading => (
                Verdict::Pe,
                "the solution does not read its input".to_owned(),
            ),
        };
        Err(self.fault(verdict, message))
    }

    /// After the last round: the solution's input closed, its exit judged as a session does.
    fn finish_solution(&mut self) -> Option<(Verdict, String)> {
        let Opponent::Solution(peer) = &mut self.opponent else {
            return None;
        };
        let (extra, event) = peer.finish();
        if let Some(ev) = event {
            return Some(combgames_session::session::after_last_round(ev));
        }
        if extra {
            return Some((Verdict::Pe, "output after the last round".to_owned()));
        }
        match peer.exit() {
            Some(Exit::Code(0)) => None,
            Some(exit) if exit.is_cpu_limit() => Some((
                Verdict::Tle,
                "CPU time limit (SIGXCPU) after the last round".to_owned(),
            )),
            Some(exit) => Some((Verdict::Re, format!("after the last round: {exit}"))),
            None => Some((
                Verdict::Pe,
                "closed its output but did not exit after the last round".to_owned(),
            )),
        }
    }
}

fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A position on one line (its lines joined by ` / `), cut after 100 characters.
fn one_line(position: &str) -> String {
    let joined = position.lines().collect::<Vec<_>>().join(" / ");
    match joined.char_indices().nth(100) {
        Some((cut, _)) => format!("{}...", &joined[..cut]),
        None => joined,
    }
}

/// A position for the solution's verdict messages, as a session writes it.
fn abbreviated(position: &str) -> String {
    if position.len() <= 100 {
        return format!("{position:?}");
    }
    let head: String = position.chars().take(60).collect();
    format!("{head:?}... ({} bytes)", position.len())
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

/// Plays the session on the person's terminal (`input`, `out`); returns the verdict, whose
/// exit code the command returns against a solution. Never panics on input: end of input
/// ends the session with a message.
pub fn run(config: &Config, input: &mut dyn BufRead, out: &mut dyn Write) -> Verdict {
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
                return Verdict::Fail;
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
    let (verdict, message) = match outcome {
        Ok(()) => {
            let end = human.finish_solution();
            human.term.say(&format!(
                "\nYou won {} of {} round(s).\n",
                human.won, human.rounds_done
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
    let mut line = format!(
        "{verdict} human {} seed={} rounds={} moves={} ({whose})",
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
        return Verdict::Fail;
    }
    if against_solution || verdict == Verdict::Fail {
        verdict
    } else {
        Verdict::Ok
    }
}
