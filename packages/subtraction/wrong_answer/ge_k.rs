// Wrong on purpose: the losing sequence of the k-times subtraction game, built with
// "at least k times" (>=) where the rule is "more than k times" (>).
// The game's pieces are packages/shared/subtraction.rs, shared with the other subtraction
// players; the package holds this file bundled with it (scripts/make-packages.sh), one std-only
// file.
#[path = "../../shared/subtraction.rs"]
mod subtraction;

use subtraction::{cases, linear_terms, smallest_term};

fn main() {
    let at_least = |x: u128, times_k: u128| x >= times_k;
    cases(
        |n, k| linear_terms(n, k.parse().unwrap(), at_least),
        smallest_term,
    );
}
