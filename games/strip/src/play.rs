//! The strip placement game as the referee plays it, in both notations: `tictactoe`
//! (UVa 11534: cells `.`, `X`, `O`) and `coloring` (SGU 328: cells `0`, `1`, `2`).
//!
//! The position is kept valued under moves by the library's evaluator,
//! [`ValuedStrip`] (games/strip/src/valued.rs: the live runs with their Grundy values, O(log n) per move, no
//! rescan; values from the mex table up to [`DP_CAP`] cells and the proven closed form beyond,
//! exact on every strip up to 10^6 cells, [`MAX_CELLS`]). The solution's own formula (the
//! streamed xor of the edge runs and a parity) is used nowhere here, and no solution file is
//! included (games/strip/tests/referee.rs checks that). This file keeps the notation, the move
//! parsing and the referee's own move choices; the start positions come from the one strip
//! generator, games/strip/src/gen.rs.

use crate as strip;
pub use crate::DP_CAP;
use crate::{Cell, Colour, Run, ValuedStrip};
use combgames_core::rng::Rng;
use combgames_core::round::{rotated, GameError, MoveError, Play, TypedRound};

/// Longest strip either game accepts: strips of up to 10^6 cells.
pub const MAX_CELLS: u64 = 1_000_000;

/// The strip game in one notation. Closures cannot capture the notation in a constant, so
/// each notation gets its own closures; a macro and not a `const fn`, since Rust 1.70 (the
/// judges' compiler, which builds the bundled Kattis referee) refuses `&mut` in the function
/// pointer types of a `const fn`.
macro_rules! strip_play {
    ($notation:expr) => {
        Play {
            size_is: "cells",
            min_size: 1,
            default_size: match $notation {
                Notation::Marks => DEFAULT_SIZE_TICTACTOE,
                Notation::Digits => DEFAULT_SIZE_COLORING,
            },
            max_size: MAX_CELLS,
            move_cap: MOVE_CAP,
            max_line: combgames_core::peer::MAX_LINE,
            options: &[],
            generate: |spec, round, rng| generate_in($notation, spec, round, rng),
            position_lines: match $notation {
                Notation::Marks => combgames_core::round::one_line,
                // `N`, then the digits.
                Notation::Digits => |_| Ok(2),
            },
            from_line: |line| Ok(Box::new(StripRound::from_line($notation, line)?)),
            // Cell 0 does not exist.
            illegal_move: match $notation {
                Notation::Marks => |_| "0 X".to_owned(),
                Notation::Digits => |_| "0 1".to_owned(),
            },
            classes: |spec| {
                let range = spec.size.unwrap_or(match $notation {
                    Notation::Marks => DEFAULT_SIZE_TICTACTOE,
                    Notation::Digits => DEFAULT_SIZE_COLORING,
                });
                let session = spec.kind.unwrap_or(combgames_core::gen::SESSION)
                    == combgames_core::gen::SESSION;
                if session && crate::gen::covers_classes(range) {
                    crate::CLASSES
                        .iter()
                        .chain(crate::ERROR_PAIRS.iter())
                        .map(|c| (*c).to_owned())
                        .collect()
                } else {
                    Vec::new()
                }
            },
            rounds: combgames_core::round::COVERAGE_ROUNDS,
        }
    };
}

/// How the referee plays tictactoe (see the registry).
pub const PLAY_TICTACTOE: Play = strip_play!(Notation::Marks);
/// How the referee plays coloring: the same game in digits.
pub const PLAY_COLORING: Play = strip_play!(Notation::Digits);

