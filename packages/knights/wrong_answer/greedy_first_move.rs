// Wrong on purpose: says YES whenever some knight can move and moves every knight by its first
// legal move, with no game analysis.
use std::io::Read;

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_whitespace().map(|t| t.parse().unwrap()).collect();
    let (k, n) = (v[0] as usize, v[1]);
    let moves = [(-2, 1), (-2, -1), (1, -2), (-1, -2)];
    let mut out = String::from("YES\n");
    let mut any = false;
    for i in 0..k {
        let (x, y) = (v[2 + 2 * i], v[3 + 2 * i]);
        let to = moves
            .iter()
            .map(|&(dx, dy)| (x + dx, y + dy))
            .find(|&(a, b)| a >= 1 && b >= 1 && a <= n && b <= n);
        any |= to.is_some();
        let (a, b) = to.unwrap_or((x, y));
        out.push_str(&format!("{a} {b}\n"));
    }
    print!("{}", if any { out.as_str() } else { "NO\n" });
}
