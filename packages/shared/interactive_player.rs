//! The frame of the interactive packages' players (packages/<game>/interactive/*/*.rs): the
//! session (`play R`, each round's side, the turns, `end`), the referee's lines as text read
//! through the solutions' protocol client (solutions/src/shared/protocol.rs, a module of this
//! one), and the exit rule. A player says only what is its own ([`Player`]): how it reads a
//! position, which side it takes, its moves, and how it follows the opponent's. The packages
//! hold every player bundled with this frame and its other modules
//! (scripts/make-interactive-packages.sh), one std-only file.

#[path = "../../solutions/src/shared/protocol.rs"]
mod protocol;

pub use protocol::Stop;
use protocol::{say, side, Referee};
use std::io::{StdinLock, StdoutLock};

/// The referee's lines, one at a time; `-1` ends the session (Stop::Abort).
pub struct Lines(Referee<StdinLock<'static>>);

impl Lines {
    /// The next line without its line end and the blanks around it (`what` names it in
    /// messages).
    pub fn next(&mut self, what: &str) -> Result<String, Stop> {
        self.0.next(what)?;
        Ok(String::from_utf8_lossy(self.0.text()).into_owned())
    }
}

/// One player's own part of a session; the frame ([`run`]) does the rest.
pub trait Player {
    /// Reads a round's position (its lines from `lines`) and says whether to move first.
    fn start(&mut self, lines: &mut Lines) -> Result<bool, Stop>;
    /// The player's move, already made on its own board; None when it has none (the referee
    /// then ends the round).
    fn reply(&mut self) -> Option<String>;
    /// Makes the opponent's move (the referee's line) on the player's board.
    fn hear(&mut self, line: &str);
}

/// Plays one session on stdin and stdout: `-1` (Stop::Abort) ends it quietly with status 0, a
/// fault is one line on stderr and status 1.
pub fn run(player: &mut impl Player) {
    let mut lines = Lines(Referee::new(std::io::stdin().lock()));
    if let Err(Stop::Fault(e)) = session(player, &mut lines, &mut std::io::stdout().lock()) {
        eprintln!("{e}");
        std::process::exit(1);
    }
}

/// The header, then every round: the side, then our move (on our turns) and the referee's
/// answer, a move of the opponent's or `end`.
fn session(
    player: &mut impl Player,
    lines: &mut Lines,
    out: &mut StdoutLock<'static>,
) -> Result<(), Stop> {
    let rounds = lines.0.rounds()?;
    for _ in 0..rounds {
        let mut my_turn = player.start(lines)?;
        say(out, side(my_turn))?;
        loop {
            if my_turn {
                if let Some(mine) = player.reply() {
                    say(out, mine.as_bytes())?;
                }
            }
            my_turn = true;
            let heard = lines.next("a move or `end`")?;
            if heard == "end" {
                break;
            }
            player.hear(&heard);
        }
    }
    Ok(())
}
