//! The knights and their board drawn for `referee human` (the interface: [`combgames_core::board`]).

use combgames_core::board::{bad, numbers, Drawing, Drawn};
use combgames_core::words::counted;

/// How a move is typed, for `help` and after a malformed move.
pub const NOTATION: &str =
    "a move is `x1 y1 x2 y2 ...`: every knight's destination in the listed order; a \
             knight moves to (x-2, y+1), (x-2, y-1), (x+1, y-2) or (x-1, y-2) on the board, one \
             that cannot move repeats its square; no knight can move: lost";

/// Knights listed by coordinates at most, and the largest board drawn as a grid.
const KNIGHTS_LISTED: usize = 52;
const KNIGHTS_GRID: u64 = 20;

/// The board's side and each knight's square.
struct Knights {
    n: u64,
    knights: Vec<(u64, u64)>,
}

/// The drawing of a start position `K N`, then K lines `x y`.
pub fn board(position: &str) -> Result<Drawn, String> {
    let lines: Vec<&str> = position.lines().collect();
    let fail = || bad("knights", position);
    let head = numbers(lines.first().ok_or_else(fail)?).ok_or_else(fail)?;
    let n = *head.get(1).ok_or_else(fail)?;
    let mut knights = Vec::new();
    for line in &lines[1..] {
        match numbers(line).ok_or_else(fail)?.as_slice() {
            [x, y] => knights.push((*x, *y)),
            _ => return Err(fail()),
        }
    }
    let board = Knights { n, knights };
    Ok((Box::new(board), None))
}

impl Drawing for Knights {
    fn apply(&mut self, _line: &str, nums: &[u64], _first: bool) {
        let Knights { knights, .. } = self;
        for (knight, pair) in knights.iter_mut().zip(nums.chunks(2)) {
            *knight = (pair[0], pair[1]);
        }
    }

    fn render(&self, _last: Option<&str>) -> String {
        render_knights(self.n, &self.knights)
    }
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
        "  {} on a {n}x{n} board, {stuck} cannot move (x = row, y = column)\n",
        counted(knights.len() as u64, "knight")
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

/// `referee human`: the sizes a person can play by default; without `--kind`, one to three
/// knights.
pub const HUMAN: combgames_core::board::Human = combgames_core::board::Human {
    sizes: (5, 10),
    sizes_are: "{lo} to {hi} (1 to 3 knights unless --kind is given)",
    options: &[],
    drawn: None,
    round: Some(human_round),
    ends_stuck: true,
};

/// A round of one to three knights (`HUMAN`'s rounds when `--kind` is not given).
fn human_round(
    range: (u64, u64),
    rng: &mut combgames_core::rng::Rng,
) -> Result<Box<dyn combgames_core::round::Round>, combgames_core::round::GameError> {
    let count = rng.range(1, 3);
    crate::gen::make("random", range, Some(count), rng)
        .map_err(combgames_core::round::GameError::unplayable)
        .and_then(|p| crate::play::KnightsRound::new(p.n, p.knights))
        .map(|r| Box::new(r) as Box<dyn combgames_core::round::Round>)
}
