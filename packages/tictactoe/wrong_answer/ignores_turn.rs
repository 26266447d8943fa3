// Wrong on purpose: the Grundy values of the runs are right, but it always answers for the
// player to move, forgetting that Bob moves when the number of marks is odd.
// The runs and their values are packages/shared/strip.rs, shared with the other strip
// players; the package holds this file bundled with it (scripts/make-packages.sh), one
// std-only file.
#[path = "../../shared/input.rs"]
mod input;
#[path = "../../shared/strip.rs"]
mod strip;

fn main() {
    let mut input = input::Words::stdin();
    let t: usize = input.number();
    for _ in 0..t {
        let cells = input.word().into_bytes();
        let x = strip::runs(&cells)
            .iter()
            .fold(0, |x, run| x ^ strip::closed_form(run));
        println!("{}", if x != 0 { "Possible." } else { "Impossible." });
    }
}
