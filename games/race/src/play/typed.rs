//! The protocol's side of a race round ([`TypedRound`]): its position line, moves read and
//! written in the notation, and the referee's winning, slow and trap moves.

use super::attack::fewest_replies;
use super::RaceRound;
use crate::{Move, Outcome};
use combgames_core::rng::Rng;
use combgames_core::round::{GameError, MoveError, Trap, TypedRound};

/// Parses `r` or `c` (1-based) of a move: digits only.
fn coordinate(text: &str) -> Result<usize, MoveError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(MoveError::Syntax(format!(
            "expected a row or column number, got {text:?}"
        )));
    }
    text.parse()
        .map_err(|_| MoveError::Illegal(format!("{text} is off the board")))
}

impl TypedRound for RaceRound {
    type Move = Move;

    fn position_line(&self) -> String {
        let mut text = self.board.n.to_string();
        for row in self.board.play_rows(self.start) {
            text.push('\n');
            text.push_str(&row);
        }
        text
    }

    fn describe(&self) -> String {
        format!(
            "A on {}, B on {}, {} to move",
            self.square(self.pos.a),
            self.square(self.pos.b),
            self.pos.to_move.letter()
        )
    }

    /// [`RaceRound::classes_at`] the current position (none once the round is over).
    fn classes(&self) -> Vec<String> {
        if self.over {
            return Vec::new();
        }
        self.classes_at(self.pos)
    }

    /// Reads `r c` or `r c r2 c2` and checks it against the legal moves here (the message
    /// quotes the line).
    fn parse_move(&self, line: &str) -> Result<Move, MoveError> {
        let parts: Vec<&str> = line.split(' ').collect();
        if parts.len() != 2 && parts.len() != 4 {
            return Err(MoveError::Syntax(format!(
                "expected `r c` or `r c r2 c2`, got {line:?}"
            )));
        }
        let nums = parts
            .iter()
            .map(|t| coordinate(t))
            .collect::<Result<Vec<usize>, MoveError>>()?;
        let n = self.board.n;
        let square = |r: usize, c: usize| {
            (1..=n)
                .contains(&r)
                .then_some(())
                .filter(|_| (1..=n).contains(&c))
                .map(|_| (r - 1) * n + c - 1)
                .ok_or_else(|| MoveError::Illegal(format!("{r} {c} is off the {n}×{n} board")))
        };
        let step = square(nums[0], nums[1])?;
        let landing = match nums.get(2..4) {
            Some([r, c]) => Some(square(*r, *c)?),
            _ => None,
        };
        let m = Move { step, landing };
        match self.outcome(m) {
            Some(_) => Ok(m),
            None => Err(MoveError::Illegal(format!(
                "{line:?} is not a legal move ({})",
                if self.pos.square(self.pos.to_move.other()) == step && landing.is_none() {
                    "a step onto the opponent must name the landing square"
                } else {
                    "steps go to a free orthogonal neighbour; a jump only over the opponent"
                }
            ))),
        }
    }

    fn format_move(&self, &m: &Move) -> String {
        self.notation(m)
    }

    fn apply(&mut self, &m: &Move) -> Result<(), MoveError> {
        let o = self.outcome(m).ok_or_else(|| {
            MoveError::Illegal(format!("{} is not a legal move", self.notation(m)))
        })?;
        self.play_outcome(o);
        Ok(())
    }

    fn leaves_opponent_winning(&mut self, &m: &Move) -> Result<bool, GameError> {
        Ok(match self.outcome(m) {
            Some(Outcome::Continues(p)) => self.eval.mover_wins(p),
            Some(Outcome::Wins) | None => false,
        })
    }

    fn moves(&self) -> Vec<Move> {
        self.moves_here().into_iter().map(|(m, _)| m).collect()
    }

    fn mover_wins(&mut self) -> Result<bool, GameError> {
        Ok(!self.over && self.eval.mover_wins(self.pos))
    }

    /// Only the winning moves that bring the mover nearer its goal: one always exists in a
    /// won position (games/race/docs/evaluator.md), and taking one every time ends the round.
    fn winning_moves(&mut self) -> Result<Vec<Move>, GameError> {
        let me = self.pos.to_move;
        let here = self.eval.to_goal(me, self.pos.square(me));
        Ok(self
            .moves_here()
            .into_iter()
            .filter(|&(_, o)| self.wins(o) && self.distance_after(o) < here)
            .map(|(m, _)| m)
            .collect())
    }

    /// Of every winning move (not only those nearer the goal), one that leaves the mover
    /// farthest from its goal, at random among those: a winning detour where there is one.
    /// The round may then last to the move cap.
    fn slowest_winning_move(&mut self, rng: &mut Rng) -> Result<Move, GameError> {
        let wins: Vec<(Move, u32)> = self
            .moves_here()
            .into_iter()
            .filter(|&(_, o)| self.wins(o))
            .map(|(m, o)| (m, self.distance_after(o)))
            .collect();
        let Some(far) = wins.iter().map(|&(_, d)| d).max() else {
            return TypedRound::winning_move(self, rng);
        };
        let slowest: Vec<Move> = wins
            .into_iter()
            .filter(|&(_, d)| d == far)
            .map(|(m, _)| m)
            .collect();
        Ok(slowest[rng.index(slowest.len())])
    }

    /// Its own: every move is scored by the opponent's replies, judged exactly.
    fn trap_move(&mut self, trap: Trap, rng: &mut Rng) -> Result<Move, GameError> {
        let moves = self.moves_here();
        if moves.is_empty() {
            return Err(GameError::Internal(format!(
                "no legal move at {}",
                self.describe()
            )));
        }
        // Entering the goal is always taken (only after a blunder the session has judged).
        if let Some(&win) = moves.iter().find(|(_, o)| *o == Outcome::Wins) {
            return Ok(win.0);
        }
        // Every move loses: the attack. Among the moves after which the solution can still
        // go wrong (it has a losing reply), those that leave it an unusual position (a player
        // off the shortest-path layers, a jump that must be taken or refused) come first;
        // the trap then picks among them: any (Random), the farthest from the referee's goal
        // (Longest: a detour, which leaves the layers), or the fewest winning replies
        // (UniqueReply: one if possible).
        let pool = self.attack_pool(&moves);
        if pool.is_empty() {
            return Ok(moves[rng.index(moves.len())].0);
        }
        let pick = |keyed: Vec<(u64, (Move, Outcome))>, rng: &mut Rng| {
            let best = keyed.iter().map(|&(k, _)| k).max().expect("a pool");
            let tied: Vec<_> = keyed.into_iter().filter(|&(k, _)| k == best).collect();
            tied[rng.index(tied.len())].1
        };
        let chosen = match trap {
            Trap::Longest => pick(
                pool.iter()
                    .map(|&(mo, _)| (self.distance_after(mo.1) as u64, mo))
                    .collect(),
                rng,
            ),
            Trap::UniqueReply | Trap::Random => pick(
                pool.iter()
                    .map(|&(mo, p)| (fewest_replies(p), mo))
                    .collect(),
                rng,
            ),
        };
        Ok(chosen.0)
    }
}
