//! The subtraction mutation suite's players, as pure move choosers: one plausible contestant
//! bug each, a rare blunderer, and correct players that pick other winning removals.
//! games/subtraction/tests/mutants/main.rs speaks the protocol around them; games/subtraction/tests/mutants/mod.rs
//! shows each bug losing on a concrete position and plays every variant against the referee.
//!
//! The contestant variants build the losing starts themselves (a(0) = 1, a(i+1) = a(i) + a(j),
//! j the number of terms m with a(i) > k·a(m); games/subtraction/src/lib.rs proves the rule), with one
//! bug each, and play the smallest part of the pile's greedy decomposition; with no bug
//! (`none`) that is right. The blunderer and the correct alternatives judge removals with the
//! library's evaluator (combgames_subtraction::Evaluator), never with solutions/subtraction.rs.
//!
//! The variants and their table are in `list`, the contestants' losing starts and choices in
//! `contestant`, the player of a round (a contestant, or a player by the evaluator) in
//! `player`; the caps as each variant computes them here.
// Two crates take this module: the player (main.rs) and the suite (mod.rs); each uses a part.
#![allow(dead_code)]

mod contestant;
mod list;
mod player;

pub use contestant::Contestant;
pub use list::{Variant, VARIANTS};
// The suite's alone (the player has no coverage sessions).
#[allow(unused_imports)]
pub use list::CLASS_VARIANTS;
pub use player::Player;

use combgames_subtraction::{Position, Ratio};

/// The cap after a removal of `x` as `variant` computes it: ⌊k·x⌋ exactly, for
/// [`Variant::CapOverflow`] in wrapping 64-bit products, for [`Variant::CapU32`] modulo 2^32.
pub fn believed_cap(variant: Variant, k: Ratio, x: u64) -> u64 {
    match variant {
        Variant::CapOverflow => x.wrapping_mul(k.num) / k.den,
        Variant::CapU32 => k.floor_mul(x) as u32 as u64,
        _ => k.floor_mul(x),
    }
}

/// The position a mid-game start `n k p` is to `variant`, and whether it plays the round's
/// first move by the fresh pile's rule (only [`Variant::IgnoreLast`] does).
pub fn believed_start(variant: Variant, k: Ratio, n: u64, p: u64) -> (Position, bool) {
    let cap = believed_cap(variant, k, p);
    match variant {
        Variant::IgnoreLast => (Position::start(n), true),
        Variant::CapBelowPile => (
            Position {
                stones: n,
                cap: cap.min(n - 1),
            },
            false,
        ),
        _ => (Position { stones: n, cap }, false),
    }
}
