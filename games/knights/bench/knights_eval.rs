//! Cost of the referee's knights evaluator (`combgames_knights::Evaluator`) per knight on
//! N = 10^9: the first evaluator (which runs the DP of the small boards once), then 10^6
//! seeded squares, a quarter of them on the far border lines, for each residue of N mod 4.
//! Run by games/knights/bench/knights_eval.sh.

use combgames_core::rng::Rng;
use combgames_knights::Evaluator;
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let start = Instant::now();
    let first = Evaluator::new(1_000_000_000);
    black_box(first.suspense(1, 1));
    println!(
        "first evaluator (DP of the 35 small boards): {:.1} us",
        start.elapsed().as_secs_f64() * 1e6
    );
    const SQUARES: usize = 1_000_000;
    for n in 999_999_997..=1_000_000_000u64 {
        let mut rng = Rng::new(n);
        let squares: Vec<(u64, u64)> = (0..SQUARES)
            .map(|i| {
                let other = rng.range(1, n);
                match i % 4 {
                    0 => (n - rng.range(0, 11), other),
                    _ => (rng.range(1, n), other),
                }
            })
            .collect();
        let start = Instant::now();
        let eval = Evaluator::new(n);
        let mut sum = 0u64;
        for &(x, y) in &squares {
            sum = sum.wrapping_add(eval.suspense(x, y));
        }
        let per = start.elapsed().as_secs_f64() * 1e9 / SQUARES as f64;
        let start = Instant::now();
        let mut moved = 0u64;
        for &(x, y) in &squares {
            moved = moved.wrapping_add(eval.best_move(x, y).map_or(0, |(a, _)| a));
        }
        let per_move = start.elapsed().as_secs_f64() * 1e9 / SQUARES as f64;
        black_box((sum, moved));
        println!(
            "N = {n} (mod 4 = {}): {per:.1} ns per suspense number, {per_move:.1} ns per best move (4 options)",
            n % 4
        );
    }
}
