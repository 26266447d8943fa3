//! The race of BOI 2008 "Game" as the referee plays it: the board in the judge format, moves
//! named by the square stepped to (and the landing square of a jump), judged by the library's
//! rules engine.
//!
//! Evaluators (docs/protocol.md, section race): boards up to [`EXHAUSTIVE_MAX_N`]×
//! [`EXHAUSTIVE_MAX_N`] by the exhaustive retrograde search over (A square, B square, side to
//! move), every position; larger boards by the O(n²) layer race for the positions it covers
//! (both players on shortest-path layers, in step) plus "the mover can enter its goal at
//! once" everywhere; the other positions are judged by the round's outcome, with a bound on
//! the round's length ([`RaceRound::move_bound`]).

use super::{GameKind, MoveError, Round, Trap};
use crate::race::{
    self, legal_moves, Board, InStepJudge, Move, Outcome, Player, Position, Retrograde, Rules,
    Value,
};
use crate::referee::rng::Rng;

/// Default board sides: up to the exhaustive evaluator's 12×12, where every move is checked.
pub const DEFAULT_SIZE: (u64, u64) = (2, 12);
/// Largest side: the board goes out as n² + n bytes, under the 1 MiB of unread input the
/// referee allows (process::MAX_PENDING_INPUT).
pub const MAX_SIZE: u64 = 1000;
/// Moves after which a round is cut (no cap until every player reads a cut).
pub const MOVE_CAP: u64 = u64::MAX;

/// Largest side judged by the exhaustive search (the bound).
pub const EXHAUSTIVE_MAX_N: usize = 12;
/// Candidates tried for a move that leaves the solution a single winning reply.
const UNIQUE_REPLY_SAMPLE: usize = 8;

enum Evaluator {
    Exhaustive(Retrograde),
    Layers(InStepJudge),
}

pub struct RaceRound {
    board: Board,
    pos: Position,
    /// The last move entered the opponent's start: the player to move has lost.
    over: bool,
    eval: Evaluator,
    /// Distance of every square to each player's goal (index 0: A's goal, B's start).
    to_goal: [Vec<u32>; 2],
    moves: u64,
}

