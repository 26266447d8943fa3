//! Positions a pawns round may start from (docs/protocol.md, pawns): the start of a 3×N
//! board, or a quiet board with columns already played, White to move.
//!
//! Notation: `N` alone is the start; `N K a1 b1 ... aK bK` lists the K runs of untouched
//! columns ai..=bi (1-based, left to right). Every other column has been played out: a push
//! and its capture chain leave the pushed column dead (two pawns blocking each other) and its
//! neighbours empty (games/pawns/src/lib.rs gives the argument), so no pawn outside the runs can ever
//! move or be captured, and what those columns hold does not change the game. The runs are
//! thus the whole game; the board built from them ([`Position::board`]) leaves the played
//! columns empty.
//!
//! Which runs can be reached: a quiet position reached from the start is the set P of pushed
//! columns, any two at least 2 apart (a push clears its neighbours, so a column next to an
//! earlier push can no longer be pushed; columns 2 or more apart are pushed in any order with
//! the same result); the untouched columns are those at distance 2 or more from every push.
//! Each push with its chain is an odd number of moves (1, 3 or 5), so White is to move iff
//! |P| is even. A list of runs is accepted iff some such P with |P| even leaves exactly those
//! columns untouched ([`reachable`], a scan of the board with two columns of state).

use super::{live::Live, Board, Cell, Side};
use std::fmt;

/// A position: the width and the runs of untouched columns (1-based, inclusive, ascending).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub n: usize,
    pub runs: Vec<(usize, usize)>,
}

impl Position {
    /// The start position on `n` columns.
    pub fn start(n: usize) -> Position {
        Position {
            n,
            runs: vec![(1, n)],
        }
    }

    /// Whether this is the start position (printed as `N` alone).
    pub fn is_start(&self) -> bool {
        self.runs == [(1, self.n)]
    }

