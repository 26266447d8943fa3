// Wrong on purpose: says YES whenever some knight can move and moves every knight by its first
// legal move, with no game analysis.
// The moves are packages/shared/knights.rs, shared with the other knights players; the package
// holds this file bundled with it (scripts/make-packages.sh), one std-only file.
#[path = "../../shared/input.rs"]
mod input;
#[path = "../../shared/knights.rs"]
mod knights;

fn main() {
    let mut input = input::Words::stdin();
    let (k, n): (usize, i64) = (input.number(), input.number());
    let mut out = String::from("YES\n");
    let mut any = false;
    for _ in 0..k {
        let (x, y) = (input.number(), input.number());
        let to = knights::moves(n, (x, y)).next();
        any |= to.is_some();
        let (a, b) = to.unwrap_or((x, y));
        out.push_str(&format!("{a} {b}\n"));
    }
    print!("{}", if any { out.as_str() } else { "NO\n" });
}
