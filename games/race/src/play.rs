//! The race of BOI 2008 "Game" as the referee plays it: the board in the judge format, moves
//! named by the square stepped to (and the landing square of a jump), judged by the library's
//! rules engine.
//!
//! Every position is judged exactly by the library's own evaluator ([`Evaluator`],
//! games/race/docs/evaluator.md): the race lemma off the band, bit-matrix tables in it. Every move
//! of the solution is judged; a move that hands over the win is WA at once, and when the
//! solution holds the losing side the referee plays winning moves that bring it nearer its
//! goal, so the round ends. Rounds are cut after [`MOVE_CAP`] moves (long corridors).
//!
//! Here the session's plan (which round gets which board and start) and the round's state
//! ([`RaceRound`]); its parts in `round` (made, moved, its legal moves), `mid_game` (mid-game
//! starts), `attack` (the lost referee's moves), `classes` (coverage classes) and `typed` (the
//! protocol's side: [`TypedRound`](combgames_core::round::TypedRound)).

mod attack;
mod classes;
mod mid_game;
mod round;
mod typed;

use crate::gen::{
    corner_meeting_board, round_board, round_board_of, with_near_starts, SESSION_SHAPES,
};
use crate::{Board, Evaluator, Position};
use combgames_core::gen::SESSION;
use combgames_core::round::{GameError, Play};

/// How the referee plays race (see the registry); its rounds' boards come from the
/// generator (`crate::gen::round_board`).
pub const PLAY: Play = Play {
    size_is: "board side n",
    min_size: 2,
    default_size: DEFAULT_SIZE,
    max_size: MAX_SIZE,
    move_cap: MOVE_CAP,
    max_line: combgames_core::peer::MAX_LINE,
    options: &[],
    generate: |spec, round, rng| {
        let (lo, hi) = spec.size.unwrap_or(DEFAULT_SIZE);
        let kind = spec.kind.unwrap_or(SESSION);
        // Rounds 11..=27 of a session: the coverage rounds (docs/coverage.md).
        if kind == SESSION {
            if let Some(race) = crate::coverage::start(round, (lo, hi), rng) {
                return Ok(Box::new(race));
            }
        }
        // A session's rounds 2..=8 play each of its shapes once (round 1 stays gen's first
        // case), so every session meets the boards B wins and the even-distance boards A
        // wins, whatever the seed; later rounds draw the shape again.
        let must = (kind == SESSION && round >= 2)
            .then(|| SESSION_SHAPES.get((round - 2) as usize))
            .flatten();
        let session_round =
            |r: &std::ops::RangeInclusive<u64>| kind == SESSION && r.contains(&round);
        let board = match must {
            // Room for the shape (a ring needs a few squares a side) where the range has it;
            // the open and maze rounds small enough for a mid-game start, the maze at the
            // largest such side, both with their starts moved two squares apart.
            Some(&shape) => {
                let small = SMALL_ROUNDS
                    .iter()
                    .find(|&&(r, _)| kind == SESSION && r == round);
                let hi = small.map_or(hi, |&(_, side)| hi.min(side.max(lo)));
                let lo = if kind == SESSION && round == FULL_SIDE_ROUND {
                    hi
                } else {
                    lo.max(hi.min(10))
                };
                let board = round_board_of(shape, lo, hi, rng);
                if session_round(&NEAR_STARTS_ROUNDS) {
                    with_near_starts(board, rng)
                } else {
                    board
                }
            }
            // Round 9: the long serpentine whose race ends in a jump round a corner on the
            // last column, after as many moves as the cap allows.
            None if kind == SESSION && round == CORNER_ROUND && hi >= 4 => {
                corner_meeting_board(hi as usize, (MOVE_CAP - 100) as usize, rng)
            }
            // Round 10: the open board at the top side, the starts in opposite corners: the
            // distance even, hundreds of moves in the band where which step to take decides.
            None if kind == SESSION && round == CORNERS_ROUND => {
                let n = hi as usize;
                Board {
                    n,
                    free: vec![true; n * n],
                    a: 0,
                    b: n * n - 1,
                }
            }
            None => round_board(kind, lo, hi, rng).map_err(GameError::unplayable)?,
        };
        let free = board.free.iter().filter(|&&f| f).count();
        let mut race = RaceRound::new(board)?;
        if session_round(&MID_GAME_ROUNDS) && free <= MID_GAME_MAX_FREE {
            race.start_mid_game(rng);
        }
        Ok(Box::new(race))
    },
    // `n`, then n rows.
    position_lines: |first| match first.trim().parse::<usize>() {
        Ok(n) if n <= MAX_SIZE as usize => Ok(n + 1),
        _ => Err(GameError::Position(format!(
            "{first:?} is not a race board side (2 to {MAX_SIZE})"
        ))),
    },
    from_line: |line| Ok(Box::new(from_text(line)?)),
    illegal_move: |_| "0 0".to_owned(),
    classes: |spec| crate::coverage::listed(spec, DEFAULT_SIZE),
    rounds: combgames_core::round::COVERAGE_ROUNDS,
};

