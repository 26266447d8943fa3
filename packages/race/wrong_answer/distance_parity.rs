// Wrong on purpose: decides by the parity of the shortest A-B distance alone (A wins iff it is
// odd), ignoring jumps and the race to the start squares.
use std::collections::VecDeque;
use std::io::Read;

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let mut tokens = s.split_whitespace();
    let games: usize = tokens.next().unwrap().parse().unwrap();
    for _ in 0..games {
        let n: usize = tokens.next().unwrap().parse().unwrap();
        let rows: Vec<&[u8]> = (0..n).map(|_| tokens.next().unwrap().as_bytes()).collect();
        let find = |c: u8| (0..n * n).find(|&i| rows[i / n][i % n] == c).unwrap();
        let (a, b) = (find(b'A'), find(b'B'));
        let mut dist = vec![usize::MAX; n * n];
        dist[a] = 0;
        let mut queue = VecDeque::from([a]);
        while let Some(cell) = queue.pop_front() {
            let (r, c) = (cell / n, cell % n);
            let mut next = Vec::new();
            if r > 0 {
                next.push(cell - n);
            }
            if r + 1 < n {
                next.push(cell + n);
            }
            if c > 0 {
                next.push(cell - 1);
            }
            if c + 1 < n {
                next.push(cell + 1);
            }
            for m in next {
                if rows[m / n][m % n] != b'#' && dist[m] == usize::MAX {
                    dist[m] = dist[cell] + 1;
                    queue.push_back(m);
                }
            }
        }
        println!("{}", if dist[b] % 2 == 1 { "A" } else { "B" });
    }
}
