// Too slow on purpose: right answers from the suspense numbers (Winning Ways, "continued
// conjunctive compounds") of every square of the board, computed by plain dynamic programming
// anti-diagonal by anti-diagonal (every move lowers x + y by 1 or 3, so four diagonals are kept,
// O(N) memory), up to the farthest knight. O(N^2) time: instant on small boards, hopeless
// for N around 10^6 and more, long before the diagonals grow large.
// The dynamic programming is packages/shared/knights.rs, shared with the interactive player;
// the package holds this file bundled with it (scripts/make-packages.sh), one std-only file.
#[path = "../../shared/input.rs"]
mod input;
#[path = "../../shared/knights.rs"]
mod knights;

fn main() {
    let mut input = input::Words::stdin();
    let (k, n): (usize, i64) = (input.number(), input.number());
    let squares: Vec<(i64, i64)> = (0..k).map(|_| (input.number(), input.number())).collect();
    let (suspense, destinations) = knights::evaluate(n, &squares);
    // The first player wins iff the largest suspense is odd; then every knight's best option.
    let largest = suspense.iter().max().cloned().unwrap_or(0);
    let mut out = String::new();
    if largest % 2 == 0 {
        out.push_str("NO\n");
    } else {
        out.push_str("YES\n");
        for &(x, y) in &destinations {
            out.push_str(&format!("{} {}\n", x, y));
        }
    }
    print!("{}", out);
}
