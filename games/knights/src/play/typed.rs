//! The protocol's side of a knights round ([`TypedRound`]): its move line read and written,
//! a turn checked against the statement's steps, and the referee's moves, traps and blunders.

use super::{is_step, options, Choice, KnightsRound, Square};
use combgames_core::rng::Rng;
use combgames_core::round::{GameError, MoveError, Trap, TypedRound};
use combgames_core::words::counted;

/// Parses one coordinate of a move: digits only (PE otherwise); a value past u64 is off
/// every board (WA).
fn coordinate(token: &str, knight: usize) -> Result<u64, MoveError> {
    if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
        return Err(MoveError::Syntax(format!(
            "knight {knight}: expected a coordinate, got {:?}",
            token.chars().take(24).collect::<String>()
        )));
    }
    token.parse().map_err(|_| {
        MoveError::Illegal(format!(
            "knight {knight}: coordinate {token} is off the board"
        ))
    })
}

impl TypedRound for KnightsRound {
    /// Where every knight goes, in the position's order.
    type Move = Vec<Square>;

    fn position_line(&self) -> String {
        self.start.to_string()
    }

    fn describe(&self) -> String {
        let (i, s) = self.leader();
        let (x, y) = self.knights[i];
        let mut text = format!(
            "{} on {n}×{n}, largest suspense {s} on knight {} at ({x}, {y})",
            counted(self.knights.len() as u64, "knight"),
            i + 1,
            n = self.n
        );
        if self.knights.len() <= 8 {
            let list: Vec<String> = self
                .knights
                .iter()
                .map(|(a, b)| format!("({a}, {b})"))
                .collect();
            text.push_str(&format!(" [{}]", list.join(" ")));
        }
        text
    }

    fn parse_move(&self, line: &str) -> Result<Vec<Square>, MoveError> {
        let tokens: Vec<&str> = line.split(' ').collect();
        if tokens.len() != 2 * self.knights.len() {
            return Err(MoveError::Syntax(format!(
                "expected {} numbers (x y of every knight, single spaces), got {} tokens",
                2 * self.knights.len(),
                tokens.len()
            )));
        }
        let mut next = Vec::with_capacity(self.knights.len());
        for (i, pair) in tokens.chunks(2).enumerate() {
            let knight = i + 1;
            next.push((coordinate(pair[0], knight)?, coordinate(pair[1], knight)?));
        }
        Ok(next)
    }

    fn format_move(&self, m: &Vec<Square>) -> String {
        let mut line = String::with_capacity(m.len() * 12);
        for (i, (x, y)) in m.iter().enumerate() {
            if i > 0 {
                line.push(' ');
            }
            line.push_str(&x.to_string());
            line.push(' ');
            line.push_str(&y.to_string());
        }
        line
    }

    fn apply(&mut self, next: &Vec<Square>) -> Result<(), MoveError> {
        if next.len() != self.knights.len() {
            return Err(MoveError::Illegal(format!(
                "{} destinations for {} knights",
                next.len(),
                self.knights.len()
            )));
        }
        for (i, (&from, &to)) in self.knights.iter().zip(next).enumerate() {
            let knight = i + 1;
            let stuck = options(self.n, from).next().is_none();
            if stuck && to != from {
                return Err(MoveError::Illegal(format!(
                    "knight {knight} on ({}, {}) cannot move, but was sent to ({}, {})",
                    from.0, from.1, to.0, to.1
                )));
            }
            let on_board = (1..=self.n).contains(&to.0) && (1..=self.n).contains(&to.1);
            let legal_step = on_board && is_step(from, to);
            if !stuck && !legal_step {
                return Err(MoveError::Illegal(format!(
                    "knight {knight}: ({}, {}) -> ({}, {}) is not a move on the {n}×{n} board",
                    from.0,
                    from.1,
                    to.0,
                    to.1,
                    n = self.n
                )));
            }
        }
        self.knights.clone_from(next);
        self.moved = true;
        Ok(())
    }

    fn mover_wins(&mut self) -> Result<bool, GameError> {
        Ok(self.largest() % 2 == 1)
    }

