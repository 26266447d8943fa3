// Wrong on purpose: "White wins iff N is odd" (true for the smallest boards only).
// The input is read by packages/shared/input.rs, shared with the other batch players; the
// package holds this file bundled with it (scripts/make-packages.sh), one std-only file.
#[path = "../../shared/input.rs"]
mod input;

fn main() {
    let n: u64 = input::Words::stdin().number();
    println!("{}", if n % 2 == 1 { "White" } else { "Black" });
}
