// Wrong on purpose (interactive): always moves first and colours the leftmost vertex where
// some colour fits (1 before 2), with no thought of who wins.
// The play protocol (the solutions' client, solutions/src/shared/protocol.rs) and the session
// are packages/shared/interactive_player.rs; the player itself is
// packages/shared/strip_players.rs, written once for tictactoe and coloring (one strip game).
#[path = "../../../shared/interactive_player.rs"]
mod player;
#[path = "../../../shared/strip_players.rs"]
mod strip_players;

use strip_players::{FirstFree, Notation};

fn main() {
    player::run(&mut FirstFree::new(Notation::Coloring));
}
