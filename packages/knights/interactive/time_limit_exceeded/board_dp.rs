// Too slow on purpose (interactive): plays perfectly from the suspense numbers (Winning Ways,
// "continued conjunctive compounds") of every square, computed before each of its turns by
// plain dynamic programming anti-diagonal by anti-diagonal up to the farthest knight (O(N)
// memory, O(N^2) time). Instant on small boards, hopeless on boards of side 10^9.
// The play protocol's client is the solutions' (solutions/src/shared/protocol.rs), framed for
// the packages' players by packages/interactive_player.rs.
#[path = "../../../interactive_player.rs"]
mod player;
#[path = "../../../../solutions/src/shared/protocol.rs"]
mod protocol;

use player::{Lines, Out};
use protocol::{say, Stop};

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
        .filter_map(|&(dx, dy)| lookup(diagonals, n, x + dx, y + dy).map(|s| ((x + dx, y + dy), s)))
        .collect()
}

/// The mover's best option: the largest even suspense if any, else the smallest.
fn best(options: &[((i64, i64), u64)]) -> Option<((i64, i64), u64)> {
    let even = options.iter().filter(|o| o.1 % 2 == 0).max_by_key(|o| o.1);
    even.or_else(|| options.iter().min_by_key(|o| o.1)).cloned()
}

/// Every knight's suspense and the mover's best destination for it (its own square if stuck).
fn evaluate(n: i64, knights: &[(i64, i64)]) -> (Vec<u64>, Vec<(i64, i64)>) {
    let k = knights.len();
    // The knights by diagonal, so each is looked at when its diagonal and the three below exist.
    let mut order: Vec<usize> = (0..k).collect();
    order.sort_by_key(|&i| knights[i].0 + knights[i].1);
    let mut suspense = vec![0u64; k];
    let mut moves = knights.to_vec();
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
    (suspense, moves)
}

fn main() {
    player::run(play);
}

fn play(lines: &mut Lines, out: &mut Out) -> Result<(), Stop> {
    let rounds = lines.rounds()?;
    for _ in 0..rounds {
        let first = lines.next("a position")?;
        let mut it = first.split_whitespace().map(|t| t.parse::<i64>().unwrap());
        let (k, n) = (it.next().unwrap(), it.next().unwrap());
        let mut knights: Vec<(i64, i64)> = (0..k)
            .map(|_| {
                let square = lines.next("a knight")?;
                let mut xy = square.split_whitespace().map(|t| t.parse::<i64>().unwrap());
                Ok((xy.next().unwrap(), xy.next().unwrap()))
            })
            .collect::<Result<_, Stop>>()?;
        // The player to move wins iff the largest suspense is odd.
        let (suspense, _) = evaluate(n, &knights);
        let mut my_turn = suspense.iter().max().cloned().unwrap_or(0) % 2 == 1;
        say(out, protocol::side(my_turn))?;
        loop {
            if my_turn {
                let (_, moves) = evaluate(n, &knights);
                if moves != knights {
                    knights = moves;
                    let squares: Vec<String> = knights
                        .iter()
                        .map(|&(x, y)| format!("{} {}", x, y))
                        .collect();
                    say(out, squares.join(" ").as_bytes())?;
                }
            }
            my_turn = true;
            let heard = lines.next("a move or `end`")?;
            match heard.as_str() {
                "end" => break,
                theirs => {
                    let v: Vec<i64> = theirs
                        .split_whitespace()
                        .map(|t| t.parse().unwrap())
                        .collect();
                    for (i, knight) in knights.iter_mut().enumerate() {
                        *knight = (v[2 * i], v[2 * i + 1]);
                    }
                }
            }
        }
    }
    Ok(())
}
