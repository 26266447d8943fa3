//! race — BOI 2008 "Game": the referee's side, with nothing of the solution in it.
//!
//! - [`Board`]: the judge format of one board.
//! - [`Rules`], [`Position`], [`legal_moves`]: the rules engine, with the jump and both
//!   readings of "may the jumper land on the square it came from" ([`JumpBack`]).
//! - [`retrograde`]: an exhaustive search over (A square, B square, side to move) — win, loss
//!   or draw for every position of a small board; it knows nothing of layers or parity.
//! - [`Evaluator`] (module [`eval`]): the referee's exact evaluator of every position on
//!   boards up to the referee's limit, checked against [`retrograde`] (games/race/docs/evaluator.md).
//! - [`PipesAndTanks`]: the paper's boards that break the official O(n³) bound.
//!
//! The solution (`solutions/race.rs`) is not part of this library: the tests that check it
//! include the solution file themselves.
//!
//! Rule readings fixed here (problems.md §5): a player wins the moment it enters the
//! opponent's start square, by a step or by either half of a jump — stepping onto the
//! opponent standing on its own start square wins at once, no landing needed. A player with
//! no legal move loses (this never happens on a connected board). Landing back on the
//! square the jumper came from amounts to passing the turn; allowing it or not changes no
//! answer on any board the tests search (random boards up to 8×8, mazes, corridors, pipes
//! and tanks), and no connected board they search is a draw.

pub mod board;
pub mod check;
pub mod coverage;
pub mod gen;
pub mod play;
pub mod shrink;
pub mod validate;

/// The problem of this game, as the registry lists it.
pub const RACE: combgames_core::problem::Problem = combgames_core::problem::Problem {
    name: "race",
    gen: &gen::GEN,
    validator: &validate::RACE,
    play: &play::PLAY,
    shrink: shrink::race,
    judge_sized: (40, Some(10)),
    largest: Some(combgames_core::problem::Largest {
        kind: "pipes",
        size: 300,
        count: Some(10),
    }),
    board: board::board,
    notation: board::NOTATION,
    sides: ["A", "B"],
    human: board::HUMAN,
    replay: include_str!("replay.js"),
};

use std::fmt;

pub mod eval;
pub use eval::Evaluator;

/// The two players; A moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    A,
    B,
}

impl Player {
    pub fn other(self) -> Player {
        match self {
            Player::A => Player::B,
            Player::B => Player::A,
        }
    }

    pub fn letter(self) -> char {
        match self {
            Player::A => 'A',
            Player::B => 'B',
        }
    }
}

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

/// Whether a jump may land on the square the jumper started its move from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum JumpBack {
    Allowed,
    Forbidden,
}

/// The rule variant in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    pub jump_back: JumpBack,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            jump_back: JumpBack::Allowed,
        }
    }
}

/// Where both players stand and who moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub a: usize,
    pub b: usize,
    pub to_move: Player,
}

impl Position {
    pub fn start(board: &Board) -> Position {
        Position {
            a: board.a,
            b: board.b,
            to_move: Player::A,
        }
    }

    /// The square of `p`.
    pub fn square(&self, p: Player) -> usize {
        match p {
            Player::A => self.a,
            Player::B => self.b,
        }
    }

    /// Every position of play on `board`: both players on squares reachable from the
    /// starts, apart, neither on its own goal (a player there has already won), either to
    /// move. The positions the evaluators are checked on.
    pub fn all_of_play(board: &Board) -> Vec<Position> {
        let reach = board.distances(board.a);
        let cells: Vec<usize> = (0..board.free.len())
            .filter(|&v| reach[v] != u32::MAX)
            .collect();
        let mut out = Vec::new();
        for &a in &cells {
            for &b in &cells {
                if a != b && a != board.b && b != board.a {
                    for to_move in [Player::A, Player::B] {
                        out.push(Position { a, b, to_move });
                    }
                }
            }
        }
        out
    }
}

/// One legal move: the step, and the landing square when the step was onto the opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub step: usize,
    pub landing: Option<usize>,
}

/// What a move leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The mover entered the opponent's start square.
    Wins,
    /// The game goes on from this position.
    Continues(Position),
}

