//! The board a game draws in text for `referee human`: a small model of the position, read from
//! the start position's lines and moved on by each move the round has accepted (the rules and
//! the judging stay the round's; this only draws). ASCII only, so any terminal shows it; large
//! positions are drawn as a window around the last move or as coordinates. Each game's crate
//! has a `board` module that makes its [`Drawing`].

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