/// A round of the generator's kind `spec.kind` (the session's mix by default), made by the
/// one strip generator (games/strip/src/gen.rs).
fn generate_in(
    notation: Notation,
    spec: &combgames_core::round::RoundSpec,
    round: u64,
    rng: &mut Rng,
) -> Result<Box<dyn combgames_core::round::Round>, GameError> {
    let range = spec.size.unwrap_or(match notation {
        Notation::Marks => DEFAULT_SIZE_TICTACTOE,
        Notation::Digits => DEFAULT_SIZE_COLORING,
    });
    let kind = spec.kind.unwrap_or(combgames_core::gen::SESSION);
    // A session's rounds 2..=7 (round 1 stays gen's first case) play the must-play shapes:
    // the empty strip, a long end run, runs at both ends, sparse marks, then runs past 16
    // bits (both end runs and one run between equal marks) and an end run of one cell.
    let must = kind == combgames_core::gen::SESSION
        && (2..=1 + crate::gen::MUST_PLAY_ROUNDS as u64).contains(&round);
    // Then one round per coverage class (crate::CLASSES), from CLASS_ROUNDS_FROM on.
    let class = (kind == combgames_core::gen::SESSION && crate::gen::covers_classes(range))
        .then(|| round.checked_sub(CLASS_ROUNDS_FROM))
        .flatten()
        .and_then(|i| crate::CLASSES.get(i as usize));
    if let Some(class) = class {
        if let Some(cells) =
            crate::gen::class_start(class, range, rng).map_err(GameError::unplayable)?
        {
            return Ok(Box::new(StripRound::new(notation, cells)?));
        }
    }
    // Then one round per (class, error) pair (crate::ERROR_PAIRS).
    let pair = (kind == combgames_core::gen::SESSION && crate::gen::covers_classes(range))
        .then(|| round.checked_sub(ERROR_ROUNDS_FROM))
        .flatten()
        .and_then(|i| crate::ERROR_PAIRS.get(i as usize));
    if let Some(pair) = pair {
        if let Some(cells) =
            crate::gen::error_start(pair, range, rng).map_err(GameError::unplayable)?
        {
            return Ok(Box::new(StripRound::new(notation, cells)?));
        }
    }
    let made = if must {
        crate::gen::session_round(round as usize - 2, range, rng)
    } else {
        crate::gen::make(kind, range, rng)
    };
    let cells = made.map_err(GameError::unplayable)?.into_cells(rng);
    Ok(Box::new(StripRound::new(notation, cells)?))
}

/// A session's round that starts in a strip of the first coverage class (crate::CLASSES,
/// games/strip/README.md, coverage classes); the next round the second, and so on (rounds 8 to 27).
pub const CLASS_ROUNDS_FROM: u64 = 2 + crate::gen::MUST_PLAY_ROUNDS as u64;

/// A session's round that starts in a strip showing the first (class, error) pair
/// (crate::ERROR_PAIRS); the next round the second, and so on (rounds 28 to 41).
pub const ERROR_ROUNDS_FROM: u64 = CLASS_ROUNDS_FROM + crate::CLASSES.len() as u64;

/// Default strip lengths, log-uniform (the same number of rounds for every bit length): a third
/// of the rounds are judge-size strips of at most 100 cells, the rest reach the project's 10^6,
/// with end runs of hundreds to hundreds of thousands of cells.
pub const DEFAULT_SIZE_TICTACTOE: (u64, u64) = (1, MAX_CELLS);
pub const DEFAULT_SIZE_COLORING: (u64, u64) = (1, MAX_CELLS);
/// Moves (both sides) after which a round is cut. Every move up to the cut is judged; a game on
/// a long strip lasts about as many moves as it has cells, and its first few thousand moves
/// already meet every kind of run. With it a default session of 20 rounds makes about 20 000
/// judged moves of the solution (a player that blunders once in 1000 moves is caught) in about
/// a second.
pub const MOVE_CAP: u64 = 4000;

/// Up to this many empty cells the unique-reply trap tries every move (each try counts the
/// replies over the whole strip); on larger strips it samples a few.
const UNIQUE_REPLY_ALL_MOVES: usize = 40;
/// Above this length the unique-reply trap is not tried at all (O(n) per candidate).
const UNIQUE_REPLY_MAX_CELLS: usize = 400;
/// Live runs the random and slowest winning moves of the test players look in.
const WIN_SEARCH_RUNS: usize = 16;
/// Runs up to this long have every cell tried for those moves.
const WIN_SEARCH_ALL_CELLS: usize = 256;

/// How positions and moves are written: the two problems' alphabets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// UVa 11534: `.`, `X`, `O`; the position is the strip line alone.
    Marks,
    /// SGU 328: `0`, `1`, `2`; the position is `N`, then the digit line.
    Digits,
}

