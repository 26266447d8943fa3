// Too slow on purpose: right answers from the Grundy recurrence of Dawson's chess (0.137),
// computed for every board up to N in quadratic time, with no use of the period.
use std::io::Read;

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let n: usize = s.trim().parse().unwrap();
    let mut g: Vec<u8> = vec![0, 1];
    while g.len() <= n {
        let m = g.len();
        let mut seen = [false; 256];
        seen[g[m - 2] as usize] = true;
        for i in 2..m {
            seen[(g[i - 2] ^ g[m - i - 1]) as usize] = true;
        }
        g.push((0..).find(|&v| !seen[v]).unwrap() as u8);
    }
    println!("{}", if g[n] != 0 { "White" } else { "Black" });
}
