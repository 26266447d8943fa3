//! The games the referee plays, behind one interface: a round holds the current position,
//! applies moves written in the protocol's notation (docs/protocol.md), evaluates positions
//! with the library's evaluators, and chooses the referee's own moves.

use super::rng::Rng;
use crate::pawns;
use crate::subtraction::{self, Ratio};

/// Why a line from the solution is not a move.
#[derive(Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The line is not in the move notation (PE).
    Syntax(String),
    /// A well-formed move the rules forbid (WA).
    Illegal(String),
}

/// How the referee picks a move when every move it has loses (the solution is winning):
/// the aim is to trip the solution, not to win.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trap {
    /// Any legal move, uniformly.
    Random,
    /// A move that keeps the game as long as possible.
    Longest,
    /// A move after which the solution has exactly one winning reply, when one is found.
    UniqueReply,
}

impl Trap {
    pub fn pick(rng: &mut Rng) -> Trap {
        [Trap::Random, Trap::Longest, Trap::UniqueReply][rng.index(3)]
    }
}

/// One round of a game, from its start position.
pub trait Round {
    /// The start position in the problem's single-case input format.
    fn position_line(&self) -> String;
    /// The current position, for messages.
    fn describe(&self) -> String;
    /// Whether the player to move has a legal move (if not, that player has lost).
    fn mover_has_move(&self) -> bool;
    /// Applies a move written in the protocol notation for the player to move.
    fn play_line(&mut self, line: &str) -> Result<(), MoveError>;
    /// Whether the player to move wins with perfect play.
    fn mover_wins(&mut self) -> Result<bool, String>;
    /// A winning move for the player to move (the position must be a win), in notation.
    fn winning_move(&mut self, rng: &mut Rng) -> Result<String, String>;
    /// A legal move for the player to move chosen by `trap`, in notation.
    fn trap_move(&mut self, trap: Trap, rng: &mut Rng) -> Result<String, String>;
    /// Plays and returns a legal move that leaves the opponent winning, if there is one
    /// (test players use it to blunder on purpose).
    fn blunder_move(&mut self) -> Result<Option<String>, String>;
}

/// The games the referee knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameKind {
    Subtraction,
    Pawns,
}

/// Sizes for generated rounds.
#[derive(Clone, Debug)]
pub struct RoundSpec {
    /// Inclusive size range: n (stones) for subtraction, N (columns) for pawns.
    pub size: Option<(u64, u64)>,
    /// Subtraction only: fixed k instead of a mix.
    pub k: Option<String>,
}

/// The k values rounds are drawn from when `--k` is not given: integers, decimals, fractions.
pub const K_MIX: &[&str] = &["1", "2", "3/2", "1.5", "5/3", "3", "7/2", "10", "100000"];

impl GameKind {
    pub fn parse(name: &str) -> Option<GameKind> {
        match name {
            "subtraction" => Some(GameKind::Subtraction),
            "pawns" => Some(GameKind::Pawns),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            GameKind::Subtraction => "subtraction",
            GameKind::Pawns => "pawns",
        }
    }

    /// Default size range; games stay short enough to play many rounds per second.
    pub fn default_size(self) -> (u64, u64) {
        match self {
            GameKind::Subtraction => (2, 20_000),
            GameKind::Pawns => (1, 40),
        }
    }

    /// Largest size the referee accepts (pawns keeps the whole board in memory and scans it).
    pub fn max_size(self) -> u64 {
        match self {
            GameKind::Subtraction => 1_000_000_000_000_000_000,
            GameKind::Pawns => 10_000,
        }
    }

    /// A random round.
    pub fn generate(self, spec: &RoundSpec, rng: &mut Rng) -> Result<Box<dyn Round>, String> {
        let (lo, hi) = spec.size.unwrap_or(self.default_size());
        match self {
            GameKind::Subtraction => {
                let n = rng.log_range(lo.max(2), hi.max(2));
                let k = match &spec.k {
                    Some(k) => k.clone(),
                    None => K_MIX[rng.index(K_MIX.len())].to_owned(),
                };
                Ok(Box::new(SubtractionRound::new(n, &k)?))
            }
            GameKind::Pawns => {
                let n = rng.range(lo.max(1), hi.max(1));
                Ok(Box::new(PawnsRound::new(n)?))
            }
        }
    }

