//! The run values: the plain mex recurrence over runs ([`RunGrundyTable::by_mex`]), the
//! closed form ([`run_grundy_formula`]), and a strip's runs, legal moves, winning move and
//! value by that closed form, rescanned each time.

use crate::{Cell, Colour, End};

/// Grundy values of runs of every length `0..=max_len` and every pair of ends, computed by the
/// plain mex recurrence (no closed form).
pub struct RunGrundyTable {
    /// `columns[left][right][len]`, ends indexed by [`End::index`]: a column over the lengths
    /// per pair of ends, so that [`RunGrundyTable::by_mex`] reads the options of one colour as
    /// two contiguous slices.
    columns: [[Vec<u32>; 3]; 3],
}

impl RunGrundyTable {
    /// The mex recurrence: placing colour `c` at offset `i` of a run of `len` cells between
    /// `left` and `right` leaves a run of `i` cells between `left` and `c` and one of
    /// `len - 1 - i` cells between `c` and `right`; the move is legal unless the cell touches an
    /// end of colour `c`. Runs of length 0 have value 0. Time O(max_len²).
    pub fn by_mex(max_len: usize) -> RunGrundyTable {
        // The options of one colour: `columns[left][mid][at]` beside
        // `columns[mid][right][len - 1 - at]`, read backwards.
        let mut columns: [[Vec<u32>; 3]; 3] = Default::default();
        for column in columns.iter_mut().flatten() {
            column.push(0);
        }
        // `seen[g] == stamp` marks g as an option of the run being valued. Its length is a power
        // of two above every value in the table, so the xor of two values indexes it (grown
        // when a larger value shows up, never assuming a bound the closed form gives).
        let mut seen: Vec<u32> = vec![0; 64];
        let mut stamp = 0u32;
        for len in 1..=max_len {
            for left in End::ALL {
                for right in End::ALL {
                    stamp += 1;
                    for colour in Colour::BOTH {
                        // The offsets where `colour` may go: not next to an end of its colour.
                        let from = usize::from(!left.allows(colour));
                        let to = len - usize::from(!right.allows(colour));
                        if from >= to {
                            continue;
                        }
                        let mid = End::Colour(colour).index();
                        let lefts = &columns[left.index()][mid][from..to];
                        let rights = &columns[mid][right.index()][len - to..len - from];
                        let mask = seen.len() - 1;
                        for (&a, &b) in lefts.iter().zip(rights.iter().rev()) {
                            seen[(a ^ b) as usize & mask] = stamp;
                        }
                    }
                    let mex = (0..).find(|&g| seen.get(g) != Some(&stamp)).unwrap_or(0);
                    if mex >= seen.len() {
                        let grown = (mex + 1).next_power_of_two();
                        seen.resize(grown, 0);
                    }
                    columns[left.index()][right.index()].push(mex as u32);
                }
            }
        }
        RunGrundyTable { columns }
    }

    /// The longest run length in the table.
    pub fn max_len(&self) -> usize {
        self.columns[0][0].len() - 1
    }

    /// Grundy value of a run of `len` empty cells between `left` and `right`, or `None` when
    /// `len` exceeds the table.
    pub fn get(&self, len: usize, left: End, right: End) -> Option<u32> {
        self.columns[left.index()][right.index()].get(len).copied()
    }
}

/// The mex table of run Grundy values for lengths `0..=max_len` (see [`RunGrundyTable::by_mex`]).
pub fn run_grundy_dp(max_len: usize) -> RunGrundyTable {
    RunGrundyTable::by_mex(max_len)
}

/// Closed form of the Grundy value of a run of `len` empty cells between `left` and `right`
/// (table in the module docs). A run of length 0 has value 0.
pub fn run_grundy_formula(len: u64, left: End, right: End) -> u64 {
    if len == 0 {
        return 0;
    }
    match (left, right) {
        (End::Edge, End::Edge) => len % 2,
        (End::Edge, End::Colour(_)) | (End::Colour(_), End::Edge) => len,
        (End::Colour(a), End::Colour(b)) => u64::from(a == b),
    }
}

/// The first index `i` with cells `i` and `i + 1` holding the same colour: a strip with such a
/// pair cannot arise in play (every prefix of play keeps the colouring proper).
pub fn first_conflict(cells: &[Cell]) -> Option<usize> {
    cells
        .windows(2)
        .position(|w| w[0].is_some() && w[0] == w[1])
}

/// Whether `colour` may be placed in cell `at`: the cell exists, is empty and has no neighbour
/// of that colour.
pub fn is_legal_move(cells: &[Cell], at: usize, colour: Colour) -> bool {
    let neighbour_has = |i: Option<usize>| i.and_then(|i| cells.get(i)) == Some(&Some(colour));
    cells.get(at) == Some(&None)
        && !neighbour_has(at.checked_sub(1))
        && !neighbour_has(at.checked_add(1))
}

/// Number of marks on the strip; in UVa 11534 it is Alice's turn when it is even.
pub fn marks(cells: &[Cell]) -> usize {
    cells.iter().filter(|c| c.is_some()).count()
}

/// The runs of empty cells of a strip with their ends, as `(len, left, right)`, left to right.
pub fn runs(cells: &[Cell]) -> Vec<(u64, End, End)> {
    located_runs(cells)
        .into_iter()
        .map(|(_, len, left, right)| (len, left, right))
        .collect()
}

/// The runs with the index of their first cell: `(start, len, left, right)`.
fn located_runs(cells: &[Cell]) -> Vec<(usize, u64, End, End)> {
    let mut out = Vec::new();
    let mut left = End::Edge;
    let mut start = 0;
    for (i, cell) in cells.iter().enumerate() {
        if let Some(c) = cell {
            if i > start {
                out.push((start, (i - start) as u64, left, End::Colour(*c)));
            }
            left = End::Colour(*c);
            start = i + 1;
        }
    }
    if cells.len() > start {
        out.push((start, (cells.len() - start) as u64, left, End::Edge));
    }
    out
}

/// A move to a position of value 0 (so the player to move wins by it), or `None` when the
/// position is already 0 (every move loses against best play). Tries each cell of each run
/// once with the closed form, O(N) in all: a move in a run only changes that run's value.
pub fn winning_move(cells: &[Cell]) -> Option<(usize, Colour)> {
    let total = position_grundy(cells);
    if total == 0 {
        return None;
    }
    for (start, len, left, right) in located_runs(cells) {
        let wanted = total ^ run_grundy_formula(len, left, right);
        for at in 0..len {
            for colour in Colour::BOTH {
                let mid = End::Colour(colour);
                let touches_same = (at == 0 && left == mid) || (at == len - 1 && right == mid);
                if !touches_same
                    && run_grundy_formula(at, left, mid)
                        ^ run_grundy_formula(len - 1 - at, mid, right)
                        == wanted
                {
                    return Some((start + at as usize, colour));
                }
            }
        }
    }
    None
}

/// Grundy value of a whole proper strip: the xor of its runs' closed-form values. The player to
/// move wins exactly when it is non-zero.
pub fn position_grundy(cells: &[Cell]) -> u64 {
    runs(cells)
        .into_iter()
        .fold(0, |g, (len, l, r)| g ^ run_grundy_formula(len, l, r))
}
