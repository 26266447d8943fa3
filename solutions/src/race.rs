//! race — BOI 2008 "Game": two players race to each other's start square on an n×n board,
//! A moves first, stepping onto the opponent jumps over it. Prints the winner of every game.
//!
//! Input: G (1..10), then per game n (2..2000; the judge's limit is 300) and n rows of n cells
//! over `.#AB`. Output: one line `A` or `B` per game. Time and memory O(n²) per game.
//!
//! `--play` (or, without arguments, an input starting with `play R`) plays the rounds of
//! docs/protocol.md (the `play` module below).
//!
//! The pasteable single file solutions/race.rs is generated from this one and the shared
//! modules (`make bundle`); games/race/tests/solution/ includes it as a module, so the tests run
//! exactly this algorithm. The referee does not: it judges with the library's own evaluator.

// The shared modules this program is built from (the bundler inlines each into
// solutions/<game>.rs); alike across the programs on purpose: a module list, not logic.
#[path = "shared/cli.rs"]
mod cli;
#[path = "shared/protocol.rs"]
mod protocol;
#[path = "shared/tokens.rs"]
mod tokens;

use std::io::{BufRead, Read, Write};
use std::process::ExitCode;

/// The project's bound on n (the judge's is 300).
pub const MAX_N: usize = 2000;
/// The judge's bound on the number of games.
pub const MAX_GAMES: u64 = 10;

const USAGE: &str = "usage: race < input
       race --play     (plays rounds against the referee, docs/protocol.md)
BOI 2008 \"Game\": reads G (1 to 10) games, each n (2 to 2000) and n rows of n cells over .#AB
(A and B are the start squares, # a wall); prints A or B for each game: the winner with best play.
A board where B's start cannot be reached from A's start has no winner and is rejected.
--play: per round, reads one board (n, then n rows), answers first (A) or second (B) and plays
moves `r c` (the square stepped to) or `r c r2 c2` (a jump: the opponent's square, the landing).
Exact (retrograde search) on boards with at most 640 free squares; beyond, the layer race
while both players are in step and a race on distances after a detour (not proven).";

#[derive(Default)]
struct Race;

impl cli::Solution for Race {
    const NAME: &'static str = "race";
    const USAGE: &'static str = USAGE;

    fn batch<R: Read, W: Write>(input: R, out: &mut W) -> Result<(), String> {
        cli::write(out, solve_input(&cli::read_all(input)?)?.as_bytes())
    }

    fn round<R: BufRead, W: Write>(
        &mut self,
        referee: &mut protocol::Referee<R>,
        out: &mut W,
    ) -> Result<(), protocol::Stop> {
        play::round(referee, out)
    }
}

fn main() -> ExitCode {
    cli::main::<Race>()
}

/// Parses the whole judge input and answers every game; the error is the stderr message
/// (without the program name).
pub fn solve_input(input: &[u8]) -> Result<String, String> {
    let games = parse::games(input)?;
    let mut out = String::new();
    for (i, g) in games.iter().enumerate() {
        let w = game::winner(&g.grid).ok_or_else(|| {
            format!(
                "line {}: game {} has no winner: B's start is not reachable from A's start",
                g.line,
                i + 1
            )
        })?;
        out.push(w);
        out.push('\n');
    }
    Ok(out)
}

pub mod parse {
    //! The judge format, with line numbers for the error messages.
    include!("race/parse.rs");
}

pub mod game {
    //! Who wins, in O(n²): the layer race of BOI 2008 "Game" as analysed by Cao Qinxiang
    //! (2009), who showed the official O(n³) claim wrong and gave the O(n²) interval DP.
    //!
    //! The race. Let d be the distance between the starts. A step changes the colour of the mover's
    //! square, a jump does not, and a jump gains one tempo while leaving a shortest path loses two.
    //! While both walk shortest paths, the player to move stands next to the other only if d is
    //! even, right after A's (d/2)-th move, and then it is B: B steps onto A and lands on A's side,
    //! one tempo ahead. A jump at any other moment, or a detour, is too late. So: d odd, A wins (it
    //! moves first and is never next to B on B's turn); d even, B wins iff, both walking down the
    //! layers of shortest-path squares (distance s from their own start after s moves), B can force
    //! itself next to A after A's (d/2)-th move. games/race/tests/judge_mode.rs checks all of this against
    //! an exhaustive search over positions.
    //!
    //! The official DP runs over pairs (A square, B square) of equal depth; on the paper's
    //! "pipes and tanks" boards layers hold far more than n squares and that is Ω(n^3.5).
    //! Cao's point: give each of B's layers the cyclic order in which its squares meet the
    //! boundary of the region nearer to B's start (computed below as the rotation of the
    //! frontier edges in an Euler tour of a BFS tree: O(size) per layer). The layer graph is
    //! planar and edges between consecutive layers never cross in these orders. If B wins
    //! from two squares b1, b2 of a layer against A on a, it wins from every b between them:
    //! b can walk down between the two winning walks (they cannot be crossed) and ends between
    //! their last squares, both next to A's last square, whose neighbours form an arc. So the
    //! set of B-winning squares for a fixed A square is ONE cyclic arc: two numbers per A
    //! square. "B reaches the set" maps arcs to arcs through non-crossing edges (O(1) with
    //! prefix sums), and "A cannot escape" intersects the arcs of A's next squares, which is
    //! again such a winning set, hence one arc. O(1) per square, O(n²) time and memory.
    //!
    //! The code checks each of these facts as it goes (arcs are exact, edges do not cross,
    //! intersections are one piece) and would fall back to the exact pair DP if one failed;
    //! the tests assert that it never does.

    include!("race/game.rs");
}

pub mod play {
    //! `--play`: the protocol of docs/protocol.md. Per round the referee sends one board; the
    //! solution takes the side that wins from the start and then must win from whatever
    //! position the referee's moves lead to, detours off the shortest paths included.
    //!
    //! Boards with at most [`EXACT_MAX_FREE`] free squares are solved exactly, once per
    //! round, by a retrograde search over (A square, B square, side to move) that also keeps
    //! each position's distance to the end of the game (in moves, under best play of both):
    //! the winner always moves to a lost position of the smallest distance, so its wins never
    //! stall in a cycle. Larger boards: the side from the O(n²) layer algorithm, the layer
    //! race's moves while both players are in step on the layers, and a race on distances to
    //! the two goals once the opponent has left them; that part is not proven.
    include!("race/play.rs");
}