    fn winning_move(&mut self, rng: &mut Rng) -> Result<Vec<Square>, GameError> {
        if self.largest() % 2 == 0 {
            return Err(GameError::Internal(format!(
                "no winning move at {}",
                self.describe()
            )));
        }
        Ok(self.turn(Choice::Best, rng))
    }

    /// `KnightsRound::winning_turn` with M drawn at random among the even values possible.
    fn random_winning_move(&mut self, rng: &mut Rng) -> Result<Vec<Square>, GameError> {
        self.checked_winning_turn(false, rng)
    }

    /// `KnightsRound::winning_turn` with the largest even M, every knight kept as high as
    /// M allows: the game lasts about as many moves as the largest suspense.
    fn slowest_winning_move(&mut self, rng: &mut Rng) -> Result<Vec<Square>, GameError> {
        self.checked_winning_turn(true, rng)
    }

    /// The largest suspense after the turn is odd.
    fn leaves_opponent_winning(&mut self, m: &Vec<Square>) -> Result<bool, GameError> {
        Ok(self.largest_of(m) % 2 == 1)
    }

    fn mover_has_move(&self) -> bool {
        self.knights
            .iter()
            .any(|&k| options(self.n, k).next().is_some())
    }

    /// Any option for every knight.
    fn random_move(&mut self, rng: &mut Rng) -> Result<Vec<Square>, GameError> {
        Ok(self.turn(Choice::Random, rng))
    }

    /// Its own (no random turn drawn first, which would change the draws). Longest: the
    /// long game, the suspense-best option for every knight, which from a lost position
    /// stretches the knights the referee wins on and ends the others, so the solution has
    /// to get the order of the suspense right, not only each knight's winner. UniqueReply: a
    /// set-up turn ([`KnightsRound::set_up_turn`]) when one is found, else the long game.
    /// Random: any option for every knight. A set-up with two even options and a rival is
    /// played whatever the trap (the chain, below).
    fn trap_move(&mut self, trap: Trap, rng: &mut Rng) -> Result<Vec<Square>, GameError> {
        if !TypedRound::mover_has_move(self) {
            return Err(GameError::Internal(format!(
                "no legal move at {}",
                self.describe()
            )));
        }
        // The attack: a set-up turn whenever one is found (the solution's winning replies
        // narrowed to the knight on the trap square reaching v − 1 exactly), except on a
        // seeded one turn in three, which stays a random turn (Random) or the long game.
        // A trap with two even options and a rival at v − 1 is played on every turn, whatever
        // the draw: the solution's only winning reply (leader to v − 1, rival to v − 2) leaves
        // the same pattern two lower, so in the middle of a board the trap comes back on every
        // turn; one random or long-game turn would break that chain for the rest of the round.
        let set_up = match self.ranked_set_up_turn() {
            Some(((_, true, _, _), turn)) => Some(turn),
            Some((_, turn)) if trap != Trap::Random && rng.index(3) != 0 => Some(turn),
            _ => None,
        };
        Ok(match (set_up, trap) {
            (Some(turn), _) => turn,
            (None, Trap::Random) => self.turn(Choice::Random, rng),
            (None, _) => self.turn(Choice::Best, rng),
        })
    }

    /// The side's class, and on boards past the evaluator's DP branch every knight's cell of
    /// the suspense rule and band near the edges; at the round's start, where the side is
    /// chosen, the (class, error) pairs too ([`crate::coverage::of`]). (When the solution moves
    /// first, the session counts the start again before its first turn.)
    fn classes(&self) -> Vec<String> {
        crate::coverage::of(&self.eval, &self.knights, !self.moved)
    }

    /// The lone rounds' short cap ([`crate::coverage::LONE_MOVES`]); else the game's.
    fn move_cap(&self) -> Option<u64> {
        self.move_cap
    }

    /// One candidate: the suspense-worst option for every knight.
    fn blunder_candidates(&self) -> Box<dyn Iterator<Item = Vec<Square>>> {
        Box::new(std::iter::once(self.turn(Choice::Worst, &mut Rng::new(0))))
    }
}
