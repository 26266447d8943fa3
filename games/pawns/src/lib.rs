//! pawns: the real 3×N pawn board (Timus 1465), judge side.
//!
//! Rows 1..3 counted from White's side, columns 1..N. White starts on row 1, Black on row 3,
//! White moves first. A pawn steps one row forward onto an empty square, or one row forward
//! and one column aside onto an enemy pawn (a capture). Capturing is mandatory, with a free
//! choice among captures. A player with no legal move loses.
//!
//! The evaluator ([`mover_wins`]) does not use the solutions' formula. It resolves pending
//! captures by searching them on the real board, then cuts a quiet board at empty columns
//! (nothing ever enters an empty column: a pawn only moves into a column by capturing
//! something there) into segments, maps each untouched segment to a heap of the octal game
//! 0.137 and dead segments to 0, and XORs the heap values of the generic [`OctalGame`]
//! engine. Anything else is reported as outside the model, never guessed.
//! games/pawns/tests/eval.rs proves it against a full game-tree search of the board. [`live`]
//! keeps the same evaluation up to date move by move for boards of 10^6 columns.
//!
//! Why the model holds (the argument; the tests check it exhaustively on small boards):
//! 1. Attacks are mutual: a white pawn on (r, c) attacks a black one on (r+1, c±1), and that
//!    black pawn attacks (r, c) back. So a capture is open to one side iff one is open to
//!    the other; a position is either quiet or has captures for both.
//! 2. Take a quiet position made of untouched segments and single dead columns (two pawns
//!    blocking each other) with empty columns around them; the start is one. Moves are
//!    pushes in untouched columns. Say White pushes in column i of a segment (Black's pushes
//!    are the mirror image). The white pawn on (2, i) is attacked only by the black pawns of
//!    columns i±1 on row 3 that exist in the segment, and Black must take with one of them;
//!    White must retake on (2, i) from row 1 of column i−1 or i+1 (the only attackers of
//!    that square); Black retakes with its other neighbour if it has one; White retakes with
//!    its other neighbour. Following every choice: with both neighbours the chain is four
//!    captures, with one it is two, with none (a lone column) none; in every case it ends
//!    with columns i±1 empty, column i dead (White on row 2 against Black on row 3, or the
//!    mirror), the rest of the board untouched, and the pusher's opponent to move. So a push
//!    with its chain is exactly one move of 0.137 on a heap of n columns: take 1 if n = 1,
//!    take 2 from an end (leaving one heap or none), take 3 from anywhere (leaving up to
//!    two), and the position stays of the same kind.
//! 3. Segments never interact (1 and the empty columns between them), so the board is the
//!    sum of its heaps and, by Sprague–Grundy, the side to move in a quiet position wins iff
//!    the XOR of g(heap) is non-zero; mid-chain positions are searched on the board.
//! 4. g comes from the mex recurrence, computed up to the table size at which the
//!    Guy–Smith periodicity theorem for octal games applies ([`combgames_core::octal`]): if
//!    g(n + p) = g(n) for every n0 ≤ n < 2·n0 + p + t, t the largest number of tokens a
//!    move removes (3 here), then g(n + p) = g(n) for every n ≥ n0. For 0.137 the premise
//!    holds with n0 = 52, p = 34 (values up to n = 174 compared), and g(51) ≠ g(85), so 51 is
//!    the last exception; games/pawns/tests/eval.rs checks the premise with its own recurrence.
//!    The proof is an induction on n ≥ 2·n0 + p + t, assuming g(m + p) = g(m) for
//!    n0 ≤ m < n: a move on n + p removes j ≤ t tokens and leaves parts a + b = n + p − j ≥
//!    2·n0 + 2·p, so one part, say b, is ≥ n0 + p, and the same move on n leaving a and
//!    b − p ≥ n0 has the same value; conversely a move on n leaves a + b ≥ 2·n0 + p, so one
//!    part b ≥ n0, and the same move on n + p leaves a and b + p with g(b + p) = g(b). The
//!    options' values agree, so the mex does: g(n + p) = g(n).

pub mod board;
pub mod check;
pub mod gen;
pub mod play;
pub mod shrink;
pub mod validate;

/// The problem of this game, as the registry lists it.
pub const PAWNS: combgames_core::problem::Problem = combgames_core::problem::Problem {
    name: "pawns",
    gen: &gen::GEN,
    validator: &validate::PAWNS,
    play: &play::PLAY,
    shrink: shrink::pawns,
    judge_sized: (2_147_483_647, None),
    largest: None,
    board: board::board,
    notation: board::NOTATION,
    sides: ["White", "Black"],
    human: board::HUMAN,
    replay: include_str!("replay.js"),
};

