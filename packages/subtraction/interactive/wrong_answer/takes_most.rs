// Wrong on purpose (interactive): always takes the side `first` and removes as many stones as
// the rules allow, which wins only when the cap reaches the whole pile.
use std::io::{self, BufRead, Write};

/// k as p/q from an integer, a decimal or a fraction.
fn ratio(text: &str) -> (u128, u128) {
    if let Some((p, q)) = text.split_once('/') {
        return (p.parse().unwrap(), q.parse().unwrap());
    }
    match text.split_once('.') {
        Some((whole, frac)) => {
            let q = 10u128.pow(frac.len() as u32);
            (whole.parse::<u128>().unwrap() * q + frac.parse::<u128>().unwrap(), q)
        }
        None => (text.parse().unwrap(), 1),
    }
}

fn main() {
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines().map(|l| l.unwrap());
    let mut out = io::stdout();
    let header = lines.next().unwrap();
    let rounds: u64 = header.trim().trim_start_matches("play").trim().parse().unwrap();
    for _ in 0..rounds {
        let position = lines.next().unwrap();
        if position.trim() == "-1" {
            return;
        }
        let mut it = position.split_whitespace();
        let mut left: u128 = it.next().unwrap().parse().unwrap();
        let (p, q) = ratio(it.next().unwrap());
        writeln!(out, "first").unwrap();
        out.flush().unwrap();
        let mut cap = left - 1;
        loop {
            let take = cap.min(left);
            if take > 0 {
                left -= take;
                writeln!(out, "{take}").unwrap();
                out.flush().unwrap();
            }
            let line = lines.next().unwrap();
            match line.trim() {
                "end" => break,
                "-1" => return,
                theirs => {
                    let x: u128 = theirs.parse().unwrap();
                    left -= x;
                    cap = x * p / q;
                }
            }
        }
    }
}
