//! A problem as the judge programs know it: the parts its game's crate provides. Each game's
//! crate exports one [`Problem`] per problem (the strip crate two: tictactoe and coloring), and
//! the registry lists them; nothing outside a game's crate knows its rules.

use crate::board::{Drawn, Human};
use crate::gen::Generator;
use crate::round::Play;
use crate::shrink::Candidates;
use crate::validate::Validator;

/// gen's `--kind`, `--size` and `--count` of a problem's largest test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Largest {
    pub kind: &'static str,
    pub size: u64,
    pub count: Option<u64>,
}

/// One problem: its name (the batch problem `<name>`, its solution `solutions/<name>.rs`, its
/// checker `check-<name>`, its validator `validate-<name>`) and its parts.
pub struct Problem {
    pub name: &'static str,
    /// The one maker of its positions: gen's tests, `referee judge`'s and the referee's rounds.
    pub gen: &'static Generator,
    /// The strict input validator.
    pub validator: &'static Validator,
    /// How the referee plays it.
    pub play: &'static Play,
    /// Smaller inputs of a failing test (`referee judge`'s shrinking): pushes them to the
    /// candidates, most aggressive first; `None` where the text does not read as the format.
    pub shrink: fn(&str, &mut Candidates) -> Option<()>,
    /// gen's `--size` and `--count` within the statement's limits (`referee judge`'s default,
    /// and `judge_sized` in the problem's `packages/<name>/package.sh`): the largest
    /// size of a generated test, and its number of cases where the format has several.
    pub judge_sized: (u64, Option<u64>),
    /// The package's test at the statement's largest sizes (`largest` in
    /// `packages/<name>/package.sh`), which `referee judge`'s default run ends with so that a
    /// solution too slow for the statement is TLE there; `None` where every test is as hard
    /// (pawns: one number, O(1) work).
    pub largest: Option<Largest>,
    /// `referee human`: the board drawn from a start position (its single-case input, lines
    /// joined by `\n`), how a move is typed, and the two sides' names (first, second).
    pub board: fn(&str) -> Result<Drawn, String>,
    pub notation: &'static str,
    pub sides: [&'static str; 2],
    /// `referee human`: the sizes a person plays and what its rounds draw differently.
    pub human: Human,
    /// The replay page's engine (crates/referee/src/html/replay.js says what it holds): the
    /// body of a JavaScript function that returns it, the game's `games/<game>/src/replay.js`.
    pub replay: &'static str,
}
