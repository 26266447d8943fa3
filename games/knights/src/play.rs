//! The knight game (CEOI 2008, games/knights/README.md, the problem) as the referee plays it: K knights on
//! an N×N board, a move sends every knight that can move one knight step (stuck knights stay).
//!
//! Evaluator: a position is lost for the mover iff the largest suspense number over the
//! knights is even (0 included; Winning Ways ch. 9, continued conjunctive compounds). The
//! suspense numbers come from the library's own exact evaluator ([`crate::Evaluator`]: the
//! DP on a small board of the same side mod 4, by the compression of
//! games/knights/docs/compression.md), on every board up to N = 10^9; nothing comes from the
//! solution. The legality of moves is checked here from the statement's four steps.
//!
//! Here the session's plan, the sizes and limits, and the round's state: its start read and
//! checked, and each knight's choice; the set-up and winning turns in `turns`, the protocol's
//! side in `typed`.

mod turns;
mod typed;

use crate::gen as knights;
use crate::{moves, Evaluator, Game as Position, STEPS};
use combgames_core::gen::SESSION;
use combgames_core::rng::Rng;
use combgames_core::round::{GameError, Play};

pub use crate::gen::MAX_KNIGHTS;

/// How the referee plays knights (see the registry): rounds from the generator's kind
/// (`session` by default: [`crate::gen`]).
pub const PLAY: Play = Play {
    size_is: "board side N",
    min_size: 1,
    default_size: DEFAULT_SIZE,
    max_size: MAX_SIZE,
    move_cap: MOVE_CAP,
    // One move names every knight.
    max_line: MAX_MOVE_LINE,
    options: &[],
    generate: |spec, round, rng| {
        let range = spec.size.unwrap_or(DEFAULT_SIZE);
        let kind = spec.kind.unwrap_or(SESSION);
        // Rounds 2..=10 of a session play the opening in turn (round 1 stays gen's first
        // case): the mix's shapes and the far-corner, far-line and even-gap traps, in every
        // session.
        let must = (kind == SESSION && (2..=1 + knights::OPENING_ROUNDS as u64).contains(&round))
            .then(|| knights::session_round(round as usize - 2, range, rng));
        // Rounds 11.. of a session: the coverage rounds (games/knights/README.md, coverage classes).
        let must = must.or_else(|| {
            (kind == SESSION)
                .then(|| crate::coverage::round_position(round, range, rng))
                .flatten()
        });
        // A lone round's short cap, where the round is played (its side in the range).
        let move_cap = must
            .as_ref()
            .and_then(|_| crate::coverage::round_move_cap(round));
        let position = match must {
            Some(position) => position,
            None => knights::make(kind, range, None, rng).map_err(GameError::unplayable)?,
        };
        let mut game = KnightsRound::new(position.n, position.knights)?;
        game.move_cap = move_cap;
        Ok(Box::new(game))
    },
    position_lines: KnightsRound::position_lines,
    from_line: |line| Ok(Box::new(KnightsRound::parse(line)?)),
    // Square (0, 0) for every knight: well formed, off the board.
    illegal_move: |position| vec!["0 0"; position.lines().count().saturating_sub(1)].join(" "),
    classes: |spec| crate::coverage::listed(spec, DEFAULT_SIZE),
    rounds: crate::coverage::SESSION_ROUNDS,
};

/// Default board sides: log-uniform up to the judge's largest.
pub const DEFAULT_SIZE: (u64, u64) = (1, 1_000_000_000);
/// Largest board side the referee accepts.
pub const MAX_SIZE: u64 = crate::MAX_SIDE;
/// Moves after which a generated round is cut: a game lasts about as many moves as the largest
/// suspense, (x + y)/2, so rounds on large boards would last up to 10^9 moves. Every position
/// up to the cut is judged; the traps (far border lines, N mod 4, rivals) act in the first
/// moves, while the knights are still where the round put them.
pub const MOVE_CAP: u64 = 1200;

/// Rounds of up to this many knights get set-up turns from the referee (the search is
/// quadratic in K).
pub const SET_UP_KNIGHTS: usize = 64;
/// Longest move line: 2·K numbers of up to 10 digits, each with its separator.
pub const MAX_MOVE_LINE: usize = 2 * MAX_KNIGHTS as usize * 11 + 64;

type Square = (u64, u64);
/// How a set-up turn ranks: gap-first trap with a rival, two even options with a rival, a
/// rival, the trap's suspense.
type SetUpRank = (bool, bool, bool, u64);

/// The squares a knight on `from` can move to (the statement's four steps).
fn options(n: u64, (x, y): Square) -> impl Iterator<Item = Square> {
    moves(n, x, y)
}

fn is_step(from: Square, to: Square) -> bool {
    let dx = to.0 as i64 - from.0 as i64;
    let dy = to.1 as i64 - from.1 as i64;
    STEPS.contains(&(dx, dy))
}

