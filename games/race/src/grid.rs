//! The judge format of one board ([`Board`]): its rows of `.#AB` read and written, the rows of
//! a round of play with the marks `a` and `b`, and the squares' neighbours and distances.

use crate::{Player, Position};
use std::fmt;

/// Why rows of text are not a board ([`Board::from_rows`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// Fewer than 2 rows.
    TooFewRows(usize),
    /// A row whose length is not the number of rows (rows counted from 1).
    RowLength {
        row: usize,
        expected: usize,
        got: usize,
    },
    /// A second start square of the same player.
    SecondStart { row: usize, player: char },
    /// A byte other than `.#AB`.
    BadCell { row: usize, cell: char },
    /// The board has no start square of this player.
    NoStart(char),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::TooFewRows(n) => write!(f, "a board needs at least 2 rows, got {n}"),
            BoardError::RowLength { row, expected, got } => {
                write!(f, "row {row}: expected {expected} cells, got {got}")
            }
            BoardError::SecondStart { row, player } => write!(f, "row {row}: a second '{player}'"),
            BoardError::BadCell { row, cell } => write!(f, "row {row}: bad cell {cell:?}"),
            BoardError::NoStart(player) => write!(f, "no '{player}' square"),
        }
    }
}

impl std::error::Error for BoardError {}

/// Why rows of a round of play are not one ([`Board::from_play_rows`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayRowsError {
    Board(BoardError),
    /// A second `a` or `b`.
    SecondMark(char),
    /// `a` on B's start (A's goal) or `b` on A's start.
    OnGoal(char),
    /// A row that is not UTF-8 after the marks are read.
    NotText,
}

impl fmt::Display for PlayRowsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayRowsError::Board(e) => e.fmt(f),
            PlayRowsError::SecondMark(m) => write!(f, "a second '{m}'"),
            PlayRowsError::OnGoal(m) => write!(f, "'{m}' stands on its own goal"),
            PlayRowsError::NotText => write!(f, "a row is not text"),
        }
    }
}

impl std::error::Error for PlayRowsError {}

/// An n×n board: free squares and the two start squares (row-major indices).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub n: usize,
    pub free: Vec<bool>,
    pub a: usize,
    pub b: usize,
}

impl Board {
    /// Parses n rows of `.#AB` (rows separated by whitespace).
    pub fn from_rows(rows: &[&str]) -> Result<Board, BoardError> {
        let n = rows.len();
        if n < 2 {
            return Err(BoardError::TooFewRows(n));
        }
        let mut free = vec![false; n * n];
        let (mut a, mut b) = (None, None);
        for (r, row) in rows.iter().enumerate() {
            if row.len() != n {
                return Err(BoardError::RowLength {
                    row: r + 1,
                    expected: n,
                    got: row.len(),
                });
            }
            for (c, ch) in row.bytes().enumerate() {
                let at = r * n + c;
                match ch {
                    b'.' => free[at] = true,
                    b'#' => {}
                    b'A' | b'B' => {
                        free[at] = true;
                        let slot = if ch == b'A' { &mut a } else { &mut b };
                        if slot.is_some() {
                            return Err(BoardError::SecondStart {
                                row: r + 1,
                                player: ch as char,
                            });
                        }
                        *slot = Some(at);
                    }
                    _ => {
                        return Err(BoardError::BadCell {
                            row: r + 1,
                            cell: ch as char,
                        })
                    }
                }
            }
        }
        Ok(Board {
            n,
            free,
            a: a.ok_or(BoardError::NoStart('A'))?,
            b: b.ok_or(BoardError::NoStart('B'))?,
        })
    }

    /// Parses the rows of a round of play: `.#AB` as in [`Board::from_rows`], plus at most
    /// one `a` and one `b`, the free squares where A and B stand now when that is not their
    /// start (docs/protocol.md, race). Without marks the position is the start; A is to move.
    pub fn from_play_rows(rows: &[&str]) -> Result<(Board, Position), PlayRowsError> {
        let mut now = [None, None];
        let mut plain = Vec::with_capacity(rows.len());
        for (r, row) in rows.iter().enumerate() {
            let mut bytes = row.as_bytes().to_vec();
            for (c, ch) in bytes.iter_mut().enumerate() {
                let slot = match *ch {
                    b'a' => 0,
                    b'b' => 1,
                    _ => continue,
                };
                if now[slot].is_some() {
                    return Err(PlayRowsError::SecondMark(*ch as char));
                }
                now[slot] = Some(r * rows.len() + c);
                *ch = b'.';
            }
            plain.push(String::from_utf8(bytes).map_err(|_| PlayRowsError::NotText)?);
        }
        let refs: Vec<&str> = plain.iter().map(String::as_str).collect();
        let board = Board::from_rows(&refs).map_err(PlayRowsError::Board)?;
        let pos = Position {
            a: now[0].unwrap_or(board.a),
            b: now[1].unwrap_or(board.b),
            to_move: Player::A,
        };
        // A mark on the player's own goal would be a round already over.
        if pos.b == board.a {
            return Err(PlayRowsError::OnGoal('b'));
        }
        if pos.a == board.b {
            return Err(PlayRowsError::OnGoal('a'));
        }
        Ok((board, pos))
    }