use combgames_core::octal::OctalGame;
use std::fmt;
use std::sync::OnceLock;

pub mod live;
pub mod position;

/// Why a move or an evaluation is refused; the text is the message shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PawnsError {
    /// A move not written as 4 numbers `r c r' c'`.
    Notation(String),
    /// A move the rules forbid in this position.
    Illegal(String),
    /// A position outside the evaluators' segment model, or a broken invariant of the
    /// incremental evaluator: the evaluator's bug, not the caller's.
    Model(String),
}

impl fmt::Display for PawnsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PawnsError::Notation(why) | PawnsError::Illegal(why) | PawnsError::Model(why) => {
                f.write_str(why)
            }
        }
    }
}

impl std::error::Error for PawnsError {}

/// The two sides; the solution has its own `Side` on purpose (solutions/src/pawns/play.rs): the
/// referee never judges with a solution's code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
    /// Row step of this side's pawns.
    fn forward(self) -> i64 {
        match self {
            Side::White => 1,
            Side::Black => -1,
        }
    }
}

/// One half-move: the pawn on (row, col) goes to (to_row, to_col); 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub row: u64,
    pub col: u64,
    pub to_row: u64,
    pub to_col: u64,
}

impl Move {
    pub fn is_capture(&self) -> bool {
        self.col != self.to_col
    }

    /// Parses `r c r' c'`.
    pub fn parse(text: &str) -> Result<Move, PawnsError> {
        let parts: Vec<&str> = text.split(' ').collect();
        if parts.len() != 4 {
            return Err(PawnsError::Notation(format!(
                "expected 4 numbers `r c r' c'`, got {:?}",
                text
            )));
        }
        let mut v = [0u64; 4];
        for (slot, part) in v.iter_mut().zip(&parts) {
            if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
                return Err(PawnsError::Notation(format!(
                    "expected 4 numbers `r c r' c'`, got {:?}",
                    text
                )));
            }
            *slot = part
                .parse()
                .map_err(|_| PawnsError::Notation(format!("number {part:?} is too large")))?;
        }
        Ok(Move {
            row: v[0],
            col: v[1],
            to_row: v[2],
            to_col: v[3],
        })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} {}",
            self.row, self.col, self.to_row, self.to_col
        )
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    Empty,
    Pawn(Side),
}

/// The board and the side to move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// cells[col][row], 0-based.
    cells: Vec<[Cell; 3]>,
    pub to_move: Side,
}

impl Board {
    /// The start position on N columns, White to move.
    pub fn start(n: usize) -> Board {
        let column = [
            Cell::Pawn(Side::White),
            Cell::Empty,
            Cell::Pawn(Side::Black),
        ];
        Board {
            cells: vec![column; n],
            to_move: Side::White,
        }
    }

    pub fn width(&self) -> usize {
        self.cells.len()
    }

    /// The cell at 0-based (row, col), Empty off the board.
    pub fn cell(&self, row: i64, col: i64) -> Option<Cell> {
        if !(0..3).contains(&row) || col < 0 {
            return None;
        }
        self.cells.get(col as usize).map(|c| c[row as usize])
    }

    /// Captures available to `side` whose capturing pawn stands in columns `cols`.
    fn captures_in(&self, side: Side, cols: std::ops::Range<usize>, out: &mut Vec<Move>) {
        let fwd = side.forward();
        for col in cols {
            for row in 0..3i64 {
                if self.cells[col][row as usize] != Cell::Pawn(side) {
                    continue;
                }
                for dc in [-1i64, 1] {
                    let (tr, tc) = (row + fwd, col as i64 + dc);
                    if self.cell(tr, tc) == Some(Cell::Pawn(side.other())) {
                        out.push(Move {
                            row: row as u64 + 1,
                            col: col as u64 + 1,
                            to_row: tr as u64 + 1,
                            to_col: tc as u64 + 1,
                        });
                    }
                }
            }
        }
    }

    fn pushes(&self, side: Side, out: &mut Vec<Move>) {
        let fwd = side.forward();
        for col in 0..self.width() {
            for row in 0..3i64 {
                if self.cells[col][row as usize] == Cell::Pawn(side)
                    && self.cell(row + fwd, col as i64) == Some(Cell::Empty)
                {
                    out.push(Move {
                        row: row as u64 + 1,
                        col: col as u64 + 1,
                        to_row: (row + fwd) as u64 + 1,
                        to_col: col as u64 + 1,
                    });
                }
            }
        }
    }

    /// All captures open to `side`.
    pub fn captures(&self, side: Side) -> Vec<Move> {
        let mut out = Vec::new();
        self.captures_in(side, 0..self.width(), &mut out);
        out
    }

