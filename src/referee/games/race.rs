//! The race of BOI 2008 "Game" as the referee plays it: the board in the judge format, moves
//! named by the square stepped to (and the landing square of a jump), judged by the library's
//! rules engine.
//!
//! Every position is judged exactly by the library's own evaluator ([`race::Evaluator`],
//! docs/race-evaluator.md): the race lemma off the band, bit-matrix tables in it. Every move
//! of the solution is judged; a move that hands over the win is WA at once, and when the
//! solution holds the losing side the referee plays winning moves that bring it nearer its
//! goal, so the round ends. Rounds are cut after [`MOVE_CAP`] moves (long corridors).

use super::{MoveError, Play, Trap, TypedRound};
use crate::race::{self, legal_moves, Board, Evaluator, Move, Outcome, Player, Position, Rules};
use crate::rng::Rng;

/// Default board sides: 2..300, the judges' full range (a quarter of the rounds at the top
/// side, the others log-uniform, so small boards stay common).
/// How the referee plays race (see the registry).
pub const PLAY: Play = Play {
    size_is: "board side n",
    min_size: 2,
    default_size: DEFAULT_SIZE,
    max_size: MAX_SIZE,
    move_cap: MOVE_CAP,
    max_line: crate::referee::peer::MAX_LINE,
    options: &[],
    generate: |spec, _round, rng| {
        let (lo, hi) = spec.size.unwrap_or(DEFAULT_SIZE);
        Ok(Box::new(generate_round(lo, hi, rng)?))
    },
    // `n`, then n rows.
    position_lines: |first| match first.trim().parse::<usize>() {
        Ok(n) if n <= MAX_SIZE as usize => Ok(n + 1),
        _ => Err(format!(
            "{first:?} is not a race board side (2..={MAX_SIZE})"
        )),
    },
    from_line: |line| Ok(Box::new(from_text(line)?)),
    illegal_move: |_| "0 0".to_owned(),
};

pub const DEFAULT_SIZE: (u64, u64) = (2, 300);
/// Largest side: the board goes out as n² + n bytes, under the 1 MiB of unread input the
/// referee allows (process::MAX_PENDING_INPUT).
pub const MAX_SIZE: u64 = 1000;
/// Moves after which a round is cut: a corridor of a 300×300 board is raced over tens of
/// thousands of moves; every move up to the cut is judged exactly.
pub const MOVE_CAP: u64 = 3000;
/// Band table bits the referee builds at most (1 GiB): far above any 300×300 board
/// (about 72·10⁶ bits on an open one); boards near n = 1000 may be refused.
pub const MAX_BAND_BITS: u64 = 1 << 33;

pub struct RaceRound {
    board: Board,
    pos: Position,
    /// The last move entered the opponent's start: the player to move has lost.
    over: bool,
    eval: Evaluator,
    moves: u64,
}

/// Parses `r` or `c` (1-based) of a move: digits only.
fn coordinate(text: &str) -> Result<usize, MoveError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(MoveError::Syntax(format!(
            "expected a row or column number, got {text:?}"
        )));
    }
    text.parse()
        .map_err(|_| MoveError::Illegal(format!("{text} is off the board")))
}

impl RaceRound {
    pub fn new(board: Board) -> Result<RaceRound, String> {
        if board.n > MAX_SIZE as usize {
            return Err(format!(
                "race boards go up to n = {}, got {}",
                MAX_SIZE, board.n
            ));
        }
        if !board.connected() {
            return Err("B's start is not reachable from A's start".to_owned());
        }
        let size = Evaluator::band_size(&board);
        if size.bits > MAX_BAND_BITS {
            return Err(format!(
                "the exact evaluator would need {} MiB of band tables (limit {} MiB)",
                size.bits / 8 / (1 << 20),
                MAX_BAND_BITS / 8 / (1 << 20)
            ));
        }
        Ok(RaceRound {
            pos: Position::start(&board),
            over: false,
            eval: Evaluator::new(&board, Rules::default()),
            moves: 0,
            board,
        })
    }

    /// The current position (A square, B square, side to move).
    pub fn position(&self) -> Position {
        self.pos
    }

