//! A race round's own state: made from a board and a start (checked against the referee's
//! limits), moved to another start, and its legal moves with what each leads to.

use super::{RaceRound, MAX_BAND_BITS, MAX_SIZE};
use crate::{legal_moves, Board, Evaluator, Move, Outcome, Player, Position, Rules};
use combgames_core::round::GameError;

impl RaceRound {
    pub fn new(board: Board) -> Result<RaceRound, GameError> {
        let start = Position::start(&board);
        RaceRound::new_at(board, start)
    }

    /// A round that starts at `start` (A to move), with the players anywhere on squares
    /// reachable from the starts: a mid-game start, sent with the `a`/`b` marks.
    pub fn new_at(board: Board, start: Position) -> Result<RaceRound, GameError> {
        if board.n > MAX_SIZE as usize {
            return Err(GameError::Unplayable(format!(
                "race boards go up to n = {}, got {}",
                MAX_SIZE, board.n
            )));
        }
        if !board.connected() {
            return Err(GameError::Position(
                "B's start is not reachable from A's start".to_owned(),
            ));
        }
        let size = Evaluator::band_size(&board);
        if size.bits > MAX_BAND_BITS {
            return Err(GameError::Unplayable(format!(
                "the exact evaluator would need {} MiB of band tables (limit {} MiB)",
                size.bits / 8 / (1 << 20),
                MAX_BAND_BITS / 8 / (1 << 20)
            )));
        }
        let (from_a, from_b) = (board.distances(board.a), board.distances(board.b));
        let d = from_a[board.b];
        if from_a[start.a] == u32::MAX || from_a[start.b] == u32::MAX {
            return Err(GameError::Position(
                "a player stands where the starts cannot reach".to_owned(),
            ));
        }
        if start.a == start.b || start.a == board.b || start.b == board.a {
            return Err(GameError::Position(
                "the players share a square or one stands on its goal".to_owned(),
            ));
        }
        let on_layers = (0..board.free.len())
            .map(|v| board.free[v] && from_a[v].saturating_add(from_b[v]) == d)
            .collect();
        // A's goal is B's start: A's distance to it is from_b.
        let level = |to_goal: &[u32]| {
            let mut out: Vec<Vec<usize>> = Vec::new();
            for v in (0..board.free.len()).filter(|&v| from_a[v] != u32::MAX) {
                let k = to_goal[v] as usize;
                if out.len() <= k {
                    out.resize(k + 1, Vec::new());
                }
                out[k].push(v);
            }
            out
        };
        let levels = [level(&from_b), level(&from_a)];
        Ok(RaceRound {
            d,
            levels,
            pos: Position {
                to_move: Player::A,
                ..start
            },
            over: false,
            eval: Evaluator::new(&board, Rules::default()),
            moves: 0,
            on_layers,
            start,
            board,
        })
    }

    /// The mover's distance to its goal minus the other's at `pos` (the evaluator's δ).
    pub fn delta_at(&self, pos: Position) -> i64 {
        self.eval.delta(pos)
    }

    /// Moves the round's start to `pos` (A to move), a position of play.
    pub fn restart_at(&mut self, pos: Position) -> Result<(), GameError> {
        let ok = pos.a != pos.b && pos.a != self.board.b && pos.b != self.board.a;
        if !ok || pos.to_move != Player::A {
            return Err(GameError::Internal(format!("{pos:?} is no start")));
        }
        self.start = pos;
        self.pos = pos;
        Ok(())
    }

    /// The current position (A square, B square, side to move).
    pub fn position(&self) -> Position {
        self.pos
    }

    /// The round's board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    pub(super) fn square(&self, v: usize) -> String {
        format!("{} {}", v / self.board.n + 1, v % self.board.n + 1)
    }

    pub(super) fn notation(&self, m: Move) -> String {
        match m.landing {
            None => self.square(m.step),
            Some(l) => format!("{} {}", self.square(m.step), self.square(l)),
        }
    }

    pub(super) fn moves_here(&self) -> Vec<(Move, Outcome)> {
        if self.over {
            return Vec::new();
        }
        legal_moves(&self.board, self.pos, Rules::default())
    }

    pub(super) fn play_outcome(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Wins => {
                self.over = true;
                self.pos.to_move = self.pos.to_move.other();
            }
            Outcome::Continues(p) => self.pos = p,
        }
        self.moves += 1;
    }

    /// Whether a move with outcome `o` wins for the player making it.
    pub(super) fn wins(&self, o: Outcome) -> bool {
        match o {
            Outcome::Wins => true,
            Outcome::Continues(p) => !self.eval.mover_wins(p),
        }
    }

    /// The mover's distance to its goal after a move with outcome `o` (0: it entered it).
    pub(super) fn distance_after(&self, o: Outcome) -> u32 {
        self.distance_after_for(self.pos.to_move, o)
    }

    /// `me`'s distance to its goal after its move with outcome `o` (0: it entered it).
    pub(super) fn distance_after_for(&self, me: Player, o: Outcome) -> u32 {
        match o {
            Outcome::Wins => 0,
            Outcome::Continues(p) => self.eval.to_goal(me, p.square(me)),
        }
    }

    /// The outcome of the legal move `m`, if it is legal.
    pub(super) fn outcome(&self, m: Move) -> Option<Outcome> {
        self.moves_here()
            .into_iter()
            .find(|(legal, _)| *legal == m)
            .map(|(_, o)| o)
    }
}
