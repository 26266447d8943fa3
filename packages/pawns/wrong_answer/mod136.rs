// Wrong on purpose: the Grundy values of Dawson's chess (0.137) are right, but a large N is
// reduced modulo 136 as some accepted judge solutions do; wrong at N = 136 and beyond.
use std::io::Read;

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let n: u64 = s.trim().parse().unwrap();
    let mut g = vec![0usize; 137];
    g[1] = 1;
    for m in 2..137 {
        let mut seen = [false; 64];
        seen[g[m - 2]] = true;
        for i in 2..m {
            seen[g[i - 2] ^ g[m - i - 1]] = true;
        }
        g[m] = (0..).find(|&v| !seen[v]).unwrap();
    }
    let m = if n < 136 { n } else { n % 136 } as usize;
    println!("{}", if g[m] != 0 { "White" } else { "Black" });
}
