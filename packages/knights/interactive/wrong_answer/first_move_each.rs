// Wrong on purpose (interactive): always moves first and moves every knight by the first of
// its four moves that stays on the board, ignoring how long each knight can last.
// The play protocol (the solutions' client, solutions/src/shared/protocol.rs) and the session
// are packages/shared/interactive_player.rs; the moves and squares are
// packages/shared/knights.rs, shared with the other knights players.
#[path = "../../../shared/knights.rs"]
mod knights;
#[path = "../../../shared/interactive_player.rs"]
mod player;

use knights::{moves, squares_line, Round};
use player::{Lines, Player, Stop};

#[derive(Default)]
struct FirstMoveEach(Round);

impl Player for FirstMoveEach {
    fn start(&mut self, lines: &mut Lines) -> Result<bool, Stop> {
        self.0 = Round::read(|what| lines.next(what))?;
        Ok(true)
    }

    fn reply(&mut self) -> Option<String> {
        let n = self.0.n;
        let mut moved = false;
        for knight in self.0.knights.iter_mut() {
            if let Some(to) = moves(n, *knight).next() {
                *knight = to;
                moved = true;
            }
        }
        moved.then(|| squares_line(&self.0.knights))
    }

    fn hear(&mut self, line: &str) {
        self.0.hear(line);
    }
}

fn main() {
    player::run(&mut FirstMoveEach::default());
}
