//! The interactive players of tictactoe and coloring, written once for the one strip game
//! (its modules strip.rs and slow_strip.rs beside it) and its two notations: each game's
//! player files only choose the player and the notation. Bundled into them by
//! scripts/make-interactive-packages.sh.

// A wrong-answer player uses FirstFree, a time-limit-exceeded one QuadraticValues: what one
// leaves unused is not dead for the other.
#![allow(dead_code)]

#[path = "slow_strip.rs"]
mod slow_strip;
#[path = "strip.rs"]
mod strip;

use crate::player::{Lines, Player, Stop};
use slow_strip::{best_move, total, Values};
use strip::{cell_of_digit, digit_of_symbol, fits};

/// How a game writes the strip and its moves.
#[derive(Clone, Copy)]
pub enum Notation {
    /// One line of `.`, `X`, `O`; a move is `c S` with S a symbol.
    Tictactoe,
    /// N, then N digits `0`, `1`, `2`; a move is `v C` with C the colour `1` or `2`.
    Coloring,
}

impl Notation {
    /// A round's position as strip cells.
    fn read(self, lines: &mut Lines) -> Result<Vec<u8>, Stop> {
        match self {
            Notation::Tictactoe => Ok(lines.next("a position")?.into_bytes()),
            Notation::Coloring => {
                lines.next("the number of vertices")?;
                let digits = lines.next("the vertices' colours")?;
                Ok(digits.bytes().map(cell_of_digit).collect())
            }
        }
    }

    /// Our move: `symbol` into cell `at` (0-based).
    fn write(self, at: usize, symbol: u8) -> String {
        let written = match self {
            Notation::Tictactoe => symbol,
            Notation::Coloring => digit_of_symbol(symbol),
        };
        format!("{} {}", at + 1, written as char)
    }

    /// Makes the opponent's move `line` on `cells`.
    fn play(self, cells: &mut [u8], line: &str) {
        let (cell, written) = line.split_once(' ').unwrap();
        let written = written.as_bytes()[0];
        cells[cell.parse::<usize>().unwrap() - 1] = match self {
            Notation::Tictactoe => written,
            Notation::Coloring => cell_of_digit(written),
        };
    }
}

/// Wrong on purpose: always moves first and fills the leftmost cell where some symbol fits
/// (X before O), with no thought of who wins.
pub struct FirstFree {
    notation: Notation,
    cells: Vec<u8>,
    /// Cells before `dead` are full or fit neither symbol, and stay so as the strip fills.
    dead: usize,
}

impl FirstFree {
    pub fn new(notation: Notation) -> Self {
        FirstFree {
            notation,
            cells: Vec::new(),
            dead: 0,
        }
    }
}

impl Player for FirstFree {
    fn start(&mut self, lines: &mut Lines) -> Result<bool, Stop> {
        self.cells = self.notation.read(lines)?;
        self.dead = 0;
        Ok(true)
    }

    fn reply(&mut self) -> Option<String> {
        let cells = &mut self.cells;
        while self.dead < cells.len()
            && !fits(cells, self.dead, b'X')
            && !fits(cells, self.dead, b'O')
        {
            self.dead += 1;
        }
        if self.dead == cells.len() {
            return None;
        }
        let symbol = if fits(cells, self.dead, b'X') {
            b'X'
        } else {
            b'O'
        };
        cells[self.dead] = symbol;
        Some(self.notation.write(self.dead, symbol))
    }

    fn hear(&mut self, line: &str) {
        self.notation.play(&mut self.cells, line);
    }
}

/// Too slow on purpose: plays perfectly, from the runs' values by the plain mex recurrence
/// (packages/shared/slow_strip.rs), kept from one round to the next.
pub struct QuadraticValues {
    notation: Notation,
    cells: Vec<u8>,
    values: Values,
}

impl QuadraticValues {
    pub fn new(notation: Notation) -> Self {
        QuadraticValues {
            notation,
            cells: Vec::new(),
            values: vec![[[0; 3]; 3]],
        }
    }
}

impl Player for QuadraticValues {
    fn start(&mut self, lines: &mut Lines) -> Result<bool, Stop> {
        self.cells = self.notation.read(lines)?;
        Ok(total(&self.cells, &mut self.values) != 0)
    }

    fn reply(&mut self) -> Option<String> {
        let (at, symbol) = best_move(&self.cells, &mut self.values)?;
        self.cells[at] = symbol;
        Some(self.notation.write(at, symbol))
    }

    fn hear(&mut self, line: &str) {
        self.notation.play(&mut self.cells, line);
    }
}
