// Wrong on purpose (interactive): always plays A (`first`) and steps along a shortest path to
// B's start, jumping over B only when B blocks every step, as if the race were won by the
// shorter distance alone.
use std::collections::VecDeque;
// The play protocol's client is the solutions' (solutions/src/shared/protocol.rs), framed for
// the packages' players by packages/interactive_player.rs.
#[path = "../../../interactive_player.rs"]
mod player;
#[path = "../../../../solutions/src/shared/protocol.rs"]
mod protocol;

use player::{Lines, Out};
use protocol::{say, Stop};

fn main() {
    player::run(play);
}

fn play(lines: &mut Lines, out: &mut Out) -> Result<(), Stop> {
    let rounds = lines.rounds()?;
    for _ in 0..rounds {
        let first = lines.next("a position")?;
        let n: usize = first.parse().unwrap();
        let rows: Vec<Vec<u8>> = (0..n)
            .map(|_| lines.next("a row").map(String::into_bytes))
            .collect::<Result<_, _>>()?;
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
        say(out, b"first")?;
        loop {
            let step = around(me)
                .into_iter()
                .filter(|&s| free(s) && (s != them || s == goal))
                .min_by_key(|&s| d(s));
            let ours = match step {
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
            if let Some(ours) = ours {
                say(out, ours.as_bytes())?;
            }
            let heard = lines.next("a move or `end`")?;
            match heard.as_str() {
                "end" => break,
                theirs => {
                    let v: Vec<usize> = theirs.split(' ').map(|t| t.parse().unwrap()).collect();
                    them = (v[v.len() - 2] - 1, v[v.len() - 1] - 1);
                }
            }
        }
    }
    Ok(())
}
