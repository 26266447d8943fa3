// Wrong on purpose: the Grundy values of the runs are right, but it always answers for the
// player to move, forgetting that Bob moves when the number of marks is odd.
use std::io::Read;

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let mut lines = s.split_whitespace();
    let t: usize = lines.next().unwrap().parse().unwrap();
    for _ in 0..t {
        let row = lines.next().unwrap().as_bytes();
        let mut x = 0;
        let mut i = 0;
        while i < row.len() {
            if row[i] != b'.' {
                i += 1;
                continue;
            }
            let start = i;
            while i < row.len() && row[i] == b'.' {
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
                (Some(a), Some(b)) => usize::from(a == b),
                _ => len,
            };
        }
        println!("{}", if x != 0 { "Possible." } else { "Impossible." });
    }
}
