// Too slow on purpose: right answers from the losing starts of the k-times subtraction game
// (a0 = 1, a(i+1) = a(i) + a(j) with j the number of terms m where a(i) > k * a(m); Schwenk's
// take-away games), but j is found by counting over all the terms again for every new term.
// That is quadratic in the number of terms, which for k near 10^5 and n near 10^8 is several
// hundred thousand: instant for small k, far beyond the limit for large k.
// The game's pieces are packages/shared/subtraction.rs, shared with the other subtraction
// players; the package holds this file bundled with it (scripts/make-packages.sh), one std-only
// file.
#[path = "../../shared/subtraction.rs"]
mod subtraction;

use subtraction::{cases, parse_k, slow_terms, smallest_term};

fn main() {
    cases(|n, k| slow_terms(n, parse_k(k)), smallest_term);
}
