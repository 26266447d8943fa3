//! The pawn game (Timus 1465) as the referee plays it, on the real 3×N board.

use super::{GameKind, MoveError, Round, Trap};
use crate::pawns;
use crate::referee::rng::Rng;

/// Default board widths of generated rounds.
pub const DEFAULT_SIZE: (u64, u64) = (1, 40);
/// Widest board the referee accepts: it keeps the whole board in memory and scans it.
pub const MAX_SIZE: u64 = 10_000;
/// Moves after which a round is cut (no cap until every player reads a cut).
pub const MOVE_CAP: u64 = u64::MAX;

pub struct PawnsRound {
    n: u64,
    board: pawns::Board,
}

/// Above this width the referee does not count replies for every candidate (O(N²) each).
const UNIQUE_REPLY_MAX_WIDTH: usize = 120;

impl PawnsRound {
    pub fn new(n: u64) -> Result<PawnsRound, String> {
        if n == 0 || n > GameKind::Pawns.max_size() {
            return Err(format!(
                "pawns needs 1 ≤ N ≤ {}, got {n}",
                GameKind::Pawns.max_size()
            ));
        }
        Ok(PawnsRound {
            n,
            board: pawns::Board::start(n as usize),
        })
    }

    /// Winning replies of the opponent after `m`, counted up to 2.
    fn winning_replies(&self, m: pawns::Move) -> Result<u32, String> {
        let next = self.board.play(m)?;
        let mut count = 0;
        for reply in next.legal_moves() {
            if !pawns::mover_wins(&next.play(reply)?)? {
                count += 1;
                if count == 2 {
                    break;
                }
            }
        }
        Ok(count)
    }

    /// How many of the moved pawn's neighbouring columns are untouched: a push beside fewer
    /// of them takes fewer columns out of play, so the game lasts longer.
    fn neighbours_in_play(&self, m: pawns::Move) -> u32 {
        let col = m.col as i64 - 1;
        [col - 1, col + 1]
            .iter()
            .filter(|&&c| {
                self.board.cell(0, c) == Some(pawns::Cell::Pawn(pawns::Side::White))
                    && self.board.cell(2, c) == Some(pawns::Cell::Pawn(pawns::Side::Black))
            })
            .count() as u32
    }
}

impl Round for PawnsRound {
    fn position_line(&self) -> String {
        self.n.to_string()
    }

    fn describe(&self) -> String {
        self.board.picture()
    }

    fn mover_has_move(&self) -> bool {
        !self.board.legal_moves().is_empty()
    }

    fn play_line(&mut self, line: &str) -> Result<(), MoveError> {
        let m = pawns::Move::parse(line).map_err(MoveError::Syntax)?;
        self.board = self.board.play(m).map_err(MoveError::Illegal)?;
        Ok(())
    }

    fn mover_wins(&mut self) -> Result<bool, String> {
        pawns::mover_wins(&self.board)
    }

    fn winning_move(&mut self, rng: &mut Rng) -> Result<String, String> {
        let mut moves = self.board.legal_moves();
        let start = if moves.is_empty() {
            0
        } else {
            rng.index(moves.len())
        };
        moves.rotate_left(start);
        for m in moves {
            let next = self.board.play(m)?;
            if !pawns::mover_wins(&next)? {
                self.board = next;
                return Ok(m.to_string());
            }
        }
        Err(format!("no winning move at {}", self.describe()))
    }

    fn trap_move(&mut self, trap: Trap, rng: &mut Rng) -> Result<String, String> {
        let moves = self.board.legal_moves();
        if moves.is_empty() {
            return Err(format!("no legal move at {}", self.describe()));
        }
        let random = moves[rng.index(moves.len())];
        let m = match trap {
            Trap::Random => random,
            Trap::Longest => {
                let fewest = moves
                    .iter()
                    .map(|&m| self.neighbours_in_play(m))
                    .min()
                    .unwrap_or(0);
                let best: Vec<pawns::Move> = moves
                    .iter()
                    .copied()
                    .filter(|&m| self.neighbours_in_play(m) == fewest)
                    .collect();
                best[rng.index(best.len())]
            }
            Trap::UniqueReply if self.board.width() <= UNIQUE_REPLY_MAX_WIDTH => {
                let mut sample = moves.clone();
                let start = rng.index(sample.len());
                sample.rotate_left(start);
                sample.truncate(8);
                let mut pick = random;
                for m in sample {
                    if self.winning_replies(m)? == 1 {
                        pick = m;
                        break;
                    }
                }
                pick
            }
            Trap::UniqueReply => random,
        };
        self.board = self.board.play(m)?;
        Ok(m.to_string())
    }

    fn blunder_move(&mut self) -> Result<Option<String>, String> {
        for m in self.board.legal_moves() {
            let next = self.board.play(m)?;
            if pawns::mover_wins(&next)? {
                self.board = next;
                return Ok(Some(m.to_string()));
            }
        }
        Ok(None)
    }
}
