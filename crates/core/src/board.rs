//! The board a game draws in text for `referee human`: a small model of the position, read from
//! the start position's lines and moved on by each move the round has accepted (the rules and
//! the judging stay the round's; this only draws). ASCII only, so any terminal shows it; large
//! positions are drawn as a window around the last move or as coordinates. Each game's crate
//! has a `board` module that makes its [`Drawing`] and its [`Human`] set-up.

use crate::rng::Rng;
use crate::round::{GameError, Round};

/// Longest pile or heap drawn as a bar.
pub const BAR: u64 = 60;

/// One game's position as drawn.
pub trait Drawing {
    /// Plays a move the round has accepted as legal (so it is in notation and fits the
    /// position); `numbers` are its numeric tokens, `first` whether the first player made it.
    fn apply(&mut self, line: &str, numbers: &[u64], first: bool);
    /// The position drawn, each line ending in a newline; `last` is the last move, if any
    /// (or, before the first move, the move before the round's start that the position names).
    fn render(&self, last: Option<&str>) -> String;
}

/// A start position read: its drawing, and the move before the round's start that the position
/// names, where it names one (subtraction's `n k p`: p).
pub type Drawn = (Box<dyn Drawing>, Option<String>);

/// The numbers of a line of whitespace-separated numbers (`None`: a token is not one).
pub fn numbers(text: &str) -> Option<Vec<u64>> {
    text.split_whitespace().map(|t| t.parse().ok()).collect()
}

/// The message for a position a game cannot read.
pub fn bad(game: &str, position: &str) -> String {
    format!("{position:?} is not a {game} position")
}

/// `count` symbols in a row, or nothing past [`BAR`].
pub fn bar(count: u64, symbol: char) -> String {
    if count <= BAR {
        std::iter::repeat(symbol).take(count as usize).collect()
    } else {
        String::new()
    }
}

/// A maker of rounds from a size range ([`Human::round`]).
pub type MakeRound = fn((u64, u64), &mut Rng) -> Result<Box<dyn Round>, GameError>;

/// How `referee human` sets a game's rounds up for a person, beside its board.
#[derive(Clone, Copy)]
pub struct Human {
    /// The sizes a person can play, when `--size` is not given.
    pub sizes: (u64, u64),
    /// Those sizes in `referee human --help`'s list of default sizes: `{lo}` and `{hi}` stand
    /// for them (games with the same words are listed together).
    pub sizes_are: &'static str,
    /// The game's own options in `referee human --help`: the flag with its value, and what it
    /// does.
    pub options: &'static [(&'static str, &'static str)],
    /// A game option drawn per round when it is not given: its flag and the values a person
    /// can follow.
    pub drawn: Option<(&'static str, &'static [&'static str])>,
    /// Rounds of the game's own when `--kind` is not given (instead of the generator's), from
    /// the size range.
    pub round: Option<MakeRound>,
    /// Whether a round ends when the player to move has no move, as the message says; `false`:
    /// it ends otherwise (a race, when a player enters the other's start), and the message
    /// names the winner alone.
    pub ends_stuck: bool,
}
