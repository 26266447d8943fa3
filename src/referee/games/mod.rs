//! The games the referee plays, behind one interface: a round holds the current position,
//! applies moves written in the protocol's notation (docs/protocol.md), evaluates positions
//! with the library's evaluators, and chooses the referee's own moves.
//!
//! This module holds the interface and the list of games; each game's round lives in a file
//! of its own beside it, so adding a game touches only its file and the `GameKind` arms.

pub mod knights;
mod pawns;
pub mod race;
mod strip;
mod subtraction;

pub use knights::KnightsRound;
pub use pawns::PawnsRound;
pub use race::RaceRound;
pub use strip::{Notation, StripRound, DP_CAP};
pub use subtraction::{SubtractionRound, K_MIX};

use super::rng::Rng;

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
    Tictactoe,
    Coloring,
    Knights,
    Race,
}

/// Sizes for generated rounds.
#[derive(Clone, Debug)]
pub struct RoundSpec {
    /// Inclusive size range: n (stones) for subtraction, N (columns) for pawns, cells for the
    /// strip games (tictactoe, coloring), N (board side) for knights.
    pub size: Option<(u64, u64)>,
    /// Subtraction only: fixed k instead of a mix.
    pub k: Option<String>,
}

impl GameKind {
    /// Every game, in the order help texts and tables list them.
    pub const ALL: [GameKind; 6] = [
        GameKind::Subtraction,
        GameKind::Pawns,
        GameKind::Tictactoe,
        GameKind::Coloring,
        GameKind::Knights,
        GameKind::Race,
    ];

    pub fn parse(name: &str) -> Option<GameKind> {
        match name {
            "subtraction" => Some(GameKind::Subtraction),
            "pawns" => Some(GameKind::Pawns),
            "tictactoe" => Some(GameKind::Tictactoe),
            "coloring" => Some(GameKind::Coloring),
            "knights" => Some(GameKind::Knights),
            "race" => Some(GameKind::Race),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            GameKind::Subtraction => "subtraction",
            GameKind::Pawns => "pawns",
            GameKind::Tictactoe => "tictactoe",
            GameKind::Coloring => "coloring",
            GameKind::Knights => "knights",
            GameKind::Race => "race",
        }
    }

    /// Default size range (each game's file says why).
    pub fn default_size(self) -> (u64, u64) {
        match self {
            GameKind::Subtraction => subtraction::DEFAULT_SIZE,
            GameKind::Pawns => pawns::DEFAULT_SIZE,
            GameKind::Tictactoe => strip::DEFAULT_SIZE_TICTACTOE,
            GameKind::Coloring => strip::DEFAULT_SIZE_COLORING,
            GameKind::Knights => knights::DEFAULT_SIZE,
            GameKind::Race => race::DEFAULT_SIZE,
        }
    }

    /// Largest size the referee accepts.
    pub fn max_size(self) -> u64 {
        match self {
            GameKind::Subtraction => subtraction::MAX_SIZE,
            GameKind::Pawns => pawns::MAX_SIZE,
            GameKind::Tictactoe | GameKind::Coloring => strip::MAX_CELLS,
            GameKind::Knights => knights::MAX_SIZE,
            GameKind::Race => race::MAX_SIZE,
        }
    }

    /// Moves after which a generated round is cut: the referee sends `end` where its next
    /// move would go (docs/protocol.md). Every move up to the cut is judged; the cap keeps
    /// a session to seconds on games that last about as many moves as their size.
    pub fn default_move_cap(self) -> u64 {
        match self {
            GameKind::Subtraction => subtraction::MOVE_CAP,
            GameKind::Pawns => pawns::MOVE_CAP,
            GameKind::Tictactoe | GameKind::Coloring => strip::MOVE_CAP,
            GameKind::Knights => knights::MOVE_CAP,
            GameKind::Race => race::MOVE_CAP,
        }
    }

    /// Longest line the solution may write (knights: one move names every knight).
    pub fn max_line(self) -> usize {
        match self {
            GameKind::Knights => knights::MAX_MOVE_LINE,
            _ => super::peer::MAX_LINE,
        }
    }

    /// A random round; `round` (1-based) lets a game put its must-play sizes first.
    pub fn generate(
        self,
        spec: &RoundSpec,
        round: u64,
        rng: &mut Rng,
    ) -> Result<Box<dyn Round>, String> {
        let (lo, hi) = spec.size.unwrap_or(self.default_size());
        match self {
            GameKind::Subtraction => Ok(Box::new(subtraction::generate_round(
                lo,
                hi,
                spec.k.as_deref(),
                rng,
            )?)),
            GameKind::Pawns => {
                let n = pawns::round_size(spec.size.is_none(), (lo, hi), round, rng);
                Ok(Box::new(PawnsRound::new(n)?))
            }
            GameKind::Tictactoe | GameKind::Coloring => Ok(Box::new(StripRound::generate(
                self.notation(),
                (lo, hi),
                rng,
            )?)),
            GameKind::Knights => Ok(Box::new(KnightsRound::generate(lo, hi, rng)?)),
            GameKind::Race => Ok(Box::new(race::generate_round(lo, hi, rng)?)),
        }
    }

    /// The strip games' alphabet.
    fn notation(self) -> Notation {
        match self {
            GameKind::Coloring => Notation::Digits,
            _ => Notation::Marks,
        }
    }

    /// Lines in the position whose first line is `first`, for replayed scripts (coloring:
    /// `N`, then the digits; knights: `K N`, then K lines; race: `n`, then n rows).
    pub fn position_lines(self, first: &str) -> Result<usize, String> {
        match self {
            GameKind::Coloring => Ok(2),
            GameKind::Knights => KnightsRound::position_lines(first),
            GameKind::Race => match first.trim().parse::<usize>() {
                Ok(n) if n <= self.max_size() as usize => Ok(n + 1),
                _ => Err(format!(
                    "{first:?} is not a race board side (2..={})",
                    self.max_size()
                )),
            },
            _ => Ok(1),
        }
    }

    /// A round from a position line (for scripted sessions).
    pub fn from_line(self, line: &str) -> Result<Box<dyn Round>, String> {
        if self == GameKind::Knights {
            return Ok(Box::new(KnightsRound::parse(line)?));
        }
        let parts: Vec<&str> = line.split_whitespace().collect();
        match (self, parts.as_slice()) {
            (GameKind::Subtraction, [n, k]) => {
                let n = n.parse().map_err(|_| format!("bad n in {line:?}"))?;
                Ok(Box::new(SubtractionRound::new(n, k)?))
            }
            (GameKind::Pawns, [n]) => Ok(Box::new(PawnsRound::new(
                n.parse().map_err(|_| format!("bad N in {line:?}"))?,
            )?)),
            (GameKind::Tictactoe | GameKind::Coloring, _) => {
                Ok(Box::new(StripRound::from_line(self.notation(), line)?))
            }
            (GameKind::Race, _) => Ok(Box::new(race::from_text(line)?)),
            _ => Err(format!("{line:?} is not a {} position", self.name())),
        }
    }
}