/// Every legal move of the player to move, with its outcome. A step onto the opponent's
/// start square wins outright (even when the opponent stands there); a step onto the
/// opponent elsewhere must continue to a free neighbour of the opponent's square (under
/// `JumpBack::Forbidden` not the square the mover came from). The solution has its own copy
/// of these rules on purpose (solutions/src/race.rs, `Graph::moves_into`): the referee never
/// judges with a solution's code.
pub fn legal_moves(board: &Board, pos: Position, rules: Rules) -> Vec<(Move, Outcome)> {
    let mover = pos.to_move;
    let (from, opp) = (pos.square(mover), pos.square(mover.other()));
    let target = board.start(mover.other());
    let after = |to: usize| {
        let mut next = pos;
        match mover {
            Player::A => next.a = to,
            Player::B => next.b = to,
        }
        next.to_move = mover.other();
        Outcome::Continues(next)
    };
    let mut out = Vec::new();
    for step in board.neighbours(from) {
        if step == target {
            out.push((
                Move {
                    step,
                    landing: None,
                },
                Outcome::Wins,
            ));
        } else if step != opp {
            out.push((
                Move {
                    step,
                    landing: None,
                },
                after(step),
            ));
        } else {
            for landing in board.neighbours(opp) {
                if landing == from && rules.jump_back == JumpBack::Forbidden {
                    continue;
                }
                let outcome = if landing == target {
                    Outcome::Wins
                } else {
                    after(landing)
                };
                out.push((
                    Move {
                        step,
                        landing: Some(landing),
                    },
                    outcome,
                ));
            }
        }
    }
    out
}

/// The value of a position for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    Win,
    Loss,
    Draw,
}

/// Every position's value, by retrograde analysis over all (A square, B square, side to
/// move) with A ≠ B on free squares: positions with an immediately winning move are wins,
/// positions without moves losses, then values flow backwards; what is never settled is a
/// draw (play can go on forever). Memory O(n⁴): for small boards only.
pub struct Retrograde {
    n2: usize,
    values: Vec<Value>,
    /// Moves to the end of the game under best play (the winner hurries, the loser delays):
    /// settled breadth first, a win is one more than its nearest lost child, a loss one more
    /// than its farthest child. 0 for draws and for positions with no move.
    depths: Vec<u32>,
}

impl Retrograde {
    fn index(n2: usize, pos: Position) -> usize {
        (pos.a * n2 + pos.b) * 2 + usize::from(pos.to_move == Player::B)
    }

    /// The value of `pos` for the player to move.
    pub fn value(&self, pos: Position) -> Value {
        self.values[Self::index(self.n2, pos)]
    }

    /// Moves to the end of the game from `pos` under best play (see the field).
    pub fn depth(&self, pos: Position) -> u32 {
        self.depths[Self::index(self.n2, pos)]
    }
}

/// Solves every position of `board` under `rules` (see [`Retrograde`]).
pub fn retrograde(board: &Board, rules: Rules) -> Retrograde {
    let n2 = board.n * board.n;
    let states = n2 * n2 * 2;
    let mut values = vec![Value::Draw; states];
    let mut open_children = vec![0u32; states];
    let mut parents: Vec<Vec<u32>> = vec![Vec::new(); states];
    let mut queue = Vec::new();
    let mut depths = vec![0u32; states];
    let mut immediate_wins = Vec::new();
    for a in (0..n2).filter(|&v| board.free[v]) {
        for b in (0..n2).filter(|&v| board.free[v] && v != a) {
            for to_move in [Player::A, Player::B] {
                let pos = Position { a, b, to_move };
                let me = Retrograde::index(n2, pos);
                let moves = legal_moves(board, pos, rules);
                if moves.iter().any(|(_, o)| *o == Outcome::Wins) {
                    values[me] = Value::Win;
                    depths[me] = 1;
                    immediate_wins.push(me);
                    continue;
                }
                let mut children: Vec<usize> = moves
                    .iter()
                    .map(|(_, o)| match o {
                        Outcome::Continues(p) => Retrograde::index(n2, *p),
                        Outcome::Wins => unreachable!(),
                    })
                    .collect();
                children.sort_unstable();
                children.dedup();
                if children.is_empty() {
                    values[me] = Value::Loss;
                    queue.push(me);
                }
                open_children[me] = children.len() as u32;
                for c in children {
                    parents[c].push(me as u32);
                }
            }
        }
    }
    // A settled child settles its parents: a lost child makes the parent a win; a won child
    // closes one of the parent's options, and a parent with no option left is lost.
    // First in, first out, losses without moves (depth 0) before immediate wins (depth 1):
    // positions settle in order of depth, which makes the depths exact.
    queue.extend(immediate_wins);
    let mut settled = vec![false; states];
    for &q in &queue {
        settled[q] = true;
    }
    let mut head = 0;
    while head < queue.len() {
        let child = queue[head];
        head += 1;
        for &p in &parents[child] {
            let p = p as usize;
            if settled[p] {
                continue;
            }
            if values[child] == Value::Loss {
                values[p] = Value::Win;
            } else {
                open_children[p] -= 1;
                if open_children[p] > 0 {
                    continue;
                }
                values[p] = Value::Loss;
            }
            settled[p] = true;
            depths[p] = depths[child] + 1;
            queue.push(p);
        }
    }
    Retrograde { n2, values, depths }
}

