// Wrong on purpose: takes every game for Nim. The first player wins iff the xor of the heap
// sizes is not 0, and the winning move lowers a heap to its size xor that xor. Right for
// `nim` only; wrong for every other spec and for misere play.
use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut lines = input.lines();
    lines.next();
    let numbers: Vec<u64> = lines
        .flat_map(str::split_whitespace)
        .map(|w| w.parse().unwrap())
        .collect();
    let (t, mut rest) = (numbers[0], &numbers[1..]);
    let mut out = String::new();
    for _ in 0..t {
        let k = rest[0] as usize;
        let heaps = &rest[1..=k];
        rest = &rest[k + 1..];
        let x = heaps.iter().fold(0, |a, &h| a ^ h);
        match heaps.iter().position(|&h| h ^ x < h) {
            Some(i) if x != 0 && heaps[i] ^ x > 0 => {
                out.push_str(&format!("First {} {}\n", i + 1, heaps[i] ^ x))
            }
            Some(i) if x != 0 => out.push_str(&format!("First {}\n", i + 1)),
            _ => out.push_str("Second\n"),
        }
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
