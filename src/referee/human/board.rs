//! The board of each game drawn in text for `referee human`: a small model of the position
//! read from the start position's lines and moved on by each move the round has accepted (the
//! rules and the judging stay the round's; this only draws). ASCII only, so any terminal shows
//! it; large positions are drawn as a window around the last move or as coordinates.

use crate::generate::subtraction::Multiplier;
use crate::registry::Game;
use crate::subtraction::{Position, Ratio};

/// Pawns' columns shown at most (a window around the last move beyond).
const PAWN_WINDOW: usize = 30;
/// Strip cells per drawn line, and lines drawn before the strip is shown as a window.
const STRIP_LINE: usize = 60;
const STRIP_LINES: usize = 5;
/// Knights listed by coordinates at most, and the largest board drawn as a grid.
const KNIGHTS_LISTED: usize = 52;
const KNIGHTS_GRID: u64 = 20;
/// Largest race board drawn as a grid (beyond, the squares of A and B by coordinates).
const RACE_GRID: usize = 40;
/// Longest pile or heap drawn as a bar.
const BAR: u64 = 60;

/// The position of one round as drawn; [`Board::apply`] plays a move the round accepted.
pub struct Board {
    shape: Shape,
    /// Whether the first player is to move.
    first_to_move: bool,
    /// The last move, in notation.
    last: Option<String>,
}

enum Shape {
    Subtraction {
        k_text: String,
        k: Ratio,
        pos: Position,
        /// No move played yet (the first move takes fewer than all).
        fresh: bool,
    },
    Pawns {
        /// Row 1 (White's), row 2, row 3 (Black's): `w`, `b` or `.` per column.
        rows: [Vec<u8>; 3],
        /// Column of the last move's target, 1-based.
        focus: usize,
    },
    Strip {
        cells: Vec<u8>,
        digits: bool,
        focus: usize,
    },
    Knights {
        n: u64,
        knights: Vec<(u64, u64)>,
    },
    Race {
        grid: Vec<Vec<u8>>,
        a: (usize, usize),
        b: (usize, usize),
        a_start: (usize, usize),
        b_start: (usize, usize),
    },
    Impartial {
        spec: String,
        heaps: Vec<u64>,
    },
}

/// The name of a side: the first player is White in pawns and A in race.
pub fn side_name(game: Game, first: bool) -> &'static str {
    match (game, first) {
        (Game::Pawns, true) => "White",
        (Game::Pawns, false) => "Black",
        (Game::Race, true) => "A",
        (Game::Race, false) => "B",
        (_, true) => "the first player",
        (_, false) => "the second player",
    }
}

/// How a move is typed, for `help` and after a malformed move.
pub fn notation(game: Game) -> &'static str {
    match game {
        Game::Subtraction => {
            "a move is the number of stones taken, `3`: the first move takes 1..n-1, later ones \
             at most k times the previous move; whoever takes the last stone wins"
        }
        Game::Pawns => {
            "a move is `r c r2 c2`: the pawn on row r, column c goes to row r2, column c2 \
             (rows 1..3 from White's side); push one row forward onto an empty square, or \
             capture one row forward and one column aside; capturing is mandatory; no move: lost"
        }
        Game::Tictactoe => {
            "a move is `c S`: symbol S (X or O) into empty cell c, with no neighbour holding S; \
             no move: lost"
        }
        Game::Coloring => {
            "a move is `c S`: colour S (1 or 2) into empty vertex c (0 is empty), with no \
             neighbour holding S; no move: lost"
        }
        Game::Knights => {
            "a move is `x1 y1 x2 y2 ...`: every knight's destination in the listed order; a \
             knight moves to (x-2, y+1), (x-2, y-1), (x+1, y-2) or (x-1, y-2) on the board, one \
             that cannot move repeats its square; no knight can move: lost"
        }
        Game::Race => {
            "a move is `r c`, the square stepped to (row, column), or `r c r2 c2` for a jump: \
             the opponent's square, then the landing square next to it; entering the \
             opponent's start square wins"
        }
        Game::Impartial => {
            "a move is `i a b ...`: heap i (counted from 1) is replaced by the heaps a, b, ... \
             as the rules (the spec) allow; `i` alone removes it whole; no move: lost (misere: won)"
        }
    }
}

fn numbers(text: &str) -> Option<Vec<u64>> {
    text.split_whitespace().map(|t| t.parse().ok()).collect()
}

fn bad(game: Game, position: &str) -> String {
    format!("{position:?} is not a {} position", game.name())
}