impl Notation {
    fn game(self) -> &'static str {
        match self {
            Notation::Marks => "tictactoe",
            Notation::Digits => "coloring",
        }
    }

    fn symbol(self, colour: Colour) -> char {
        match self {
            Notation::Marks => colour.mark(),
            Notation::Digits => colour.digit(),
        }
    }

    fn colour_of(self, text: &str) -> Option<Colour> {
        Colour::BOTH
            .iter()
            .copied()
            .find(|&c| text.len() == 1 && text.starts_with(self.symbol(c)))
    }

    fn strip_text(self, cells: &[Cell]) -> String {
        match self {
            Notation::Marks => strip::to_marks(cells),
            Notation::Digits => strip::to_digits(cells),
        }
    }

    /// The position in the problem's single-case input format.
    fn position(self, cells: &[Cell]) -> String {
        match self {
            Notation::Marks => self.strip_text(cells),
            Notation::Digits => format!("{}\n{}", cells.len(), self.strip_text(cells)),
        }
    }

    /// Reads a position written by `Notation::position` (lines may be split anyhow by
    /// whitespace: a replayed script joins them with `\n`).
    pub fn parse_position(self, text: &str) -> Result<Vec<Cell>, GameError> {
        let tokens: Vec<&str> = text.split_whitespace().collect();
        let strip_text = match (self, tokens.as_slice()) {
            (Notation::Marks, [strip]) => *strip,
            (Notation::Digits, [n, digits]) => {
                let n: usize = n
                    .parse()
                    .map_err(|_| GameError::Position(format!("bad N in {text:?}")))?;
                if n != digits.len() {
                    return Err(GameError::Position(format!(
                        "N = {n} but {} digits",
                        digits.len()
                    )));
                }
                *digits
            }
            _ => {
                return Err(GameError::Position(format!(
                    "{text:?} is not a {} position",
                    self.game()
                )))
            }
        };
        let cells = match self {
            Notation::Marks => strip::parse_marks(strip_text),
            Notation::Digits => strip::parse_digits(strip_text),
        }
        .map_err(|e| GameError::Position(format!("{} position: {e}", self.game())))?;
        Ok(cells)
    }
}

#[derive(Clone)]
pub struct StripRound {
    notation: Notation,
    start: String,
    /// The position, valued by the library's evaluator.
    strip: ValuedStrip,
}

impl StripRound {
    pub fn new(notation: Notation, cells: Vec<Cell>) -> Result<StripRound, GameError> {
        let n = cells.len();
        if n == 0 || n as u64 > MAX_CELLS {
            return Err(GameError::Position(format!(
                "{} needs 1 ≤ N ≤ {MAX_CELLS}, got {n}",
                notation.game()
            )));
        }
        let start = notation.position(&cells);
        let strip = ValuedStrip::new(cells).map_err(GameError::position)?;
        Ok(StripRound {
            notation,
            start,
            strip,
        })
    }

    pub fn from_line(notation: Notation, text: &str) -> Result<StripRound, GameError> {
        StripRound::new(notation, notation.parse_position(text)?)
    }

    /// Some legal move, about uniform over the cells: the run holding a random cell, else the
    /// next live run (wrapping).
    fn sample_move(&self, rng: &mut Rng) -> Option<(usize, Colour)> {
        let p = rng.index(self.strip.cells().len());
        let (start, run) = self
            .strip
            .run_at(p)
            .or_else(|| self.strip.runs().range(p..).next().map(|(&s, &r)| (s, r)))
            .or_else(|| self.strip.runs().iter().next().map(|(&s, &r)| (s, r)))?;
        let at = start + rng.index(run.len);
        let first = Colour::BOTH[rng.index(2)];
        [first, first.other()]
            .iter()
            .copied()
            .find(|&c| strip::is_legal_move(self.strip.cells(), at, c))
            .map(|c| (at, c))
            // An end cell of a live run of 1 may allow neither; any live run has some move.
            .or_else(|| self.move_in_run(start, run))
    }

    fn move_in_run(&self, start: usize, run: Run) -> Option<(usize, Colour)> {
        (start..start + run.len)
            .flat_map(|at| Colour::BOTH.map(|c| (at, c)))
            .find(|&(at, c)| strip::is_legal_move(self.strip.cells(), at, c))
    }

    /// How many (cell, colour) options a move takes away: those of its cell, and its colour on
    /// the neighbouring cells. Fewer lost options keep the game longer.
    fn options_lost(&self, at: usize, colour: Colour) -> usize {
        let own = Colour::BOTH
            .iter()
            .filter(|&&c| strip::is_legal_move(self.strip.cells(), at, c))
            .count();
        let beside = [at.checked_sub(1), at.checked_add(1)]
            .iter()
            .flatten()
            .copied()
            .filter(|&j| strip::is_legal_move(self.strip.cells(), j, colour))
            .count();
        own + beside
    }

