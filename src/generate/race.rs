//! The race problem's tests: square boards with A and B joined, random, open or pipes and tanks.

use super::{Generator, Spec};
use crate::rng::Rng;
use std::io::{self, Write};

const WALL: u8 = b'#';
const FREE: u8 = b'.';

/// A square board in row-major order.
struct Board {
    n: usize,
    cells: Vec<u8>,
}

impl Board {
    fn filled(n: usize, cell: u8) -> Self {
        Board {
            n,
            cells: vec![cell; n * n],
        }
    }

    /// Is `to` reachable from `from` through non-wall squares? Asked of the rules engine's
    /// board ([`crate::race::Board::connected`]), the referee's test too.
    fn connected(&self, from: usize, to: usize) -> bool {
        crate::race::Board {
            n: self.n,
            free: self.cells.iter().map(|&c| c != WALL).collect(),
            a: from,
            b: to,
        }
        .connected()
    }

    fn write(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{}", self.n)?;
        for row in self.cells.chunks(self.n) {
            out.write_all(row)?;
            out.write_all(b"\n")?;
        }
        Ok(())
    }
}

/// Two distinct random squares among `candidates`.
fn two_squares(candidates: &[usize], rng: &mut Rng) -> (usize, usize) {
    let a = rng.below(candidates.len() as u64) as usize;
    let mut b = rng.below(candidates.len() as u64 - 1) as usize;
    if b >= a {
        b += 1;
    }
    (candidates[a], candidates[b])
}

/// Random walls; boards where B is cut off from A are thrown away, and every ten failures the
/// wall density drops, down to an empty board, which is always connected.
fn random_board(n: usize, rng: &mut Rng) -> Board {
    let mut density = rng.between(0, 45);
    for attempt in 1.. {
        let mut board = Board::filled(n, FREE);
        for cell in board.cells.iter_mut() {
            if rng.chance(density) {
                *cell = WALL;
            }
        }
        let all: Vec<usize> = (0..n * n).collect();
        let (a, b) = two_squares(&all, rng);
        board.cells[a] = b'A';
        board.cells[b] = b'B';
        if board.connected(a, b) {
            return board;
        }
        if attempt % 10 == 0 {
            density = density * 2 / 3;
        }
    }
    unreachable!("an empty board is connected")
}

fn open_board(n: usize, rng: &mut Rng) -> Board {
    let mut board = Board::filled(n, FREE);
    let all: Vec<usize> = (0..n * n).collect();
    let (a, b) = two_squares(&all, rng);
    board.cells[a] = b'A';
    board.cells[b] = b'B';
    board
}

/// Pipes and tanks: the board is cut into blocks visited in serpentine order; each block is a
/// tank (open inside its one-square wall) or only a pipe, and consecutive blocks are joined by
/// a one-wide pipe between their centres. A starts in the first block, B in the last: the
/// shortest path is long and its layers are wide inside tanks and one square in pipes.
fn pipes_board(n: usize, rng: &mut Rng) -> Board {
    if n < 9 {
        return random_board(n, rng);
    }
    // At least three blocks a side, so that the path turns.
    let block = rng.between(3, (n / 3) as u64) as usize;
    let per_side = n / block;
    let mut board = Board::filled(n, WALL);
    let mut order = Vec::new();
    for r in 0..per_side {
        for i in 0..per_side {
            order.push((r, if r % 2 == 0 { i } else { per_side - 1 - i }));
        }
    }
    let centre = |(r, c): (usize, usize)| (r * block + block / 2, c * block + block / 2);
    let mut block_cells: Vec<Vec<usize>> = Vec::new();
    for (index, &(r, c)) in order.iter().enumerate() {
        let mut cells = Vec::new();
        let tank = rng.chance(50);
        for row in r * block..(r + 1) * block {
            for col in c * block..(c + 1) * block {
                let inside = row > r * block
                    && row + 1 < (r + 1) * block
                    && col > c * block
                    && col + 1 < (c + 1) * block;
                if tank && inside {
                    board.cells[row * n + col] = FREE;
                    cells.push(row * n + col);
                }
            }
        }
        let (cr, cc) = centre((r, c));
        board.cells[cr * n + cc] = FREE;
        if cells.is_empty() {
            cells.push(cr * n + cc);
        }
        if index > 0 {
            // Consecutive blocks share a side, so their centres are on one row or one column.
            let (pr, pc) = centre(order[index - 1]);
            for row in pr.min(cr)..=pr.max(cr) {
                for col in pc.min(cc)..=pc.max(cc) {
                    board.cells[row * n + col] = FREE;
                }
            }
        }
        block_cells.push(cells);
    }
    let first = block_cells.first().map_or(0, |c| *rng.pick(c));
    let last = block_cells.last().map_or(0, |c| *rng.pick(c));
    board.cells[first] = b'A';
    board.cells[last] = b'B';
    debug_assert!(board.connected(first, last));
    board
}

pub const GEN: Generator = Generator {
    kinds: &["random", "open", "pipes"],
    min_size: 2,
    max_size: 2000,
    default_size: 300,
    size_is: "board side",
    max_count: Some(10),
    default_count: 3,
    max_cells: None,
    write: race,
};

fn race(spec: &Spec, rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "{}", spec.cases())?;
    let size = spec.size as usize;
    for _ in 0..spec.cases() {
        let n = match spec.kind {
            "random" => rng.between(2, spec.size) as usize,
            _ => rng.between((size / 2).max(2) as u64, spec.size) as usize,
        };
        let board = match spec.kind {
            "open" => open_board(n, rng),
            "pipes" => pipes_board(n, rng),
            _ => random_board(n, rng),
        };
        board.write(out)?;
    }
    Ok(())
}
