//! The slow strip engine of the interactive time_limit_exceeded players of tictactoe and coloring
//! (one game on a strip of `.`, `X`, `O`): each run of empty cells valued by the plain mex
//! recurrence over every cell and symbol, a table quadratic in the longest run. Bundled into each
//! player by scripts/make-interactive-packages.sh.

/// What bounds a run of empty cells on one side: the strip's end or a symbol.
const EDGE: usize = 0;

fn end_of(cell: u8) -> usize {
    match cell {
        b'X' => 1,
        b'O' => 2,
        _ => EDGE,
    }
}

/// values[len][left][right]: the Grundy value of a run of `len` empty cells between the ends.
fn grow(values: &mut Vec<[[u32; 3]; 3]>, longest: usize) {
    while values.len() <= longest {
        let len = values.len();
        let mut table = [[0u32; 3]; 3];
        for (left, row) in table.iter_mut().enumerate() {
            for (right, value) in row.iter_mut().enumerate() {
                let mut seen = vec![false; 2 * len + 2];
                for at in 0..len {
                    for symbol in 1..=2 {
                        if (at == 0 && left == symbol) || (at + 1 == len && right == symbol) {
                            continue;
                        }
                        let g = values[at][left][symbol] ^ values[len - 1 - at][symbol][right];
                        if (g as usize) < seen.len() {
                            seen[g as usize] = true;
                        }
                    }
                }
                *value = seen.iter().position(|&s| !s).unwrap() as u32;
            }
        }
        values.push(table);
    }
}

/// The runs of empty cells: (start, len, left end, right end).
fn runs(cells: &[u8]) -> Vec<(usize, usize, usize, usize)> {
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
        found.push((start, at - start, left, right));
    }
    found
}

pub fn total(cells: &[u8], values: &mut Vec<[[u32; 3]; 3]>) -> u32 {
    let runs = runs(cells);
    grow(values, runs.iter().map(|r| r.1).max().unwrap_or(0));
    runs.iter()
        .fold(0, |g, &(_, len, l, r)| g ^ values[len][l][r])
}

/// A move that leaves value 0, or any legal move when there is none.
pub fn best_move(cells: &[u8], values: &mut Vec<[[u32; 3]; 3]>) -> Option<(usize, u8)> {
    let all = total(cells, values);
    let mut any = None;
    for (start, len, left, right) in runs(cells) {
        let rest = all ^ values[len][left][right];
        for at in 0..len {
            for symbol in 1..=2 {
                if (at == 0 && left == symbol) || (at + 1 == len && right == symbol) {
                    continue;
                }
                let mark = if symbol == 1 { b'X' } else { b'O' };
                any = any.or(Some((start + at, mark)));
                let g = values[at][left][symbol] ^ values[len - 1 - at][symbol][right];
                if g == rest {
                    return Some((start + at, mark));
                }
            }
        }
    }
    any
}
