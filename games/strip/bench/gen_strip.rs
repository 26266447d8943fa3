//! Benchmark input generator for `coloring` (SGU 328) and `tictactoe` (UVa 11534): random
//! proper strips, each cell drawn uniformly among the values its left neighbour allows.
//!
//!   gen_strip coloring N SEED            N, then one line of N digits over 0/1/2
//!   gen_strip tictactoe LINES LEN SEED   LINES, then LINES strips of LEN cells over . X O
//!
//! Stand-alone (std only): `rustc -O games/strip/bench/gen_strip.rs`.
use std::io::{self, BufWriter, Write};

/// xorshift64*: fast, reproducible, good enough for benchmark data.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// Appends `len` cells as symbols `[empty, colour one, colour two]`, never two equal colours
/// side by side; `prev` is the cell before them (0: empty or none) and becomes the last one.
fn strip(rng: &mut Rng, len: usize, symbols: [u8; 3], prev: &mut usize, out: &mut Vec<u8>) {
    for _ in 0..len {
        let r = rng.next() >> 33;
        let cell = if *prev == 0 {
            (r % 3) as usize
        } else {
            // Empty or the other colour.
            [0, 3 - *prev][(r % 2) as usize]
        };
        out.push(symbols[cell]);
        *prev = cell;
    }
}

fn number(args: &[String], i: usize) -> u64 {
    args.get(i).and_then(|s| s.parse().ok()).unwrap_or_else(|| {
        eprintln!("usage: gen_strip coloring N SEED | gen_strip tictactoe LINES LEN SEED");
        std::process::exit(2)
    })
}

fn main() -> io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let mut out = BufWriter::with_capacity(1 << 20, io::stdout().lock());
    let mut buf = Vec::new();
    match args.get(1).map(String::as_str) {
        Some("coloring") => {
            let n = number(&args, 2);
            let mut rng = Rng(number(&args, 3) | 1);
            writeln!(out, "{n}")?;
            let mut left = n as usize;
            let mut prev = 0;
            while left > 0 {
                let len = left.min(1 << 20);
                buf.clear();
                strip(&mut rng, len, *b"012", &mut prev, &mut buf);
                out.write_all(&buf)?;
                left -= len;
            }
            writeln!(out)?;
        }
        Some("tictactoe") => {
            let lines = number(&args, 2);
            let len = number(&args, 3) as usize;
            let mut rng = Rng(number(&args, 4) | 1);
            writeln!(out, "{lines}")?;
            for _ in 0..lines {
                buf.clear();
                strip(&mut rng, len, *b".XO", &mut 0, &mut buf);
                buf.push(b'\n');
                out.write_all(&buf)?;
            }
        }
        _ => {
            number(&args, usize::MAX);
        }
    }
    out.flush()
}