    /// The round's board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    fn square(&self, v: usize) -> String {
        format!("{} {}", v / self.board.n + 1, v % self.board.n + 1)
    }

    fn notation(&self, m: Move) -> String {
        match m.landing {
            None => self.square(m.step),
            Some(l) => format!("{} {}", self.square(m.step), self.square(l)),
        }
    }

    fn moves_here(&self) -> Vec<(Move, Outcome)> {
        if self.over {
            return Vec::new();
        }
        legal_moves(&self.board, self.pos, Rules::default())
    }

    fn play_outcome(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Wins => {
                self.over = true;
                self.pos.to_move = self.pos.to_move.other();
            }
            Outcome::Continues(p) => self.pos = p,
        }
        self.moves += 1;
    }

    /// Whether a move with outcome `o` wins for the player making it.
    fn wins(&self, o: Outcome) -> bool {
        match o {
            Outcome::Wins => true,
            Outcome::Continues(p) => !self.eval.mover_wins(p),
        }
    }

    /// The mover's distance to its goal after a move with outcome `o` (0: it entered it).
    fn distance_after(&self, o: Outcome) -> u32 {
        let me = self.pos.to_move;
        match o {
            Outcome::Wins => 0,
            Outcome::Continues(p) => self.eval.to_goal(me, p.square(me)),
        }
    }

    /// The opponent's replies after `o`: (winning, losing) counts for the opponent.
    fn replies(&self, o: Outcome) -> (u32, u32) {
        let Outcome::Continues(next) = o else {
            return (0, 0);
        };
        let mut counts = (0, 0);
        for (_, reply) in legal_moves(&self.board, next, Rules::default()) {
            let wins = match reply {
                Outcome::Wins => true,
                Outcome::Continues(p) => !self.eval.mover_wins(p),
            };
            if wins {
                counts.0 += 1;
            } else {
                counts.1 += 1;
            }
        }
        counts
    }

    /// The outcome of the legal move `m`, if it is legal.
    fn outcome(&self, m: Move) -> Option<Outcome> {
        self.moves_here()
            .into_iter()
            .find(|(legal, _)| *legal == m)
            .map(|(_, o)| o)
    }
}

impl TypedRound for RaceRound {
    type Move = Move;

    fn position_line(&self) -> String {
        self.board.to_input().trim_end().to_owned()
    }

    fn describe(&self) -> String {
        format!(
            "A on {}, B on {}, {} to move",
            self.square(self.pos.a),
            self.square(self.pos.b),
            self.pos.to_move.letter()
        )
    }

    /// Reads `r c` or `r c r2 c2` and checks it against the legal moves here (the message
    /// quotes the line).
    fn parse_move(&self, line: &str) -> Result<Move, MoveError> {
        let parts: Vec<&str> = line.split(' ').collect();
        if parts.len() != 2 && parts.len() != 4 {
            return Err(MoveError::Syntax(format!(
                "expected `r c` or `r c r2 c2`, got {line:?}"
            )));
        }
        let nums = parts
            .iter()
            .map(|t| coordinate(t))
            .collect::<Result<Vec<usize>, MoveError>>()?;
        let n = self.board.n;
        let square = |r: usize, c: usize| {
            (1..=n)
                .contains(&r)
                .then_some(())
                .filter(|_| (1..=n).contains(&c))
                .map(|_| (r - 1) * n + c - 1)
                .ok_or_else(|| MoveError::Illegal(format!("{r} {c} is off the {n}×{n} board")))
        };
        let step = square(nums[0], nums[1])?;
        let landing = match nums.get(2..4) {
            Some([r, c]) => Some(square(*r, *c)?),
            _ => None,
        };
        let m = Move { step, landing };
        match self.outcome(m) {
            Some(_) => Ok(m),
            None => Err(MoveError::Illegal(format!(
                "{line:?} is not a legal move ({})",
                if self.pos.square(self.pos.to_move.other()) == step && landing.is_none() {
                    "a step onto the opponent must name the landing square"
                } else {
                    "steps go to a free orthogonal neighbour; a jump only over the opponent"
                }
            ))),
        }
    }

    fn format_move(&self, &m: &Move) -> String {
        self.notation(m)
    }

    fn apply(&mut self, &m: &Move) -> Result<(), MoveError> {
        let o = self.outcome(m).ok_or_else(|| {
            MoveError::Illegal(format!("{} is not a legal move", self.notation(m)))
        })?;
        self.play_outcome(o);
        Ok(())
    }

    fn leaves_opponent_winning(&mut self, &m: &Move) -> Result<bool, String> {
        Ok(match self.outcome(m) {
            Some(Outcome::Continues(p)) => self.eval.mover_wins(p),
            Some(Outcome::Wins) | None => false,
        })
    }

    fn moves(&self) -> Vec<Move> {
        self.moves_here().into_iter().map(|(m, _)| m).collect()
    }

