// Wrong on purpose (interactive): always takes the side `first` and removes as many stones as
// the rules allow, which wins only when the cap reaches the whole pile.
// The play protocol's client is the solutions' (solutions/src/shared/protocol.rs), framed for
// the packages' players by packages/interactive_player.rs.
#[path = "../../../interactive_player.rs"]
mod player;
#[path = "../../../../solutions/src/shared/protocol.rs"]
mod protocol;

use player::{Lines, Out};
use protocol::{say, Stop};

/// k as p/q from an integer, a decimal or a fraction.
fn ratio(text: &str) -> (u128, u128) {
    if let Some((p, q)) = text.split_once('/') {
        return (p.parse().unwrap(), q.parse().unwrap());
    }
    match text.split_once('.') {
        Some((whole, frac)) => {
            let q = 10u128.pow(frac.len() as u32);
            (
                whole.parse::<u128>().unwrap() * q + frac.parse::<u128>().unwrap(),
                q,
            )
        }
        None => (text.parse().unwrap(), 1),
    }
}

fn main() {
    player::run(play);
}

fn play(lines: &mut Lines, out: &mut Out) -> Result<(), Stop> {
    let rounds = lines.rounds()?;
    for _ in 0..rounds {
        let position = lines.next("a position")?;
        let mut it = position.split_whitespace();
        let mut left: u128 = it.next().unwrap().parse().unwrap();
        let (p, q) = ratio(it.next().unwrap());
        say(out, b"first")?;
        let mut cap = left - 1;
        loop {
            let take = cap.min(left);
            if take > 0 {
                left -= take;
                say(out, format!("{take}").as_bytes())?;
            }
            let heard = lines.next("a move or `end`")?;
            match heard.as_str() {
                "end" => break,
                theirs => {
                    let x: u128 = theirs.parse().unwrap();
                    left -= x;
                    cap = x * p / q;
                }
            }
        }
    }
    Ok(())
}
