//! The drawn boards of each shape: random walls, open, pipes, corridor, serpentine, the
//! corner meeting and the maze, and a board's starts moved two squares apart.

use super::Density;
use crate::{squares_around, Board};
use combgames_core::rng::Rng;

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
///
/// [`PipesAndTanks`]: crate::PipesAndTanks
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