/// How the referee moves one knight.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Choice {
    /// The mover's suspense-best option: largest even if any, else smallest. For a winning
    /// mover that wins; for a losing one it is the long game: knights it is winning on are
    /// stretched (kept at the largest suspense), the ones it is losing on end fast.
    Best,
    /// Any option, uniformly.
    Random,
    /// The opposite of Best: largest odd if any, else smallest (a blunder on purpose).
    Worst,
}

pub struct KnightsRound {
    n: u64,
    start: Position,
    knights: Vec<Square>,
    eval: Evaluator,
    /// Whether a turn was played: before it, the position is the round's start, where the
    /// solution picks its side (the (class, error) pairs are counted there only).
    moved: bool,
    /// Moves after which the round is cut, where it is not the game's [`MOVE_CAP`].
    move_cap: Option<u64>,
}

impl KnightsRound {
    pub fn new(n: u64, knights: Vec<Square>) -> Result<KnightsRound, GameError> {
        if n == 0 || n > MAX_SIZE {
            return Err(GameError::Position(format!(
                "knights needs 1 ≤ N ≤ {}, got {n}",
                MAX_SIZE
            )));
        }
        if knights.is_empty() || knights.len() as u64 > MAX_KNIGHTS {
            return Err(GameError::Position(format!(
                "knights needs 1 ≤ K ≤ {MAX_KNIGHTS}, got {}",
                knights.len()
            )));
        }
        if let Some(&(x, y)) = knights
            .iter()
            .find(|&&(x, y)| !(1..=n).contains(&x) || !(1..=n).contains(&y))
        {
            return Err(GameError::Position(format!(
                "knight ({x}, {y}) is off the {n}×{n} board"
            )));
        }
        Ok(KnightsRound {
            n,
            start: Position {
                n,
                knights: knights.clone(),
            },
            knights,
            eval: Evaluator::new(n),
            moved: false,
            move_cap: None,
        })
    }

    /// Parses the judge format: `K N`, then K lines `x y`.
    pub fn parse(text: &str) -> Result<KnightsRound, GameError> {
        let mut numbers = text.split_whitespace().map(|t| {
            t.parse::<u64>().map_err(|_| {
                GameError::Position(format!("{t:?} is not a number in a knights position"))
            })
        });
        let mut next = |what: &str| {
            numbers.next().unwrap_or_else(|| {
                Err(GameError::Position(format!(
                    "knights position: missing {what}"
                )))
            })
        };
        let k = next("K")?;
        let n = next("N")?;
        if k == 0 || k > MAX_KNIGHTS {
            return Err(GameError::Position(format!(
                "knights needs 1 ≤ K ≤ {MAX_KNIGHTS}, got {k}"
            )));
        }
        let mut knights = Vec::with_capacity(k as usize);
        for _ in 0..k {
            knights.push((next("x")?, next("y")?));
        }
        if numbers.next().is_some() {
            return Err(GameError::Position(format!(
                "knights position: more than {k} knights"
            )));
        }
        KnightsRound::new(n, knights)
    }

    /// The number of lines of a position whose first line is `first` (`K N`).
    pub fn position_lines(first: &str) -> Result<usize, GameError> {
        first
            .split_whitespace()
            .next()
            .and_then(|k| k.parse::<usize>().ok())
            .filter(|&k| (1..=MAX_KNIGHTS as usize).contains(&k))
            .map(|k| k + 1)
            .ok_or_else(|| {
                GameError::Position(format!(
                    "{first:?} is not the line `K N` of a knights position"
                ))
            })
    }

    fn s(&self, (x, y): Square) -> u64 {
        self.eval.suspense(x, y)
    }

    fn largest(&self) -> u64 {
        self.knights.iter().map(|&k| self.s(k)).max().unwrap_or(0)
    }

    /// The knight of largest suspense (first such) and its suspense.
    fn leader(&self) -> (usize, u64) {
        let mut best = (0, 0);
        for (i, &k) in self.knights.iter().enumerate() {
            let s = self.s(k);
            if s > best.1 {
                best = (i, s);
            }
        }
        best
    }

    /// The destination `choice` picks for the knight on `from`; None when it is stuck.
    fn choose(&self, from: Square, choice: Choice, rng: Option<&mut Rng>) -> Option<Square> {
        match choice {
            Choice::Best => self.eval.option_by_parity(from.0, from.1, 0),
            Choice::Worst => self.eval.option_by_parity(from.0, from.1, 1),
            Choice::Random => {
                let opts: Vec<Square> = options(self.n, from).collect();
                if opts.is_empty() {
                    return None;
                }
                Some(opts[rng?.index(opts.len())])
            }
        }
    }

    /// Where `choice` sends every knight (a stuck knight stays).
    fn turn(&self, choice: Choice, rng: &mut Rng) -> Vec<Square> {
        self.knights
            .iter()
            .map(|&from| self.choose(from, choice, Some(&mut *rng)).unwrap_or(from))
            .collect()
    }

    /// The largest suspense over `knights`.
    fn largest_of(&self, knights: &[Square]) -> u64 {
        knights.iter().map(|&k| self.s(k)).max().unwrap_or(0)
    }
}
