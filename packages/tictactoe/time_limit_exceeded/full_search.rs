// Too slow on purpose: right answers by plain game-tree search over the whole strip (try every
// empty cell and symbol, win if some move leaves the opponent lost), with no memo and no split
// into independent runs. Fine for a few empty cells; a strip of 100 empty cells has about
// 200! move orders, so the package's secret tests never finish.
// Whether a symbol fits is packages/shared/strip.rs, shared with the other strip players; the
// package holds this file bundled with it (scripts/make-packages.sh), one std-only file.
#[path = "../../shared/input.rs"]
mod input;
#[path = "../../shared/strip.rs"]
mod strip;

use strip::fits;

/// Whether the player to move on `cells` wins (b'.' empty, b'X', b'O').
fn mover_wins(cells: &mut Vec<u8>) -> bool {
    for at in 0..cells.len() {
        if cells[at] != b'.' {
            continue;
        }
        for &symbol in &[b'X', b'O'] {
            if !fits(cells, at, symbol) {
                continue;
            }
            cells[at] = symbol;
            let opponent_wins = mover_wins(cells);
            cells[at] = b'.';
            if !opponent_wins {
                return true;
            }
        }
    }
    false
}

fn main() {
    let mut input = input::Words::stdin();
    let t: usize = input.number();
    let mut out = String::new();
    for _ in 0..t {
        let mut cells = input.word().into_bytes();
        let alice_to_move = cells.iter().filter(|&&c| c != b'.').count() % 2 == 0;
        let alice_wins = mover_wins(&mut cells) == alice_to_move;
        out.push_str(if alice_wins {
            "Possible.\n"
        } else {
            "Impossible.\n"
        });
    }
    print!("{}", out);
}