    /// The legal moves of the side to move: its captures if it has any, else its pushes.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = self.captures(self.to_move);
        if out.is_empty() {
            self.pushes(self.to_move, &mut out);
        }
        out
    }

    /// Plays `m` for the side to move, or says why it is illegal.
    pub fn play(&self, m: Move) -> Result<Board, PawnsError> {
        let side = self.to_move;
        check_move(
            self.width() as u64,
            side,
            |r, c| self.cell(r, c),
            || !self.captures(side).is_empty(),
            m,
        )?;
        let mut next = self.clone();
        next.cells[m.col as usize - 1][m.row as usize - 1] = Cell::Empty;
        next.cells[m.to_col as usize - 1][m.to_row as usize - 1] = Cell::Pawn(side);
        next.to_move = side.other();
        Ok(next)
    }

    /// Whether the column has no pawn at all.
    fn column_empty(&self, col: usize) -> bool {
        self.cells[col].iter().all(|&c| c == Cell::Empty)
    }

    /// Whether the column is untouched: White on row 1, row 2 empty, Black on row 3.
    fn column_fresh(&self, col: usize) -> bool {
        self.cells[col]
            == [
                Cell::Pawn(Side::White),
                Cell::Empty,
                Cell::Pawn(Side::Black),
            ]
    }

    /// Maximal runs of non-empty columns (0-based, half-open). Nothing can ever enter an
    /// empty column, so runs never interact.
    pub fn segments(&self) -> Vec<std::ops::Range<usize>> {
        let mut out = Vec::new();
        let mut start = None;
        for col in 0..=self.width() {
            let empty = col == self.width() || self.column_empty(col);
            match (start, empty) {
                (None, false) => start = Some(col),
                (Some(s), true) => {
                    out.push(s..col);
                    start = None;
                }
                _ => {}
            }
        }
        out
    }

    /// Whether either side has any move inside the columns `cols`.
    fn segment_has_moves(&self, cols: std::ops::Range<usize>) -> bool {
        let mut part = Board {
            cells: self.cells[cols].to_vec(),
            to_move: Side::White,
        };
        for side in [Side::White, Side::Black] {
            part.to_move = side;
            if !part.legal_moves().is_empty() {
                return true;
            }
        }
        false
    }

    /// A compact picture: one string per row from row 3 down to row 1 (W, B, .), then the
    /// side to move.
    pub fn picture(&self) -> String {
        let mut rows = Vec::new();
        for row in (0..3).rev() {
            let line: String = self
                .cells
                .iter()
                .map(|c| match c[row] {
                    Cell::Empty => '.',
                    Cell::Pawn(Side::White) => 'W',
                    Cell::Pawn(Side::Black) => 'B',
                })
                .collect();
            rows.push(line);
        }
        format!(
            "{} (rows 3/2/1), {:?} to move",
            rows.join("/"),
            self.to_move
        )
    }
}

/// Whether `m` is legal for `side` on a 3×`n` board whose 0-based cells `cell(row, col)`
/// gives (None off the board); `has_capture` says whether `side` has a capture anywhere.
/// Shared by [`Board`] and [`live::Live`] so both refuse the same moves with the same words.
fn check_move(
    n: u64,
    side: Side,
    cell: impl Fn(i64, i64) -> Option<Cell>,
    has_capture: impl FnOnce() -> bool,
    m: Move,
) -> Result<(), PawnsError> {
    let on_board = |r: u64, c: u64| (1..=3).contains(&r) && (1..=n).contains(&c);
    if !on_board(m.row, m.col) || !on_board(m.to_row, m.to_col) {
        return Err(PawnsError::Illegal(format!(
            "move {m} leaves the 3×{n} board"
        )));
    }
    let (r, c, tr, tc) = (
        m.row as i64 - 1,
        m.col as i64 - 1,
        m.to_row as i64 - 1,
        m.to_col as i64 - 1,
    );
    if cell(r, c) != Some(Cell::Pawn(side)) {
        return Err(PawnsError::Illegal(format!(
            "move {m}: no {side:?} pawn on row {} column {}",
            m.row, m.col
        )));
    }
    if tr != r + side.forward() {
        return Err(PawnsError::Illegal(format!(
            "move {m}: a {side:?} pawn moves to row {}",
            r + side.forward() + 1
        )));
    }
    let target = cell(tr, tc);
    if tc == c {
        if target != Some(Cell::Empty) {
            return Err(PawnsError::Illegal(format!(
                "move {m}: the square in front is not empty"
            )));
        }
        if has_capture() {
            return Err(PawnsError::Illegal(format!(
                "move {m}: a capture is available and capturing is mandatory"
            )));
        }
    } else if (tc - c).abs() != 1 {
        return Err(PawnsError::Illegal(format!(
            "move {m}: a pawn moves at most one column aside"
        )));
    } else if target != Some(Cell::Pawn(side.other())) {
        return Err(PawnsError::Illegal(format!(
            "move {m}: a diagonal move must capture an enemy pawn"
        )));
    }
    Ok(())
}

