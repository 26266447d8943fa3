// Wrong on purpose: the right losing sequence, but answers the largest term of n's greedy
// decomposition instead of the smallest.
// The game's pieces are packages/shared/subtraction.rs, shared with the other subtraction
// players; the package holds this file bundled with it (scripts/make-packages.sh), one std-only
// file.
#[path = "../../shared/subtraction.rs"]
mod subtraction;

use subtraction::{cases, linear_terms};

/// The largest term of the greedy decomposition of m (its first).
fn largest_term(terms: &[u128], m: u128) -> u128 {
    *terms.iter().rev().find(|&&t| t <= m).unwrap()
}

fn main() {
    let more_than = |x: u128, times_k: u128| x > times_k;
    cases(
        |n, k| linear_terms(n, k.parse().unwrap(), more_than),
        largest_term,
    );
}
