// The body of `pub mod play` of solutions/src/race.rs, which includes it here (its docs
// are there; tools/bundle.rs puts the text back in its place).
use super::game::{self, Grid};
use super::protocol::{fault, say, side, Referee, Stop};
use super::{parse, MAX_N};
use std::io::{BufRead, Write};

/// Boards with more free squares than this are played by the heuristic (the exact search
/// holds 2·f² positions: 0.044 s of CPU on an open 25×25 board, f = 625, the densest case).
pub const EXACT_MAX_FREE: usize = 640;
const NONE: u32 = u32::MAX;
const UNKNOWN: u8 = 0;
const WIN: u8 = 1;
const LOSS: u8 = 2;

/// Where both players stand (indices of free squares; 0 = A, 1 = B) and who moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pos {
    pub at: [u32; 2],
    pub to_move: usize,
}

/// A move: the square stepped to and, for a jump over the opponent, the landing square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub step: u32,
    pub landing: Option<u32>,
}

/// The free squares of a board as a graph.
pub struct Graph {
    n: usize,
    square: Vec<usize>,
    index: Vec<u32>,
    nbr: Vec<[u32; 4]>,
    /// goal[p]: the square player p wins by entering (the other player's start).
    goal: [u32; 2],
    start: Pos,
}

impl Graph {
    pub fn new(grid: &Grid) -> Graph {
        let n = grid.n;
        let mut index = vec![NONE; n * n];
        let mut square = Vec::new();
        for (v, &f) in grid.free.iter().enumerate() {
            if f {
                index[v] = square.len() as u32;
                square.push(v);
            }
        }
        let nbr = square
            .iter()
            .map(|&v| {
                let (r, c) = (v / n, v % n);
                let mut out = [NONE; 4];
                let cand = [
                    (r > 0).then(|| v - n),
                    (c + 1 < n).then(|| v + 1),
                    (r + 1 < n).then(|| v + n),
                    (c > 0).then(|| v - 1),
                ];
                for (slot, w) in out.iter_mut().zip(cand) {
                    if let Some(w) = w {
                        *slot = index[w];
                    }
                }
                out
            })
            .collect();
        let (a, b) = (index[grid.a], index[grid.b]);
        Graph {
            n,
            square,
            index,
            nbr,
            goal: [b, a],
            start: Pos {
                at: [a, b],
                to_move: 0,
            },
        }
    }

    pub fn free_count(&self) -> usize {
        self.square.len()
    }