    /// Winning moves found in up to [`WIN_SEARCH_RUNS`] live runs whose value v has v ^ xor
    /// < v (the only runs with one), from a random such run on: every cell of a run of up to
    /// [`WIN_SEARCH_ALL_CELLS`] cells; in a longer one its end cells, the offsets the closed
    /// form points at (the target value counted from either end) and 16 random cells.
    fn winning_moves_found(&self, rng: &mut Rng) -> Vec<(usize, Colour)> {
        let x = self.strip.xor();
        // From a random cell on in each value's set, so a strip of many runs costs little.
        let probe = rng.index(self.strip.cells().len());
        let starts: Vec<usize> = self
            .strip
            .runs_by_value()
            .iter()
            .filter(|(&v, _)| v ^ x < v)
            .flat_map(|(_, set)| {
                set.range(probe..)
                    .chain(set.range(..probe))
                    .take(WIN_SEARCH_RUNS)
                    .copied()
            })
            .collect();
        let mut found = Vec::new();
        for &start in rotated(starts, rng).iter().take(WIN_SEARCH_RUNS) {
            let run = self.strip.runs()[&start];
            let (len, target) = (run.len, run.value ^ x);
            let offsets: Vec<usize> = if len <= WIN_SEARCH_ALL_CELLS {
                (0..len).collect()
            } else {
                let t = target as usize;
                let mut near = vec![0, 1, 2, len - 1, len - 2, len - 3, len / 2];
                near.extend([t.wrapping_sub(1), t, t + 1]);
                near.extend([len.wrapping_sub(t + 2), len.wrapping_sub(t + 1)]);
                near.extend((0..16).map(|_| rng.index(len)));
                near.retain(|&at| at < len);
                near.sort_unstable();
                near.dedup();
                near
            };
            for at in offsets {
                for c in Colour::BOTH {
                    if self.strip.value_after(start, len, at, c) == Some(target) {
                        found.push((start + at, c));
                    }
                }
            }
        }
        found
    }

    /// Parses `c S`: a 1-based cell and a symbol of the game's notation.
    fn parse_cell_colour(&self, line: &str) -> Result<(usize, Colour), MoveError> {
        let want = match self.notation {
            Notation::Marks => "`cell X` or `cell O`",
            Notation::Digits => "`cell 1` or `cell 2`",
        };
        let syntax = || MoveError::Syntax(format!("expected a move {want}, got {line:?}"));
        let (cell, symbol) = line.split_once(' ').ok_or_else(syntax)?;
        if cell.is_empty() || !cell.bytes().all(|b| b.is_ascii_digit()) {
            return Err(syntax());
        }
        let colour = self.notation.colour_of(symbol).ok_or_else(syntax)?;
        let n = self.strip.cells().len();
        let at = cell
            .parse::<usize>()
            .ok()
            .filter(|c| (1..=n).contains(c))
            .ok_or_else(|| MoveError::Illegal(format!("cell {cell} is outside 1 to {n}")))?;
        Ok((at - 1, colour))
    }
}

impl TypedRound for StripRound {
    /// A cell (0-based) and the colour put there.
    type Move = (usize, Colour);

    fn position_line(&self) -> String {
        self.start.clone()
    }

    /// The strip itself when short; a summary for long strips (messages stay small and this
    /// stays O(1) per move).
    fn describe(&self) -> String {
        let n = self.strip.cells().len();
        if n <= 120 {
            format!("{:?}", self.notation.strip_text(self.strip.cells()))
        } else {
            format!(
                "a strip of {n} cells, {} empty, {} live runs, Grundy xor {}",
                self.strip.empty(),
                self.strip.runs().len(),
                self.strip.xor()
            )
        }
    }

    fn parse_move(&self, line: &str) -> Result<(usize, Colour), MoveError> {
        self.parse_cell_colour(line)
    }

    fn format_move(&self, &(at, colour): &(usize, Colour)) -> String {
        format!("{} {}", at + 1, self.notation.symbol(colour))
    }

    fn apply(&mut self, &(at, colour): &(usize, Colour)) -> Result<(), MoveError> {
        if self.strip.cells()[at].is_some() {
            return Err(MoveError::Illegal(format!("cell {} is occupied", at + 1)));
        }
        if !strip::is_legal_move(self.strip.cells(), at, colour) {
            return Err(MoveError::Illegal(format!(
                "cell {} has a neighbour holding {}",
                at + 1,
                self.notation.symbol(colour)
            )));
        }
        self.strip
            .place(at, colour)
            .map_err(|e| MoveError::Illegal(e.to_string()))
    }

    fn mover_wins(&mut self) -> Result<bool, GameError> {
        Ok(self.strip.xor() != 0)
    }

    fn winning_move(&mut self, _rng: &mut Rng) -> Result<(usize, Colour), GameError> {
        if self.strip.xor() == 0 {
            return Err(GameError::Internal(format!(
                "no winning move at {}",
                self.describe()
            )));
        }
        self.strip.winning_move().map_err(GameError::internal)
    }

