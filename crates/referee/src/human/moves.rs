//! The moves of a human round: the person's, read with the commands typed between them
//! (`hint`, `undo`, `board`, ...), and the other side's (the referee's own play, or the
//! solution's line, judged as a session judges it).

use super::board::Board;
use super::game::{rebuild, referee_failure, Human, Opponent, Played, RoundState, Stop};
use super::term::abbreviated;
use combgames_core::round::{MoveError, Trap};
use combgames_core::verdict::Verdict;

impl Human<'_> {
    pub(super) fn hint(&mut self, state: &mut RoundState) {
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
    pub(super) fn undo(&mut self, state: &mut RoundState) -> Result<bool, Stop> {
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

    pub(super) fn person_move(&mut self, state: &mut RoundState) -> Result<(), Stop> {
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

    pub(super) fn opponent_move(&mut self, state: &mut RoundState) -> Result<(), Stop> {
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
}
