// Too slow on purpose (interactive): plays perfectly from the suspense numbers (Winning Ways,
// "continued conjunctive compounds") of every square, computed before each of its turns by
// plain dynamic programming anti-diagonal by anti-diagonal up to the farthest knight (O(N)
// memory, O(N^2) time). Instant on small boards, hopeless on boards of side 10^9.
// The play protocol (the solutions' client, solutions/src/shared/protocol.rs) and the session
// are packages/shared/interactive_player.rs; the moves and squares are
// packages/shared/knights.rs, shared with the other knights players.
#[path = "../../../shared/knights.rs"]
mod knights;
#[path = "../../../shared/interactive_player.rs"]
mod player;

use knights::{evaluate, squares_line, Round};
use player::{Lines, Player, Stop};

#[derive(Default)]
struct BoardDp(Round);

impl Player for BoardDp {
    fn start(&mut self, lines: &mut Lines) -> Result<bool, Stop> {
        self.0 = Round::read(|what| lines.next(what))?;
        // The player to move wins iff the largest suspense is odd.
        let (suspense, _) = evaluate(self.0.n, &self.0.knights);
        Ok(suspense.iter().max().cloned().unwrap_or(0) % 2 == 1)
    }

    fn reply(&mut self) -> Option<String> {
        let (_, destinations) = evaluate(self.0.n, &self.0.knights);
        if destinations == self.0.knights {
            return None;
        }
        self.0.knights = destinations;
        Some(squares_line(&self.0.knights))
    }

    fn hear(&mut self, line: &str) {
        self.0.hear(line);
    }
}

fn main() {
    player::run(&mut BoardDp::default());
}
