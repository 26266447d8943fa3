// Too slow on purpose (interactive): plays perfectly, but values the runs of uncoloured
// vertices by the plain mex recurrence over every vertex and colour, a table quadratic in the
// longest run, where the intended solution has a closed form. Fast on short paths, hopeless on
// 10^6 vertices. The board is kept as a strip of `.`, `X` (colour 1) and `O` (colour 2): the
// same game as tictactoe's.
// The play protocol's client is the solutions' (solutions/src/shared/protocol.rs), framed for
// the packages' players by packages/interactive_player.rs; the slow engine is
// packages/slow_strip.rs, shared with the other strip game's player.
#[path = "../../../interactive_player.rs"]
mod player;
#[path = "../../../../solutions/src/shared/protocol.rs"]
mod protocol;
#[path = "../../../slow_strip.rs"]
mod slow_strip;

use player::{Lines, Out};
use protocol::{say, Stop};
use slow_strip::{best_move, total};

/// The strip's symbol for a colour digit: `0` empty, `1` X, `2` O.
fn symbol_of(digit: u8) -> u8 {
    match digit {
        b'1' => b'X',
        b'2' => b'O',
        _ => b'.',
    }
}

fn main() {
    player::run(play);
}

fn play(lines: &mut Lines, out: &mut Out) -> Result<(), Stop> {
    let rounds = lines.rounds()?;
    let mut values = vec![[[0u32; 3]; 3]];
    for _ in 0..rounds {
        let position = lines.next("a position")?;
        let digits = lines.next("the vertices' colours")?;
        let _n: usize = position.parse().unwrap();
        let mut cells: Vec<u8> = digits.bytes().map(symbol_of).collect();
        let first = total(&cells, &mut values) != 0;
        say(out, protocol::side(first))?;
        let mut my_turn = first;
        loop {
            if my_turn {
                if let Some((at, mark)) = best_move(&cells, &mut values) {
                    cells[at] = mark;
                    say(
                        out,
                        format!("{} {}", at + 1, if mark == b'X' { 1 } else { 2 }).as_bytes(),
                    )?;
                }
            }
            my_turn = true;
            let heard = lines.next("a move or `end`")?;
            match heard.as_str() {
                "end" => break,
                theirs => {
                    let (vertex, colour) = theirs.split_once(' ').unwrap();
                    cells[vertex.parse::<usize>().unwrap() - 1] = symbol_of(colour.as_bytes()[0]);
                }
            }
        }
    }
    Ok(())
}
