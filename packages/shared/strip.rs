//! The strip of tictactoe and coloring as the packages' players see it (one game: a row of
//! cells, each empty or holding one of two symbols, no symbol beside its equal): cells `.`,
//! `X`, `O` (coloring's digits `0`, `1`, `2` stand for them), and the runs of empty cells
//! between the symbols and the strip's ends. Bundled into the players that use it by
//! scripts/make-packages.sh and scripts/make-interactive-packages.sh.

// Each player uses its own part (the batch ones read runs, the interactive ones also moves):
// what one leaves unused is not dead for the others.
#![allow(dead_code)]

/// What bounds a run of empty cells on one side: the strip's end, or a symbol (1: X, 2: O).
pub const EDGE: usize = 0;

fn end_of(cell: u8) -> usize {
    match cell {
        b'X' => 1,
        b'O' => 2,
        _ => EDGE,
    }
}

/// The cell of a coloring digit: `0` empty, `1` X, `2` O.
pub fn cell_of_digit(digit: u8) -> u8 {
    match digit {
        b'1' => b'X',
        b'2' => b'O',
        _ => b'.',
    }
}

/// The coloring digit of a symbol (X: `1`, O: `2`).
pub fn digit_of_symbol(symbol: u8) -> u8 {
    if symbol == b'X' {
        b'1'
    } else {
        b'2'
    }
}

/// A maximal run of empty cells: where it starts, its length, and its ends (EDGE or a symbol).
pub struct Run {
    pub start: usize,
    pub len: usize,
    pub left: usize,
    pub right: usize,
}

/// The runs of empty cells, left to right.
pub fn runs(cells: &[u8]) -> Vec<Run> {
    let mut found = Vec::new();
    let mut at = 0;
    while at < cells.len() {
        if cells[at] != b'.' {
            at += 1;
            continue;
        }
        let start = at;
        while at < cells.len() && cells[at] == b'.' {
            at += 1;
        }
        let left = if start == 0 {
            EDGE
        } else {
            end_of(cells[start - 1])
        };
        let right = if at == cells.len() {
            EDGE
        } else {
            end_of(cells[at])
        };
        found.push(Run {
            start,
            len: at - start,
            left,
            right,
        });
    }
    found
}

/// Whether `symbol` may go into cell `at`: it is empty and no neighbour holds `symbol`.
pub fn fits(cells: &[u8], at: usize, symbol: u8) -> bool {
    cells[at] == b'.'
        && (at == 0 || cells[at - 1] != symbol)
        && (at + 1 == cells.len() || cells[at + 1] != symbol)
}

/// The Grundy value of a run by its closed form: between the strip's two ends its length's
/// parity, between an end and a symbol its length, between two symbols 1 if they are equal
/// and 0 if not.
pub fn closed_form(run: &Run) -> usize {
    match (run.left, run.right) {
        (EDGE, EDGE) => run.len % 2,
        (EDGE, _) | (_, EDGE) => run.len,
        (a, b) => usize::from(a == b),
    }
}
