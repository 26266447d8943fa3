//! In-process cost of a pawns judge answer: solutions/pawns.rs included as a module, its
//! `white_wins` called on pseudo-random N in 1..=10^18 (the generator's cost included).
//! Built and run by games/pawns/bench/pawns.sh; usage: pawns_judge_bench COUNT...

#[allow(dead_code)]
#[path = "../../../solutions/pawns.rs"]
mod pawns;

use std::hint::black_box;
use std::time::Instant;

fn main() {
    for arg in std::env::args().skip(1) {
        let count: u64 = arg.parse().expect("COUNT must be an integer");
        let mut state: u64 = 0x2545_F491_4F6C_DD1D;
        let mut white = 0u64;
        let started = Instant::now();
        for _ in 0..count {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let n = 1 + state % 1_000_000_000_000_000_000;
            white += u64::from(pawns::white_wins(black_box(n)));
        }
        let elapsed = started.elapsed();
        println!(
            "judge in-process: {count} answers in {:.3} ms, {:.2} ns per answer ({white} White)",
            elapsed.as_secs_f64() * 1e3,
            elapsed.as_secs_f64() * 1e9 / count as f64
        );
    }
}
