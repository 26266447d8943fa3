//! The rounds of human play: the state of a round and of the game, each round made, its side
//! chosen, the board drawn after each move, and each round's end with its verdict. The moves
//! themselves, the person's with the commands (`hint`, `undo`, ...) and the other side's (the
//! referee's own, or the solution's, [`super::solution`]), are in [`super::moves`].

use super::board::{notation, side_name, Board};
use super::term::{capitalized, one_line, Term};
use super::{human_size, Config};
use combgames_core::peer::Peer;
use combgames_core::rng::Rng;
use combgames_core::round::{GameError, Round};
use combgames_core::verdict::Verdict;
use combgames_core::words::counted;
use combgames_registry::Game;
use combgames_session::session::END;

/// How the session ended early.
pub(super) enum Stop {
    /// `quit`.
    Quit,
    /// End of the person's input.
    InputEnded,
    /// The solution's fault (or the referee's own failure): the verdict.
    Fault(Verdict, String),
}

/// The other side.
pub(super) enum Opponent {
    Referee,
    Solution(Box<dyn Peer>),
}

/// One move of a round.
pub(super) struct Played {
    pub(super) line: String,
    pub(super) by_person: bool,
    /// For a move that handed over the win: what the verdict says.
    pub(super) fault: Option<String>,
}

pub(super) struct RoundState {
    pub(super) number: u64,
    pub(super) start: String,
    pub(super) round: Box<dyn Round>,
    pub(super) board: Board,
    pub(super) moves: Vec<Played>,
    pub(super) person_first: bool,
    /// Whether the first player wins the start position (the referee's evaluator).
    pub(super) first_wins: bool,
    /// The side the person took, when the evaluator says it is lost.
    pub(super) losing_side: Option<String>,
}

impl RoundState {
    pub(super) fn person_to_move(&self) -> bool {
        (self.moves.len() % 2 == 0) == self.person_first
    }

    /// The person's first fault in this round, as a verdict message.
    pub(super) fn person_fault(&self) -> Option<String> {
        self.losing_side
            .clone()
            .or_else(|| self.moves.iter().find_map(|m| m.fault.clone()))
    }
}

pub(super) struct Human<'a> {
    pub(super) config: &'a Config,
    pub(super) term: Term<'a>,
    pub(super) opponent: Opponent,
    /// The rounds and the referee's moves.
    pub(super) rng: Rng,
    /// Hints draw from their own stream, so asking for one does not change the referee's play.
    pub(super) hint_rng: Rng,
    pub(super) rounds_done: u64,
    pub(super) moves: u64,
    pub(super) won: u64,
    /// The first fault of the person's play (against the referee).
    pub(super) person_fault: Option<String>,
    /// The game as a session's transcript, line by line (`< `, `> `, `# `).
    pub(super) log: Vec<String>,
}

/// The round again from its start, with `moves` replayed.
pub(super) fn rebuild(
    game: Game,
    start: &str,
    moves: &[Played],
) -> Result<Box<dyn Round>, GameError> {
    let mut round = game.from_line(start)?;
    for m in moves {
        round
            .play_line(&m.line)
            .map_err(|e| GameError::Internal(format!("replaying {:?}: {e:?}", m.line)))?;
    }
    Ok(round)
}

pub(super) fn referee_failure(e: impl std::fmt::Display) -> Stop {
    Stop::Fault(Verdict::Fail, format!("referee error: {e}"))
}

impl Human<'_> {
    pub(super) fn opponent_name(&self) -> &'static str {
        match self.opponent {
            Opponent::Referee => "the referee",
            Opponent::Solution(_) => "the solution",
        }
    }

    pub(super) fn against_solution(&self) -> bool {
        matches!(self.opponent, Opponent::Solution(_))
    }

    pub(super) fn help(&mut self) {
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
    pub(super) fn make_round(&mut self, number: u64) -> Result<Box<dyn Round>, Stop> {
        let config = self.config;
        let mut last = None;
        for _ in 0..50 {
            let mut spec = config.spec.clone();
            let human = config.game.problem().human;
            if let (true, Some((flag, values))) = (config.draw_option, human.drawn) {
                let value = values[self.rng.index(values.len())];
                spec.options.push((flag, value.to_owned()));
            }
            let made = match human.round {
                Some(round) if config.own_rounds => {
                    round(spec.size.unwrap_or(human.sizes), &mut self.rng)
                }
                _ => config.game.generate(&spec, number, &mut self.rng),
            };
            let round = made.map_err(|e| referee_failure(format!("round {number}: {e}")))?;
            if round.mover_has_move() {
                return Ok(round);
            }
            last = Some(round);
        }
        last.ok_or_else(|| referee_failure("no round made"))
    }

    pub(super) fn draw(&mut self, state: &RoundState) {
        let text = format!("\n{}", state.board.render());
        self.term.say(&text);
        self.turn_line(state);
    }

    /// Whose turn it is, when the round goes on.
    pub(super) fn turn_line(&mut self, state: &RoundState) {
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

    pub(super) fn run(&mut self) -> Result<(), Stop> {
        let config = self.config;
        let (lo, hi) = config.spec.size.unwrap_or(human_size(config.game));
        self.term.say(&format!(
            "{} against {}, {}, sizes {lo} to {hi}, seed {} (`--seed {}` plays these \
             rounds again). Type `help` for the notation.\n",
            config.game.name(),
            self.opponent_name(),
            counted(config.rounds, "round"),
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

    pub(super) fn play_round(&mut self, number: u64) -> Result<(), Stop> {
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
    pub(super) fn choose_side(&mut self, first_wins: bool) -> Result<bool, Stop> {
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

    /// The end of a round: who won and the verdict. Returns whether the round goes on (an
    /// undo at the end).
    pub(super) fn round_over(&mut self, state: &mut RoundState) -> Result<bool, Stop> {
        let game = self.config.game;
        // The player to move has no move: it lost, or in misère play won.
        let person_won = state.person_to_move() == state.round.last_mover_loses();
        let winner_first = (state.moves.len() % 2 == 0) == state.round.last_mover_loses();
        let stuck = side_name(game, state.moves.len() % 2 == 0);
        let how = if !game.problem().human.ends_stuck {
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
                // The choices on a line of their own, so what is typed does not read as one.
                let prompt = if last {
                    "Enter: finish; undo: take back your last move; quit\n> "
                } else {
                    "Enter: next round; undo: take back your last move; quit\n> "
                };
                loop {
                    // The round is over: end of input here finishes it as Enter would.
                    let answer = self.term.ask(prompt).unwrap_or_default();
                    match answer.as_str() {
                        "" => break,
                        // After the last round there is nothing left to quit: it finishes.
                        "quit" | "exit" if last => break,
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

    pub(super) fn record_round(&mut self, state: &RoundState, person_won: bool) {
        if !self.against_solution() {
            self.log('<', END);
        }
        self.won += u64::from(person_won);
        if self.person_fault.is_none() {
            self.person_fault = state.person_fault();
        }
    }

    /// One line of the game's transcript: `<` the referee's side, `>` the solution's, `#` a
    /// note.
    pub(super) fn log(&mut self, side: char, line: &str) {
        self.log.push(format!("{side} {line}"));
    }
}