    fn mover_wins(&mut self) -> Result<bool, String> {
        Ok(!self.over && self.eval.mover_wins(self.pos))
    }

    /// Only the winning moves that bring the mover nearer its goal: one always exists in a
    /// won position (docs/race-evaluator.md), and taking one every time ends the round.
    fn winning_moves(&mut self) -> Result<Vec<Move>, String> {
        let me = self.pos.to_move;
        let here = self.eval.to_goal(me, self.pos.square(me));
        Ok(self
            .moves_here()
            .into_iter()
            .filter(|&(_, o)| self.wins(o) && self.distance_after(o) < here)
            .map(|(m, _)| m)
            .collect())
    }

    /// Its own: every move is scored by the opponent's replies, judged exactly.
    fn trap_move(&mut self, trap: Trap, rng: &mut Rng) -> Result<Move, String> {
        let moves = self.moves_here();
        if moves.is_empty() {
            return Err(format!("no legal move at {}", self.describe()));
        }
        // Entering the goal is always taken (only after a blunder the session has judged).
        if let Some(&win) = moves.iter().find(|(_, o)| *o == Outcome::Wins) {
            return Ok(win.0);
        }
        // Every move loses; the traps prefer moves after which the solution can still go
        // wrong (it has a losing reply), judged exactly.
        let scored: Vec<_> = moves
            .iter()
            .map(|&(m, o)| {
                let (good, bad) = self.replies(o);
                ((m, o), good, bad)
            })
            .collect();
        let trappy: Vec<_> = scored
            .iter()
            .filter(|&&(_, _, bad)| bad > 0)
            .map(|&(mo, _, _)| mo)
            .collect();
        let pool = if trappy.is_empty() { &moves } else { &trappy };
        let chosen = match trap {
            Trap::Random => pool[rng.index(pool.len())],
            Trap::Longest => {
                // A detour: the move that takes the referee farthest from its goal.
                let far = pool
                    .iter()
                    .map(|&(_, o)| self.distance_after(o))
                    .max()
                    .unwrap_or(0);
                let detours: Vec<_> = pool
                    .iter()
                    .copied()
                    .filter(|&(_, o)| self.distance_after(o) == far)
                    .collect();
                detours[rng.index(detours.len())]
            }
            Trap::UniqueReply => {
                // The fewest winning replies (one if possible), then the most losing ones.
                let best = scored
                    .iter()
                    .map(|&(_, good, bad)| (good, std::cmp::Reverse(bad)))
                    .min()
                    .expect("moves exist");
                let tight: Vec<_> = scored
                    .iter()
                    .filter(|&&(_, good, bad)| (good, std::cmp::Reverse(bad)) == best)
                    .map(|&(mo, _, _)| mo)
                    .collect();
                tight[rng.index(tight.len())]
            }
        };
        Ok(chosen.0)
    }
}

/// What a generated round's board looks like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Random walls (about 30%), random starts, connected.
    Random,
    /// No walls.
    Open,
    /// A depth-first maze with a few rings.
    Maze,
    /// A single winding corridor with the starts at its ends: the parity of its length and
    /// the jump decide.
    Corridor,
    /// Cao's pipes-and-tanks board (needs n ≥ 20).
    PipesAndTanks,
    /// A random board that B wins (the right answer is `second`), when one is found.
    SecondWins,
    /// A random board with the starts an even distance apart that A wins, when one is found
    /// (against "B wins iff the distance is even").
    EvenFirstWins,
}

const SHAPES: [Shape; 7] = [
    Shape::Random,
    Shape::Open,
    Shape::Maze,
    Shape::Corridor,
    Shape::PipesAndTanks,
    Shape::SecondWins,
    Shape::EvenFirstWins,
];

fn random_board(n: usize, rng: &mut Rng) -> Board {
    loop {
        let mut free: Vec<bool> = (0..n * n).map(|_| rng.index(10) >= 3).collect();
        let a = rng.index(n * n);
        let mut b = rng.index(n * n);
        while b == a {
            b = rng.index(n * n);
        }
        free[a] = true;
        free[b] = true;
        let board = Board { n, free, a, b };
        if board.connected() {
            return board;
        }
    }
}

/// The squares next to `v` on an n×n board, walls or not.
fn around(n: usize, v: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (v / n, v % n);
    // By value in every edition (a 2018 array's `.into_iter()` yields references).
    IntoIterator::into_iter([
        (r > 0).then(|| v - n),
        (c + 1 < n).then(|| v + 1),
        (r + 1 < n).then(|| v + n),
        (c > 0).then(|| v - 1),
    ])
    .flatten()
}