    /// Uniform over `StripRound::winning_moves_found` (every winning move when the strip has
    /// few live runs of the right values, each short).
    fn random_winning_move(&mut self, rng: &mut Rng) -> Result<(usize, Colour), GameError> {
        let found = self.winning_moves_found(rng);
        if found.is_empty() {
            return TypedRound::winning_move(self, rng);
        }
        Ok(found[rng.index(found.len())])
    }

    /// Of `StripRound::winning_moves_found`, one that takes the fewest (cell, colour)
    /// options away (`StripRound::options_lost`), at random among those.
    fn slowest_winning_move(&mut self, rng: &mut Rng) -> Result<(usize, Colour), GameError> {
        let found = self.winning_moves_found(rng);
        let Some(fewest) = found.iter().map(|&(at, c)| self.options_lost(at, c)).min() else {
            return TypedRound::winning_move(self, rng);
        };
        let slowest: Vec<(usize, Colour)> = found
            .into_iter()
            .filter(|&(at, c)| self.options_lost(at, c) == fewest)
            .collect();
        Ok(slowest[rng.index(slowest.len())])
    }

    /// The xor after the move is not 0.
    fn leaves_opponent_winning(&mut self, &(at, c): &(usize, Colour)) -> Result<bool, GameError> {
        Ok(self.strip.run_at(at).is_some_and(|(start, run)| {
            self.strip
                .value_after(start, run.len, at - start, c)
                .is_some_and(|v| v != self.strip.xor() ^ run.value)
        }))
    }

    fn mover_has_move(&self) -> bool {
        !self.strip.runs().is_empty()
    }

    /// About uniform over the cells, in O(log n) (`StripRound::sample_move`).
    fn random_move(&mut self, rng: &mut Rng) -> Result<(usize, Colour), GameError> {
        self.sample_move(rng)
            .ok_or_else(|| GameError::Internal(format!("no legal move at {}", self.describe())))
    }

    /// Of 12 more random moves and `random`, one that takes the fewest options away.
    fn longest_move(
        &mut self,
        random: (usize, Colour),
        rng: &mut Rng,
    ) -> Result<(usize, Colour), GameError> {
        Ok((0..12)
            .filter_map(|_| self.sample_move(rng))
            .chain([random])
            .min_by_key(|&(at, c)| self.options_lost(at, c))
            .unwrap_or(random))
    }

    /// Every legal move when few cells are empty, else 8 random ones, from a random one on;
    /// none on strips over `UNIQUE_REPLY_MAX_CELLS` (each try costs O(n)).
    fn unique_reply_candidates(
        &mut self,
        rng: &mut Rng,
    ) -> Result<Vec<(usize, Colour)>, GameError> {
        if self.strip.cells().len() > UNIQUE_REPLY_MAX_CELLS {
            return Ok(Vec::new());
        }
        let candidates: Vec<(usize, Colour)> = if self.strip.empty() <= UNIQUE_REPLY_ALL_MOVES {
            (0..self.strip.cells().len())
                .flat_map(|at| Colour::BOTH.map(|c| (at, c)))
                .filter(|&(at, c)| strip::is_legal_move(self.strip.cells(), at, c))
                .collect()
        } else {
            (0..8).filter_map(|_| self.sample_move(rng)).collect()
        };
        Ok(rotated(candidates, rng))
    }

    fn winning_replies_after(
        &mut self,
        &(at, c): &(usize, Colour),
    ) -> Result<Option<u32>, GameError> {
        let mut next = self.clone();
        Ok(match next.strip.place(at, c) {
            Ok(()) => Some(next.strip.winning_replies() as u32),
            Err(_) => None,
        })
    }

    /// games/strip/README.md, coverage classes: [`ValuedStrip::classes`].
    fn classes(&self) -> Vec<String> {
        self.strip
            .classes()
            .into_iter()
            .map(str::to_owned)
            .collect()
    }

    /// The first cells (up to 8) of each live run in turn: almost any run has a move that
    /// leaves a non-zero xor there (a run's options take many values).
    fn blunder_candidates(&self) -> Box<dyn Iterator<Item = (usize, Colour)>> {
        let runs: Vec<(usize, usize)> =
            self.strip.runs().iter().map(|(&s, r)| (s, r.len)).collect();
        Box::new(runs.into_iter().flat_map(|(start, len)| {
            (0..len.min(8)).flat_map(move |at| Colour::BOTH.map(|c| (start + at, c)))
        }))
    }
}
