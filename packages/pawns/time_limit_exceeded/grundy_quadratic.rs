// Too slow on purpose: right answers from the Grundy recurrence of Dawson's chess (0.137),
// computed for every board up to N in quadratic time, with no use of the period.
// The recurrence is packages/shared/pawns.rs, shared with the other pawns players; the package
// holds this file bundled with it (scripts/make-packages.sh), one std-only file.
#[path = "../../shared/input.rs"]
mod input;
#[path = "../../shared/pawns.rs"]
mod pawns;

fn main() {
    let n: usize = input::Words::stdin().number();
    let g = pawns::grundy(n);
    println!("{}", if g[n] != 0 { "White" } else { "Black" });
}
