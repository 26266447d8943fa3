//! The games the referee plays, behind one interface: a round holds the current position,
//! reads and writes moves in the protocol's notation (docs/protocol.md), evaluates positions
//! with the library's evaluators (never the solutions'), and chooses the referee's own moves.
//!
//! This module holds the interface: [`TypedRound`], what each game implements with its own
//! move type and from which the adversary's behaviours (random, longest, unique reply,
//! blunder) are provided once, and [`Round`], the string-level face the session uses, which
//! every `TypedRound` has through a blanket impl; [`GameError`] says why a round cannot be
//! made or played (a bad position, an unplayable size or option, the evaluator's own failure)
//! and [`MoveError`] why a line is not a legal move. Each game's round and its [`Play`] (sizes,
//! options, how rounds are made) live in the `play` module of its crate (`games/<game>/`), and
//! the registry (crates/registry) lists the games.

use crate::rng::Rng;
use std::fmt;

/// Why a line from the solution is not a move.
#[derive(Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The line is not in the move notation (PE).
    Syntax(String),
    /// A well-formed move the rules forbid (WA).
    Illegal(String),
}

/// Why the referee cannot play a round of a game. The text is the message the caller shows
/// (after its own prefix); the variant says whose fault it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// A position that is not one of the game's (read from a line or made from numbers): a
    /// replayed script or a caller's mistake.
    Position(String),
    /// A size, kind or option value the referee cannot play (not the game's, or out of its
    /// evaluator's reach): refused before the solution starts where the options are checked.
    Unplayable(String),
    /// The referee's own evaluator failed, or found no move where it must have one: a bug
    /// of the referee (the session's FAIL verdict).
    Internal(String),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Position(why) | GameError::Unplayable(why) | GameError::Internal(why) => {
                f.write_str(why)
            }
        }
    }
}

impl std::error::Error for GameError {}

/// The variants from a lower layer's typed error, its text kept.
impl GameError {
    pub fn position(e: impl fmt::Display) -> GameError {
        GameError::Position(e.to_string())
    }

    pub fn unplayable(e: impl fmt::Display) -> GameError {
        GameError::Unplayable(e.to_string())
    }

