//! The race problem's boards: the one maker of race positions (the library's [`Board`]) for
//! gen's tests, `referee judge` and the referee's rounds alike.
//!
//! A board is of a [`Shape`] (random walls, open, pipes, Cao's pipes and tanks, maze,
//! corridor, and boards the library's evaluator picks by their winner); a kind names a shape,
//! and the kind `session` is the referee's round mix ([`SESSION_SHAPES`]). Every board is
//! connected: B's start is reachable from A's.

use crate::{squares_around, Board, Evaluator, PipesAndTanks, Player, Position, Rules};
use combgames_core::gen::{Generator, Spec, UnknownKind, SESSION};
use combgames_core::rng::Rng;
use std::io::{self, Write};

/// The kinds, `random` (the default) first; each names one [`Shape`] but `session`, which
/// draws the referee's.
pub const KINDS: &[&str] = &[
    "random",
    "open",
    "pipes",
    "tanks",
    "maze",
    "corridor",
    "second-wins",
    "even-first-wins",
    SESSION,
];

/// gen's and `referee judge`'s race: G boards of side up to `--size` (2000, the project's
/// limit; the judge's is 300).
pub const GEN: Generator = Generator {
    name: "race",
    kinds: KINDS,
    min_size: 2,
    max_size: 2000,
    default_size: 300,
    size_is: "board side",
    max_count: Some(10),
    default_count: 3,
    max_cells: None,
    notes: "second-wins, even-first-wins and session: sides up to 1000 (the evaluator's reach)",
    write: race,
};

/// What a board looks like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Random walls of this density, random starts, connected ([`random_board`]).
    Random(Density),
    /// No walls; the starts in opposite corners or anywhere.
    Open,
    /// Rooms and pipes along a serpentine of blocks, A in the first block and B in the last
    /// ([`pipes_board`]): random rooms, starts inside them, either parity of the distance.
    Pipes,
    /// Cao's pipes and tanks ([`PipesAndTanks`], needs n ≥ 20; below, a corridor): many
    /// tanks at one depth, the layers that make the official pair DP super-cubic, the
    /// distance even.
    PipesAndTanks,
    /// A depth-first maze with a few rings.
    Maze,
    /// A single winding corridor: the parity of its length and the jump decide.
    Corridor,
    /// A random, maze or corridor board that B wins (the right answer is `second`), when
    /// one is found.
    SecondWins,
    /// A ring with a stalk, or a random, maze or corridor board, with the starts an even
    /// distance apart that A wins, when one is found (against "B wins iff the distance is
    /// even").
    EvenFirstWins,
}

/// The referee's rounds: one of these shapes, uniformly.
pub const SESSION_SHAPES: [Shape; 7] = [
    Shape::Random(Density::SESSION),
    Shape::Open,
    Shape::Maze,
    Shape::Corridor,
    Shape::PipesAndTanks,
    Shape::SecondWins,
    Shape::EvenFirstWins,
];

/// A wall density: `walls` squares in every `of`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Density {
    pub walls: u64,
    pub of: u64,
}

impl Density {
    /// The session's random boards: 30% walls, far enough above the site-percolation
    /// threshold (about 59% free squares) that most draws join A and B.
    pub const SESSION: Density = Density { walls: 3, of: 10 };
    /// The `random` kind's densest walls: 40%, at the threshold, where a large board is
    /// often cut (see [`random_board`]).
    const RANDOM_MAX_PERCENT: u64 = 40;

    fn is_denser_than(self, other: Density) -> bool {
        self.walls * other.of > other.walls * self.of
    }
}