/// A single corridor: half of the time a serpentine over every other row (or column) of
/// about n²/2 squares with the starts anywhere on it, otherwise a self-avoiding random walk
/// with the starts at its ends; everything else walls.
fn corridor_board(n: usize, rng: &mut Rng) -> Board {
    if n >= 3 && rng.index(2) == 0 {
        serpentine_board(n, rng)
    } else {
        walk_corridor(n, rng)
    }
}

/// The serpentine of [`corridor_board`]: rows 0, 2, 4, … open, joined at alternate ends.
pub fn serpentine_board(n: usize, rng: &mut Rng) -> Board {
    let transpose = rng.index(2) == 0;
    let mut path = Vec::new();
    for r in (0..n).step_by(2) {
        let cols: Vec<usize> = if r / 2 % 2 == 0 {
            (0..n).collect()
        } else {
            (0..n).rev().collect()
        };
        let end = *cols.last().expect("n ≥ 3");
        path.extend(cols.into_iter().map(|c| (r, c)));
        if r + 2 < n {
            path.push((r + 1, end));
        }
    }
    let path: Vec<usize> = path
        .into_iter()
        .map(|(r, c)| if transpose { c * n + r } else { r * n + c })
        .collect();
    let mut free = vec![false; n * n];
    for &v in &path {
        free[v] = true;
    }
    let (i, j) = loop {
        let (i, j) = match rng.index(3) {
            0 => (0, path.len() - 1),
            _ => (rng.index(path.len()), rng.index(path.len())),
        };
        if i != j {
            break (i, j);
        }
    };
    Board {
        n,
        free,
        a: path[i],
        b: path[j],
    }
}

/// A self-avoiding random walk from a random square until it is stuck; A at one end, B at
/// the other.
fn walk_corridor(n: usize, rng: &mut Rng) -> Board {
    loop {
        let mut free = vec![false; n * n];
        let mut at = rng.index(n * n);
        let start = at;
        free[at] = true;
        loop {
            // Only squares that touch no corridor square but `at`, so the corridor has no
            // shortcuts.
            let next: Vec<usize> = around(n, at)
                .filter(|&v| !free[v] && around(n, v).all(|w| w == at || !free[w]))
                .collect();
            if next.is_empty() {
                break;
            }
            at = next[rng.index(next.len())];
            free[at] = true;
        }
        if at != start {
            return Board {
                n,
                free,
                a: start,
                b: at,
            };
        }
    }
}

/// A random depth-first maze: corridors between the squares of even coordinates, with
/// about 3% of the walls knocked out afterwards (rings); starts on random free squares.
fn maze_board(n: usize, rng: &mut Rng) -> Board {
    let mut free = vec![false; n * n];
    let mut stack = vec![0usize];
    free[0] = true;
    while let Some(&v) = stack.last() {
        let (r, c) = (v / n, v % n);
        let options: Vec<usize> = [(0i64, 2i64), (2, 0), (0, -2), (-2, 0)]
            .iter()
            .filter_map(|&(dr, dc)| {
                let (nr, nc) = (r as i64 + dr, c as i64 + dc);
                let inside = (0..n as i64).contains(&nr) && (0..n as i64).contains(&nc);
                let w = (nr * n as i64 + nc) as usize;
                (inside && !free[w]).then_some(w)
            })
            .collect();
        if options.is_empty() {
            stack.pop();
            continue;
        }
        let w = options[rng.index(options.len())];
        free[(v + w) / 2] = true;
        free[w] = true;
        stack.push(w);
    }
    for cell in free.iter_mut() {
        if rng.index(100) < 3 {
            *cell = true;
        }
    }
    let cells: Vec<usize> = (0..n * n).filter(|&v| free[v]).collect();
    if cells.len() >= 2 {
        for _ in 0..64 {
            let (a, b) = (cells[rng.index(cells.len())], cells[rng.index(cells.len())]);
            let board = Board {
                n,
                free: free.clone(),
                a,
                b,
            };
            if a != b && board.connected() {
                return board;
            }
        }
    }
    // Tiny boards: the maze may be a single square.
    random_board(n, rng)
}

