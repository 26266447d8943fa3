// Wrong on purpose (interactive): always moves first and moves every knight by the first of
// its four moves that stays on the board, ignoring how long each knight can last.
use std::io::{self, BufRead, Write};

/// The first move of the knight at (x, y) on an n×n board, in the statement's order.
fn first_move(x: i64, y: i64, n: i64) -> Option<(i64, i64)> {
    [(x - 2, y + 1), (x - 2, y - 1), (x + 1, y - 2), (x - 1, y - 2)]
        .iter()
        .copied()
        .find(|&(a, b)| 1 <= a && a <= n && 1 <= b && b <= n)
}

fn main() {
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines().map(|l| l.unwrap());
    let mut out = io::stdout();
    let header = lines.next().unwrap();
    let rounds: u64 = header.trim().trim_start_matches("play").trim().parse().unwrap();
    for _ in 0..rounds {
        let first = lines.next().unwrap();
        if first.trim() == "-1" {
            return;
        }
        let mut it = first.split_whitespace().map(|t| t.parse::<i64>().unwrap());
        let (k, n) = (it.next().unwrap(), it.next().unwrap());
        let mut knights: Vec<(i64, i64)> = (0..k)
            .map(|_| {
                let line = lines.next().unwrap();
                let mut xy = line.split_whitespace().map(|t| t.parse::<i64>().unwrap());
                (xy.next().unwrap(), xy.next().unwrap())
            })
            .collect();
        writeln!(out, "first").unwrap();
        out.flush().unwrap();
        loop {
            let moves: Vec<Option<(i64, i64)>> =
                knights.iter().map(|&(x, y)| first_move(x, y, n)).collect();
            if moves.iter().any(Option::is_some) {
                let mut line = String::new();
                for (knight, m) in knights.iter_mut().zip(&moves) {
                    if let Some(to) = m {
                        *knight = *to;
                    }
                    if !line.is_empty() {
                        line.push(' ');
                    }
                    line.push_str(&format!("{} {}", knight.0, knight.1));
                }
                writeln!(out, "{line}").unwrap();
                out.flush().unwrap();
            }
            let line = lines.next().unwrap();
            match line.trim() {
                "end" => break,
                "-1" => return,
                theirs => {
                    let v: Vec<i64> = theirs.split(' ').map(|t| t.parse().unwrap()).collect();
                    for (i, knight) in knights.iter_mut().enumerate() {
                        *knight = (v[2 * i], v[2 * i + 1]);
                    }
                }
            }
        }
    }
}