/// The shape of one board of `kind`: the `random` kind draws its density (0..=40% walls),
/// `session` one of [`SESSION_SHAPES`]; a name not in [`KINDS`] is an error, as in the other
/// games' generators.
pub fn shape(kind: &str, rng: &mut Rng) -> Result<Shape, UnknownKind> {
    Ok(match kind {
        "open" => Shape::Open,
        "pipes" => Shape::Pipes,
        "tanks" => Shape::PipesAndTanks,
        "maze" => Shape::Maze,
        "corridor" => Shape::Corridor,
        "second-wins" => Shape::SecondWins,
        "even-first-wins" => Shape::EvenFirstWins,
        SESSION => SESSION_SHAPES[rng.index(SESSION_SHAPES.len())],
        "random" => Shape::Random(Density {
            walls: rng.range(0, Density::RANDOM_MAX_PERCENT),
            of: 100,
        }),
        _ => {
            return Err(UnknownKind {
                game: "race",
                kind: kind.to_owned(),
            })
        }
    })
}

/// A board of `shape` with side n (n ≥ 2).
pub fn board_of(shape: Shape, n: usize, rng: &mut Rng) -> Board {
    match shape {
        Shape::Random(density) => random_board(n, density, rng),
        Shape::Open => open_board(n, rng),
        Shape::Pipes => pipes_board(n, rng),
        Shape::PipesAndTanks => match PipesAndTanks::fitting(n, rng.index(2) == 0)
            .or_else(|| PipesAndTanks::fitting(n, false))
        {
            Some(p) => p.board(n),
            None => corridor_board(n, rng),
        },
        Shape::Maze => maze_board(n, rng),
        Shape::Corridor => corridor_board(n, rng),
        Shape::SecondWins => even_board(n, Player::B, rng),
        Shape::EvenFirstWins => ring_board(n, rng).unwrap_or_else(|| even_board(n, Player::A, rng)),
    }
}

/// A referee round's board (and one of gen's `session` cases) with side in `lo..=hi`: a
/// quarter of the rounds at `hi`, the others log-uniform, so small boards stay common; then
/// a board of `kind`.
pub fn round_board(kind: &str, lo: u64, hi: u64, rng: &mut Rng) -> Result<Board, UnknownKind> {
    let n = round_side(lo, hi, rng);
    Ok(board_of(shape(kind, rng)?, n, rng))
}

/// A referee round's board of a given shape, its side drawn as [`round_board`] draws it.
pub fn round_board_of(shape: Shape, lo: u64, hi: u64, rng: &mut Rng) -> Board {
    let n = round_side(lo, hi, rng);
    board_of(shape, n, rng)
}

/// A round's side in `lo..=hi`: a quarter at `hi`, the others log-uniform.
fn round_side(lo: u64, hi: u64, rng: &mut Rng) -> usize {
    let (lo, hi) = (lo.max(2), hi.max(2));
    (if rng.index(4) == 0 {
        hi
    } else {
        rng.log_range(lo, hi)
    }) as usize
}

/// The largest side of gen's boards whose winner the evaluator picks (`second-wins`,
/// `even-first-wins`, and so `session`), whatever `--size` says: the referee's largest side
/// too. The evaluator's tables grow fast beyond: ten `second-wins` boards of sides up to
/// 1000 take 1.2 s and 160 MB, up to 2000 17 s and 1.5 GB.
pub const EVALUATED_MAX_SIDE: u64 = 1000;

/// One case of gen's test: `session` as the referee's rounds of side 2..=size; the other
/// kinds with a side drawn uniformly, `random` in 2..=size, the rest in size/2..=size (the
/// shapes that need room); the sizes of the evaluated kinds capped at
/// [`EVALUATED_MAX_SIDE`].
fn case_board(kind: &str, size: u64, rng: &mut Rng) -> Result<Board, UnknownKind> {
    let size = match kind {
        SESSION | "second-wins" | "even-first-wins" => size.min(EVALUATED_MAX_SIDE),
        _ => size,
    };
    if kind == SESSION {
        return round_board(kind, 2, size, rng);
    }
    let lo = if kind == "random" {
        2
    } else {
        (size / 2).max(2)
    };
    let n = rng.range(lo, size) as usize;
    Ok(board_of(shape(kind, rng)?, n, rng))
}

fn race(spec: &Spec, rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "{}", spec.cases())?;
    for _ in 0..spec.cases() {
        let board = case_board(spec.kind, spec.size, rng)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
        out.write_all(board.to_input().as_bytes())?;
    }
    Ok(())
}

