// Wrong on purpose (interactive): always moves first and colours the leftmost vertex where
// some colour fits (1 before 2), with no thought of who wins.
use std::io::{self, BufRead, Write};

/// Whether `colour` fits on uncoloured vertex `at`: no neighbour has it.
fn fits(cells: &[u8], at: usize, colour: u8) -> bool {
    cells[at] == b'0'
        && (at == 0 || cells[at - 1] != colour)
        && (at + 1 == cells.len() || cells[at + 1] != colour)
}

fn main() {
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines().map(|l| l.unwrap());
    let mut out = io::stdout();
    let header = lines.next().unwrap();
    let rounds: u64 = header.trim().trim_start_matches("play").trim().parse().unwrap();
    for _ in 0..rounds {
        let first = lines.next().unwrap();
        if first.trim() == "-1" {
            return;
        }
        // Two lines: N, then the N digits.
        let mut cells = lines.next().unwrap().trim().as_bytes().to_vec();
        writeln!(out, "first").unwrap();
        out.flush().unwrap();
        // Vertices before `dead` are coloured or fit neither colour, and stay so.
        let mut dead = 0;
        loop {
            while dead < cells.len() && !fits(&cells, dead, b'1') && !fits(&cells, dead, b'2') {
                dead += 1;
            }
            if dead < cells.len() {
                let colour = if fits(&cells, dead, b'1') { b'1' } else { b'2' };
                cells[dead] = colour;
                writeln!(out, "{} {}", dead + 1, colour as char).unwrap();
                out.flush().unwrap();
            }
            let line = lines.next().unwrap();
            match line.trim() {
                "end" => break,
                "-1" => return,
                theirs => {
                    let (vertex, colour) = theirs.split_once(' ').unwrap();
                    cells[vertex.parse::<usize>().unwrap() - 1] = colour.as_bytes()[0];
                }
            }
        }
    }
}
