// Wrong on purpose (interactive): always moves first and writes into the leftmost cell where
// some symbol fits (X before O), with no thought of who wins.
use std::io::{self, BufRead, Write};

/// Whether `symbol` fits into empty cell `at`: no neighbour holds it.
fn fits(cells: &[u8], at: usize, symbol: u8) -> bool {
    cells[at] == b'.'
        && (at == 0 || cells[at - 1] != symbol)
        && (at + 1 == cells.len() || cells[at + 1] != symbol)
}

fn main() {
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines().map(|l| l.unwrap());
    let mut out = io::stdout();
    let header = lines.next().unwrap();
    let rounds: u64 = header.trim().trim_start_matches("play").trim().parse().unwrap();
    for _ in 0..rounds {
        let position = lines.next().unwrap();
        if position.trim() == "-1" {
            return;
        }
        let mut cells = position.trim().as_bytes().to_vec();
        writeln!(out, "first").unwrap();
        out.flush().unwrap();
        // Cells before `dead` are full or fit neither symbol, and stay so as the strip fills.
        let mut dead = 0;
        loop {
            while dead < cells.len() && !fits(&cells, dead, b'X') && !fits(&cells, dead, b'O') {
                dead += 1;
            }
            if dead < cells.len() {
                let symbol = if fits(&cells, dead, b'X') { b'X' } else { b'O' };
                cells[dead] = symbol;
                writeln!(out, "{} {}", dead + 1, symbol as char).unwrap();
                out.flush().unwrap();
            }
            let line = lines.next().unwrap();
            match line.trim() {
                "end" => break,
                "-1" => return,
                theirs => {
                    let (cell, symbol) = theirs.split_once(' ').unwrap();
                    cells[cell.parse::<usize>().unwrap() - 1] = symbol.as_bytes()[0];
                }
            }
        }
    }
}
