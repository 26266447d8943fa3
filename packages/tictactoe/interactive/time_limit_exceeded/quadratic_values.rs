// Too slow on purpose (interactive): plays perfectly, but values the runs of empty cells by the
// plain mex recurrence over every cell and symbol, a table quadratic in the longest run, where
// the intended solution has a closed form. Fast on short strips, hopeless on 10^5 cells.
// The play protocol (the solutions' client, solutions/src/shared/protocol.rs) and the session
// are packages/shared/interactive_player.rs; the player itself is
// packages/shared/strip_players.rs, written once for tictactoe and coloring (one strip game).
#[path = "../../../shared/interactive_player.rs"]
mod player;
#[path = "../../../shared/strip_players.rs"]
mod strip_players;

use strip_players::{Notation, QuadraticValues};

fn main() {
    player::run(&mut QuadraticValues::new(Notation::Tictactoe));
}