fn player_index(p: Player) -> usize {
    usize::from(p == Player::B)
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
        if board.n > GameKind::Race.max_size() as usize {
            return Err(format!(
                "race boards go up to n = {}, got {}",
                GameKind::Race.max_size(),
                board.n
            ));
        }
        if !board.connected() {
            return Err("B's start is not reachable from A's start".to_owned());
        }
        let eval = if board.n <= EXHAUSTIVE_MAX_N {
            Evaluator::Exhaustive(race::retrograde(&board, Rules::default()))
        } else {
            Evaluator::Layers(
                InStepJudge::new(&board).ok_or("the layer algorithm's interval check failed")?,
            )
        };
        let to_goal = [board.distances(board.b), board.distances(board.a)];
        Ok(RaceRound {
            pos: Position::start(&board),
            over: false,
            eval,
            to_goal,
            moves: 0,
            board,
        })
    }

    /// A round longer than this is lost by the player who claimed the win: about four times
    /// the free squares (a winner following exact play needs far fewer; the tests check the
    /// retrograde depths stay below it).
    pub fn move_bound(&self) -> u64 {
        4 * self.board.free.iter().filter(|&&f| f).count() as u64 + 16
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

    fn apply(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Wins => {
                self.over = true;
                self.pos.to_move = self.pos.to_move.other();
            }
            Outcome::Continues(p) => self.pos = p,
        }
        self.moves += 1;
    }

    /// Whether the player to move at `pos` wins, where known: exhaustively on small boards;
    /// on large ones at the start, in step on the layers, or with an immediate win.
    fn judge(&self, pos: Position) -> Option<bool> {
        match &self.eval {
            Evaluator::Exhaustive(r) => match r.value(pos) {
                Value::Win => Some(true),
                Value::Loss => Some(false),
                Value::Draw => None,
            },
            Evaluator::Layers(judge) => {
                if pos == Position::start(&self.board) {
                    return race::winner(&self.board).map(|w| w == Player::A);
                }
                if let Some(w) = judge.winner(pos) {
                    return Some(w == pos.to_move);
                }
                let immediate = legal_moves(&self.board, pos, Rules::default())
                    .iter()
                    .any(|(_, o)| *o == Outcome::Wins);
                immediate.then_some(true)
            }
        }
    }

    /// Moves after which the opponent wins for sure: the mover's winning moves.
    fn winning_moves(&self) -> Vec<(Move, Outcome)> {
        self.moves_here()
            .into_iter()
            .filter(|(_, o)| match o {
                Outcome::Wins => true,
                Outcome::Continues(p) => self.judge(*p) == Some(false),
            })
            .collect()
    }

    /// Moves to the end of the game after `o` (exhaustive evaluator only; 0 for a win).
    fn depth_after(&self, o: Outcome) -> u32 {
        match (o, &self.eval) {
            (Outcome::Continues(p), Evaluator::Exhaustive(r)) => r.depth(p),
            _ => 0,
        }
    }

    /// How many winning replies the opponent has after `o`, counted up to 2.
    fn winning_replies(&self, o: Outcome) -> u32 {
        let Outcome::Continues(next) = o else {
            return 0;
        };
        let mut count = 0;
        for (_, reply) in legal_moves(&self.board, next, Rules::default()) {
            let wins = match reply {
                Outcome::Wins => true,
                Outcome::Continues(p) => self.judge(p) == Some(false),
            };
            if wins {
                count += 1;
                if count == 2 {
                    break;
                }
            }
        }
        count
    }

    /// A move of the race fallback: the mover's distance to its goal after the move (the
    /// larger, the longer the detour).
    fn distance_after(&self, o: Outcome) -> u32 {
        let me = self.pos.to_move;
        match o {
            Outcome::Wins => 0,
            Outcome::Continues(p) => self.to_goal[player_index(me)][p.square(me)],
        }
    }

    /// Whether `o` leads to a position the layer race judges.
    fn in_step(&self, o: Outcome) -> bool {
        match (o, &self.eval) {
            (Outcome::Continues(p), Evaluator::Layers(judge)) => judge.winner(p).is_some(),
            _ => false,
        }
    }

    fn play(&mut self, chosen: (Move, Outcome)) -> String {
        let text = self.notation(chosen.0);
        self.apply(chosen.1);
        text
    }
}

impl Round for RaceRound {
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

    fn mover_has_move(&self) -> bool {
        !self.moves_here().is_empty()
    }