    pub fn internal(e: impl fmt::Display) -> GameError {
        GameError::Internal(e.to_string())
    }
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

/// One round of a game as the session sees it: moves are lines of the protocol both ways.
/// Every game implements it through [`TypedRound`] (the blanket impl below); the session,
/// the Kattis front end and the test players use this dyn-compatible face.
pub trait Round {
    /// The start position in the problem's single-case input format.
    fn position_line(&self) -> String;
    /// The current position, for messages.
    fn describe(&self) -> String;
    /// Whether the player to move has a legal move (if not, the round is over).
    fn mover_has_move(&self) -> bool;
    /// Whether the player who makes the last move loses (misère play): then the player left
    /// without a move has won the round, else lost.
    fn last_mover_loses(&self) -> bool;
    /// Applies a move written in the protocol notation for the player to move.
    fn play_line(&mut self, line: &str) -> Result<(), MoveError>;
    /// Whether the player to move wins with perfect play.
    fn mover_wins(&mut self) -> Result<bool, GameError>;
    /// Plays a winning move for the player to move (the position must be a win) and
    /// returns it in notation.
    fn winning_move(&mut self, rng: &mut Rng) -> Result<String, GameError>;
    /// A winning move for the player to move (the position must be a win) in notation,
    /// not played: the replay page names one beside a move that lost the win.
    fn suggest_winning_move(&mut self, rng: &mut Rng) -> Result<String, GameError>;
    /// Plays a winning move drawn at random among the winning moves (the position must be a
    /// win) and returns it in notation: a correct player unlike the referee's own choice.
    fn random_winning_move(&mut self, rng: &mut Rng) -> Result<String, GameError>;
    /// Plays the winning move after which the game lasts longest, by the game's own measure
    /// (the position must be a win), and returns it in notation.
    fn slowest_winning_move(&mut self, rng: &mut Rng) -> Result<String, GameError>;
    /// Plays a legal move chosen by `trap` and returns it in notation.
    fn trap_move(&mut self, trap: Trap, rng: &mut Rng) -> Result<String, GameError>;
    /// Plays and returns a legal move that leaves the opponent winning, if there is one
    /// (test players use it to blunder on purpose).
    fn blunder_move(&mut self) -> Result<Option<String>, GameError>;
    /// The coverage classes of the current position for the player to move
    /// ([`TypedRound::classes`]).
    fn classes(&self) -> Vec<String>;
    /// This round's own move cap ([`TypedRound::move_cap`]).
    fn move_cap(&self) -> Option<u64>;
}

/// A game's round with its own move type: what each game writes. Moves are read and written
/// in one place ([`TypedRound::parse_move`], [`TypedRound::format_move`]); the choosing
/// methods return a move without playing it, and the [`Round`] adapter plays it.
///
/// Required: the position's texts, the notation, `apply`, the evaluation (`mover_wins`,
/// `leaves_opponent_winning`). The adversary's behaviours are provided once here and a game
/// overrides only the hooks it has a better answer for:
/// - the trap move ([`TypedRound::trap_move`]): a random move drawn first, then for
///   [`Trap::Longest`] the game's [`TypedRound::longest_move`] and for [`Trap::UniqueReply`]
///   the first of [`TypedRound::unique_reply_candidates`] after which the opponent has
///   exactly one winning reply ([`TypedRound::winning_replies_after`]);
/// - the blunder ([`TypedRound::blunder_move`]): the first of
///   [`TypedRound::blunder_candidates`] that leaves the opponent winning;
/// - with every legal move listed ([`TypedRound::moves`], for games with few), a winning
///   move (each move tried and evaluated), a uniform random move and `mover_has_move` come
///   for free; the games with too many moves to list override them with their evaluators'
///   own answers.
///
/// The random number calls of each game are its own (the tests' fixed seeds depend on
/// them): pawns and the strip games take the provided trap move with their own hooks;
/// subtraction, race and knights keep their own trap move, whose draws differ.
pub trait TypedRound {
    /// A move of the game.
    type Move: Clone + 'static;

    /// The start position in the problem's single-case input format.
    fn position_line(&self) -> String;
    /// The current position, for messages.
    fn describe(&self) -> String;
    /// Reads a line of the protocol as a move of this position: a line that is not in the
    /// notation is [`MoveError::Syntax`]; a game may already refuse moves it can see are
    /// illegal (off the board) with [`MoveError::Illegal`].
    fn parse_move(&self, line: &str) -> Result<Self::Move, MoveError>;
    /// The move in the protocol notation (what [`TypedRound::parse_move`] reads back).
    fn format_move(&self, m: &Self::Move) -> String;
    /// Plays a move for the player to move, or says why the rules forbid it.
    fn apply(&mut self, m: &Self::Move) -> Result<(), MoveError>;
    /// Whether the player to move wins with perfect play.
    fn mover_wins(&mut self) -> Result<bool, GameError>;
    /// Whether the legal move `m` leaves the opponent winning; `Ok(false)` for a move the
    /// rules forbid (so candidate lists need not be filtered first).
    fn leaves_opponent_winning(&mut self, m: &Self::Move) -> Result<bool, GameError>;

