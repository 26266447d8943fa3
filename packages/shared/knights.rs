//! The knights game as the packages' players see it: a knight's moves on the n×n board, the
//! suspense numbers (Winning Ways, "continued conjunctive compounds") of every square by plain
//! dynamic programming anti-diagonal by anti-diagonal (every move lowers x + y by 1 or 3, so
//! four diagonals are kept: O(N) memory, O(N^2) time), and the squares as the protocol writes
//! them. Bundled into the players that use it by scripts/make-packages.sh and
//! scripts/make-interactive-packages.sh.

// The wrong players use the moves only, the slow ones the suspense numbers too: what one
// leaves unused is not dead for the others.
#![allow(dead_code)]

/// A knight's moves as (dx, dy), in the statement's order; each lowers x + y by 1 or 3.
const STEPS: [(i64, i64); 4] = [(-2, 1), (-2, -1), (1, -2), (-1, -2)];

/// Where the knight on (x, y) of the n×n board may move, in the statement's order.
pub fn moves(n: i64, (x, y): (i64, i64)) -> impl Iterator<Item = (i64, i64)> {
    STEPS
        .iter()
        .map(move |&(dx, dy)| (x + dx, y + dy))
        .filter(move |&(a, b)| 1 <= a && a <= n && 1 <= b && b <= n)
}

/// The suspense numbers of diagonal x + y = s, indexed by x - first_x(s).
struct Diagonal {
    s: i64,
    first_x: i64,
    values: Vec<u64>,
}

fn first_x(n: i64, s: i64) -> i64 {
    (s - n).max(1)
}

fn last_x(n: i64, s: i64) -> i64 {
    (s - 1).min(n)
}

/// The suspense of (x, y), on the board, from the kept diagonals.
fn lookup(diagonals: &[Diagonal], (x, y): (i64, i64)) -> u64 {
    let d = diagonals.iter().find(|d| d.s == x + y).unwrap();
    d.values[(x - d.first_x) as usize]
}

/// The mover's best option of the knight on `from`: the destination of the largest even
/// suspense if any, else of the smallest; with that suspense.
fn best(diagonals: &[Diagonal], n: i64, from: (i64, i64)) -> Option<((i64, i64), u64)> {
    let options: Vec<((i64, i64), u64)> = moves(n, from)
        .map(|to| (to, lookup(diagonals, to)))
        .collect();
    let even = options.iter().filter(|o| o.1 % 2 == 0).max_by_key(|o| o.1);
    even.or_else(|| options.iter().min_by_key(|o| o.1)).cloned()
}

/// Every knight's suspense and the mover's best destination for it (its own square if stuck),
/// up to the farthest knight's diagonal.
pub fn evaluate(n: i64, knights: &[(i64, i64)]) -> (Vec<u64>, Vec<(i64, i64)>) {
    let k = knights.len();
    // The knights by diagonal, so each is looked at when its diagonal and the three below exist.
    let mut order: Vec<usize> = (0..k).collect();
    order.sort_by_key(|&i| knights[i].0 + knights[i].1);
    let mut suspense = vec![0u64; k];
    let mut destinations = knights.to_vec();
    let mut diagonals: Vec<Diagonal> = Vec::new();
    let mut next = 0;
    let farthest = knights.iter().map(|&(x, y)| x + y).max().unwrap_or(2);
    for s in 2..=farthest {
        let values = (first_x(n, s)..=last_x(n, s))
            .map(|x| best(&diagonals, n, (x, s - x)).map_or(0, |(_, t)| t + 1))
            .collect();
        if diagonals.len() == 4 {
            diagonals.remove(0);
        }
        diagonals.push(Diagonal {
            s,
            first_x: first_x(n, s),
            values,
        });
        while next < k && knights[order[next]].0 + knights[order[next]].1 == s {
            let i = order[next];
            suspense[i] = lookup(&diagonals, knights[i]);
            if let Some((to, _)) = best(&diagonals, n, knights[i]) {
                destinations[i] = to;
            }
            next += 1;
        }
    }
    (suspense, destinations)
}

/// The squares of a protocol line `x1 y1 x2 y2 ...` (also the position's first line `K N`).
pub fn squares(line: &str) -> Vec<(i64, i64)> {
    let v: Vec<i64> = line
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    v.chunks(2).map(|p| (p[0], p[1])).collect()
}

/// A round of the interactive game as a player keeps it: the board's side N and the knights.
#[derive(Default)]
pub struct Round {
    pub n: i64,
    pub knights: Vec<(i64, i64)>,
}

impl Round {
    /// Reads a round's position, its lines read by `next_line` (which names each for
    /// messages): `K N`, then K lines `x y`.
    pub fn read<E>(mut next_line: impl FnMut(&str) -> Result<String, E>) -> Result<Round, E> {
        let (k, n) = squares(&next_line("a position")?)[0];
        let knights = (0..k)
            .map(|_| Ok(squares(&next_line("a knight")?)[0]))
            .collect::<Result<_, E>>()?;
        Ok(Round { n, knights })
    }

    /// Makes the opponent's move: its line holds every knight's square after it.
    pub fn hear(&mut self, line: &str) {
        self.knights = squares(line);
    }
}

/// Squares as the protocol writes them: `x1 y1 x2 y2 ...`.
pub fn squares_line(squares: &[(i64, i64)]) -> String {
    let written: Vec<String> = squares.iter().map(|(x, y)| format!("{x} {y}")).collect();
    written.join(" ")
}