/// Two distinct squares of an n×n board.
fn two_squares(n: usize, rng: &mut Rng) -> (usize, usize) {
    let a = rng.index(n * n);
    let mut b = rng.index(n * n);
    while b == a {
        b = rng.index(n * n);
    }
    (a, b)
}

/// Random walls of `density` and random starts; boards where B is cut off from A are thrown
/// away. Walls denser than [`Density::SESSION`] (near the percolation threshold, where a
/// large board is often cut) become that density after five failures; from there on most
/// draws connect.
pub fn random_board(n: usize, density: Density, rng: &mut Rng) -> Board {
    let mut density = density;
    for failures in 1.. {
        let (walls, of) = (density.walls as usize, density.of as usize);
        let mut free: Vec<bool> = (0..n * n).map(|_| rng.index(of) >= walls).collect();
        let (a, b) = two_squares(n, rng);
        free[a] = true;
        free[b] = true;
        let board = Board { n, free, a, b };
        if board.connected() {
            return board;
        }
        if failures == 5 && density.is_denser_than(Density::SESSION) {
            density = Density::SESSION;
        }
    }
    unreachable!("a board of 30% walls connects sooner or later")
}

/// No walls; the starts in opposite corners or anywhere.
pub fn open_board(n: usize, rng: &mut Rng) -> Board {
    let (a, b) = if rng.index(2) == 0 {
        (0, n * n - 1)
    } else {
        two_squares(n, rng)
    };
    Board {
        n,
        free: vec![true; n * n],
        a,
        b,
    }
}

/// The same walls with the starts moved two squares apart (along the board), A's at random:
/// the shortest paths between them cover at most four squares, so a player anywhere else
/// stands off them, and the distance is even, so races fall in the evaluator's band where
/// which step to take decides. Unchanged when no free square has another at distance 2.
pub fn with_near_starts(board: Board, rng: &mut Rng) -> Board {
    let cells: Vec<usize> = (0..board.free.len()).filter(|&v| board.free[v]).collect();
    for _ in 0..64 {
        let a = cells[rng.index(cells.len())];
        let from_a = board.distances(a);
        let near: Vec<usize> = cells.iter().copied().filter(|&v| from_a[v] == 2).collect();
        if !near.is_empty() {
            let b = near[rng.index(near.len())];
            return Board { a, b, ..board };
        }
    }
    board
}

/// Rooms and pipes: the board is cut into square blocks visited in serpentine order; each
/// block is a room (open inside its one-square wall) or only a pipe, and consecutive blocks
/// are joined by a one-wide pipe between their centres. A starts in the first block, B in
/// the last: the shortest path is long, and its layers are wide in rooms and one square in
/// pipes. Unlike [`PipesAndTanks`] (one fixed board per side, many tanks at one depth, the
/// starts at the pipes' ends, the distance even), the blocks' size and the rooms are
/// random, the starts anywhere in the end rooms and the distance of either parity. Below
/// n = 9 (three blocks of three a side), a board of 30% walls.
pub fn pipes_board(n: usize, rng: &mut Rng) -> Board {
    if n < 9 {
        return random_board(n, Density::SESSION, rng);
    }
    // At least three blocks a side, so that the path turns.
    let block = rng.range(3, (n / 3) as u64) as usize;
    let per_side = n / block;
    let mut free = vec![false; n * n];
    let order: Vec<(usize, usize)> = (0..per_side)
        .flat_map(|r| {
            (0..per_side).map(move |i| (r, if r % 2 == 0 { i } else { per_side - 1 - i }))
        })
        .collect();
    let centre = |(r, c): (usize, usize)| (r * block + block / 2, c * block + block / 2);
    let mut end_rooms: Vec<Vec<usize>> = Vec::new();
    for (index, &(r, c)) in order.iter().enumerate() {
        let mut room = Vec::new();
        if rng.index(2) == 0 {
            for row in r * block + 1..(r + 1) * block - 1 {
                for col in c * block + 1..(c + 1) * block - 1 {
                    free[row * n + col] = true;
                    room.push(row * n + col);
                }
            }
        }
        let (cr, cc) = centre((r, c));
        free[cr * n + cc] = true;
        if room.is_empty() {
            room.push(cr * n + cc);
        }
        if index > 0 {
            // Consecutive blocks share a side, so their centres are on one row or one column.
            let (pr, pc) = centre(order[index - 1]);
            for row in pr.min(cr)..=pr.max(cr) {
                for col in pc.min(cc)..=pc.max(cc) {
                    free[row * n + col] = true;
                }
            }
        }
        if index == 0 || index + 1 == order.len() {
            end_rooms.push(room);
        }
    }
    let mut start_in = |room: &[usize]| room[rng.index(room.len())];
    let a = start_in(&end_rooms[0]);
    let b = start_in(&end_rooms[1]);
    let board = Board { n, free, a, b };
    debug_assert!(board.connected());
    board
}

