// Too slow on purpose: right answers from the suspense numbers (Winning Ways, "continued
// conjunctive compounds") of every square of the board, computed by plain dynamic programming
// anti-diagonal by anti-diagonal (every move lowers x + y by 1 or 3, so four diagonals are kept,
// O(N) memory), up to the farthest knight. O(N^2) time: instant on small boards, hopeless
// for N around 10^6 and more, long before the diagonals grow large.
use std::io::Read;

/// The moves of this game as (dx, dy); each lowers x + y (the diagonal) by `-(dx + dy)`.
const STEPS: [(i64, i64); 4] = [(-2, 1), (-2, -1), (1, -2), (-1, -2)];

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

/// The suspense of (x, y) from the kept diagonals, or None if off the board.
fn lookup(diagonals: &[Diagonal], n: i64, x: i64, y: i64) -> Option<u64> {
    if x < 1 || y < 1 || x > n || y > n {
        return None;
    }
    let d = diagonals.iter().find(|d| d.s == x + y).unwrap();
    Some(d.values[(x - d.first_x) as usize])
}

/// The options of the knight on (x, y): (destination, suspense).
fn options(diagonals: &[Diagonal], n: i64, x: i64, y: i64) -> Vec<((i64, i64), u64)> {
    STEPS
        .iter()
        .filter_map(|&(dx, dy)| {
            lookup(diagonals, n, x + dx, y + dy).map(|s| ((x + dx, y + dy), s))
        })
        .collect()
}

/// The mover's best option: the largest even suspense if any, else the smallest.
fn best(options: &[((i64, i64), u64)]) -> Option<((i64, i64), u64)> {
    let even = options.iter().filter(|o| o.1 % 2 == 0).max_by_key(|o| o.1);
    even.or_else(|| options.iter().min_by_key(|o| o.1)).cloned()
}

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input.split_whitespace().map(|t| t.parse::<i64>().unwrap());
    let k = tokens.next().unwrap() as usize;
    let n = tokens.next().unwrap();
    let knights: Vec<(i64, i64)> = (0..k)
        .map(|_| (tokens.next().unwrap(), tokens.next().unwrap()))
        .collect();
    // The knights by diagonal, so each is looked at when its diagonal and the three below exist.
    let mut order: Vec<usize> = (0..k).collect();
    order.sort_by_key(|&i| knights[i].0 + knights[i].1);
    let mut suspense = vec![0u64; k];
    let mut moves = knights.clone();
    let mut diagonals: Vec<Diagonal> = Vec::new();
    let mut next = 0;
    let farthest = knights.iter().map(|&(x, y)| x + y).max().unwrap_or(2);
    for s in 2..=farthest {
        let mut values = Vec::new();
        for x in first_x(n, s)..=last_x(n, s) {
            let value = match best(&options(&diagonals, n, x, s - x)) {
                None => 0,
                Some((_, t)) => t + 1,
            };
            values.push(value);
        }
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
            let (x, y) = knights[i];
            suspense[i] = lookup(&diagonals, n, x, y).unwrap();
            if let Some((square, _)) = best(&options(&diagonals, n, x, y)) {
                moves[i] = square;
            }
            next += 1;
        }
    }
    // The first player wins iff the largest suspense is odd; then every knight's best option.
    let largest = suspense.iter().max().cloned().unwrap_or(0);
    let mut out = String::new();
    if largest % 2 == 0 {
        out.push_str("NO\n");
    } else {
        out.push_str("YES\n");
        for &(x, y) in &moves {
            out.push_str(&format!("{} {}\n", x, y));
        }
    }
    print!("{}", out);
}