/// Dawson's chess as an octal game: the segment model the evaluator maps boards onto.
pub const OCTAL_CODE: &str = "0.137";

/// The octal game 0.137 with its values: the mex recurrence up to the first table size at
/// which the Guy–Smith periodicity theorem proves a period (crates/core/src/octal.rs), then periodic.
pub fn octal() -> &'static OctalGame {
    static GAME: OnceLock<OctalGame> = OnceLock::new();
    GAME.get_or_init(|| OctalGame::new(OCTAL_CODE, 1 << 14).expect("the octal code is valid"))
}

/// Grundy value of an untouched segment of `n` columns (a heap of 0.137).
pub fn grundy(n: u64) -> u32 {
    octal()
        .value(n)
        .expect("0.137 has a proven period, so every heap has a value")
}

/// What lies around a piece of board cut out of a wider one: `ext.0` untouched columns
/// continue its first column to the left (when that column is not empty) and `ext.1` its
/// last column to the right; `rest` is the XOR of the values of every other segment of the
/// wider board. `Frame::WHOLE` is a board on its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Frame {
    pub ext: (usize, usize),
    pub rest: u32,
}

impl Frame {
    pub const WHOLE: Frame = Frame {
        ext: (0, 0),
        rest: 0,
    };

    /// The cut-out board's edge columns that continue outside must still be untouched:
    /// then no capture can cross the cut (a capture needs a pawn on row 2 or a black pawn
    /// below row 3, which an untouched column and its untouched outside neighbour lack).
    fn check_edges(&self, board: &Board) -> Result<(), PawnsError> {
        let w = board.width();
        if (self.ext.0 > 0 && !board.column_fresh(0))
            || (self.ext.1 > 0 && (w == 0 || !board.column_fresh(w - 1)))
        {
            return Err(PawnsError::Model(format!(
                "play reached the edge of the cut-out board {}",
                board.picture()
            )));
        }
        Ok(())
    }

    /// Grundy value of a quiet board (no capture open to either side): XOR over segments,
    /// with the outside columns added to the segments that touch the cut, and `rest`.
    fn quiet_value(&self, board: &Board) -> Result<u32, PawnsError> {
        self.check_edges(board)?;
        let mut total = self.rest;
        let w = board.width();
        for seg in board.segments() {
            let mut outside = 0;
            if seg.start == 0 {
                outside += self.ext.0;
            }
            if seg.end == w {
                outside += self.ext.1;
            }
            let value = if seg.clone().all(|c| board.column_fresh(c)) {
                grundy((seg.len() + outside) as u64)
            } else if outside == 0 && !board.segment_has_moves(seg.clone()) {
                0
            } else {
                return Err(PawnsError::Model(format!(
                    "columns {} to {} form a segment outside the model (neither untouched nor dead) in {}",
                    seg.start + 1,
                    seg.end,
                    board.picture()
                )));
            };
            total ^= value;
        }
        Ok(total)
    }

    /// Whether the side to move wins: pending captures are searched move by move on the
    /// board, quiet positions are valued by segments.
    pub fn mover_wins(&self, board: &Board) -> Result<bool, PawnsError> {
        self.check_edges(board)?;
        let captures = board.captures(board.to_move);
        if !captures.is_empty() {
            for m in captures {
                if !self.mover_wins(&board.play(m)?)? {
                    return Ok(true);
                }
            }
            return Ok(false);
        }
        if !board.captures(board.to_move.other()).is_empty() {
            return Err(PawnsError::Model(format!(
                "a capture is pending for the side not to move in {}",
                board.picture()
            )));
        }
        Ok(self.quiet_value(board)? != 0)
    }
}

/// Grundy value of a quiet board (no capture open to either side): XOR over segments.
pub fn quiet_value(board: &Board) -> Result<u32, PawnsError> {
    Frame::WHOLE.quiet_value(board)
}

/// Whether the side to move wins. Pending captures (a capture chain in progress) are
/// searched move by move on the real board; quiet positions are valued by segments.
pub fn mover_wins(board: &Board) -> Result<bool, PawnsError> {
    Frame::WHOLE.mover_wins(board)
}

/// Whether White (the first player) wins on the 3×N start board, for any N ≥ 1.
pub fn white_wins(n: u64) -> Option<bool> {
    octal().value(n).map(|g| g != 0)
}
