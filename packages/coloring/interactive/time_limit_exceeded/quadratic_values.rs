// Too slow on purpose (interactive): plays perfectly, but values the runs of uncoloured
// vertices by the plain mex recurrence over every vertex and colour, a table quadratic in the
// longest run, where the intended solution has a closed form. Fast on short paths, hopeless on
// 10^6 vertices. The board is kept as a strip of `.`, `X` (colour 1) and `O` (colour 2): the
// same game as tictactoe's.
// The play protocol (the solutions' client, solutions/src/shared/protocol.rs) and the session
// are packages/shared/interactive_player.rs; the player itself is
// packages/shared/strip_players.rs, written once for tictactoe and coloring (one strip game).
#[path = "../../../shared/interactive_player.rs"]
mod player;
#[path = "../../../shared/strip_players.rs"]
mod strip_players;

use strip_players::{Notation, QuadraticValues};

fn main() {
    player::run(&mut QuadraticValues::new(Notation::Coloring));
}