    /// Whether the player who makes the last move loses (misère play); normal play by default.
    fn last_mover_loses(&self) -> bool {
        false
    }
    /// Every legal move, for games with few of them; empty (the default) for games that
    /// sample moves instead, which then override the methods below that rely on it.
    fn moves(&self) -> Vec<Self::Move> {
        Vec::new()
    }
    /// Whether the player to move has a legal move: by default, whether [`Self::moves`]
    /// lists one.
    fn mover_has_move(&self) -> bool {
        !self.moves().is_empty()
    }
    /// The winning moves the referee chooses among: by default every move of
    /// [`Self::moves`] that does not leave the opponent winning (each move tried and
    /// evaluated).
    fn winning_moves(&mut self) -> Result<Vec<Self::Move>, GameError> {
        let mut wins = Vec::new();
        for m in self.moves() {
            if !self.leaves_opponent_winning(&m)? {
                wins.push(m);
            }
        }
        Ok(wins)
    }
    /// A winning move for the player to move (the position must be a win), not played: by
    /// default one of [`Self::winning_moves`], uniformly.
    fn winning_move(&mut self, rng: &mut Rng) -> Result<Self::Move, GameError> {
        let mut wins = self.winning_moves()?;
        if wins.is_empty() {
            return Err(GameError::Internal(format!(
                "no winning move at {}",
                self.describe()
            )));
        }
        let i = rng.index(wins.len());
        Ok(wins.swap_remove(i))
    }
    /// A winning move drawn at random (test players; the position must be a win): by default
    /// uniform over every move of [`Self::moves`] that does not leave the opponent winning
    /// (unlike [`Self::winning_moves`], which a game may narrow to the moves it likes), or
    /// [`Self::winning_move`] for games that do not list their moves.
    fn random_winning_move(&mut self, rng: &mut Rng) -> Result<Self::Move, GameError> {
        let mut wins = Vec::new();
        for m in self.moves() {
            if !self.leaves_opponent_winning(&m)? {
                wins.push(m);
            }
        }
        if wins.is_empty() {
            return self.winning_move(rng);
        }
        let i = rng.index(wins.len());
        Ok(wins.swap_remove(i))
    }
    /// The winning move after which the game lasts longest, by the game's measure (test
    /// players; the position must be a win): by default [`Self::winning_move`]; each game
    /// overrides it and says what its measure is.
    fn slowest_winning_move(&mut self, rng: &mut Rng) -> Result<Self::Move, GameError> {
        self.winning_move(rng)
    }
    /// A legal move drawn at random: by default uniform over [`Self::moves`].
    fn random_move(&mut self, rng: &mut Rng) -> Result<Self::Move, GameError> {
        let mut all = self.moves();
        if all.is_empty() {
            return Err(GameError::Internal(format!(
                "no legal move at {}",
                self.describe()
            )));
        }
        let i = rng.index(all.len());
        Ok(all.swap_remove(i))
    }
    /// A legal move that keeps the game long, given a random legal move to fall back on;
    /// by default that move.
    fn longest_move(
        &mut self,
        random: Self::Move,
        _rng: &mut Rng,
    ) -> Result<Self::Move, GameError> {
        Ok(random)
    }
    /// The moves the unique-reply trap tries, in order: by default every move of
    /// [`Self::moves`] from a random one on.
    fn unique_reply_candidates(&mut self, rng: &mut Rng) -> Result<Vec<Self::Move>, GameError> {
        Ok(rotated(self.moves(), rng))
    }
    /// How many winning replies the opponent has after the legal move `m`, counted up to 2
    /// (`Some(1)`: exactly one); `None` when the game does not know (the default).
    fn winning_replies_after(&mut self, _m: &Self::Move) -> Result<Option<u32>, GameError> {
        Ok(None)
    }
    /// A move the game's own attack plays before `trap` chooses, when it has one (pawns'
    /// carving); by default none, drawing nothing.
    fn attack_move(
        &mut self,
        _trap: Trap,
        _rng: &mut Rng,
    ) -> Result<Option<Self::Move>, GameError> {
        Ok(None)
    }
    /// A legal move chosen by `trap` (not played): see the trait's documentation.
    fn trap_move(&mut self, trap: Trap, rng: &mut Rng) -> Result<Self::Move, GameError> {
        if let Some(m) = self.attack_move(trap, rng)? {
            return Ok(m);
        }
        let random = self.random_move(rng)?;
        match trap {
            Trap::Random => Ok(random),
            Trap::Longest => self.longest_move(random, rng),
            Trap::UniqueReply => {
                for m in self.unique_reply_candidates(rng)? {
                    if self.winning_replies_after(&m)? == Some(1) {
                        return Ok(m);
                    }
                }
                Ok(random)
            }
        }
    }
    /// The moves the blunder is looked for among, in order: by default [`Self::moves`].
    fn blunder_candidates(&self) -> Box<dyn Iterator<Item = Self::Move>> {
        Box::new(self.moves().into_iter())
    }
    /// A legal move that leaves the opponent winning, if one is found (not played): the
    /// first of [`Self::blunder_candidates`].
    fn blunder_move(&mut self) -> Result<Option<Self::Move>, GameError> {
        for m in self.blunder_candidates() {
            if self.leaves_opponent_winning(&m)? {
                return Ok(Some(m));
            }
        }
        Ok(None)
    }
    /// The coverage classes of the current position, the player to move choosing there
    /// (docs/coverage.md): each case split, boundary and residue of the rules, the theory and
    /// the referee's evaluator that a correct choice depends on. The session counts the
    /// classes of every position where the solution chooses (its side at a round's start, then
    /// each of its moves), and [`Play::classes`] lists those a session must reach. A class is
    /// a short name, `group:detail` (`pile:below-losing`).
    fn classes(&self) -> Vec<String> {
        Vec::new()
    }
    /// Moves after which this round is cut, where it differs from the game's
    /// [`Play::move_cap`]: a game whose moves are cheap but many lets a few rounds run long
    /// and cuts the others short. `--max-moves` overrides both.
    fn move_cap(&self) -> Option<u64> {
        None
    }
}

/// `moves` from a random one on (in a cycle); no random draw when there is none.
pub fn rotated<T>(mut moves: Vec<T>, rng: &mut Rng) -> Vec<T> {
    if !moves.is_empty() {
        let start = rng.index(moves.len());
        moves.rotate_left(start);
    }
    moves
}

/// The referee's own moves are legal: if one is not, that is its bug.
fn own_move_error(e: MoveError) -> GameError {
    match e {
        MoveError::Syntax(s) | MoveError::Illegal(s) => GameError::Internal(s),
    }
}

/// Plays the referee's own move and returns it in notation.
fn play_own<G: TypedRound>(round: &mut G, m: G::Move) -> Result<String, GameError> {
    let text = round.format_move(&m);
    round.apply(&m).map_err(own_move_error)?;
    Ok(text)
}

impl<G: TypedRound> Round for G {
    fn position_line(&self) -> String {
        TypedRound::position_line(self)
    }