/// A single corridor: half of the time a serpentine over every other row (or column) of
/// about n²/2 squares with the starts anywhere on it, otherwise a self-avoiding random walk
/// with the starts at its ends; everything else walls.
pub fn corridor_board(n: usize, rng: &mut Rng) -> Board {
    if n >= 3 && rng.index(2) == 0 {
        serpentine_board(n, rng)
    } else {
        walk_corridor(n, rng)
    }
}

/// The serpentine of [`corridor_board`]: rows 0, 2, 4, … open, joined at alternate ends
/// (n ≥ 3).
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

/// A serpentine (rows open, joined at alternate ends; n ≥ 4) with the starts an odd distance
/// apart along it, at most `max_distance` (and at least 3), placed so that when both players
/// always step towards their goals A meets B at a turn on the board's last column and must
/// jump it round the corner, landing on that column: the jump that turns, at the far edge,
/// after about `max_distance` moves. Transposed at random (then the turn is on the last row).
pub fn corner_meeting_board(n: usize, max_distance: usize, rng: &mut Rng) -> Board {
    assert!(n >= 4, "a corner-meeting serpentine needs n ≥ 4");
    let transpose = rng.index(2) == 0;
    let mut path = Vec::new();
    // Turns on the last column: after the rows r with r / 2 even.
    let mut turns = Vec::new();
    for r in (0..n).step_by(2) {
        let forward = r / 2 % 2 == 0;
        for i in 0..n {
            path.push((r, if forward { i } else { n - 1 - i }));
        }
        if r + 2 < n {
            if forward {
                turns.push(path.len());
            }
            path.push((r + 1, if forward { n - 1 } else { 0 }));
        }
    }
    let len = path.len();
    // A jumps from t − 2 over B on t − 1 to the turn t when A has made k = (D − 1) / 2 steps
    // from i and B as many from j = i + D: i + k = t − 2.
    // The longest odd D that fits round some turn: k squares before it, D − k − 2 after.
    let longest = max_distance.min(len - 1).max(3);
    let mut options = Vec::new();
    for d in (3..=longest).rev().filter(|d| d % 2 == 1) {
        let k = (d - 1) / 2;
        options.extend(
            turns
                .iter()
                .filter(|&&t| t >= 2 + k && t - 2 - k + d < len)
                .map(|&t| (t - 2 - k, d)),
        );
        if !options.is_empty() {
            break;
        }
    }
    let (i, d) = if options.is_empty() {
        // Too short a path for a turn in the middle: A at the start, D odd.
        (0, if (len - 1) % 2 == 1 { len - 1 } else { len - 2 })
    } else {
        options[rng.index(options.len())]
    };
    let at = |(r, c): (usize, usize)| if transpose { c * n + r } else { r * n + c };
    let mut free = vec![false; n * n];
    for &v in &path {
        free[at(v)] = true;
    }
    Board {
        n,
        free,
        a: at(path[i]),
        b: at(path[i + d]),
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
            let next: Vec<usize> = squares_around(n, at)
                .filter(|&v| !free[v] && squares_around(n, v).all(|w| w == at || !free[w]))
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
pub fn maze_board(n: usize, rng: &mut Rng) -> Board {
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
    random_board(n, Density::SESSION, rng)
}

/// A ring with a stalk: the border of a rectangle with B's start on one corner, and A's start
/// at the end of a corridor that leaves the opposite corner, shorter than half the ring, the
/// distance even. B must choose its way round the ring long before A does, so A wins by
/// going round the other way (the library's evaluator confirms it). None when n is too
/// small or no try is confirmed.
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
        if first_wins(&board) {
            return Some(board);
        }
    }
    None
}

