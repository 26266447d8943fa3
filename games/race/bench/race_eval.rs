//! Figures for the referee's race evaluator (games/race/src/eval.rs): set-up time, band table size,
//! peak memory and the time to judge every move of one game, for one generated board.
//! Built as the cargo example `race_eval`; games/race/bench/race_eval.sh runs it over shapes and sizes.
//!
//!   race_eval SHAPE N [SEED]
//!
//! SHAPE: open | corners (open, starts in opposite corners) | centre (open, starts two apart
//! in the middle) | random | maze | corridor | serpentine | wide | long (pipes and tanks
//! filling the board, or with serpentine leads).

use combgames_core::rng::Rng;
use combgames_race::gen::{board_of, serpentine_board, Density, Shape};
use combgames_race::{legal_moves, Board, Evaluator, Outcome, PipesAndTanks, Position, Rules};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage: race_eval SHAPE N [SEED]
SHAPE: open | corners | centre | random | maze | corridor | serpentine | wide | long";

fn board(shape: &str, n: usize, seed: u64) -> Result<Board, String> {
    let mut rng = Rng::new(seed);
    let shape = match shape {
        "open" => Shape::Open,
        "random" => Shape::Random(Density::SESSION),
        "maze" => Shape::Maze,
        "corridor" => Shape::Corridor,
        "corners" => {
            return Ok(Board {
                n,
                free: vec![true; n * n],
                a: 0,
                b: n * n - 1,
            })
        }
        // Open, the starts two apart in the middle: diamond levels on both sides.
        "centre" => {
            let mid = n / 2 * n + n / 2;
            return Ok(Board {
                n,
                free: vec![true; n * n],
                a: mid - 1,
                b: mid + 1,
            });
        }
        "serpentine" => return Ok(serpentine_board(n, &mut rng)),
        "wide" | "long" => {
            return PipesAndTanks::fitting(n, shape == "long")
                .map(|p| p.board(n))
                .ok_or_else(|| format!("n = {n} is too small for {shape} pipes and tanks"))
        }
        _ => return Err(format!("unknown shape {shape:?}\n{USAGE}")),
    };
    Ok(board_of(shape, n, &mut rng))
}

/// Peak resident memory of this process in MiB (Linux), 0 elsewhere.
fn peak_mib() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse::<f64>().ok())
        })
        .map_or(0.0, |kb| kb / 1024.0)
}

fn run(args: &[String]) -> Result<(), String> {
    let shape = args.first().ok_or(USAGE)?;
    let n: usize = args
        .get(1)
        .ok_or(USAGE)?
        .parse()
        .map_err(|e| format!("N: {e}"))?;
    let seed: u64 = match args.get(2) {
        Some(s) => s.parse().map_err(|e| format!("SEED: {e}"))?,
        None => 1,
    };
    let board = board(shape, n, seed)?;
    let t0 = Instant::now();
    let eval = Evaluator::new(&board, Rules::default());
    let setup = t0.elapsed().as_secs_f64();
    // One game, every legal move of both sides judged: each side takes a winning move that
    // brings it nearest its goal, or the losing side a random legal move.
    let t1 = Instant::now();
    let mut pos = Position::start(&board);
    let mut rng = Rng::new(seed ^ 0x5eed);
    let mut moves = 0u64;
    let mut judged = 0u64;
    loop {
        let options = legal_moves(&board, pos, Rules::default());
        let mut best: Option<(u32, Outcome)> = None;
        for &(_, o) in &options {
            judged += 1;
            let (wins, dist) = match o {
                Outcome::Wins => (true, 0),
                Outcome::Continues(p) => (
                    !eval.mover_wins(p),
                    eval.to_goal(pos.to_move, p.square(pos.to_move)),
                ),
            };
            if wins && best.map_or(true, |(d, _)| dist < d) {
                best = Some((dist, o));
            }
        }
        moves += 1;
        let chosen = match best {
            Some((_, o)) => o,
            None => options[rng.index(options.len())].1,
        };
        match chosen {
            Outcome::Wins => break,
            Outcome::Continues(p) => pos = p,
        }
    }
    let play = t1.elapsed().as_secs_f64();
    let size = Evaluator::band_size(&board);
    println!(
        "{shape:8} n={n:4} free={:6} d={:5} band_bits={:11} stored_MiB={:7.1} setup_s={:.3} game_moves={moves} judged={judged} play_s={:.3} peak_MiB={:.0}",
        size.free,
        eval.to_goal(combgames_race::Player::A, board.a),
        size.bits,
        eval.stored_bits() as f64 / 8.0 / 1048576.0,
        setup,
        play,
        peak_mib()
    );
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("race_eval: {e}");
            ExitCode::from(2)
        }
    }
}
