// Wrong on purpose (interactive): always moves first and colours the leftmost vertex where
// some colour fits (1 before 2), with no thought of who wins.
// The play protocol's client is the solutions' (solutions/src/shared/protocol.rs), framed for
// the packages' players by packages/interactive_player.rs.
#[path = "../../../interactive_player.rs"]
mod player;
#[path = "../../../../solutions/src/shared/protocol.rs"]
mod protocol;

use player::{Lines, Out};
use protocol::{say, Stop};

/// Whether `colour` fits on uncoloured vertex `at`: no neighbour has it.
fn fits(cells: &[u8], at: usize, colour: u8) -> bool {
    cells[at] == b'0'
        && (at == 0 || cells[at - 1] != colour)
        && (at + 1 == cells.len() || cells[at + 1] != colour)
}

fn main() {
    player::run(play);
}

fn play(lines: &mut Lines, out: &mut Out) -> Result<(), Stop> {
    let rounds = lines.rounds()?;
    for _ in 0..rounds {
        // Two lines: N, then the N digits.
        lines.next("the number of vertices")?;
        let mut cells = lines.next("the vertices' colours")?.into_bytes();
        say(out, b"first")?;
        // Vertices before `dead` are coloured or fit neither colour, and stay so.
        let mut dead = 0;
        loop {
            while dead < cells.len() && !fits(&cells, dead, b'1') && !fits(&cells, dead, b'2') {
                dead += 1;
            }
            if dead < cells.len() {
                let colour = if fits(&cells, dead, b'1') { b'1' } else { b'2' };
                cells[dead] = colour;
                say(out, format!("{} {}", dead + 1, colour as char).as_bytes())?;
            }
            let heard = lines.next("a move or `end`")?;
            match heard.as_str() {
                "end" => break,
                theirs => {
                    let (vertex, colour) = theirs.split_once(' ').unwrap();
                    cells[vertex.parse::<usize>().unwrap() - 1] = colour.as_bytes()[0];
                }
            }
        }
    }
    Ok(())
}
