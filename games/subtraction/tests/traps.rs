//! The referee's unique-reply trap does what it claims: when a move leaving the solution exactly
//! one winning reply exists among the candidates, the trap plays one.

use combgames_core::rng::Rng;
use combgames_core::round::Trap;
use combgames_registry::Game as GameKind;

/// Winning replies after the referee's move `x` from the start of `n k`, by replaying.
fn subtraction_winning_replies(n: u64, k: &str, x: &str) -> usize {
    (1..=n)
        .filter(|y| {
            let mut r = GameKind::Subtraction
                .from_line(&format!("{n} {k}"))
                .unwrap();
            r.play_line(x).unwrap();
            r.play_line(&y.to_string()).is_ok() && !r.mover_wins().unwrap()
        })
        .count()
}

#[test]
fn subtraction_unique_reply_trap() {
    let mut rng = Rng::new(1);
    let mut trapped = 0;
    for k in ["2", "3/2", "3"] {
        for n in 2..=60u64 {
            let mut r = GameKind::Subtraction
                .from_line(&format!("{n} {k}"))
                .unwrap();
            if r.mover_wins().unwrap() {
                continue; // the referee moves first only from a lost start
            }
            let some_unique = (1..=(n - 1).min(8))
                .any(|x| subtraction_winning_replies(n, k, &x.to_string()) == 1);
            let x = r.trap_move(Trap::UniqueReply, &mut rng).unwrap();
            let count = subtraction_winning_replies(n, k, &x);
            assert!(
                count >= 1,
                "n={n} k={k}: the trap move {x} left no winning reply"
            );
            if some_unique {
                assert_eq!(count, 1, "n={n} k={k}: took {x}");
                trapped += 1;
            }
        }
    }
    assert!(
        trapped > 5,
        "only {trapped} positions had a unique-reply move"
    );
}