    fn describe(&self) -> String {
        TypedRound::describe(self)
    }

    fn mover_has_move(&self) -> bool {
        TypedRound::mover_has_move(self)
    }

    fn last_mover_loses(&self) -> bool {
        TypedRound::last_mover_loses(self)
    }

    fn play_line(&mut self, line: &str) -> Result<(), MoveError> {
        // Every notation writes its numbers plainly (docs/protocol.md): `01` is no number of
        // the protocol's, whatever a game's own reader would make of it.
        if let Some(t) = line
            .split(' ')
            .find(|t| t.len() > 1 && t.starts_with('0') && t.bytes().all(|b| b.is_ascii_digit()))
        {
            return Err(MoveError::Syntax(format!(
                "{t:?} in {line:?} has a leading zero (numbers are written without)"
            )));
        }
        let m = self.parse_move(line)?;
        self.apply(&m)
    }

    fn mover_wins(&mut self) -> Result<bool, GameError> {
        TypedRound::mover_wins(self)
    }

    fn winning_move(&mut self, rng: &mut Rng) -> Result<String, GameError> {
        let m = TypedRound::winning_move(self, rng)?;
        play_own(self, m)
    }

    fn suggest_winning_move(&mut self, rng: &mut Rng) -> Result<String, GameError> {
        let m = TypedRound::winning_move(self, rng)?;
        Ok(self.format_move(&m))
    }

    fn random_winning_move(&mut self, rng: &mut Rng) -> Result<String, GameError> {
        let m = TypedRound::random_winning_move(self, rng)?;
        play_own(self, m)
    }

    fn slowest_winning_move(&mut self, rng: &mut Rng) -> Result<String, GameError> {
        let m = TypedRound::slowest_winning_move(self, rng)?;
        play_own(self, m)
    }

