// Too slow on purpose: right answers from the Sprague-Grundy values of the runs of uncoloured
// vertices, each computed by the plain mex recurrence over every vertex and colour of the run:
// a table quadratic in the longest run, where the intended solution has a closed form.
// Instant on short paths; a run of 10^5 uncoloured vertices needs about 10^11 steps.
// The path is kept as tictactoe's strip (the same game): packages/shared/strip.rs, valued by
// packages/shared/slow_strip.rs (shared with the interactive players); the package holds this
// file bundled with both (scripts/make-packages.sh), one std-only file.
#[path = "../../shared/input.rs"]
mod input;
#[path = "../../shared/slow_strip.rs"]
mod slow_strip;
#[path = "../../shared/strip.rs"]
mod strip;

fn main() {
    let mut input = input::Words::stdin();
    let _n: usize = input.number();
    let cells: Vec<u8> = input.word().bytes().map(strip::cell_of_digit).collect();
    let total = slow_strip::total(&cells, &mut Vec::new());
    println!("{}", if total != 0 { "FIRST" } else { "SECOND" });
}
