// Wrong on purpose (interactive): always plays A (`first`) and steps along a shortest path to
// B's start, jumping over B only when B blocks every step, as if the race were won by the
// shorter distance alone.
use std::collections::VecDeque;
use std::io::{self, BufRead, Write};

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
        let n: usize = first.trim().parse().unwrap();
        let rows: Vec<Vec<u8>> = (0..n)
            .map(|_| lines.next().unwrap().trim().as_bytes().to_vec())
            .collect();
        let find = |ch: u8| {
            let at = rows.iter().flatten().position(|&b| b == ch).unwrap();
            (at / n, at % n)
        };
        let (mut me, mut them, goal) = (find(b'A'), find(b'B'), find(b'B'));
        let free = |(r, c): (usize, usize)| rows[r][c] != b'#';
        let around = |(r, c): (usize, usize)| {
            let mut v = Vec::new();
            if r > 0 {
                v.push((r - 1, c));
            }
            if c + 1 < n {
                v.push((r, c + 1));
            }
            if r + 1 < n {
                v.push((r + 1, c));
            }
            if c > 0 {
                v.push((r, c - 1));
            }
            v
        };
        // Step distances to B's start over the free squares.
        let mut dist = vec![vec![usize::MAX; n]; n];
        dist[goal.0][goal.1] = 0;
        let mut queue = VecDeque::from(vec![goal]);
        while let Some(at) = queue.pop_front() {
            for next in around(at) {
                if free(next) && dist[next.0][next.1] == usize::MAX {
                    dist[next.0][next.1] = dist[at.0][at.1] + 1;
                    queue.push_back(next);
                }
            }
        }
        let d = |(r, c): (usize, usize)| dist[r][c];
        writeln!(out, "first").unwrap();
        out.flush().unwrap();
        loop {
            let step = around(me)
                .into_iter()
                .filter(|&s| free(s) && (s != them || s == goal))
                .min_by_key(|&s| d(s));
            let line = match step {
                Some(s) => {
                    me = s;
                    Some(format!("{} {}", s.0 + 1, s.1 + 1))
                }
                None if around(me).contains(&them) => around(them)
                    .into_iter()
                    .filter(|&l| free(l) && l != me)
                    .min_by_key(|&l| d(l))
                    .map(|l| {
                        me = l;
                        format!("{} {} {} {}", them.0 + 1, them.1 + 1, l.0 + 1, l.1 + 1)
                    }),
                None => None,
            };
            if let Some(line) = line {
                writeln!(out, "{line}").unwrap();
                out.flush().unwrap();
            }
            let line = lines.next().unwrap();
            match line.trim() {
                "end" => break,
                "-1" => return,
                theirs => {
                    let v: Vec<usize> = theirs.split(' ').map(|t| t.parse().unwrap()).collect();
                    them = (v[v.len() - 2] - 1, v[v.len() - 1] - 1);
                }
            }
        }
    }
}
