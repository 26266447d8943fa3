//! A test-side player for the play protocol (docs/protocol.md), built on the library's
//! evaluators: perfect by default, and able to misbehave on purpose for the fixture zoo.
//!
//! usage: perfect_player <game> [--random-win] [--slowest-win] [--seed S] [--losing-side]
//!                       [--blunder] [--illegal] [--crash-after-last] [--no-flush] [--crlf]
//!   <game>              any game of the registry (`referee --list-games`)
//!   --random-win        every move a winning move drawn at random among the winning moves
//!                       (each game's `random_winning_move`; still a correct player)
//!   --slowest-win       every move the winning move after which the game lasts longest, by
//!                       the game's measure (`slowest_winning_move`; still a correct player)
//!   --seed S            seeds its own random choices (default 12345)
//!   --losing-side       takes the losing side of every round (and plays random legal moves)
//!   --blunder           its first move of the session that can hand over the win does
//!                       (still legal); every other move wins
//!   --illegal           its first move of the session is illegal
//!   --crash-after-last  exits with status 3 right after its last move, without reading `end`
//!                       (or when the referee cuts the last round, right after its `end`)
//!   --no-flush          never flushes its output (the classic missing flush)
//!   --crlf              ends every line with CRLF, and its last move of the session with the
//!                       CR alone: then closes its output, reads `end` and exits (status 5 if
//!                       the last round was cut before its last move, so that a test of it
//!                       cannot pass without one)

// The protocol client of the solutions (solutions/src/shared/protocol.rs): the referee's
// lines and the session header `play R`, read the same way as the solutions read them.
// The modules this player shares with the tests and the solutions (by path, as examples
// cannot share a crate module); alike across the players on purpose: a module list.
#[path = "../solutions/src/shared/protocol.rs"]
mod protocol;

use combgames_core::rng::Rng;
use combgames_core::round::{GameError, Trap};
use combgames_registry::Game;
use std::io::{BufWriter, Write};
use std::process::ExitCode;

const USAGE: &str = "\
usage: perfect_player <game> [flags]   (a test player for the play protocol)
  --random-win        a winning move drawn at random among the winning moves
  --slowest-win       the winning move after which the game lasts longest
  --seed S            seeds its own random choices (default 12345)
  --losing-side       takes the losing side of every round (random legal moves)
  --blunder           its first move that can hand over the win does
  --illegal           its first move is illegal
  --crash-after-last  exits with status 3 right after its last move
  --no-flush          never flushes its output
  --crlf              CRLF line ends, the session's last move ended by CR alone
";

struct Options {
    random_win: bool,
    slowest_win: bool,
    seed: u64,
    losing_side: bool,
    blunder: bool,
    illegal: bool,
    crash_after_last: bool,
    no_flush: bool,
    crlf: bool,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        print!("{}", USAGE);
        return ExitCode::SUCCESS;
    }
    let Some(game) = args.first().and_then(|g| Game::parse(g)) else {
        eprintln!("perfect_player: usage: perfect_player <game> [flags]");
        return ExitCode::from(2);
    };
    let has = |f: &str| args.iter().any(|a| a == f);
    let seed = match args.iter().position(|a| a == "--seed") {
        None => 12345,
        Some(i) => match args.get(i + 1).and_then(|s| s.parse().ok()) {
            Some(s) => s,
            None => {
                eprintln!("perfect_player: --seed needs a number");
                return ExitCode::from(2);
            }
        },
    };
    let opts = Options {
        random_win: has("--random-win"),
        slowest_win: has("--slowest-win"),
        seed,
        losing_side: has("--losing-side"),
        blunder: has("--blunder"),
        illegal: has("--illegal"),
        crash_after_last: has("--crash-after-last"),
        no_flush: has("--no-flush"),
        crlf: has("--crlf"),
    };
    match play(game, &opts) {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("perfect_player: {e}");
            ExitCode::from(2)
        }
    }
}

