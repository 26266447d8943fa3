//! knights (CEOI 2008 knight game, games/knights/README.md, the problem): judge-side rules and theory.
//!
//! - [`SuspenseBoard`]: the suspense DP over a whole N×N board, straight from the definition
//!   (Winning Ways ch. 9, continued conjunctive compounds).
//! - [`Evaluator`]: the suspense number of any square of any board up to N = 10^9, exactly,
//!   from the DP on one small board of the same side mod 4 (the compression of
//!   games/knights/docs/compression.md: the board's middle rows and columns are cut out four at a
//!   time, which changes every suspense number beyond the cut by 2 per four lines). Nothing
//!   here comes from the solution: this module is the referee's and the checker's own, and the
//!   solution's O(1) rule is tested against it.
//! - [`judge`]: the checker's logic (`checkers/check_knights.rs` only adds file reading).
//!
//! Here the problem, the moves and the judge input; the suspense DP in `suspense`, the
//! compression's evaluator and its lemma in `evaluator`, the checker's judgement in
//! `judging`.

pub mod board;
pub mod check;
pub mod coverage;
pub mod coverage_lone;
pub mod coverage_rounds;
pub mod gen;
pub mod play;
pub mod shrink;
pub mod validate;

mod evaluator;
mod judging;
mod suspense;

pub use evaluator::{
    base_side, check_translation_lemma, compress, first_player_wins, Evaluator, LemmaBroken,
    BASE_SIDE, EDGE_BAND,
};
pub use judging::{judge, judge_output, jury_case, output_size_cap, JuryCase};
pub use suspense::SuspenseBoard;

/// The problem of this game, as the registry lists it.
pub const KNIGHTS: combgames_core::problem::Problem = combgames_core::problem::Problem {
    name: "knights",
    gen: &gen::GEN,
    validator: &validate::KNIGHTS,
    play: &play::PLAY,
    shrink: shrink::knights,
    judge_sized: (1_000_000_000, Some(500)),
    largest: Some(combgames_core::problem::Largest {
        kind: "random",
        size: 1_000_000_000,
        count: Some(100_000),
    }),
    board: board::board,
    notation: board::NOTATION,
    sides: ["the first player", "the second player"],
    human: board::HUMAN,
    replay: include_str!("replay.js"),
};

use std::fmt;

/// Largest number of knights in an input: the statement's (project) limit, the same as the
/// solution's and `validate-knights --project`'s, so the checker never refuses a test those
/// accept (the judge's stricter 10^5 is the input validator's default).
pub const MAX_KNIGHTS: u64 = 1_000_000;
/// Largest board side.
pub const MAX_SIDE: u64 = 1_000_000_000;

/// The moves of the statement: (x−2, y+1), (x−2, y−1), (x+1, y−2), (x−1, y−2). Each lowers
/// x + y, so every game ends.
pub const STEPS: [(i64, i64); 4] = [(-2, 1), (-2, -1), (1, -2), (-1, -2)];

/// The squares a knight on (x, y) can move to on the n×n board.
pub fn moves(n: u64, x: u64, y: u64) -> impl Iterator<Item = (u64, u64)> {
    STEPS.iter().filter_map(move |&(dx, dy)| {
        let a = x.checked_add_signed(dx)?;
        let b = y.checked_add_signed(dy)?;
        ((1..=n).contains(&a) && (1..=n).contains(&b)).then_some((a, b))
    })
}

/// A knights position: the board side and the knights' squares in input order (a validated
/// judge input, a generated test or round).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub n: u64,
    pub knights: Vec<(u64, u64)>,
}

/// The judge format, the one writer of a position (gen's tests, the referee's rounds): `K N`,
/// then one line `x y` per knight, no newline after the last.
impl std::fmt::Display for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{} {}", self.knights.len(), self.n)?;
        for (x, y) in &self.knights {
            write!(f, "\n{x} {y}")?;
        }
        Ok(())
    }
}

/// Why a judge input is not a knights game; `what` names the number (`K`, `x of knight 2`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputError {
    /// The input ends before the number.
    Missing { what: String },
    /// A token that is not a decimal number (shown escaped and cut).
    NotANumber { what: String, got: String },
    OutOfRange {
        what: String,
        value: u64,
        lo: u64,
        hi: u64,
    },
    /// A token after the K knights (shown as in `NotANumber`).
    Extra { k: u64, got: String },
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Missing { what } => write!(f, "expected {what}, got end of file"),
            InputError::NotANumber { what, got } => write!(f, "expected {what}, got \"{got}\""),
            InputError::OutOfRange {
                what,
                value,
                lo,
                hi,
            } => {
                write!(f, "{what} {value} is out of range {lo} to {hi}")
            }
            InputError::Extra { k, got } => {
                write!(f, "unexpected \"{got}\" after knight {k}, the last")
            }
        }
    }
}

impl std::error::Error for InputError {}

/// Parses a judge input (`K N`, then K lines `x y`; whitespace is free), as the checker reads
/// the jury's input file: every number in range (1 ≤ K ≤ [`MAX_KNIGHTS`], 1 ≤ N ≤
/// [`MAX_SIDE`], 1 ≤ x, y ≤ N) and nothing after the K knights.
pub fn parse_input(input: &[u8]) -> Result<Game, InputError> {
    let mut tokens = tokens(input);
    let mut number = |what: &dyn Fn() -> String, lo: u64, hi: u64| -> Result<u64, InputError> {
        let token = tokens
            .next()
            .ok_or_else(|| InputError::Missing { what: what() })?;
        let value = std::str::from_utf8(token)
            .ok()
            .filter(|t| t.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|t| t.parse::<u64>().ok())
            .ok_or_else(|| InputError::NotANumber {
                what: what(),
                got: shown(token),
            })?;
        if !(lo..=hi).contains(&value) {
            return Err(InputError::OutOfRange {
                what: what(),
                value,
                lo,
                hi,
            });
        }
        Ok(value)
    };
    let k = number(&|| "K".to_owned(), 1, MAX_KNIGHTS)?;
    let n = number(&|| "N".to_owned(), 1, MAX_SIDE)?;
    let mut knights = Vec::with_capacity(k as usize);
    for i in 1..=k {
        let x = number(&|| format!("x of knight {i}"), 1, n)?;
        let y = number(&|| format!("y of knight {i}"), 1, n)?;
        knights.push((x, y));
    }
    if let Some(extra) = tokens.next() {
        return Err(InputError::Extra {
            k,
            got: shown(extra),
        });
    }
    Ok(Game { n, knights })
}

/// Whitespace-separated tokens of contestant or jury output, as raw bytes (no UTF-8 needed).
fn tokens(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    bytes
        .split(u8::is_ascii_whitespace)
        .filter(|t| !t.is_empty())
}

/// A token for a message: escaped, cut short.
fn shown(token: &[u8]) -> String {
    combgames_core::escape::head(token, 24)
}
