//! Benchmark inputs and figures for `race` (BOI 2008 "Game"); built as the cargo example
//! `race_gen` (it needs the library's pipes-and-tanks generator) and run by
//! games/race/bench/race.sh; here beside the solution's wrappers it shares (wrappers.rs).
//!
//!   race_gen input KIND N G [SEED]   judge input: G boards of side N
//!   race_gen stats KIND N            d, largest layer, the pair DP's states for one board
//!   race_gen pairs KIND N            in-process ms of the interval DP and the pair DP
//!
//! KIND: open (empty board, starts in opposite corners), wide (pipes and tanks filling the
//! board: longest layers), long (pipes and tanks with serpentine leads: distance Θ(n²)),
//! random (30% walls, seeded).

mod wrappers;

use combgames_race::{Board, PipesAndTanks};
use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;
use wrappers::{layer_stats, winner, winner_pairs};

const USAGE: &str = "usage: race_gen input KIND N G [SEED] | stats KIND N | pairs KIND N
KIND: open | wide | long | random";

fn board(kind: &str, n: usize, seed: u64) -> Result<Board, String> {
    match kind {
        "open" => {
            let mut free = vec![true; n * n];
            free[0] = true;
            Ok(Board {
                n,
                free,
                a: 0,
                b: n * n - 1,
            })
        }
        "wide" | "long" => PipesAndTanks::fitting(n, kind == "long")
            .map(|p| p.board(n))
            .ok_or_else(|| format!("n = {n} is too small for {kind} pipes and tanks")),
        "random" => {
            let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            loop {
                let mut free: Vec<bool> = (0..n * n)
                    .map(|_| {
                        state ^= state << 13;
                        state ^= state >> 7;
                        state ^= state << 17;
                        state % 100 >= 30
                    })
                    .collect();
                free[0] = true;
                free[n * n - 1] = true;
                let b = Board {
                    n,
                    free,
                    a: 0,
                    b: n * n - 1,
                };
                if b.connected() {
                    return Ok(b);
                }
            }
        }
        _ => Err(format!("unknown kind {kind:?}\n{USAGE}")),
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let num = |i: usize| -> Result<usize, String> {
        args.get(i)
            .ok_or(USAGE)?
            .parse()
            .map_err(|e| format!("{}: {e}", args[i]))
    };
    let kind = args.get(1).ok_or(USAGE)?.as_str();
    let n = num(2)?;
    match args[0].as_str() {
        "input" => {
            let games = num(3)?;
            let seed = if args.len() > 4 { num(4)? as u64 } else { 1 };
            let mut out = format!("{games}\n");
            for g in 0..games {
                out.push_str(&board(kind, n, seed + g as u64)?.to_input());
            }
            emit(&out)?;
        }
        "stats" => {
            let b = board(kind, n, 1)?;
            let s = layer_stats(&b).ok_or("not connected")?;
            emit(&format!(
                "{kind} n={n}: d={} largest layer={} ({:.1} n) pair DP states={} ({:.2} n^3)\n",
                s.d,
                s.largest_layer,
                s.largest_layer as f64 / n as f64,
                s.pair_states,
                s.pair_states as f64 / (n as f64).powi(3)
            ))?;
        }
        "pairs" => {
            let b = board(kind, n, 1)?;
            let t = Instant::now();
            let fast = winner(&b);
            let fast_ms = t.elapsed().as_secs_f64() * 1e3;
            let t = Instant::now();
            let slow = winner_pairs(&b);
            let slow_ms = t.elapsed().as_secs_f64() * 1e3;
            if fast != slow {
                return Err(format!("the DPs disagree on {kind} n={n}"));
            }
            emit(&format!(
                "{kind} n={n}: interval DP {fast_ms:.1} ms, pair DP {slow_ms:.1} ms (x{:.0})\n",
                slow_ms / fast_ms
            ))?;
        }
        _ => return Err(USAGE.to_owned()),
    }
    Ok(())
}

/// Writes `text` to stdout. A reader that has gone (`race_gen input ... | head -1`) ends the
/// output quietly: what it read is all it wanted. Any other write error is one line.
fn emit(text: &str) -> Result<(), String> {
    let mut stdout = io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(format!("writing stdout: {e}")),
        _ => Ok(()),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let done = if args.iter().any(|a| a == "--help" || a == "-h") {
        emit(&format!("{USAGE}\n"))
    } else {
        run(&args)
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("race_gen: {e}");
            ExitCode::FAILURE
        }
    }
}
