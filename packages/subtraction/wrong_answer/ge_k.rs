// Wrong on purpose: the losing sequence of the k-times subtraction game, built with
// "at least k times" (>=) where the rule is "more than k times" (>).
use std::io::Read;

fn solve(n: u64, k: u64) -> Option<u64> {
    let (mut a, mut b) = (vec![1u64], vec![1u64]);
    let mut j = 0;
    while *a.last().unwrap() < n {
        let next = b.last().unwrap() + 1;
        a.push(next);
        let i = a.len() - 1;
        while j + 1 < i && a[j + 1] * k <= next {
            j += 1;
        }
        let top = if a[j] * k <= next { b[j] + next } else { next };
        b.push(top);
    }
    if *a.last().unwrap() == n {
        return None;
    }
    let (mut rest, mut smallest) = (n, 0);
    for &t in a.iter().rev() {
        if rest >= t {
            rest -= t;
            smallest = t;
        }
    }
    Some(smallest)
}

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_whitespace().map(|t| t.parse().unwrap()).collect();
    for i in 0..v[0] as usize {
        match solve(v[1 + 2 * i], v[2 + 2 * i]) {
            Some(m) => println!("Case {}: {m}", i + 1),
            None => println!("Case {}: lose", i + 1),
        }
    }
}
