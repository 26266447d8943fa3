// Too slow on purpose (interactive): plays perfectly, but values the runs of empty cells by the
// plain mex recurrence over every cell and symbol, a table quadratic in the longest run, where
// the intended solution has a closed form. Fast on short strips, hopeless on 10^5 cells.
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

fn main() {
    player::run(play);
}

fn play(lines: &mut Lines, out: &mut Out) -> Result<(), Stop> {
    let rounds = lines.rounds()?;
    let mut values = vec![[[0u32; 3]; 3]];
    for _ in 0..rounds {
        let position = lines.next("a position")?;
        let mut cells = position.into_bytes();
        let first = total(&cells, &mut values) != 0;
        say(out, protocol::side(first))?;
        let mut my_turn = first;
        loop {
            if my_turn {
                if let Some((at, mark)) = best_move(&cells, &mut values) {
                    cells[at] = mark;
                    say(out, format!("{} {}", at + 1, mark as char).as_bytes())?;
                }
            }
            my_turn = true;
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
