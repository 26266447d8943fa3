// Wrong on purpose: the Grundy values of Dawson's chess (0.137) are right, but a large N is
// reduced modulo 136 as some accepted judge solutions do; wrong at N = 136 and beyond.
// The recurrence is packages/shared/pawns.rs, shared with the other pawns players; the package
// holds this file bundled with it (scripts/make-packages.sh), one std-only file.
#[path = "../../shared/input.rs"]
mod input;
#[path = "../../shared/pawns.rs"]
mod pawns;

fn main() {
    let n: u64 = input::Words::stdin().number();
    let g = pawns::grundy(136);
    let m = if n < 136 { n } else { n % 136 } as usize;
    println!("{}", if g[m] != 0 { "White" } else { "Black" });
}