impl Board {
    /// The board of a start position in the problem's single-case input (its lines joined by
    /// `\n`, as [`crate::referee::games::Round::position_line`] gives it).
    pub fn new(game: Game, position: &str) -> Result<Board, String> {
        let lines: Vec<&str> = position.lines().collect();
        let fail = || bad(game, position);
        // The move before the round's start: subtraction's `n k p` (p, which gave the cap).
        let mut before = None;
        let shape = match game {
            Game::Subtraction => {
                let mut words = position.split_whitespace();
                let n: u64 = words.next().and_then(|w| w.parse().ok()).ok_or_else(fail)?;
                let k_text = words.next().ok_or_else(fail)?.to_owned();
                let k = Multiplier::parse(&k_text).map_err(|e| e.to_string())?.k;
                let last: Option<u64> = match words.next() {
                    Some(p) => Some(p.parse().map_err(|_| fail())?),
                    None => None,
                };
                if words.next().is_some() {
                    return Err(fail());
                }
                before = last.map(|p| p.to_string());
                Shape::Subtraction {
                    k_text,
                    k,
                    pos: match last {
                        Some(p) => Position {
                            stones: n,
                            cap: k.floor_mul(p),
                        },
                        None => Position::start(n),
                    },
                    fresh: last.is_none(),
                }
            }
            Game::Pawns => {
                // `N`, or `N K a1 b1 ...`: the runs of untouched columns, the rest played out
                // and shown empty (docs/protocol.md).
                let start = crate::pawns::position::Position::parse(
                    position,
                    crate::referee::games::pawns::MAX_SIZE,
                )?;
                let n = start.n;
                let mut rows = [vec![b'.'; n], vec![b'.'; n], vec![b'.'; n]];
                for &(a, b) in &start.runs {
                    rows[0][a - 1..b].fill(b'w');
                    rows[2][a - 1..b].fill(b'b');
                }
                Shape::Pawns {
                    rows,
                    focus: start
                        .runs
                        .first()
                        .map_or((n + 1) / 2, |&(a, b)| (a + b) / 2),
                }
            }
            Game::Tictactoe | Game::Coloring => {
                let digits = game == Game::Coloring;
                let cells = lines.last().ok_or_else(fail)?.trim().as_bytes().to_vec();
                Shape::Strip {
                    focus: 1,
                    cells,
                    digits,
                }
            }
            Game::Knights => {
                let head = numbers(lines.first().ok_or_else(fail)?).ok_or_else(fail)?;
                let n = *head.get(1).ok_or_else(fail)?;
                let mut knights = Vec::new();
                for line in &lines[1..] {
                    match numbers(line).ok_or_else(fail)?.as_slice() {
                        [x, y] => knights.push((*x, *y)),
                        _ => return Err(fail()),
                    }
                }
                Shape::Knights { n, knights }
            }
            Game::Race => {
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
                Shape::Race {
                    a: find(b'a').unwrap_or(a_start),
                    b: find(b'b').unwrap_or(b_start),
                    grid,
                    a_start,
                    b_start,
                }
            }
            Game::Impartial => {
                let spec = lines.first().ok_or_else(fail)?.trim().to_owned();
                let row = numbers(lines.get(1).ok_or_else(fail)?).ok_or_else(fail)?;
                Shape::Impartial {
                    spec,
                    heaps: row.get(1..).unwrap_or_default().to_vec(),
                }
            }
        };
        Ok(Board {
            shape,
            first_to_move: true,
            last: before,
        })
    }

    /// Plays a move the round has accepted as legal (so it is in notation and fits the
    /// position), for the player to move.
    pub fn apply(&mut self, line: &str) {
        let nums: Vec<u64> = line
            .split_whitespace()
            .filter_map(|t| t.parse().ok())
            .collect();
        let first = self.first_to_move;
        match &mut self.shape {
            Shape::Subtraction { k, pos, fresh, .. } => {
                if let Some(next) = nums.first().and_then(|&x| pos.take(x, *k).ok()) {
                    *pos = next;
                    *fresh = false;
                }
            }
            Shape::Pawns { rows, focus } => {
                if let [r, c, r2, c2] = nums[..] {
                    let at = |r: u64, c: u64| (r as usize - 1, c as usize - 1);
                    let ((r, c), (r2, c2)) = (at(r, c), at(r2, c2));
                    rows[r2][c2] = rows[r][c];
                    rows[r][c] = b'.';
                    *focus = c2 + 1;
                }
            }
            Shape::Strip { cells, focus, .. } => {
                let symbol = line
                    .split_whitespace()
                    .nth(1)
                    .and_then(|s| s.bytes().next());
                if let (Some(&c), Some(s)) = (nums.first(), symbol) {
                    cells[c as usize - 1] = s;
                    *focus = c as usize;
                }
            }
            Shape::Knights { knights, .. } => {
                for (knight, pair) in knights.iter_mut().zip(nums.chunks(2)) {
                    *knight = (pair[0], pair[1]);
                }
            }
            Shape::Race { a, b, .. } => {
                if let [.., r, c] = nums[..] {
                    let square = (r as usize, c as usize);
                    if first {
                        *a = square;
                    } else {
                        *b = square;
                    }
                }
            }
            Shape::Impartial { heaps, .. } => {
                if let Some((&i, parts)) = nums.split_first() {
                    let i = i as usize - 1;
                    heaps.splice(i..=i, parts.iter().copied());
                }
            }
        }
        self.first_to_move = !first;
        self.last = Some(line.to_owned());
    }