/// The result of the game from the start under best play, by [`retrograde`]:
/// `Some(winner)`, or `None` for a draw.
pub fn brute_force_winner(board: &Board, rules: Rules) -> Option<Player> {
    match retrograde(board, rules).value(Position::start(board)) {
        Value::Win => Some(Player::A),
        Value::Loss => Some(Player::B),
        Value::Draw => None,
    }
}

/// The "pipes and tanks" boards of Cao Qinxiang (2009) against the official solution: many
/// squares of one shortest-path layer and a long A–B distance, so the pair DP over
/// (A square, B square) of equal depth costs far more than n³ while the interval DP stays
/// O(n²).
///
/// Shape: 2^`band_levels` identical horizontal bands, fed from A's side by a binary
/// corridor tree down the left edge and drained by its mirror image on the right edge. In
/// each band a feed corridor reaches a binary corridor tree (both halves of every split
/// have the same length) with 2^`levels` leaves on one row, all at the same distance from
/// A; under every leaf hangs a tank of `2·leaf_offset − 1` columns and `tank_height` rows,
/// entered at its top-left square and left at its bottom-right one into the mirrored tree
/// that leads to B. Every tank of every band lies on a shortest A–B path at the same depth,
/// so a layer through the tanks holds (tanks per band) × (bands) × (tank diagonal) squares,
/// Θ(n²/log n) for the widest trees (≥ n^1.5), against O(n) on an open board. Above and
/// below, `lead` corridor rows (even; 0 for none) of a serpentine pipe lead from A's start
/// to the left tree and from the right tree to B's start: with `lead` ≈ n/8 the distance is
/// Θ(n²). B's start moves one square back along its pipe when needed to make the distance
/// even (with an odd distance A wins at once and there is nothing to compute).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PipesAndTanks {
    pub band_levels: u32,
    pub levels: u32,
    pub leaf_offset: usize,
    pub tank_height: usize,
    pub lead: usize,
}

impl PipesAndTanks {
    /// The member with the longest layer that fits an n×n board (square tanks of side
    /// 2·leaf_offset − 1, whose diagonals add up to the layer). With `long`, the bands get
    /// about half of the rows and the two serpentine pipes the rest (distance Θ(n²));
    /// otherwise the bands fill the board (longest layers, distance Θ(n)). None when n is
    /// too small (below 20, or 40 with `long`).
    pub fn fitting(n: usize, long: bool) -> Option<PipesAndTanks> {
        let mut chosen: Option<(usize, PipesAndTanks)> = None;
        for leaf_offset in 1..=8 {
            for band_levels in 0..12 {
                for levels in 1..12 {
                    let tank_height = (2 * leaf_offset - 1).max(2);
                    let mut p = PipesAndTanks {
                        band_levels,
                        levels,
                        leaf_offset,
                        tank_height,
                        lead: 0,
                    };
                    if long {
                        if 2 * p.height() > n + 2 {
                            continue;
                        }
                        // Two serpentines of 2·lead − 1 rows and a wall row each: the rest.
                        p.lead = (n.saturating_sub(p.height()) / 4) & !1;
                        if p.lead < 2 {
                            continue;
                        }
                    }
                    let layer = (1usize << (levels + band_levels)) * (2 * leaf_offset - 1);
                    if p.side() <= n && chosen.map_or(true, |(best, _)| best < layer) {
                        chosen = Some((layer, p));
                    }
                }
            }
        }
        chosen.map(|(_, p)| p)
    }

    fn tree_width(&self) -> usize {
        2 * self.leaf_offset * ((1 << self.levels) - 1) + 1
    }

    fn shift(&self) -> usize {
        2 * self.leaf_offset - 2
    }

    fn band_width(&self) -> usize {
        self.tree_width() + self.shift()
    }

    fn band_height(&self) -> usize {
        4 * self.levels as usize + self.tank_height + 6
    }

    /// Row distance between band tops (even, so the master trees can split evenly).
    fn pitch(&self) -> usize {
        (self.band_height() + 2) & !1
    }

    /// Columns left of the bands: the pipe's column, a wall column, the left tree.
    fn margin(&self) -> usize {
        2 + 2 * self.band_levels as usize + 1
    }

    fn width(&self) -> usize {
        2 * self.margin() + self.band_width()
    }

    /// Rows of the bands.
    fn height(&self) -> usize {
        (1usize << self.band_levels) * self.pitch()
    }

    /// Rows taken by one serpentine and the wall row under it.
    fn lead_rows(&self) -> usize {
        if self.lead == 0 {
            0
        } else {
            2 * self.lead
        }
    }

