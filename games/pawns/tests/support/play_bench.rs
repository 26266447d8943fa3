//! pawns --play speed. Built and run by games/pawns/bench/pawns.sh; here beside the test
//! driver it shares (game.rs). Usage:
//!   pawns_play_bench BINARY N ROUNDS
//! 1. Over pipes: the test driver (game.rs) plays random legal moves against
//!    `BINARY --play` for ROUNDS rounds on the 3×N board; figures per move and per second.
//! 2. The floor: the same number of one-line round trips through `cat`.
//! 3. In-process: the solution's own engine (solutions/pawns.rs as a module) playing both
//!    sides of the 3×N board, with the slowest single move.

mod game;

#[allow(dead_code)]
#[path = "../../../../solutions/pawns.rs"]
mod pawns;

use std::io::{BufRead, BufReader, BufWriter, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn over_pipes(binary: &str, n: i64, rounds: usize) -> u64 {
    let g = game::octal_0137(200);
    let mut rng = game::Rng::new(1465);
    let mut driver = game::Driver::spawn(binary, Duration::from_secs(600));
    let started = Instant::now();
    driver.send(&rounds.to_string());
    let mut half_moves = 0;
    for _ in 0..rounds {
        let first = game::octal_0137_at(&g, n as u64) != 0;
        half_moves += driver.play_round(n, first, &mut rng, |_, _| {});
    }
    let solution_moves = driver.solution_moves;
    let mut replies = std::mem::take(&mut driver.reply_times);
    assert_eq!(driver.finish(), Some(0));
    let elapsed = started.elapsed();
    println!(
        "play over pipes, N = {n}, {rounds} rounds: {half_moves} half-moves ({solution_moves} by the solution) in {:.3} s: \
         {:.0} half-moves/s",
        elapsed.as_secs_f64(),
        half_moves as f64 / elapsed.as_secs_f64(),
    );
    println!(
        "  solution reply, driver's write to reply read (pipe round trip included): {}",
        spread(&mut replies)
    );
    solution_moves
}

fn cat_round_trips(count: u64) {
    let mut child = Command::new("cat")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("cat");
    let mut to = BufWriter::new(child.stdin.take().unwrap());
    let mut from = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    let mut trips = Vec::with_capacity(count as usize);
    let started = Instant::now();
    for _ in 0..count {
        let sent = Instant::now();
        to.write_all(b"1 2 2 2\n").unwrap();
        to.flush().unwrap();
        line.clear();
        from.read_line(&mut line).unwrap();
        trips.push(sent.elapsed());
    }
    let elapsed = started.elapsed();
    drop(to);
    child.wait().unwrap();
    println!(
        "floor, one-line round trips through cat: {count} in {:.3} s, {:.2} us each",
        elapsed.as_secs_f64(),
        elapsed.as_secs_f64() * 1e6 / count as f64
    );
    println!("  round trip, write to reply read: {}", spread(&mut trips));
}

/// Median, 99th and 99.9th percentiles and maximum of some durations, in microseconds.
fn spread(times: &mut [Duration]) -> String {
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize].as_secs_f64() * 1e6;
    format!(
        "median {:.2} us, p99 {:.2} us, p99.9 {:.2} us, max {:.2} us",
        at(0.5),
        at(0.99),
        at(0.999),
        at(1.0)
    )
}

fn in_process(n: usize) {
    let built = Instant::now();
    let mut board = pawns::Board::new(n);
    let mut segments = pawns::Segments::new(n);
    let setup = built.elapsed();
    let mut side = pawns::Side::White;
    let mut times = Vec::new();
    let started = Instant::now();
    while board.has_move(side) {
        let t = Instant::now();
        let mv = pawns::choose_move(&board, &segments, side).expect("a move");
        assert!(pawns::play_move(&mut board, &mut segments, side, mv, 0).is_ok());
        times.push(t.elapsed());
        side = side.other();
    }
    let elapsed = started.elapsed();
    let moves = times.len();
    println!(
        "play in-process, N = {n}: board set-up {:.2} ms; {moves} half-moves in {:.2} ms: {:.0} ns per move \
         (choose + apply, timer included)",
        setup.as_secs_f64() * 1e3,
        elapsed.as_secs_f64() * 1e3,
        elapsed.as_secs_f64() * 1e9 / moves as f64,
    );
    println!("  per move: {}", spread(&mut times));
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [binary, n, rounds] = args.as_slice() else {
        eprintln!("usage: pawns_play_bench BINARY N ROUNDS");
        std::process::exit(2);
    };
    let n: i64 = n.parse().expect("N");
    let rounds: usize = rounds.parse().expect("ROUNDS");
    let solution_moves = over_pipes(binary, n, rounds);
    cat_round_trips(solution_moves);
    in_process(n as usize);
}
