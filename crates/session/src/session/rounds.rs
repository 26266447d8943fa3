//! The rounds of a session: where they come from (generated from the seed or replayed from a
//! script), and each round played and judged move by move.

use super::exchange::{Session, Stop};
use super::{Script, ABORT, END};
use combgames_core::peer::Peer;
use combgames_core::rng::Rng;
use combgames_core::round::{MoveError, Round, Trap};
use combgames_core::verdict::Verdict;
use combgames_core::words::counted;

/// A move line as messages show it: cut after 120 characters (a knights move names every
/// knight).
fn brief_move(line: &str) -> String {
    const SHOWN: usize = 120;
    match line.char_indices().nth(SHOWN) {
        Some((cut, _)) => format!("{}... ({} bytes)", &line[..cut], line.len()),
        None => line.to_owned(),
    }
}

/// A position for messages: whole up to 100 bytes, else its start and its size (a strip of
/// 10^6 cells must not be copied into every message).
fn abbreviated(position: &str) -> String {
    if position.len() <= 100 {
        return format!("{position:?}");
    }
    let head: String = position.chars().take(60).collect();
    format!("{head:?}... ({} bytes)", position.len())
}

impl<P: Peer> Session<'_, P> {
    /// Counts the classes of a position where the solution chooses (its side, a move).
    fn count_classes(&mut self, game: &dyn Round) {
        for class in game.classes() {
            *self.coverage.entry(class).or_default() += 1;
        }
    }

    /// Whether the round ends here, where the referee's move is due: at the move cap, or
    /// where a replayed script has `end` in place of a move.
    fn cut_here(&self, moves: u64, cap: u64) -> bool {
        match &self.config.script {
            Script::Replay(_) => self.replay.front().is_some_and(|l| l == END),
            Script::Generated { .. } => moves >= cap,
        }
    }

    /// The referee's next scripted line, skipping `end` and `-1` (the driver writes those).
    fn next_scripted(&mut self, what: &str) -> Result<String, Stop> {
        while let Some(line) = self.replay.pop_front() {
            if line != END && line != ABORT {
                return Ok(line);
            }
        }
        Err(self.fault(
            Verdict::Fail,
            format!(
                "the transcript has no {what} here: the program played other moves than those it records (a replay follows them; another program needs its rounds played again)"
            ),
        ))
    }

    pub(super) fn run(&mut self) -> Result<(), Stop> {
        let numbers = match &self.config.script {
            Script::Generated { rounds, .. } => rounds.clone(),
            Script::Replay(_) => {
                let line = self.next_scripted("round count")?;
                match line.strip_prefix("play ").unwrap_or(&line).parse::<u64>() {
                    Ok(r) if r >= 1 => 1..=r,
                    _ => {
                        return Err(self.fault(
                            Verdict::Fail,
                            format!("replayed round count {line:?} is not a number ≥ 1"),
                        ))
                    }
                }
            }
        };
        let rounds = numbers.end() - numbers.start() + 1;
        self.send(&format!("play {rounds}"));
        for round in numbers {
            self.play_round(round)?;
            self.rounds += 1;
        }
        // A script with lines after its last round disagrees with its own round count: the
        // referee's input is wrong, whatever the solution did.
        // The `end` that closes the last round is the driver's own line, not a leftover.
        let left = self
            .replay
            .iter()
            .filter(|l| *l != END && *l != ABORT)
            .count();
        if matches!(self.config.script, Script::Replay(_)) && left > 0 {
            return Err(self.fault(
                Verdict::Fail,
                format!(
                    "the replayed script has {} after its {}: its round count disagrees with its rounds",
                    counted(left as u64, "line"),
                    counted(rounds as u64, "round")
                ),
            ));
        }
        Ok(())
    }

    fn new_round(&mut self, round: u64) -> Result<Box<dyn Round>, Stop> {
        let made = match &self.config.script {
            Script::Generated { spec, .. } => {
                // Each round draws its position and the referee's moves from a stream of its
                // own (the seed and the round number), so that what round r tests does not
                // depend on how long the player made rounds 1..r-1.
                self.rng = Rng::for_round(self.config.seed.unwrap_or_default(), round);
                self.config.game.generate(spec, round, &mut self.rng)
            }
            Script::Replay(_) => {
                // A position of several lines (coloring: N, then the digits; knights: `K N`,
                // then K lines; race: n, then the n rows) is read whole.
                let mut position = self.next_scripted("position")?;
                match self.config.game.position_lines(&position) {
                    Ok(count) => {
                        for _ in 1..count {
                            let more = self.next_scripted("position line")?;
                            position.push('\n');
                            position.push_str(&more);
                        }
                        self.config.game.from_line(&position)
                    }
                    Err(e) => Err(e),
                }
            }
        };
        made.map_err(|e| self.referee_error(round, e))
    }

    fn play_round(&mut self, round: u64) -> Result<(), Stop> {
        let mut game = self.new_round(round)?;
        let start = game.position_line();
        self.count_classes(game.as_ref());
        self.send(&start);
        let at = format!("round {round}, position {}", abbreviated(&start));
        let side = self.read(&format!("waiting for the side in {at}"))?;
        let solution_first = match side.as_str() {
            "first" => true,
            "second" => false,
            _ => {
                return Err(self.fault(
                    Verdict::Pe,
                    format!("{at}: expected `first` or `second`, got {side:?}"),
                ))
            }
        };
        let first_wins = game
            .mover_wins()
            .map_err(|e| self.referee_error(round, e))?;
        let took_losing_side = solution_first != first_wins;
        if took_losing_side {
            self.transcript.note(&format!(
                "{at}: the solution took the losing side {side}; the referee plays to win"
            ));
        }
        let mut solution_to_move = solution_first;
        let mut move_no = 0u64;
        let cap = self
            .config
            .move_cap
            .or_else(|| game.move_cap())
            .unwrap_or(self.config.game.default_move_cap());
        while game.mover_has_move() {
            if !solution_to_move && self.cut_here(move_no, cap) {
                // Every move so far was judged; the rest of a long game proves nothing new.
                if took_losing_side {
                    return Err(self.fault(
                        Verdict::Wa,
                        format!("{at}: took the losing side `{side}` (lost by the referee's evaluator; round cut after {move_no} moves)"),
                    ));
                }
                self.transcript
                    .note(&format!("{at}: round cut after {move_no} moves"));
                self.cut += 1;
                self.send(END);
                return Ok(());
            }
            move_no += 1;
            self.moves += 1;
            if solution_to_move {
                self.count_classes(game.as_ref());
                let before = game.describe();
                let line = self.read(&format!("waiting for move {move_no} of {at}"))?;
                match game.play_line(&line) {
                    Ok(()) => {}
                    Err(MoveError::Syntax(e)) => {
                        return Err(self.fault(Verdict::Pe, format!("{at}, move {move_no}: {e}")));
                    }
                    Err(MoveError::Illegal(e)) => {
                        return Err(self.fault(
                            Verdict::Wa,
                            format!("{at}, move {move_no}: illegal move at {before}: {e}"),
                        ));
                    }
                }
                if !took_losing_side
                    && game
                        .mover_wins()
                        .map_err(|e| self.referee_error(round, e))?
                {
                    return Err(self.fault(
                        Verdict::Wa,
                        format!(
                            "{at}, move {move_no}: {:?} at {before} hands over the win: {} is a win for the referee",
                            brief_move(&line),
                            game.describe()
                        ),
                    ));
                }
            } else {
                let chosen = match &self.config.script {
                    Script::Replay(_) => {
                        let line = self.next_scripted("referee move")?;
                        game.play_line(&line)
                            .map(|()| line)
                            .map_err(|e| format!("scripted move: {e:?}"))
                    }
                    Script::Generated { .. } if took_losing_side => {
                        game.winning_move(&mut self.rng).map_err(|e| e.to_string())
                    }
                    Script::Generated { .. } => {
                        let trap = Trap::pick(&mut self.rng);
                        game.trap_move(trap, &mut self.rng)
                            .map_err(|e| e.to_string())
                    }
                };
                let line = chosen.map_err(|e| self.referee_error(round, e))?;
                self.send(&line);
            }
            solution_to_move = !solution_to_move;
        }
        // The player to move has no move: it lost, or in misère play won.
        let solution_won = solution_to_move == game.last_mover_loses();
        match (solution_won, took_losing_side) {
            (true, false) => {}
            (false, true) => {
                return Err(self.fault(
                    Verdict::Wa,
                    format!("{at}: took the losing side `{side}` and lost the round after {move_no} moves"),
                ));
            }
            (false, false) => {
                // Only reachable in a replayed script or if the evaluator were wrong.
                return Err(self.fault(
                    Verdict::Fail,
                    format!("{at}: the solution kept every position won yet lost"),
                ));
            }
            (true, true) => {
                return Err(self.referee_error(round, "perfect play lost a won position"));
            }
        }
        self.send(END);
        Ok(())
    }
}