    fn trap_move(&mut self, trap: Trap, rng: &mut Rng) -> Result<String, GameError> {
        let m = TypedRound::trap_move(self, trap, rng)?;
        play_own(self, m)
    }

    fn blunder_move(&mut self) -> Result<Option<String>, GameError> {
        match TypedRound::blunder_move(self)? {
            Some(m) => play_own(self, m).map(Some),
            None => Ok(None),
        }
    }

    fn classes(&self) -> Vec<String> {
        TypedRound::classes(self)
    }

    fn move_cap(&self) -> Option<u64> {
        TypedRound::move_cap(self)
    }
}

/// How the referee plays one game: each game's file defines its value, and the registry
/// (`combgames_registry`) names it. The size bounds, the move cap and the options are the game's
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
    /// a session to seconds on games that last about as many moves as their size. A round
    /// may name its own ([`TypedRound::move_cap`]).
    pub move_cap: u64,
    /// Longest line the solution may write.
    pub max_line: usize,
    /// The game's own command-line options (subtraction's `--k`).
    pub options: &'static [GameOption],
    /// A random round; the round number (1-based) lets a game put its must-play sizes first.
    pub generate: GenerateFn,
    /// Lines in the position whose first line is given, for replayed scripts.
    pub position_lines: fn(&str) -> Result<usize, GameError>,
    /// A round from a position (its lines joined), for scripted sessions.
    pub from_line: FromLineFn,
    /// A well-formed move that no position allows, given the start position (the test
    /// players send it to be judged WA).
    pub illegal_move: fn(&str) -> String,
    /// Every coverage class ([`TypedRound::classes`]) that a generated session with these
    /// sizes, kind and options reaches whatever its seed, given at least [`Play::rounds`]
    /// rounds: the generator puts the positions that reach them in its first rounds, and the
    /// seed only chooses among positions within a class.
    pub classes: fn(&RoundSpec) -> Vec<String>,
    /// Rounds of a session when `--rounds` is not given: enough to reach every class of
    /// [`Play::classes`] ([`COVERAGE_ROUNDS`] but for a game with more classes than fit).
    pub rounds: u64,
}

/// Rounds within which a generated session reaches the classes of [`Play::classes`] of most
/// games, and the default session's length for them: 100.
pub const COVERAGE_ROUNDS: u64 = 100;

/// [`Play::classes`] of a game that names none yet.
pub fn no_classes(_spec: &RoundSpec) -> Vec<String> {
    Vec::new()
}

/// See [`Play::generate`].
pub type GenerateFn = fn(&RoundSpec, u64, &mut Rng) -> Result<Box<dyn Round>, GameError>;
/// See [`Play::from_line`].
pub type FromLineFn = fn(&str) -> Result<Box<dyn Round>, GameError>;

/// A command-line option a game declares: `referee play <game> FLAG VALUE`.
pub struct GameOption {
    /// The flag, `--k`.
    pub flag: &'static str,
    /// The value's name in the help, `K`.
    pub value: &'static str,
    pub help: &'static str,
    /// Reads a value alone (the caller prefixes the flag to an error).
    pub parse: fn(value: &str) -> Result<(), GameError>,
    /// Checks a value against the size range the rounds will have, before the solution
    /// starts (the caller prefixes the flag and the value to an error).
    pub check: fn(value: &str, size: (u64, u64)) -> Result<(), GameError>,
}

/// Sizes and options for generated rounds.
#[derive(Clone, Debug, Default)]
pub struct RoundSpec {
    /// Inclusive size range (the game's [`Play::size_is`]); `None` for the game's default.
    pub size: Option<(u64, u64)>,
    /// The generator's kind the rounds are drawn from (one of the game's
    /// [`crate::gen::Generator::kinds`]); `None` for [`crate::gen::SESSION`].
    pub kind: Option<&'static str>,
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

/// A one-line position (`position_lines` of most games).
pub fn one_line(_first: &str) -> Result<usize, GameError> {
    Ok(1)
}
