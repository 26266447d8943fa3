//! Per-move cost of the referee's incremental pawn board (games/pawns/src/live.rs) on wide boards:
//! one game per width, every move played through `Live::play` and followed by
//! `Live::mover_wins`; moves alternate between the winning chooser (when the mover wins) and a
//! random legal move, as the referee's own moves and a solution's would.
//! Run: cargo run --release --example pawns_live_bench [N] [MOVES]

use combgames_pawns::live::Live;
use std::time::Instant;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("usage: pawns_live_bench [N] [MOVES]"))
        .collect();
    let n = args.first().copied().unwrap_or(1_000_000) as usize;
    let cap = args.get(1).copied().unwrap_or(200_000);
    let t = Instant::now();
    let mut live = Live::start(n);
    let start = t.elapsed();
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move |len: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % len as u64) as usize
    };
    let (mut moves, mut choose_ns, mut play_eval_ns) = (0u64, 0u128, 0u128);
    while moves < cap && live.has_move() {
        let t = Instant::now();
        let m = if moves % 2 == 0 {
            live.winning_move(&mut next).unwrap()
        } else {
            None
        };
        let m = m.unwrap_or_else(|| live.some_move(next(n)).unwrap());
        choose_ns += t.elapsed().as_nanos();
        let t = Instant::now();
        live.play(m).unwrap();
        live.mover_wins().unwrap();
        play_eval_ns += t.elapsed().as_nanos();
        moves += 1;
    }
    println!(
        "N={n}: start {:.2} ms; {moves} moves; play + mover_wins {:.0} ns/move; choosing a move {:.0} ns/move",
        start.as_secs_f64() * 1e3,
        play_eval_ns as f64 / moves as f64,
        choose_ns as f64 / moves as f64
    );
}
