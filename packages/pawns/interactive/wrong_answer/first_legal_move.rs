// Wrong on purpose (interactive): always plays White (`first`) and makes the first legal move
// it finds, a capture when one is open (captures are mandatory), else the leftmost push.
// The play protocol (the solutions' client, solutions/src/shared/protocol.rs) and the session
// are packages/shared/interactive_player.rs; the board and the Grundy
// values are packages/shared/pawns.rs, shared with the batch pawns players.
#[path = "../../../shared/pawns.rs"]
mod pawns;
#[path = "../../../shared/interactive_player.rs"]
mod player;

use pawns::{move_line, Board, WHITE};
use player::{Lines, Player, Stop};

struct FirstLegalMove(Board);

impl Player for FirstLegalMove {
    fn start(&mut self, lines: &mut Lines) -> Result<bool, Stop> {
        self.0 = Board::from_position(&lines.next("a position")?).0;
        Ok(true)
    }

    fn reply(&mut self) -> Option<String> {
        let mv = (self.0.capture(WHITE)).or_else(|| self.0.first_push(WHITE))?;
        self.0.play(mv);
        Some(move_line(mv))
    }

    fn hear(&mut self, line: &str) {
        self.0.play_line(line);
    }
}

fn main() {
    player::run(&mut FirstLegalMove(Board::start(0)));
}