    /// Reads the notation; `max_n` bounds N. Refuses anything malformed or unreachable with
    /// a sentence naming what is wrong.
    pub fn parse(line: &str, max_n: u64) -> Result<Position, String> {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let number = |i: usize, what: &str| -> Result<u64, String> {
            let t = tokens[i];
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) || t.len() > 19 {
                return Err(format!("{what} {t:?} in {line:?} is not a number"));
            }
            if t.len() > 1 && t.starts_with('0') {
                return Err(format!(
                    "{what} {t:?} in {line:?} has a leading zero (numbers are written without)"
                ));
            }
            t.parse::<u64>()
                .map_err(|_| format!("{what} {t:?} in {line:?} is not a number"))
        };
        if tokens.is_empty() {
            return Err("an empty line is not a pawns position".to_owned());
        }
        let n = number(0, "N")?;
        if n == 0 || n > max_n {
            return Err(format!("pawns needs 1 ≤ N ≤ {max_n}, got {n}"));
        }
        let n = n as usize;
        if tokens.len() == 1 {
            return Ok(Position::start(n));
        }
        let k = number(1, "K")?;
        if tokens.len() as u64 != 2 + 2 * k.min(u64::MAX / 4) {
            return Err(format!(
                "{line:?}: K = {k} runs need {} numbers after K, got {}",
                2 * k as u128,
                tokens.len() - 2
            ));
        }
        let mut runs = Vec::with_capacity(k as usize);
        for i in 0..k as usize {
            let a = number(2 + 2 * i, "a run's first column")?;
            let b = number(3 + 2 * i, "a run's last column")?;
            if a < 1 || a > b || b > n as u64 {
                return Err(format!(
                    "run {} is {a} to {b}: a run needs 1 ≤ a ≤ b ≤ N = {n}",
                    i + 1
                ));
            }
            runs.push((a as usize, b as usize));
        }
        let position = Position { n, runs };
        position.check_reachable()?;
        Ok(position)
    }

    /// Whether the runs are well formed and the played columns can come from play with
    /// White to move, with the first reason they cannot.
    pub fn check_reachable(&self) -> Result<(), String> {
        if self.is_start() {
            return Ok(());
        }
        let mut prev = 0;
        for (i, &(a, b)) in self.runs.iter().enumerate() {
            if a < 1 || a > b || b > self.n {
                return Err(format!(
                    "run {} is {a} to {b}: a run needs 1 ≤ a ≤ b ≤ N = {}",
                    i + 1,
                    self.n
                ));
            }
            if i > 0 && a <= prev + 1 {
                return Err(format!(
                    "run {} ({a} to {b}) does not start past run {i} (ending at {prev}) and a \
                     played column between them",
                    i + 1
                ));
            }
            prev = b;
        }
        // Each gap alone: columns between two runs, or between a run and the board's edge.
        let mut prev_end = 0; // last untouched column before the gap (0: the left edge)
        for &(a, b) in self.runs.iter().chain(std::iter::once(&(self.n + 1, 0))) {
            let gap = a - prev_end - 1;
            let inner = prev_end > 0 && a <= self.n;
            let possible = if self.runs.is_empty() {
                true
            } else if inner {
                gap == 3 || gap >= 5
            } else {
                gap != 1
            };
            if !possible {
                let what = if inner {
                    "between two runs of untouched columns, a played-out gap holds 3 or \
                     at least 5 columns"
                } else {
                    "at a board's edge, a played-out gap holds 0 or at least 2 columns"
                };
                return Err(format!(
                    "columns {} to {} ({gap} played) cannot be played out: {what}",
                    prev_end + 1,
                    a - 1
                ));
            }
            prev_end = b;
        }
        if !reachable(self.n, &self.runs) {
            return Err(format!(
                "no play reaches these runs with White to move (every way of playing out \
                 the other columns takes an odd number of pushes) in {self}"
            ));
        }
        Ok(())
    }

    /// The board: the runs untouched, every other column empty (its pawns, if any, could
    /// never move again), White to move.
    pub fn board(&self) -> Board {
        let mut board = Board::start(self.n);
        board.to_move = Side::White;
        let mut untouched = vec![false; self.n];
        for &(a, b) in &self.runs {
            untouched[a - 1..b].iter_mut().for_each(|u| *u = true);
        }
        for (col, u) in untouched.into_iter().enumerate() {
            if !u {
                board.cells[col] = [Cell::Empty; 3];
            }
        }
        board
    }

    /// The incremental board of this position.
    pub fn live(&self) -> Live {
        Live::from_runs(
            self.n,
            self.runs
                .iter()
                .map(|&(a, b)| (a - 1, b))
                .collect::<Vec<_>>(),
        )
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.n)?;
        if self.is_start() {
            return Ok(());
        }
        write!(f, " {}", self.runs.len())?;
        for &(a, b) in &self.runs {
            write!(f, " {a} {b}")?;
        }
        Ok(())
    }
}

/// Whether some set P of pushed columns, any two at least 2 apart and |P| even, leaves
/// exactly the columns of `runs` (1-based, inclusive, ascending, disjoint) untouched: a
/// column is untouched iff neither it nor a neighbour is in P. A scan over the columns
/// keeping, for each choice of whether the previous and the current column are pushed, the
/// parities of |P| so far that some choice reaches. O(N).
pub fn reachable(n: usize, runs: &[(usize, usize)]) -> bool {
    let mut untouched = vec![false; n];
    for &(a, b) in runs {
        untouched[a - 1..b].iter_mut().for_each(|u| *u = true);
    }
    // state[2 * prev + cur]: bit p set when parity p of |P| is reachable with those two
    // choices (prev: the column before is pushed; cur: this column is).
    let mut state = [1u8, 2, 0, 0];
    for (c, &fresh) in untouched.iter().enumerate() {
        let mut next = [0u8; 4];
        for (s, &mask) in state.iter().enumerate() {
            let (prev, cur) = (s >> 1, s & 1);
            for after in [0, 1] {
                // Pushes stand at least 2 apart, and none beyond the board.
                if mask == 0 || (after == 1 && c + 1 == n) || (cur == 1 && (prev | after) == 1) {
                    continue;
                }
                if (prev | cur | after == 1) == fresh {
                    continue;
                }
                // A push in the next column flips the parity.
                let m = if after == 1 {
                    ((mask & 1) << 1) | (mask >> 1)
                } else {
                    mask
                };
                next[2 * cur + after] |= m;
            }
        }
        state = next;
    }
    state.iter().any(|&m| m & 1 != 0)
}
