//! The strip drawn for `referee human` (the interface: [`combgames_core::board`]).

use combgames_core::board::{bad, Drawing, Drawn};

/// How a tictactoe move is typed, for `help` and after a malformed move.
pub const NOTATION_TICTACTOE: &str =
    "a move is `c S`: symbol S (X or O) into empty cell c, with no neighbour holding S; \
             no move: lost";
/// How a coloring move is typed.
pub const NOTATION_COLORING: &str =
    "a move is `c S`: colour S (1 or 2) into empty vertex c (0 is empty), with no \
             neighbour holding S; no move: lost";

/// Strip cells per drawn line, and lines drawn before the strip is shown as a window.
const STRIP_LINE: usize = 60;
const STRIP_LINES: usize = 5;

/// The cells and the cell drawn around.
struct Cells {
    cells: Vec<u8>,
    digits: bool,
    focus: usize,
}

/// The drawing of a tictactoe start position (a strip over `.XO`).
pub fn board_tictactoe(position: &str) -> Result<Drawn, String> {
    board(position, "tictactoe", false)
}

/// The drawing of a coloring start position (`N`, then the digits).
pub fn board_coloring(position: &str) -> Result<Drawn, String> {
    board(position, "coloring", true)
}

fn board(position: &str, game: &str, digits: bool) -> Result<Drawn, String> {
    let lines: Vec<&str> = position.lines().collect();
    let fail = || bad(game, position);
    let cells = lines.last().ok_or_else(fail)?.trim().as_bytes().to_vec();
    let strip = Cells {
        focus: 1,
        cells,
        digits,
    };
    Ok((Box::new(strip), None))
}

impl Drawing for Cells {
    fn apply(&mut self, line: &str, nums: &[u64], _first: bool) {
        let Cells { cells, focus, .. } = self;
        let symbol = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.bytes().next());
        if let (Some(&c), Some(s)) = (nums.first(), symbol) {
            cells[c as usize - 1] = s;
            *focus = c as usize;
        }
    }

    fn render(&self, _last: Option<&str>) -> String {
        render_strip(&self.cells, self.digits, self.focus)
    }
}

/// Numbers under a line of cells: under the first, every fifth and the last cell, where each
/// fits with a space before it.
fn ruler(from: usize, to: usize) -> String {
    let mut line: Vec<u8> = Vec::new();
    for cell in from..=to {
        let col = cell - from;
        if (cell == from || cell % 5 == 0 || cell == to) && (line.is_empty() || line.len() < col) {
            line.resize(col, b' ');
            line.extend_from_slice(cell.to_string().as_bytes());
        }
    }
    String::from_utf8(line).unwrap_or_default()
}

fn render_strip(cells: &[u8], digits: bool, focus: usize) -> String {
    let n = cells.len();
    let empty = if digits { b'0' } else { b'.' };
    let free = cells.iter().filter(|&&c| c == empty).count();
    let mut text = format!("  {n} cells, {free} empty\n");
    let (lo, hi) = if n <= STRIP_LINE * STRIP_LINES {
        (1, n)
    } else {
        let lo = focus
            .saturating_sub(STRIP_LINE / 2)
            .clamp(1, n - STRIP_LINE + 1);
        text.push_str(&format!("  cells {lo} to {} of {n}\n", lo + STRIP_LINE - 1));
        (lo, lo + STRIP_LINE - 1)
    };
    let mut from = lo;
    while from <= hi {
        let to = (from + STRIP_LINE - 1).min(hi);
        text.push_str("  ");
        text.push_str(&String::from_utf8_lossy(&cells[from - 1..to]));
        text.push_str("\n  ");
        text.push_str(&ruler(from, to));
        text.push('\n');
        from = to + 1;
    }
    text
}

/// `referee human`: the sizes a person can play by default.
pub const HUMAN: combgames_core::board::Human = combgames_core::board::Human {
    sizes: (5, 16),
    sizes_are: "{lo} to {hi} cells",
    options: &[],
    drawn: None,
    round: None,
    ends_stuck: true,
};
