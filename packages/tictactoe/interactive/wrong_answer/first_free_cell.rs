// Wrong on purpose (interactive): always moves first and writes into the leftmost cell where
// some symbol fits (X before O), with no thought of who wins.
// The play protocol's client is the solutions' (solutions/src/shared/protocol.rs), framed for
// the packages' players by packages/interactive_player.rs.
#[path = "../../../interactive_player.rs"]
mod player;
#[path = "../../../../solutions/src/shared/protocol.rs"]
mod protocol;

use player::{Lines, Out};
use protocol::{say, Stop};

/// Whether `symbol` fits into empty cell `at`: no neighbour holds it.
fn fits(cells: &[u8], at: usize, symbol: u8) -> bool {
    cells[at] == b'.'
        && (at == 0 || cells[at - 1] != symbol)
        && (at + 1 == cells.len() || cells[at + 1] != symbol)
}

fn main() {
    player::run(play);
}

fn play(lines: &mut Lines, out: &mut Out) -> Result<(), Stop> {
    let rounds = lines.rounds()?;
    for _ in 0..rounds {
        let position = lines.next("a position")?;
        let mut cells = position.into_bytes();
        say(out, b"first")?;
        // Cells before `dead` are full or fit neither symbol, and stay so as the strip fills.
        let mut dead = 0;
        loop {
            while dead < cells.len() && !fits(&cells, dead, b'X') && !fits(&cells, dead, b'O') {
                dead += 1;
            }
            if dead < cells.len() {
                let symbol = if fits(&cells, dead, b'X') { b'X' } else { b'O' };
                cells[dead] = symbol;
                say(out, format!("{} {}", dead + 1, symbol as char).as_bytes())?;
            }
            let heard = lines.next("a move or `end`")?;
            match heard.as_str() {
                "end" => break,
                theirs => {
                    let (cell, symbol) = theirs.split_once(' ').unwrap();
                    cells[cell.parse::<usize>().unwrap() - 1] = symbol.as_bytes()[0];
                }
            }
        }
    }
    Ok(())
}