/// A random, maze or corridor board with the starts an even distance apart that `winner`
/// wins (a few tries on large boards, each building the evaluator), else the last even one,
/// else a board of 30% walls.
fn even_board(n: usize, winner: Player, rng: &mut Rng) -> Board {
    let tries = if n > 100 { 4 } else { 32 };
    let mut last = None;
    for _ in 0..tries {
        let board = match rng.index(3) {
            0 => random_board(n, Density::SESSION, rng),
            1 => maze_board(n, rng),
            _ => corridor_board(n, rng),
        };
        if board.distances(board.a)[board.b] % 2 == 1 {
            continue;
        }
        if first_wins(&board) == (winner == Player::A) {
            return board;
        }
        last = Some(board);
    }
    last.unwrap_or_else(|| random_board(n, Density::SESSION, rng))
}

/// Whether A wins `board` from the start, by the library's exact evaluator.
fn first_wins(board: &Board) -> bool {
    Evaluator::new(board, Rules::default()).mover_wins(Position::start(board))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each kind but `random` and `session` names a shape of its own; `random` draws random
    /// walls up to 40%, `session` the referee's shapes.
    #[test]
    fn each_kind_names_its_shape() {
        let mut rng = Rng::new(1);
        assert_eq!(KINDS[0], "random", "gen's default kind");
        let fixed: Vec<Shape> = KINDS
            .iter()
            .filter(|&&k| k != "random" && k != SESSION)
            .map(|k| shape(k, &mut rng).unwrap())
            .collect();
        for (i, s) in fixed.iter().enumerate() {
            assert!(!fixed[i + 1..].contains(s), "{s:?} twice");
            assert!(!matches!(s, Shape::Random(_)), "{s:?}");
        }
        let mut session = Vec::new();
        for _ in 0..300 {
            match shape("random", &mut rng).unwrap() {
                Shape::Random(d) => assert!(d.of == 100 && d.walls <= 40, "{d:?}"),
                other => panic!("random made {other:?}"),
            }
            let s = shape(SESSION, &mut rng).unwrap();
            assert!(SESSION_SHAPES.contains(&s), "{s:?}");
            session.push(s);
        }
        for s in SESSION_SHAPES {
            assert!(session.contains(&s), "the session never draws {s:?}");
        }
        assert!(
            shape("pipe", &mut rng).is_err(),
            "a name not among the kinds"
        );
    }

    /// Moving the starts keeps the walls and puts them exactly two squares apart.
    #[test]
    fn near_starts_are_two_apart_on_the_same_walls() {
        let mut rng = Rng::new(5);
        for n in [5, 10, 16, 25] {
            for board in [maze_board(n, &mut rng), open_board(n, &mut rng)] {
                let moved = with_near_starts(board.clone(), &mut rng);
                assert_eq!(moved.free, board.free);
                assert_eq!(moved.distances(moved.a)[moved.b], 2, "n = {n}");
            }
        }
    }

    /// Walls past the threshold still give connected boards, after falling back to the
    /// session's density.
    #[test]
    fn dense_walls_connect() {
        let mut rng = Rng::new(2);
        assert!(Density { walls: 31, of: 100 }.is_denser_than(Density::SESSION));
        assert!(!Density { walls: 30, of: 100 }.is_denser_than(Density::SESSION));
        for n in [2, 3, 50, 400] {
            let board = random_board(n, Density { walls: 60, of: 100 }, &mut rng);
            assert!(board.connected() && board.a != board.b);
        }
    }
}
