// Wrong on purpose (interactive): always moves first and moves every knight by the first of
// its four moves that stays on the board, ignoring how long each knight can last.
// The play protocol's client is the solutions' (solutions/src/shared/protocol.rs), framed for
// the packages' players by packages/interactive_player.rs.
#[path = "../../../interactive_player.rs"]
mod player;
#[path = "../../../../solutions/src/shared/protocol.rs"]
mod protocol;

use player::{Lines, Out};
use protocol::{say, Stop};

/// The first move of the knight at (x, y) on an n×n board, in the statement's order.
fn first_move(x: i64, y: i64, n: i64) -> Option<(i64, i64)> {
    [
        (x - 2, y + 1),
        (x - 2, y - 1),
        (x + 1, y - 2),
        (x - 1, y - 2),
    ]
    .iter()
    .copied()
    .find(|&(a, b)| 1 <= a && a <= n && 1 <= b && b <= n)
}

fn main() {
    player::run(play);
}

fn play(lines: &mut Lines, out: &mut Out) -> Result<(), Stop> {
    let rounds = lines.rounds()?;
    for _ in 0..rounds {
        let first = lines.next("a position")?;
        let mut it = first.split_whitespace().map(|t| t.parse::<i64>().unwrap());
        let (k, n) = (it.next().unwrap(), it.next().unwrap());
        let mut knights: Vec<(i64, i64)> = (0..k)
            .map(|_| {
                let square = lines.next("a knight")?;
                let mut xy = square.split_whitespace().map(|t| t.parse::<i64>().unwrap());
                Ok((xy.next().unwrap(), xy.next().unwrap()))
            })
            .collect::<Result<_, Stop>>()?;
        say(out, b"first")?;
        loop {
            let moves: Vec<Option<(i64, i64)>> =
                knights.iter().map(|&(x, y)| first_move(x, y, n)).collect();
            if moves.iter().any(Option::is_some) {
                let mut line = String::new();
                for (knight, m) in knights.iter_mut().zip(&moves) {
                    if let Some(to) = m {
                        *knight = *to;
                    }
                    if !line.is_empty() {
                        line.push(' ');
                    }
                    line.push_str(&format!("{} {}", knight.0, knight.1));
                }
                say(out, line.as_bytes())?;
            }
            let heard = lines.next("a move or `end`")?;
            match heard.as_str() {
                "end" => break,
                theirs => {
                    let v: Vec<i64> = theirs.split(' ').map(|t| t.parse().unwrap()).collect();
                    for (i, knight) in knights.iter_mut().enumerate() {
                        *knight = (v[2 * i], v[2 * i + 1]);
                    }
                }
            }
        }
    }
    Ok(())
}