    /// The side of the square board.
    pub fn side(&self) -> usize {
        self.width().max(self.height() + 2 * self.lead_rows())
    }

    /// The board (side [`Self::side`]), or the same shape padded with walls to `n` rows.
    pub fn board(&self, n: usize) -> Board {
        assert!(self.levels >= 1 && self.leaf_offset >= 1 && self.tank_height >= 1);
        assert!(
            self.lead % 2 == 0,
            "the serpentine needs an even number of rows"
        );
        let n = n.max(self.side());
        let mut free = vec![false; n * n];
        let (oy, width) = (self.lead_rows(), self.width());
        let mut open = |r: usize, c: usize| free[(oy + r) * n + c] = true;
        let (margin, pitch) = (self.margin(), self.pitch());
        let bands = 1usize << self.band_levels;
        let xc = self.leaf_offset * ((1 << self.levels) - 1);
        let shift = self.shift();
        let tw = 2 * self.leaf_offset - 1;
        let h = self.tank_height;
        let l = self.levels as usize;
        let bottom = 3 + 2 * l + h; // row of B's leaves, in band coordinates
        for band in 0..bands {
            let top = band * pitch;
            let left = margin;
            for c in 0..=xc {
                open(top, left + c);
            }
            open(top + 1, left + xc);
            // A's tree downwards from row 2, B's mirror upwards from row bottom + 2l.
            let mut nodes = vec![xc];
            for level in 0..l {
                let o = self.leaf_offset << (l - 1 - level);
                let mut children = Vec::new();
                for &x in &nodes {
                    for c in x - o..=x + o {
                        open(top + 2 + 2 * level, left + c);
                        open(top + bottom + 2 * (l - level), left + shift + c);
                    }
                    for child in [x - o, x + o] {
                        open(top + 3 + 2 * level, left + child);
                        open(top + bottom + 2 * (l - level) - 1, left + shift + child);
                        children.push(child);
                    }
                }
                nodes = children;
            }
            for &x in &nodes {
                open(top + 2 + 2 * l, left + x);
                open(top + bottom, left + shift + x);
                for r in 0..h {
                    for c in 0..tw {
                        open(top + 3 + 2 * l + r, left + x + c);
                    }
                }
            }
            open(top + bottom + 2 * l + 1, left + shift + xc);
            for c in shift + xc..self.band_width() {
                open(top + bottom + 2 * l + 2, left + c);
            }
        }
        // The master trees: leaves next to the feed rows (left) and the drain rows (right),
        // roots on the outer tree columns, joined through a gap in the wall column to the
        // pipe columns 0 and width − 1.
        let drain_row = self.band_height() - 1;
        let right = margin + self.band_width();
        let half = pitch / 2;
        let centre = half * (bands - 1);
        let mut nodes = vec![centre];
        let jl = self.band_levels as usize;
        for level in 0..jl {
            let o = half << (jl - 1 - level);
            let mut children = Vec::new();
            for &y in &nodes {
                for r in y - o..=y + o {
                    open(r, 2 + 2 * level);
                    open(drain_row + r, right + 2 * (jl - level));
                }
                for child in [y - o, y + o] {
                    open(child, 2 + 2 * level + 1);
                    open(drain_row + child, right + 2 * (jl - level) - 1);
                    children.push(child);
                }
            }
            nodes = children;
        }
        for &y in &nodes {
            open(y, margin - 1);
            open(drain_row + y, right);
        }
        for c in 0..2 {
            open(centre, c);
            open(drain_row + centre, width - 1 - c);
        }
        // The pipes: A's from the top-left corner down to the left root, B's from the right
        // root down to the bottom-left corner.
        let (a, b_end) = if self.lead == 0 {
            ((oy + centre) * n, (oy + drain_row + centre) * n + width - 1)
        } else {
            let rows = 2 * self.lead - 1;
            let base = oy + self.height() + 1; // first row of B's serpentine
            for r in 0..rows {
                for c in 0..width {
                    let link_col = if r / 2 % 2 == 0 { width - 1 } else { 0 };
                    if r % 2 == 0 || c == link_col {
                        free[r * n + c] = true;
                        free[(base + r) * n + (width - 1 - c)] = true;
                    }
                }
            }
            for r in rows..oy + centre {
                free[r * n] = true;
            }
            for r in oy + drain_row + centre..base {
                free[r * n + width - 1] = true;
            }
            (0, (base + rows - 1) * n + width - 1)
        };
        let mut board = Board {
            n,
            free,
            a,
            b: b_end,
        };
        if board.distances(board.a)[board.b] % 2 == 1 {
            // One square back along B's pipe.
            let back = board
                .neighbours(b_end)
                .next()
                .expect("B's start has a neighbour");
            board.b = back;
            board.free[b_end] = false;
        }
        board
    }
}
