//! The games the referee plays, behind one interface: a round holds the current position,
//! applies moves written in the protocol's notation (docs/protocol.md), evaluates positions
//! with the library's evaluators, and chooses the referee's own moves.
//!
//! This module holds the interface; each game's round and its [`Play`] (sizes, options, how
//! rounds are made) live in a file of its own beside it, and the registry
//! (`crate::registry`) lists the games.

pub mod knights;
pub mod pawns;
pub mod race;
pub mod strip;
pub mod subtraction;

pub use knights::KnightsRound;
pub use pawns::PawnsRound;
pub use race::RaceRound;
pub use strip::{Notation, StripRound, DP_CAP};
pub use subtraction::{SubtractionRound, K_MIX};

use crate::rng::Rng;

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

/// How the referee plays one game: each game's file defines its value, and the registry
/// (`crate::registry`) names it. The size bounds, the move cap and the options are the game's
/// own; the referee's command line and help are built from them.
pub struct Play {
    /// What `--size` counts, for the help (`stones n`).
    pub size_is: &'static str,
    /// Smallest `--size` the game can start from.
    pub min_size: u64,
    /// Size range of generated rounds when `--size` is not given.
    pub default_size: (u64, u64),
    /// Largest `--size` the referee accepts.
    pub max_size: u64,
    /// Moves after which a generated round is cut: the referee sends `end` where its next
    /// move would go (docs/protocol.md). Every move up to the cut is judged; the cap keeps
    /// a session to seconds on games that last about as many moves as their size.
    pub move_cap: u64,
    /// Longest line the solution may write.
    pub max_line: usize,
    /// The game's own command-line options (subtraction's `--k`).
    pub options: &'static [GameOption],
    /// A random round; the round number (1-based) lets a game put its must-play sizes first.
    pub generate: GenerateFn,
    /// Lines in the position whose first line is given, for replayed scripts.
    pub position_lines: fn(&str) -> Result<usize, String>,
    /// A round from a position (its lines joined), for scripted sessions.
    pub from_line: FromLineFn,
    /// A well-formed move that no position allows, given the start position (the test
    /// players send it to be judged WA).
    pub illegal_move: fn(&str) -> String,
}

/// See [`Play::generate`].
pub type GenerateFn = fn(&RoundSpec, u64, &mut Rng) -> Result<Box<dyn Round>, String>;
/// See [`Play::from_line`].
pub type FromLineFn = fn(&str) -> Result<Box<dyn Round>, String>;

/// A command-line option a game declares: `referee play <game> FLAG VALUE`.
pub struct GameOption {
    /// The flag, `--k`.
    pub flag: &'static str,
    /// The value's name in the help, `K`.
    pub value: &'static str,
    pub help: &'static str,
    /// Reads a value alone (the caller prefixes the flag to an error).
    pub parse: fn(value: &str) -> Result<(), String>,
    /// Checks a value against the size range the rounds will have, before the solution
    /// starts (the caller prefixes the flag and the value to an error).
    pub check: fn(value: &str, size: (u64, u64)) -> Result<(), String>,
}

/// Sizes and options for generated rounds.
#[derive(Clone, Debug, Default)]
pub struct RoundSpec {
    /// Inclusive size range (the game's [`Play::size_is`]); `None` for the game's default.
    pub size: Option<(u64, u64)>,
    /// Values of the game's own options, by flag.
    pub options: Vec<(&'static str, String)>,
}

impl RoundSpec {
    /// The value of the game option `flag`, if given.
    pub fn option(&self, flag: &str) -> Option<&str> {
        self.options
            .iter()
            .find(|(f, _)| *f == flag)
            .map(|(_, v)| v.as_str())
    }
}

/// The name the session code knows games by.
pub type GameKind = crate::registry::Game;

/// The referee's view of a game, from its [`Play`].
impl crate::registry::Game {
    /// Default size range (each game's file says why).
    pub fn default_size(self) -> (u64, u64) {
        self.play().default_size
    }

    /// Largest size the referee accepts.
    pub fn max_size(self) -> u64 {
        self.play().max_size
    }

    /// See [`Play::move_cap`].
    pub fn default_move_cap(self) -> u64 {
        self.play().move_cap
    }

    /// Longest line the solution may write (knights: one move names every knight).
    pub fn max_line(self) -> usize {
        self.play().max_line
    }

    /// A random round; `round` (1-based) lets a game put its must-play sizes first.
    pub fn generate(
        self,
        spec: &RoundSpec,
        round: u64,
        rng: &mut Rng,
    ) -> Result<Box<dyn Round>, String> {
        (self.play().generate)(spec, round, rng)
    }

    /// Lines in the position whose first line is `first`, for replayed scripts (coloring:
    /// `N`, then the digits; knights: `K N`, then K lines; race: `n`, then n rows).
    pub fn position_lines(self, first: &str) -> Result<usize, String> {
        (self.play().position_lines)(first)
    }

    /// A round from a position line (for scripted sessions).
    pub fn from_line(self, line: &str) -> Result<Box<dyn Round>, String> {
        (self.play().from_line)(line)
    }
}

/// A one-line position (`position_lines` of most games).
pub(crate) fn one_line(_first: &str) -> Result<usize, String> {
    Ok(1)
}