fn play(game: Game, opts: &Options) -> Result<u8, Box<dyn std::error::Error>> {
    let mut referee = protocol::Referee::new(std::io::stdin().lock());
    let mut read = move || referee.next_or_none();
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout());
    let end_of_line = if opts.crlf { "\r\n" } else { "\n" };
    let mut say = |text: &str, last: bool| -> Result<(), String> {
        let end = if last { "\r" } else { end_of_line };
        write!(out, "{text}{end}").map_err(|e| e.to_string())?;
        if !opts.no_flush || last {
            out.flush().map_err(|e| e.to_string())?;
        }
        Ok(())
    };
    let mut rng = Rng::new(opts.seed);
    let Some(rounds) = read()? else { return Ok(0) };
    let rounds =
        protocol::header(rounds.as_bytes()).ok_or_else(|| format!("bad header {rounds:?}"))?;
    let mut my_moves = 0u64;
    // Whether the --blunder player has made its one losing move: it makes it at its first
    // move that has one (a position where every move wins gives it no chance to).
    let mut blundered = false;
    'rounds: for round in 1..=rounds {
        let Some(mut position) = read()? else {
            return Ok(0);
        };
        // Coloring: `N` and the digits; knights: `K N` and K more lines; race: `n` and n rows.
        for _ in 1..game.position_lines(&position)? {
            let Some(more) = read()? else { return Ok(0) };
            position.push('\n');
            position.push_str(&more);
        }
        let mut state = game.from_line(&position)?;
        let first_wins = state.mover_wins()?;
        let me_first = first_wins != opts.losing_side;
        say(if me_first { "first" } else { "second" }, false)?;
        let mut my_turn = me_first;
        while state.mover_has_move() {
            if my_turn {
                my_moves += 1;
                let mv = if opts.illegal && my_moves == 1 {
                    (game.play().illegal_move)(&position)
                } else if opts.losing_side {
                    losing_move(&mut *state, &mut rng)?
                } else if opts.blunder && !blundered {
                    match state.blunder_move()? {
                        Some(m) => {
                            blundered = true;
                            m
                        }
                        None => state.winning_move(&mut rng)?,
                    }
                } else if opts.random_win {
                    state.random_winning_move(&mut rng)?
                } else if opts.slowest_win {
                    state.slowest_winning_move(&mut rng)?
                } else {
                    state.winning_move(&mut rng)?
                };
                // --crlf: the session's last move (this one, when it ends the last round).
                let last = opts.crlf && round == rounds && !state.mover_has_move();
                say(&mv, last)?;
                if last {
                    // SAFETY: closes this process's stdout, flushed above; nothing writes to
                    // it after.
                    unsafe { libc::close(1) };
                    read()?;
                    return Ok(0);
                }
            } else {
                let Some(line) = read()? else { return Ok(0) };
                if line == "end" {
                    // The referee cut the round at its move cap.
                    if opts.crash_after_last && round == rounds {
                        return Ok(3);
                    }
                    continue 'rounds;
                }
                state
                    .play_line(&line)
                    .map_err(|e| format!("referee move {line:?}: {e:?}"))?;
            }
            my_turn = !my_turn;
        }
        if opts.crash_after_last && round == rounds {
            return Ok(3);
        }
        match read()? {
            Some(l) if l == "end" => {}
            Some(l) => return Err(format!("expected end, got {l:?}").into()),
            None => return Ok(0),
        }
    }
    // Done after the R rounds announced (docs/protocol.md): no wait for end of input.
    Ok(if opts.crlf { 5 } else { 0 })
}

/// A legal move after which the opponent wins, if there is one (else any legal move).
fn losing_move(
    state: &mut dyn combgames_core::round::Round,
    rng: &mut Rng,
) -> Result<String, GameError> {
    match state.blunder_move()? {
        Some(m) => Ok(m),
        None => state.trap_move(Trap::Random, rng),
    }
}