    /// The rows of a round of play starting at `pos` (A to move): [`Board::rows`] with `a`
    /// and `b` where a player stands off its start.
    pub fn play_rows(&self, pos: Position) -> Vec<String> {
        let mut rows = self.rows();
        for (at, mark) in [(pos.a, b'a'), (pos.b, b'b')] {
            if at != self.start(if mark == b'a' { Player::A } else { Player::B }) {
                let (r, c) = (at / self.n, at % self.n);
                // ASCII rows: one byte per cell.
                let mut bytes = std::mem::take(&mut rows[r]).into_bytes();
                bytes[c] = mark;
                rows[r] = String::from_utf8(bytes).expect("cells are ASCII");
            }
        }
        rows
    }

    /// The board as n rows of `.#AB`.
    pub fn rows(&self) -> Vec<String> {
        (0..self.n)
            .map(|r| {
                // Bytes, then one check: a char at a time takes gen a tenth of its time on
                // large boards.
                let row = (r * self.n..(r + 1) * self.n)
                    .map(|at| self.cell(at))
                    .collect();
                String::from_utf8(row).expect("cells are ASCII")
            })
            .collect()
    }

    /// The square `at` in the judge format: `A`, `B`, `.` (free) or `#`.
    fn cell(&self, at: usize) -> u8 {
        if at == self.a {
            b'A'
        } else if at == self.b {
            b'B'
        } else if self.free[at] {
            b'.'
        } else {
            b'#'
        }
    }

    /// The judge input text of this board alone (without the game count).
    pub fn to_input(&self) -> String {
        let mut s = format!("{}\n", self.n);
        for row in self.rows() {
            s.push_str(&row);
            s.push('\n');
        }
        s
    }

    /// The free squares next to `at` (up, right, down, left order; walls and edges skipped).
    pub fn neighbours(&self, at: usize) -> impl Iterator<Item = usize> + '_ {
        squares_around(self.n, at).filter(move |&v| self.free[v])
    }

    /// Breadth-first step distances from `from` over the free squares (u32::MAX where
    /// unreachable).
    pub fn distances(&self, from: usize) -> Vec<u32> {
        let mut dist = vec![u32::MAX; self.free.len()];
        dist[from] = 0;
        let mut queue = vec![from];
        let mut head = 0;
        while head < queue.len() {
            let v = queue[head];
            head += 1;
            for w in self.neighbours(v) {
                if dist[w] == u32::MAX {
                    dist[w] = dist[v] + 1;
                    queue.push(w);
                }
            }
        }
        dist
    }

    /// Whether B's start can be reached from A's start.
    pub fn connected(&self) -> bool {
        let mut seen = vec![false; self.free.len()];
        let mut stack = vec![self.a];
        seen[self.a] = true;
        while let Some(v) = stack.pop() {
            for w in self.neighbours(v) {
                if !seen[w] {
                    seen[w] = true;
                    stack.push(w);
                }
            }
        }
        seen[self.b]
    }

    /// The start square of `p`.
    pub fn start(&self, p: Player) -> usize {
        match p {
            Player::A => self.a,
            Player::B => self.b,
        }
    }
}

/// The squares next to `at` on an n×n board, walls or not (up, right, down, left order;
/// edges skipped).
pub fn squares_around(n: usize, at: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (at / n, at % n);
    // By value in every edition (a 2018 array's `.into_iter()` yields references).
    IntoIterator::into_iter([
        (r > 0).then(|| at - n),
        (c + 1 < n).then(|| at + 1),
        (r + 1 < n).then(|| at + n),
        (c > 0).then(|| at - 1),
    ])
    .flatten()
}