    fn play_line(&mut self, line: &str) -> Result<(), MoveError> {
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
        if self.moves >= self.move_bound() {
            return Err(MoveError::Illegal(format!(
                "the round has run past {} moves: the win was not forced",
                self.move_bound()
            )));
        }
        let found = self
            .moves_here()
            .into_iter()
            .find(|(m, _)| m.step == step && m.landing == landing);
        match found {
            Some((_, o)) => {
                self.apply(o);
                Ok(())
            }
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

    fn mover_wins(&mut self) -> Result<bool, String> {
        if self.over {
            return Ok(false);
        }
        match self.judge(self.pos) {
            Some(w) => Ok(w),
            None if matches!(self.eval, Evaluator::Exhaustive(_)) => Err(format!(
                "{} is a draw by the retrograde search",
                self.describe()
            )),
            // Not covered by the layers: the round's outcome judges it.
            None => Ok(false),
        }
    }

    fn winning_move(&mut self, rng: &mut Rng) -> Result<String, String> {
        let mut wins = self.winning_moves();
        if let Evaluator::Layers(_) = self.eval {
            // No depths here: keep only moves that bring the mover nearer its goal, or the
            // winner could step back into step each time the opponent steps back (a cycle).
            let here =
                self.to_goal[player_index(self.pos.to_move)][self.pos.square(self.pos.to_move)];
            wins.retain(|&(_, o)| self.distance_after(o) < here);
        }
        if !wins.is_empty() {
            // The quickest win (exhaustive depths), so the winner never stalls in a cycle.
            let best = wins
                .iter()
                .map(|&(_, o)| self.depth_after(o))
                .min()
                .unwrap_or(0);
            let quickest: Vec<_> = wins
                .into_iter()
                .filter(|&(_, o)| self.depth_after(o) == best)
                .collect();
            return Ok(self.play(quickest[rng.index(quickest.len())]));
        }
        // Large boards off the layers: race to the goal (not proven optimal).
        let moves = self.moves_here();
        let nearest = moves
            .iter()
            .min_by_key(|&&(_, o)| self.distance_after(o))
            .copied()
            .ok_or_else(|| format!("no legal move at {}", self.describe()))?;
        if matches!(self.eval, Evaluator::Exhaustive(_)) {
            return Err(format!("no winning move at {}", self.describe()));
        }
        Ok(self.play(nearest))
    }

    fn trap_move(&mut self, trap: Trap, rng: &mut Rng) -> Result<String, String> {
        let moves = self.moves_here();
        if moves.is_empty() {
            return Err(format!("no legal move at {}", self.describe()));
        }
        // Entering the goal is always taken: it only exists after a solution's blunder.
        if let Some(&win) = moves.iter().find(|(_, o)| *o == Outcome::Wins) {
            return Ok(self.play(win));
        }
        let random = moves[rng.index(moves.len())];
        let chosen = match trap {
            Trap::Random => random,
            Trap::Longest => {
                let far = moves
                    .iter()
                    .map(|&(_, o)| self.distance_after(o))
                    .max()
                    .unwrap_or(0);
                let detours: Vec<_> = moves
                    .iter()
                    .copied()
                    .filter(|&(_, o)| self.distance_after(o) == far)
                    .collect();
                detours[rng.index(detours.len())]
            }
            Trap::UniqueReply if matches!(self.eval, Evaluator::Exhaustive(_)) => {
                let mut sample = moves.clone();
                let start = rng.index(sample.len());
                sample.rotate_left(start);
                sample.truncate(UNIQUE_REPLY_SAMPLE);
                sample
                    .into_iter()
                    .find(|&(_, o)| self.winning_replies(o) == 1)
                    .unwrap_or(random)
            }
            // Large boards: stay on the layers in step when possible, where the layer race
            // judges every move of the solution.
            Trap::UniqueReply => {
                let in_step: Vec<_> = moves
                    .iter()
                    .copied()
                    .filter(|&(_, o)| self.in_step(o))
                    .collect();
                if in_step.is_empty() {
                    random
                } else {
                    in_step[rng.index(in_step.len())]
                }
            }
        };
        Ok(self.play(chosen))
    }

    fn blunder_move(&mut self) -> Result<Option<String>, String> {
        let blunder = self.moves_here().into_iter().find(|&(_, o)| match o {
            Outcome::Wins => false,
            Outcome::Continues(p) => self.judge(p) == Some(true),
        });
        Ok(blunder.map(|m| self.play(m)))
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
}

const SHAPES: [Shape; 4] = [
    Shape::Random,
    Shape::Corridor,
    Shape::PipesAndTanks,
    Shape::SecondWins,
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
    [
        (r > 0).then(|| v - n),
        (c + 1 < n).then(|| v + 1),
        (r + 1 < n).then(|| v + n),
        (c > 0).then(|| v - 1),
    ]
    .into_iter()
    .flatten()
}

/// A self-avoiding random walk from a random square until it is stuck; A at one end, B at
/// the other; everything else walls.
fn corridor_board(n: usize, rng: &mut Rng) -> Board {
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
    loop {
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
        Shape::SecondWins => {
            for _ in 0..64 {
                let board = if rng.index(2) == 0 {
                    random_board(n, rng)
                } else {
                    corridor_board(n, rng)
                };
                if race::winner(&board) == Some(Player::B) {
                    return board;
                }
            }
            random_board(n, rng)
        }
    }
}

/// A random round of side in `lo..=hi`, of a random shape.
pub fn generate_round(lo: u64, hi: u64, rng: &mut Rng) -> Result<RaceRound, String> {
    let n = rng.range(lo.max(2), hi.max(2)) as usize;
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