    fn neighbours(&self, v: u32) -> impl Iterator<Item = u32> + '_ {
        self.nbr[v as usize].iter().copied().filter(|&w| w != NONE)
    }

    /// Every legal move with where it leads (None: the mover wins). Entering the goal
    /// wins at once, even onto the opponent standing there; a step onto the opponent
    /// elsewhere jumps on to any free neighbour of its square (back included).
    pub fn moves(&self, pos: Pos) -> Vec<(Move, Option<Pos>)> {
        let mut out = Vec::with_capacity(8);
        self.moves_into(pos, &mut out);
        out
    }

    /// [`Graph::moves`] into a reused buffer (the exact search calls it 2·f² times). The
    /// move rules are written again on purpose in src/race.rs (`legal_moves`): the
    /// referee never judges with a solution's code.
    fn moves_into(&self, pos: Pos, out: &mut Vec<(Move, Option<Pos>)>) {
        out.clear();
        let p = pos.to_move;
        let (from, opp) = (pos.at[p], pos.at[1 - p]);
        let after = |to: u32| {
            let mut next = pos;
            next.at[p] = to;
            next.to_move = 1 - p;
            Some(next)
        };
        for step in self.neighbours(from) {
            if step == self.goal[p] {
                out.push((
                    Move {
                        step,
                        landing: None,
                    },
                    None,
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
                for landing in self.neighbours(opp) {
                    let to = if landing == self.goal[p] {
                        None
                    } else {
                        after(landing)
                    };
                    out.push((
                        Move {
                            step,
                            landing: Some(landing),
                        },
                        to,
                    ));
                }
            }
        }
    }

    /// `r c` (1-based) of a free square.
    fn show(&self, v: u32) -> String {
        let at = self.square[v as usize];
        format!("{} {}", at / self.n + 1, at % self.n + 1)
    }

    pub fn notation(&self, m: Move) -> String {
        match m.landing {
            None => self.show(m.step),
            Some(l) => format!("{} {}", self.show(m.step), self.show(l)),
        }
    }

    /// The free square at 1-based `r c`, if any.
    fn at(&self, r: &str, c: &str) -> Option<u32> {
        let (r, c): (usize, usize) = (r.parse().ok()?, c.parse().ok()?);
        if r == 0 || c == 0 || r > self.n || c > self.n {
            return None;
        }
        let i = self.index[(r - 1) * self.n + c - 1];
        (i != NONE).then_some(i)
    }
}

/// Every position's value and distance to the end under best play.
pub struct Exact {
    f: usize,
    value: Vec<u8>,
    depth: Vec<u32>,
}

impl Exact {
    fn id(&self, pos: Pos) -> usize {
        (pos.to_move * self.f + pos.at[0] as usize) * self.f + pos.at[1] as usize
    }

    fn pos(&self, id: usize) -> Pos {
        let (rest, b) = (id / self.f, id % self.f);
        Pos {
            at: [(rest % self.f) as u32, b as u32],
            to_move: rest / self.f,
        }
    }

    /// Retrograde analysis, breadth first from the ends so that each value gets its
    /// exact distance: a win one more than its nearest lost child, a loss one more than
    /// its farthest (won) child.
    pub fn solve(g: &Graph) -> Exact {
        let f = g.free_count();
        let mut ex = Exact {
            f,
            value: vec![UNKNOWN; 2 * f * f],
            depth: vec![0; 2 * f * f],
        };
        let mut open = vec![0u8; 2 * f * f];
        let mut queue: Vec<u32> = Vec::new();
        let mut wins: Vec<u32> = Vec::new();
        let (mut moves, mut kids) = (Vec::with_capacity(16), Vec::with_capacity(16));
        // Every state is read and written in several tables at once: index by id.
        #[allow(clippy::needless_range_loop)]
        for id in 0..2 * f * f {
            let pos = ex.pos(id);
            if !valid(g, pos) {
                continue;
            }
            // Most positions: no step enters the goal or meets the opponent, so each step is
            // a child of its own and none wins (the moves need not be listed).
            let (from, opp) = (pos.at[pos.to_move], pos.at[1 - pos.to_move]);
            let goal = g.goal[pos.to_move];
            if g.neighbours(from).all(|w| w != goal && w != opp) {
                let steps = g.neighbours(from).count();
                open[id] = steps as u8;
                if steps == 0 {
                    ex.value[id] = LOSS;
                    queue.push(id as u32);
                }
                continue;
            }
            g.moves_into(pos, &mut moves);
            if moves.iter().any(|(_, to)| to.is_none()) {
                ex.value[id] = WIN;
                ex.depth[id] = 1;
                wins.push(id as u32);
                continue;
            }
            kids.clear();
            kids.extend(moves.iter().filter_map(|(_, to)| to.map(|p| ex.id(p))));
            kids.sort_unstable();
            kids.dedup();
            open[id] = kids.len() as u8;
            if kids.is_empty() {
                ex.value[id] = LOSS;
                queue.push(id as u32);
            }
        }
        queue.extend(wins);
        let mut head = 0;
        let mut preds = Vec::with_capacity(8);
        while head < queue.len() {
            let child = queue[head] as usize;
            head += 1;
            predecessors(g, ex.pos(child), &mut preds);
            for &pp in &preds {
                let p = ex.id(pp);
                if ex.value[p] != UNKNOWN {
                    continue;
                }
                if ex.value[child] == LOSS {
                    ex.value[p] = WIN;
                } else {
                    open[p] -= 1;
                    if open[p] > 0 {
                        continue;
                    }
                    ex.value[p] = LOSS;
                }
                ex.depth[p] = ex.depth[child] + 1;
                queue.push(p as u32);
            }
        }
        ex
    }

    pub fn mover_wins(&self, pos: Pos) -> bool {
        self.value[self.id(pos)] == WIN
    }

    /// The best move: the quickest win, else the longest defence.
    fn choose(&self, g: &Graph, pos: Pos) -> Option<(Move, Option<Pos>)> {
        let moves = g.moves(pos);
        if let Some(&win) = moves.iter().find(|(_, to)| to.is_none()) {
            return Some(win);
        }
        let rank = |to: &Option<Pos>| -> (u8, i64) {
            let id = self.id(to.expect("not a win"));
            match self.value[id] {
                LOSS => (0, i64::from(self.depth[id])),
                UNKNOWN => (1, 0),
                _ => (2, -i64::from(self.depth[id])),
            }
        };
        moves.into_iter().min_by_key(|(_, to)| rank(to))
    }
}

/// Whether `pos` can occur: two squares, neither player on its own goal.
fn valid(g: &Graph, pos: Pos) -> bool {
    pos.at[0] != pos.at[1] && pos.at[0] != g.goal[0] && pos.at[1] != g.goal[1]
}

/// The positions from which one move (not a winning one) leads to `pos`, without repeats.
fn predecessors(g: &Graph, pos: Pos, out: &mut Vec<Pos>) {
    out.clear();
    let p = 1 - pos.to_move; // the player who just moved
    let (x, y) = (pos.at[p], pos.at[1 - p]);
    let mut push = |from: u32| {
        let mut prev = pos;
        prev.at[p] = from;
        prev.to_move = p;
        if from != y && from != g.goal[p] && !out.contains(&prev) {
            out.push(prev);
        }
    };
    // A plain step onto x.
    for from in g.neighbours(x) {
        push(from);
    }
    // A jump over y landing on x (impossible when y is p's goal: entering it wins).
    if y != g.goal[p] && g.neighbours(y).any(|w| w == x) {
        for from in g.neighbours(y) {
            push(from);
        }
    }
}

/// The large-board player: while both players stand in step on the shortest-path layers
/// it follows the layer race (the interval DP's values of in-step positions); once the
/// opponent has left them (a detour costs it tempo) it races on distances to both goals.
pub struct Race {
    dist: [Vec<u32>; 2],
    in_step: Option<game::InStep>,
}

impl Race {
    pub fn new(g: &Graph) -> Race {
        let bfs = |from: u32| {
            let mut dist = vec![NONE; g.free_count()];
            let mut queue = vec![from];
            dist[from as usize] = 0;
            let mut head = 0;
            while head < queue.len() {
                let v = queue[head];
                head += 1;
                for w in g.neighbours(v) {
                    if dist[w as usize] == NONE {
                        dist[w as usize] = dist[v as usize] + 1;
                        queue.push(w);
                    }
                }
            }
            dist
        };
        Race {
            dist: [bfs(g.goal[0]), bfs(g.goal[1])],
            in_step: None,
        }
    }

    fn with_layers(mut self, grid: &Grid) -> Race {
        self.in_step = game::InStep::new(grid);
        self
    }

    /// Whether the player to move at `pos` wins, if `pos` is in step on the layers.
    fn layer_value(&self, g: &Graph, pos: Pos) -> Option<bool> {
        let layers = self.in_step.as_ref()?;
        let square = |p: usize| g.square[pos.at[p] as usize];
        let b_wins = layers.b_wins(square(0), square(1), pos.to_move == 0)?;
        Some(b_wins == (pos.to_move == 1))
    }

    /// A winning step if there is one; else the move that brings the mover nearest its
    /// goal, preferring squares where the opponent cannot jump it to gain ground.
    fn choose(&self, g: &Graph, pos: Pos) -> Option<(Move, Option<Pos>)> {
        let p = pos.to_move;
        let moves = g.moves(pos);
        if let Some(&win) = moves.iter().find(|(_, to)| to.is_none()) {
            return Some(win);
        }
        // In step and winning: stay in step on a square the opponent loses from.
        if self.layer_value(g, pos) == Some(true) {
            let keeps = moves
                .iter()
                .copied()
                .filter(|(_, to)| to.is_some_and(|next| self.layer_value(g, next) == Some(false)));
            if let Some(best) =
                keeps.min_by_key(|(_, to)| to.map_or(0, |next| self.dist[p][next.at[p] as usize]))
            {
                return Some(best);
            }
        }
        let rank = |to: &Option<Pos>| {
            let next = to.expect("not a win");
            let mine = self.dist[p][next.at[p] as usize];
            let theirs = self.dist[1 - p][next.at[1 - p] as usize];
            let jump_gain = g
                .moves(next)
                .iter()
                .filter_map(|(m, to)| m.landing.map(|_| to))
                .any(|to| match to {
                    None => true,
                    Some(q) => self.dist[1 - p][q.at[1 - p] as usize] + 1 < theirs,
                });
            (mine, jump_gain)
        };
        moves.into_iter().min_by_key(|(_, to)| rank(to))
    }
}

enum Player {
    Exact(Exact),
    Race(Box<Race>),
}

/// The referee's next line as text (`what` names it in messages).
fn expect<R: BufRead>(referee: &mut Referee<R>, what: &str) -> Result<String, Stop> {
    referee.next(what)?;
    String::from_utf8(referee.text().to_vec()).map_err(|_| fault(referee.line(), "not UTF-8"))
}

/// Plays one round, from its board (`n`, then n rows) to its `end`.
pub fn round<R: BufRead, W: Write>(referee: &mut Referee<R>, out: &mut W) -> Result<(), Stop> {
    let size = expect(referee, "the board size n")?;
    let size_line = referee.line() as usize;
    let n: usize = size
        .parse()
        .ok()
        .filter(|n| (2..=MAX_N).contains(n))
        .ok_or_else(|| {
            Stop::Fault(format!(
                "line {size_line}: expected the board size n (2 to {MAX_N}), got {size:?}"
            ))
        })?;
    // The judge parser on the same line numbers: blank lines up to n's line.
    let mut text = "\n".repeat(size_line - 1);
    text.push_str("1 ");
    text.push_str(&size);
    // `a` and `b` mark where A and B stand when a round starts mid-game: free squares.
    let mut marks = [None, None];
    for r in 0..n {
        let row = expect(referee, "a board row")?;
        text.push('\n');
        for (c, ch) in row.chars().enumerate() {
            let p = match ch {
                'a' => 0,
                'b' => 1,
                _ => {
                    text.push(ch);
                    continue;
                }
            };
            if marks[p].replace(r * n + c).is_some() {
                return Err(fault(referee.line(), format!("a second {ch:?}")));
            }
            text.push('.');
        }
    }
    let grid = parse::games(text.as_bytes())
        .map_err(Stop::Fault)?
        .pop()
        .ok_or_else(|| Stop::Fault("no board".to_owned()))?
        .grid;
    play_round(&grid, marks, size_line, referee, out)
}

fn play_round<R: BufRead>(
    grid: &Grid,
    marks: [Option<usize>; 2],
    size_line: usize,
    referee: &mut Referee<R>,
    out: &mut impl Write,
) -> Result<(), Stop> {
    let a_wins = game::winner(grid).ok_or_else(|| {
        Stop::Fault(format!(
            "line {size_line}: B's start is not reachable from A's start"
        ))
    })? == 'A';
    let g = Graph::new(grid);
    let player = if g.free_count() <= EXACT_MAX_FREE {
        Player::Exact(Exact::solve(&g))
    } else {
        Player::Race(Box::new(Race::new(&g).with_layers(grid)))
    };
    let mut start = g.start;
    for (p, mark) in marks.iter().enumerate() {
        if let Some(&v) = mark.as_ref() {
            start.at[p] = g.index[v];
        }
    }
    let me = match &player {
        Player::Exact(ex) => usize::from(!ex.mover_wins(start)),
        // Off the starts only the layer race's own values are known.
        Player::Race(r) => usize::from(!r.layer_value(&g, start).unwrap_or(a_wins)),
    };
    say(out, side(me == 0))?;
    let mut pos = start;
    loop {
        let (m, to) = if pos.to_move == me {
            let chosen = match &player {
                Player::Exact(ex) => ex.choose(&g, pos),
                Player::Race(r) => r.choose(&g, pos),
            };
            let chosen =
                chosen.ok_or_else(|| Stop::Fault("no legal move for the solution".into()))?;
            say(out, g.notation(chosen.0).as_bytes())?;
            chosen
        } else {
            let line = expect(referee, "the referee's move")?;
            if line == "end" {
                // The referee cut the round at its move cap.
                return Ok(());
            }
            let parts: Vec<&str> = line.split_whitespace().collect();
            let (step, landing) = match parts.as_slice() {
                [r, c] => (g.at(r, c), None),
                [r, c, r2, c2] => (g.at(r, c), Some(g.at(r2, c2))),
                _ => (None, None),
            };
            let wanted = step.map(|s| Move {
                step: s,
                landing: landing.flatten(),
            });
            let legal = g.moves(pos);
            let found = legal
                .iter()
                .find(|(m, _)| Some(*m) == wanted && landing.map_or(true, |l| l.is_some()));
            *found.ok_or_else(|| fault(referee.line(), format!("{line:?} is not a legal move")))?
        };
        let _ = m;
        match to {
            Some(next) => pos = next,
            None => break,
        }
    }
    referee.end()
}
