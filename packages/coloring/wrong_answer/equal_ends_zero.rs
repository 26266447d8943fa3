// Wrong on purpose: takes a run between two equal colours for Grundy value 0 and a run between
// different colours for 1 (the two cases swapped).
// The path is kept as tictactoe's strip (the same game): its runs are packages/shared/strip.rs;
// the package holds this file bundled with it (scripts/make-packages.sh), one std-only file.
#[path = "../../shared/input.rs"]
mod input;
#[path = "../../shared/strip.rs"]
mod strip;

use strip::{closed_form, Run, EDGE};

/// The value of a run with the two cases between colours swapped (strip::closed_form is
/// right).
fn swapped_value(run: &Run) -> usize {
    if run.left != EDGE && run.right != EDGE {
        1 - closed_form(run)
    } else {
        closed_form(run)
    }
}

fn main() {
    let mut input = input::Words::stdin();
    let _n: usize = input.number();
    let cells: Vec<u8> = input.word().bytes().map(strip::cell_of_digit).collect();
    let x = strip::runs(&cells)
        .iter()
        .fold(0, |x, run| x ^ swapped_value(run));
    println!("{}", if x != 0 { "FIRST" } else { "SECOND" });
}
