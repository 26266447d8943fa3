// Wrong on purpose: takes a run between two equal colours for Grundy value 0 and a run between
// different colours for 1 (the two cases swapped).
use std::io::Read;

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let mut tokens = s.split_whitespace();
    let _n: usize = tokens.next().unwrap().parse().unwrap();
    let row = tokens.next().unwrap().as_bytes();
    let mut x = 0;
    let mut i = 0;
    while i < row.len() {
        if row[i] != b'0' {
            i += 1;
            continue;
        }
        let start = i;
        while i < row.len() && row[i] == b'0' {
            i += 1;
        }
        let len = i - start;
        let left = if start > 0 {
            Some(row[start - 1])
        } else {
            None
        };
        let right = row.get(i).copied();
        x ^= match (left, right) {
            (None, None) => len % 2,
            (Some(a), Some(b)) => usize::from(a != b),
            _ => len,
        };
    }
    println!("{}", if x != 0 { "FIRST" } else { "SECOND" });
}
