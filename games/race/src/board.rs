//! The race board drawn for `referee human` (the interface: [`combgames_core::board`]).

use combgames_core::board::{bad, Drawing, Drawn};

/// How a move is typed, for `help` and after a malformed move.
pub const NOTATION: &str =
    "a move is `r c`, the square stepped to (row, column), or `r c r2 c2` for a jump: \
             the opponent's square, then the landing square next to it; entering the \
             opponent's start square wins";

/// Largest race board drawn as a grid (beyond, the squares of A and B by coordinates).
const RACE_GRID: usize = 40;

/// The board, where A and B stand and where they started.
struct Squares {
    grid: Vec<Vec<u8>>,
    a: (usize, usize),
    b: (usize, usize),
    a_start: (usize, usize),
    b_start: (usize, usize),
}

/// The drawing of a start position `n`, then n rows.
pub fn board(position: &str) -> Result<Drawn, String> {
    let lines: Vec<&str> = position.lines().collect();
    let fail = || bad("race", position);
    let grid: Vec<Vec<u8>> = lines[1..].iter().map(|l| l.trim().into()).collect();
    let find = |letter: u8| {
        grid.iter().enumerate().find_map(|(r, row)| {
            row.iter()
                .position(|&c| c == letter)
                .map(|c| (r + 1, c + 1))
        })
    };
    let a_start = find(b'A').ok_or_else(fail)?;
    let b_start = find(b'B').ok_or_else(fail)?;
    // A mid-game start marks where the players stand with `a` and `b`.
    let board = Squares {
        a: find(b'a').unwrap_or(a_start),
        b: find(b'b').unwrap_or(b_start),
        grid,
        a_start,
        b_start,
    };
    Ok((Box::new(board), None))
}

impl Drawing for Squares {
    fn apply(&mut self, _line: &str, nums: &[u64], first: bool) {
        let Squares { a, b, .. } = self;
        if let [.., r, c] = nums[..] {
            let square = (r as usize, c as usize);
            if first {
                *a = square;
            } else {
                *b = square;
            }
        }
    }

    fn render(&self, _last: Option<&str>) -> String {
        render_race(&self.grid, self.a, self.b, self.a_start, self.b_start)
    }
}

fn render_race(
    grid: &[Vec<u8>],
    a: (usize, usize),
    b: (usize, usize),
    a_start: (usize, usize),
    b_start: (usize, usize),
) -> String {
    let n = grid.len();
    let mut text = format!(
        "  A on ({}, {}), B on ({}, {}); starts: A ({}, {}), B ({}, {})\n",
        a.0, a.1, b.0, b.1, a_start.0, a_start.1, b_start.0, b_start.1
    );
    if n > RACE_GRID {
        text.push_str(&format!("  ({n}x{n} board: too large to draw)\n"));
        return text;
    }
    let width = n.to_string().len() + 1;
    text.push_str("    ");
    for c in 1..=n {
        text.push_str(&format!("{c:>width$}"));
    }
    text.push('\n');
    for (r, row) in grid.iter().enumerate() {
        text.push_str(&format!("  {:>2}", r + 1));
        for (c, &cell) in row.iter().enumerate() {
            let here = (r + 1, c + 1);
            // The starts stay marked (lower case) once left: entering one wins.
            let shown = if here == a {
                b'A'
            } else if here == b {
                b'B'
            } else if here == a_start {
                b'a'
            } else if here == b_start {
                b'b'
            } else if cell == b'#' {
                b'#'
            } else {
                b'.'
            };
            text.push_str(&format!("{:>width$}", shown as char));
        }
        text.push('\n');
    }
    text
}

/// `referee human`: the sizes a person can play by default; a race ends when a player enters
/// the other's start, not when one is stuck.
pub const HUMAN: combgames_core::board::Human = combgames_core::board::Human {
    sizes: (4, 7),
    sizes_are: "{lo} to {hi}",
    options: &[],
    drawn: None,
    round: None,
    ends_stuck: false,
};