/// The session rounds (open board, maze) whose starts are moved two squares apart
/// ([`with_near_starts`]), so that the shortest-path layers are a few squares and a mid-game
/// start far from them keeps the players off the layers for the whole race.
pub const NEAR_STARTS_ROUNDS: std::ops::RangeInclusive<u64> = 3..=4;
/// The session round (the maze) drawn at its largest side of [`SMALL_ROUNDS`]: long races,
/// dead ends far from the starts.
pub const FULL_SIDE_ROUND: u64 = 4;

/// The session round played on [`corner_meeting_board`] (after the seven shapes).
pub const CORNER_ROUND: u64 = 9;

/// The session round played on the open board of the top side, starts in opposite corners.
pub const CORNERS_ROUND: u64 = 10;

/// The session rounds (random, open, maze, corridor and pipes boards) that start mid-game
/// when their board has at most [`MID_GAME_MAX_FREE`] free squares.
pub const MID_GAME_ROUNDS: std::ops::RangeInclusive<u64> = 2..=6;
/// The session rounds drawn small, with their largest side, so that every session has
/// mid-game starts: the open board (round 3) up to 16, the maze (round 4) at 25 (about
/// half its squares free). Small, as the solution's exact search grows with the square of the
/// positions (0.10 s on an open 25×25 board, a fifth of a session).
pub const SMALL_ROUNDS: [(u64, u64); 2] = [(3, 16), (4, 25)];
/// Free squares of the boards that may start mid-game: the solution's exact search goes up
/// to 640 (solutions/src/race/play.rs, `EXACT_MAX_FREE`); beyond it follows the layer race from
/// the starts, which is not a strategy from any position.
pub const MID_GAME_MAX_FREE: usize = 640;
/// Positions drawn for a mid-game start, the trickiest kept.
const MID_GAME_SAMPLES: usize = 400;
/// Of those, how many best-keyed are played out to count their turns off the layers.
const MID_GAME_PLAYOUTS: usize = 8;
/// Moves of such a playout at most.
const PLAYOUT_PLIES: u32 = 600;

/// Default board sides: 2..300, the judges' full range.
pub const DEFAULT_SIZE: (u64, u64) = (2, 300);
/// Largest side: the board goes out as n² + n bytes, under the 1 MiB of unread input the
/// referee allows (process::MAX_PENDING_INPUT).
pub const MAX_SIZE: u64 = 1000;
/// Moves after which a round is cut: a corridor of a 300×300 board is raced over tens of
/// thousands of moves; every move up to the cut is judged exactly.
pub const MOVE_CAP: u64 = 3000;
/// Band table bits the referee builds at most (1 GiB): far above any 300×300 board
/// (about 72·10⁶ bits on an open one); boards near n = 1000 may be refused.
pub const MAX_BAND_BITS: u64 = 1 << 33;

pub struct RaceRound {
    board: Board,
    /// Where the round started (A to move): the starts, or a mid-game start.
    start: Position,
    pos: Position,
    /// The last move entered the opponent's start: the player to move has lost.
    over: bool,
    eval: Evaluator,
    moves: u64,
    /// Squares on a shortest path between the two starts (the layers the race is run on):
    /// positions with a player off them are where a layer-bound solution goes wrong.
    on_layers: Vec<bool>,
    /// The distance between the starts (its parity picks the race lemma's case).
    d: u32,
    /// Per player (A, B), the squares reachable from the starts by their distance to the
    /// player's goal: a band table's row runs over one of them ([`RaceRound::classes_at`]).
    levels: [Vec<Vec<usize>>; 2],
}

/// A round from the board written on one line or several: `n` and the n rows.
pub fn from_text(text: &str) -> Result<RaceRound, GameError> {
    let parts: Vec<&str> = text.split_whitespace().collect();
    let (n, rows) = parts
        .split_first()
        .ok_or_else(|| GameError::Position("an empty race position".to_owned()))?;
    let n: usize = n
        .parse()
        .map_err(|_| GameError::Position(format!("bad n in {text:?}")))?;
    if rows.len() != n {
        return Err(GameError::Position(format!(
            "expected {n} rows in {text:?}"
        )));
    }
    let (board, start) = Board::from_play_rows(rows).map_err(GameError::position)?;
    RaceRound::new_at(board, start)
}
