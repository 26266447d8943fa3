//! The rules engine: the rule variant ([`Rules`], [`JumpBack`]), a [`Position`] of play, and
//! every legal move with what it leads to ([`legal_moves`]).

use crate::{Board, Player};

/// Whether a jump may land on the square the jumper started its move from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum JumpBack {
    Allowed,
    Forbidden,
}

/// The rule variant in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    pub jump_back: JumpBack,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            jump_back: JumpBack::Allowed,
        }
    }
}

/// Where both players stand and who moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub a: usize,
    pub b: usize,
    pub to_move: Player,
}

impl Position {
    pub fn start(board: &Board) -> Position {
        Position {
            a: board.a,
            b: board.b,
            to_move: Player::A,
        }
    }

    /// The square of `p`.
    pub fn square(&self, p: Player) -> usize {
        match p {
            Player::A => self.a,
            Player::B => self.b,
        }
    }

    /// Every position of play on `board`: both players on squares reachable from the
    /// starts, apart, neither on its own goal (a player there has already won), either to
    /// move. The positions the evaluators are checked on.
    pub fn all_of_play(board: &Board) -> Vec<Position> {
        let reach = board.distances(board.a);
        let cells: Vec<usize> = (0..board.free.len())
            .filter(|&v| reach[v] != u32::MAX)
            .collect();
        let mut out = Vec::new();
        for &a in &cells {
            for &b in &cells {
                if a != b && a != board.b && b != board.a {
                    for to_move in [Player::A, Player::B] {
                        out.push(Position { a, b, to_move });
                    }
                }
            }
        }
        out
    }
}

/// One legal move: the step, and the landing square when the step was onto the opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub step: usize,
    pub landing: Option<usize>,
}

/// What a move leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The mover entered the opponent's start square.
    Wins,
    /// The game goes on from this position.
    Continues(Position),
}

/// Every legal move of the player to move, with its outcome. A step onto the opponent's
/// start square wins outright (even when the opponent stands there); a step onto the
/// opponent elsewhere must continue to a free neighbour of the opponent's square (under
/// `JumpBack::Forbidden` not the square the mover came from). The solution has its own copy
/// of these rules on purpose (solutions/src/race/play.rs, `Graph::moves_into`): the referee never
/// judges with a solution's code.
pub fn legal_moves(board: &Board, pos: Position, rules: Rules) -> Vec<(Move, Outcome)> {
    let mover = pos.to_move;
    let (from, opp) = (pos.square(mover), pos.square(mover.other()));
    let target = board.start(mover.other());
    let after = |to: usize| {
        let mut next = pos;
        match mover {
            Player::A => next.a = to,
            Player::B => next.b = to,
        }
        next.to_move = mover.other();
        Outcome::Continues(next)
    };
    let mut out = Vec::new();
    for step in board.neighbours(from) {
        if step == target {
            out.push((
                Move {
                    step,
                    landing: None,
                },
                Outcome::Wins,
            ));
        } else if step != opp {
            out.push((
                Move {
                    step,
                    landing: None,
                },
                after(step),
            ));
        } else {
            for landing in board.neighbours(opp) {
                if landing == from && rules.jump_back == JumpBack::Forbidden {
                    continue;
                }
                let outcome = if landing == target {
                    Outcome::Wins
                } else {
                    after(landing)
                };
                out.push((
                    Move {
                        step,
                        landing: Some(landing),
                    },
                    outcome,
                ));
            }
        }
    }
    out
}
