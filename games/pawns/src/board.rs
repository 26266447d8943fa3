//! The 3×N board drawn for `referee human` (the interface: [`combgames_core::board`]).

use combgames_core::board::{Drawing, Drawn};

/// How a move is typed, for `help` and after a malformed move.
pub const NOTATION: &str =
    "a move is `r c r2 c2`: the pawn on row r, column c goes to row r2, column c2 \
             (rows 1..3 from White's side); push one row forward onto an empty square, or \
             capture one row forward and one column aside; capturing is mandatory; no move: lost";

/// Pawns' columns shown at most (a window around the last move beyond).
const PAWN_WINDOW: usize = 30;

/// The three rows and the column drawn around.
struct Rows {
    /// Row 1 (White's), row 2, row 3 (Black's): `w`, `b` or `.` per column.
    rows: [Vec<u8>; 3],
    /// Column of the last move's target, 1-based.
    focus: usize,
}

/// The drawing of a start position `N` or `N K a1 b1 ...`.
pub fn board(position: &str) -> Result<Drawn, String> {
    // `N`, or `N K a1 b1 ...`: the runs of untouched columns, the rest played out
    // and shown empty (docs/protocol.md).
    let start = crate::position::Position::parse(position, crate::play::MAX_SIZE)?;
    let n = start.n;
    let mut rows = [vec![b'.'; n], vec![b'.'; n], vec![b'.'; n]];
    for &(a, b) in &start.runs {
        rows[0][a - 1..b].fill(b'w');
        rows[2][a - 1..b].fill(b'b');
    }
    let rows_focus = Rows {
        rows,
        focus: start
            .runs
            .first()
            .map_or((n + 1) / 2, |&(a, b)| (a + b) / 2),
    };
    Ok((Box::new(rows_focus), None))
}

impl Drawing for Rows {
    fn apply(&mut self, _line: &str, nums: &[u64], _first: bool) {
        let Rows { rows, focus } = self;
        if let [r, c, r2, c2] = nums[..] {
            let at = |r: u64, c: u64| (r as usize - 1, c as usize - 1);
            let ((r, c), (r2, c2)) = (at(r, c), at(r2, c2));
            rows[r2][c2] = rows[r][c];
            rows[r][c] = b'.';
            *focus = c2 + 1;
        }
    }

    fn render(&self, _last: Option<&str>) -> String {
        render_pawns(&self.rows, self.focus)
    }
}

fn render_pawns(rows: &[Vec<u8>; 3], focus: usize) -> String {
    let n = rows[0].len();
    let (lo, hi) = if n <= PAWN_WINDOW {
        (1, n)
    } else {
        let lo = focus
            .saturating_sub(PAWN_WINDOW / 2)
            .clamp(1, n - PAWN_WINDOW + 1);
        (lo, lo + PAWN_WINDOW - 1)
    };
    let width = hi.to_string().len() + 1;
    let mut text = String::new();
    if (lo, hi) != (1, n) {
        text.push_str(&format!("  columns {lo} to {hi} of {n}\n"));
    }
    text.push_str("     ");
    for c in lo..=hi {
        text.push_str(&format!("{c:>width$}"));
    }
    text.push('\n');
    for (r, name) in [(3, "  Black"), (2, ""), (1, "  White")] {
        text.push_str(&format!("  {r}  "));
        for c in lo..=hi {
            text.push_str(&format!("{:>width$}", rows[r - 1][c - 1] as char));
        }
        text.push_str(name);
        text.push('\n');
    }
    text
}

/// `referee human`: the sizes a person can play by default.
pub const HUMAN: combgames_core::board::Human = combgames_core::board::Human {
    sizes: (3, 14),
    sizes_are: "{lo} to {hi} columns",
    options: &[],
    drawn: None,
    round: None,
    ends_stuck: true,
};
