// Wrong on purpose (interactive): always takes the side `first` and removes as many stones as
// the rules allow, which wins only when the cap reaches the whole pile.
// The play protocol (the solutions' client, solutions/src/shared/protocol.rs) and the session
// are packages/shared/interactive_player.rs; the game's pieces are
// packages/shared/subtraction.rs, shared with the batch subtraction players.
#[path = "../../../shared/interactive_player.rs"]
mod player;
#[path = "../../../shared/subtraction.rs"]
mod subtraction;

use player::{Lines, Player, Stop};
use subtraction::position;

#[derive(Default)]
struct TakesMost {
    left: u128,
    /// k as p/q.
    k: (u128, u128),
    /// The most the rules allow on our turn.
    cap: u128,
}

impl Player for TakesMost {
    fn start(&mut self, lines: &mut Lines) -> Result<bool, Stop> {
        (self.left, self.k, self.cap) = position(&lines.next("a position")?);
        Ok(true)
    }

    fn reply(&mut self) -> Option<String> {
        let take = self.cap.min(self.left);
        self.left -= take;
        (take > 0).then(|| take.to_string())
    }

    fn hear(&mut self, line: &str) {
        let x: u128 = line.parse().unwrap();
        self.left -= x;
        self.cap = x * self.k.0 / self.k.1;
    }
}

fn main() {
    player::run(&mut TakesMost::default());
}
