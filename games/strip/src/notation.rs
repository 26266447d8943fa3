//! The two notations of a strip: UVa 11534's (`.`, `X`, `O`) and SGU 328's (`0`, `1`, `2`),
//! read (the colouring must be proper) and written.

use crate::{first_conflict, Cell, Colour};
use std::fmt;

/// Parses a strip in UVa 11534's notation (`.`, `X`, `O`); the colouring must be proper.
pub fn parse_marks(s: &str) -> Result<Vec<Cell>, StripError> {
    parse_with(s, |ch| match ch {
        '.' => Some(None),
        'X' => Some(Some(Colour::One)),
        'O' => Some(Some(Colour::Two)),
        _ => None,
    })
}

/// Parses a strip in SGU 328's notation (`0`, `1`, `2`); the colouring must be proper.
pub fn parse_digits(s: &str) -> Result<Vec<Cell>, StripError> {
    parse_with(s, |ch| match ch {
        '0' => Some(None),
        '1' => Some(Some(Colour::One)),
        '2' => Some(Some(Colour::Two)),
        _ => None,
    })
}

/// Why a text is not a proper strip ([`parse_marks`], [`parse_digits`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StripError {
    /// A character that is no cell of the notation, at this cell (counted from 1).
    BadCell { at: usize, ch: char },
    /// No cell at all.
    Empty,
    /// Cells `at` and `at + 1` (counted from 1) hold the same colour.
    SameColour { at: usize },
}

impl fmt::Display for StripError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StripError::BadCell { at, ch } => {
                write!(f, "cell {at}: {ch:?} is not a cell of the strip")
            }
            StripError::Empty => write!(f, "empty strip"),
            StripError::SameColour { at } => {
                write!(f, "cells {} and {} hold the same colour", at, at + 1)
            }
        }
    }
}

impl std::error::Error for StripError {}

fn parse_with(s: &str, cell_of: impl Fn(char) -> Option<Cell>) -> Result<Vec<Cell>, StripError> {
    let mut cells = Vec::with_capacity(s.len());
    for (i, ch) in s.chars().enumerate() {
        match cell_of(ch) {
            Some(cell) => cells.push(cell),
            None => return Err(StripError::BadCell { at: i + 1, ch }),
        }
    }
    if cells.is_empty() {
        return Err(StripError::Empty);
    }
    if let Some(i) = first_conflict(&cells) {
        return Err(StripError::SameColour { at: i + 1 });
    }
    Ok(cells)
}

/// A cell in UVa 11534's notation.
pub fn mark_of(cell: Cell) -> char {
    cell.map_or('.', Colour::mark)
}

/// A cell in SGU 328's notation.
pub fn digit_of(cell: Cell) -> char {
    cell.map_or('0', Colour::digit)
}

/// Writes a strip in UVa 11534's notation.
pub fn to_marks(cells: &[Cell]) -> String {
    cells.iter().copied().map(mark_of).collect()
}

/// Writes a strip in SGU 328's notation.
pub fn to_digits(cells: &[Cell]) -> String {
    cells.iter().copied().map(digit_of).collect()
}
