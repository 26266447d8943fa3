// Wrong on purpose: "White wins iff N is odd" (true for the smallest boards only).
use std::io::Read;

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let n: u64 = s.trim().parse().unwrap();
    println!("{}", if n % 2 == 1 { "White" } else { "Black" });
}