    /// The position drawn, each line ending in a newline.
    pub fn render(&self) -> String {
        match &self.shape {
            Shape::Subtraction {
                k_text, pos, fresh, ..
            } => render_subtraction(k_text, pos, *fresh, self.last.as_deref()),
            Shape::Pawns { rows, focus } => render_pawns(rows, *focus),
            Shape::Strip {
                cells,
                digits,
                focus,
            } => render_strip(cells, *digits, *focus),
            Shape::Knights { n, knights } => render_knights(*n, knights),
            Shape::Race {
                grid,
                a,
                b,
                a_start,
                b_start,
            } => render_race(grid, *a, *b, *a_start, *b_start),
            Shape::Impartial { spec, heaps } => render_impartial(spec, heaps),
        }
    }
}

fn bar(count: u64, symbol: char) -> String {
    if count <= BAR {
        std::iter::repeat(symbol).take(count as usize).collect()
    } else {
        String::new()
    }
}

fn render_subtraction(k_text: &str, pos: &Position, fresh: bool, last: Option<&str>) -> String {
    let unit = if pos.stones == 1 { "stone" } else { "stones" };
    let mut text = format!("  pile: {} {unit}  {}\n", pos.stones, bar(pos.stones, 'o'));
    let most = pos.max_take();
    let why = match (fresh, last) {
        (true, _) => "the first move takes fewer than all".to_owned(),
        (false, Some(x)) => format!("k * last move = {k_text} * {x}, floor {}", pos.cap),
        (false, None) => String::new(),
    };
    if most == 0 {
        text.push_str("  no stone left\n");
    } else {
        text.push_str(&format!("  may take: 1..{most}  ({why})\n"));
    }
    text
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
        text.push_str(&format!("  columns {lo}..{hi} of {n}\n"));
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
        text.push_str(&format!("  cells {lo}..{} of {n}\n", lo + STRIP_LINE - 1));
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

/// Whether a knight on (x, y) of an n-board has a move (every move goes toward the corner).
fn knight_can_move(n: u64, (x, y): (u64, u64)) -> bool {
    (x >= 3 && (y < n || y >= 2)) || (y >= 3 && (x < n || x >= 2))
}

fn knight_label(i: usize) -> u8 {
    // Letters, not digits: the grid's rows and columns are numbered.
    const LABELS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    LABELS.get(i).copied().unwrap_or(b'*')
}

fn render_knights(n: u64, knights: &[(u64, u64)]) -> String {
    let stuck = knights.iter().filter(|&&k| !knight_can_move(n, k)).count();
    let mut text = format!(
        "  {} knight(s) on a {n}x{n} board, {stuck} cannot move (x = row, y = column)\n",
        knights.len()
    );
    if n <= KNIGHTS_GRID {
        let n = n as usize;
        let mut grid = vec![vec![b'.'; n]; n];
        for (i, &(x, y)) in knights.iter().enumerate() {
            let cell = &mut grid[x as usize - 1][y as usize - 1];
            *cell = if *cell == b'.' { knight_label(i) } else { b'+' };
        }
        text.push_str("     y");
        for y in 1..=n {
            text.push_str(&format!("{y:>3}"));
        }
        text.push('\n');
        for (x, row) in grid.iter().enumerate() {
            text.push_str(&format!("  x{:>3}", x + 1));
            for &c in row {
                text.push_str(&format!("{:>3}", c as char));
            }
            text.push('\n');
        }
    }
    let mut line = String::new();
    for (i, &(x, y)) in knights.iter().take(KNIGHTS_LISTED).enumerate() {
        let mark = if knight_can_move(n, (x, y)) { "" } else { "*" };
        line.push_str(&format!("  {}:({x}, {y}){mark}", knight_label(i) as char));
        if i % 4 == 3 {
            text.push_str(&line);
            text.push('\n');
            line.clear();
        }
    }
    if !line.is_empty() {
        text.push_str(&line);
        text.push('\n');
    }
    if knights.len() > KNIGHTS_LISTED {
        text.push_str(&format!(
            "  ... and {} more knights\n",
            knights.len() - KNIGHTS_LISTED
        ));
    }
    if stuck > 0 {
        text.push_str("  (* cannot move: repeat its square)\n");
    }
    text
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

fn render_impartial(spec: &str, heaps: &[u64]) -> String {
    let mut text = format!("  rules: {spec}\n");
    if heaps.is_empty() {
        text.push_str("  no heap left\n");
        return text;
    }
    text.push_str(&format!("  {} heap(s):\n", heaps.len()));
    let width = heaps.len().to_string().len();
    for (i, &h) in heaps.iter().enumerate().take(40) {
        text.push_str(&format!("  {:>width$}: {h:>3}  {}\n", i + 1, bar(h, '|')));
    }
    if heaps.len() > 40 {
        text.push_str(&format!("  ... and {} more heaps\n", heaps.len() - 40));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pawns_move_and_capture() {
        let mut board = Board::new(Game::Pawns, "3").unwrap();
        board.apply("1 2 2 2");
        board.apply("3 1 2 2");
        let text = board.render();
        assert!(text.contains("  3   . b b  Black"), "{text}");
        assert!(text.contains("  2   . b ."), "{text}");
        assert!(text.contains("  1   w . w  White"), "{text}");
    }

    #[test]
    fn a_long_pawn_row_shows_a_window_around_the_last_move() {
        let mut board = Board::new(Game::Pawns, "1000").unwrap();
        board.apply("1 500 2 500");
        let text = board.render();
        assert!(text.contains("columns 485..514 of 1000"), "{text}");
    }

    #[test]
    fn strips_have_a_ruler() {
        let mut board = Board::new(Game::Tictactoe, "............").unwrap();
        board.apply("5 X");
        let text = board.render();
        assert!(text.contains("  ....X.......\n  1   5    10\n"), "{text}");
        let board = Board::new(Game::Coloring, "3\n010").unwrap();
        assert!(board.render().contains("3 cells, 2 empty"));
    }

    #[test]
    fn subtraction_shows_the_cap() {
        let mut board = Board::new(Game::Subtraction, "10 2").unwrap();
        assert!(board.render().contains("may take: 1..9"));
        board.apply("3");
        let text = board.render();
        assert!(text.contains("pile: 7 stones  ooooooo\n"), "{text}");
        assert!(text.contains("may take: 1..6"), "{text}");
    }

    #[test]
    fn subtraction_starts_mid_game() {
        // `n k p`: 10 stones, the opponent took 2, so k = 3/2 gives a cap of 3.
        let board = Board::new(Game::Subtraction, "10 3/2 2").unwrap();
        let text = board.render();
        assert!(text.contains("may take: 1..3"), "{text}");
        assert!(text.contains("3/2 * 2, floor 3"), "{text}");
        assert!(Board::new(Game::Subtraction, "10 2 1 1").is_err());
        assert!(Board::new(Game::Subtraction, "10 2 x").is_err());
    }

    #[test]
    fn knights_race_and_heaps() {
        let mut board = Board::new(Game::Knights, "2 5\n4 4\n1 1").unwrap();
        board.apply("2 5 1 1");
        let text = board.render();
        assert!(text.contains("A:(2, 5)  B:(1, 1)*"), "{text}");
        let mut board = Board::new(Game::Race, "3\nA..\n...\n..B").unwrap();
        board.apply("1 2");
        let text = board.render();
        assert!(text.contains("   1 a A ."), "{text}");
        // A mid-game start: A on 1 2 and B on 2 2, the starts drawn lower case.
        let board = Board::new(Game::Race, "3\nAa.\n.b.\n..B").unwrap();
        let text = board.render();
        assert!(text.contains("A on (1, 2), B on (2, 2)"), "{text}");
        assert!(
            text.contains("   1 a A .\n   2 . B .\n   3 . . b"),
            "{text}"
        );
        let mut board = Board::new(Game::Impartial, "0.137\n2 4 5").unwrap();
        board.apply("2 1 2");
        let text = board.render();
        assert!(text.contains("3 heap(s)"), "{text}");
        assert!(text.contains("3:   2  ||"), "{text}");
    }
}