    /// A round from a position line (for scripted sessions).
    pub fn from_line(self, line: &str) -> Result<Box<dyn Round>, String> {
        let parts: Vec<&str> = line.split_whitespace().collect();
        match (self, parts.as_slice()) {
            (GameKind::Subtraction, [n, k]) => {
                let n = n.parse().map_err(|_| format!("bad n in {line:?}"))?;
                Ok(Box::new(SubtractionRound::new(n, k)?))
            }
            (GameKind::Pawns, [n]) => Ok(Box::new(PawnsRound::new(
                n.parse().map_err(|_| format!("bad N in {line:?}"))?,
            )?)),
            _ => Err(format!("{line:?} is not a {} position", self.name())),
        }
    }
}

/// Parses a whole non-negative decimal number, rejecting signs, spaces and leading `+`.
fn parse_count(text: &str) -> Result<u64, MoveError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(MoveError::Syntax(format!(
            "expected a number of stones, got {text:?}"
        )));
    }
    text.parse()
        .map_err(|_| MoveError::Illegal(format!("taking {text} stones is more than any pile")))
}

pub struct SubtractionRound {
    n: u64,
    k_text: String,
    eval: subtraction::Evaluator,
    pos: subtraction::Position,
}

impl SubtractionRound {
    pub fn new(n: u64, k: &str) -> Result<SubtractionRound, String> {
        if n < 2 {
            return Err(format!("subtraction needs n ≥ 2, got {n}"));
        }
        let ratio = Ratio::parse(k)?;
        Ok(SubtractionRound {
            n,
            k_text: k.to_owned(),
            eval: subtraction::Evaluator::new(ratio),
            pos: subtraction::Position::start(n),
        })
    }

    fn after(&self, x: u64) -> subtraction::Position {
        subtraction::Position {
            stones: self.pos.stones - x,
            cap: self.eval.k.floor_mul(x),
        }
    }

    /// How many winning replies the position after taking `x` leaves, counting to 2; None
    /// when that position's cap is too large to scan cheaply.
    fn winning_replies(&mut self, x: u64) -> Option<u32> {
        let next = self.after(x);
        if next.max_take() > 64 {
            return None;
        }
        let mut count = 0;
        for y in 1..=next.max_take() {
            let reply = subtraction::Position {
                stones: next.stones - y,
                cap: self.eval.k.floor_mul(y),
            };
            if !self.eval.mover_wins(reply) {
                count += 1;
                if count == 2 {
                    break;
                }
            }
        }
        Some(count)
    }
}

impl Round for SubtractionRound {
    fn position_line(&self) -> String {
        format!("{} {}", self.n, self.k_text)
    }

    fn describe(&self) -> String {
        format!("{} (n = {}, k = {})", self.pos, self.n, self.k_text)
    }

    fn mover_has_move(&self) -> bool {
        self.pos.max_take() > 0
    }

    fn play_line(&mut self, line: &str) -> Result<(), MoveError> {
        let x = parse_count(line)?;
        self.pos = self.pos.take(x, self.eval.k).map_err(MoveError::Illegal)?;
        Ok(())
    }

    fn mover_wins(&mut self) -> Result<bool, String> {
        Ok(self.eval.mover_wins(self.pos))
    }

    fn winning_move(&mut self, _rng: &mut Rng) -> Result<String, String> {
        let x = self.eval.smallest_win(self.pos.stones);
        if x > self.pos.max_take() {
            return Err(format!("no winning move at {}", self.describe()));
        }
        self.pos = self.after(x);
        Ok(x.to_string())
    }

    fn trap_move(&mut self, trap: Trap, rng: &mut Rng) -> Result<String, String> {
        let max = self.pos.max_take();
        if max == 0 {
            return Err(format!("no legal move at {}", self.describe()));
        }
        let x = match trap {
            Trap::Random => rng.range(1, max),
            // Taking one stone keeps every later cap smallest: the slowest game.
            Trap::Longest => 1,
            Trap::UniqueReply => {
                let mut candidates: Vec<u64> = (1..=max.min(8)).collect();
                candidates.extend((0..4).map(|_| rng.range(1, max)));
                let start = rng.index(candidates.len());
                candidates.rotate_left(start);
                candidates
                    .into_iter()
                    .find(|&x| self.winning_replies(x) == Some(1))
                    .unwrap_or_else(|| rng.range(1, max))
            }
        };
        self.pos = self.after(x);
        Ok(x.to_string())
    }

    fn blunder_move(&mut self) -> Result<Option<String>, String> {
        for x in 1..=self.pos.max_take().min(64) {
            if self.eval.mover_wins(self.after(x)) {
                self.pos = self.after(x);
                return Ok(Some(x.to_string()));
            }
        }
        Ok(None)
    }
}

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