/// No walls; the starts in opposite corners or anywhere.
fn open_board(n: usize, rng: &mut Rng) -> Board {
    let (a, b) = if rng.index(2) == 0 {
        (0, n * n - 1)
    } else {
        let a = rng.index(n * n);
        let mut b = rng.index(n * n);
        while b == a {
            b = rng.index(n * n);
        }
        (a, b)
    };
    Board {
        n,
        free: vec![true; n * n],
        a,
        b,
    }
}

/// A board of `shape` with side n.
pub fn generate(shape: Shape, n: usize, rng: &mut Rng) -> Board {
    match shape {
        Shape::Random => random_board(n, rng),
        Shape::Open => open_board(n, rng),
        Shape::Maze => maze_board(n, rng),
        Shape::Corridor => corridor_board(n, rng),
        Shape::PipesAndTanks => match race::PipesAndTanks::fitting(n, rng.index(2) == 0)
            .or_else(|| race::PipesAndTanks::fitting(n, false))
        {
            Some(p) => p.board(n),
            None => corridor_board(n, rng),
        },
        Shape::SecondWins => even_board(n, Player::B, rng),
        Shape::EvenFirstWins => ring_board(n, rng).unwrap_or_else(|| even_board(n, Player::A, rng)),
    }
}

/// A ring with a stalk: the border of a rectangle with B's start on one corner, and A's start
/// at the end of a corridor that leaves the opposite corner, shorter than half the ring, the
/// distance even. B must choose its way round the ring long before A does, so A wins by
/// going round the other way (the evaluator confirms it). None when n is too small.
fn ring_board(n: usize, rng: &mut Rng) -> Option<Board> {
    if n < 4 {
        return None;
    }
    for _ in 0..16 {
        let h = 1 + rng.index(n - 2);
        let w = 1 + rng.index(n - 1);
        let (k, room) = (h + w, n - 1 - h);
        // The stalk goes down from the corner (h, w): t < k squares, k + t even.
        let t_max = room.min(k - 1);
        if t_max == 0 {
            continue;
        }
        let mut t = 1 + rng.index(t_max);
        if (k + t) % 2 == 1 {
            if t > 1 {
                t -= 1;
            } else if t < t_max {
                t += 1;
            } else {
                continue;
            }
        }
        let mut free = vec![false; n * n];
        for r in 0..=h {
            for c in 0..=w {
                if r == 0 || r == h || c == 0 || c == w {
                    free[r * n + c] = true;
                }
            }
        }
        for r in h..=h + t {
            free[r * n + w] = true;
        }
        let board = Board {
            n,
            free,
            a: (h + t) * n + w,
            b: 0,
        };
        let eval = Evaluator::new(&board, Rules::default());
        if eval.mover_wins(Position::start(&board)) {
            return Some(board);
        }
    }
    None
}

/// A random, maze or corridor board with the starts an even distance apart that `winner`
/// wins (a few tries on large boards, each building the evaluator), else the last even one.
fn even_board(n: usize, winner: Player, rng: &mut Rng) -> Board {
    let tries = if n > 100 { 4 } else { 32 };
    let mut last = None;
    for _ in 0..tries {
        let board = match rng.index(3) {
            0 => random_board(n, rng),
            1 => maze_board(n, rng),
            _ => corridor_board(n, rng),
        };
        if board.distances(board.a)[board.b] % 2 == 1 {
            continue;
        }
        let eval = Evaluator::new(&board, Rules::default());
        if eval.mover_wins(Position::start(&board)) == (winner == Player::A) {
            return board;
        }
        last = Some(board);
    }
    last.unwrap_or_else(|| random_board(n, rng))
}

/// A random round of side in `lo..=hi`, of a random shape.
pub fn generate_round(lo: u64, hi: u64, rng: &mut Rng) -> Result<RaceRound, String> {
    let (lo, hi) = (lo.max(2), hi.max(2));
    let n = if rng.index(4) == 0 {
        hi
    } else {
        rng.log_range(lo, hi)
    } as usize;
    let shape = SHAPES[rng.index(SHAPES.len())];
    RaceRound::new(generate(shape, n, rng))
}

/// A round from the board written on one line or several: `n` and the n rows.
pub fn from_text(text: &str) -> Result<RaceRound, String> {
    let parts: Vec<&str> = text.split_whitespace().collect();
    let (n, rows) = parts
        .split_first()
        .ok_or("an empty race position".to_owned())?;
    let n: usize = n.parse().map_err(|_| format!("bad n in {text:?}"))?;
    if rows.len() != n {
        return Err(format!("expected {n} rows in {text:?}"));
    }
    RaceRound::new(Board::from_rows(rows).map_err(|e| e.to_string())?)
}
