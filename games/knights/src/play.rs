//! The knight game (CEOI 2008, games/knights/README.md, the problem) as the referee plays it: K knights on
//! an N×N board, a move sends every knight that can move one knight step (stuck knights stay).
//!
//! Evaluator: a position is lost for the mover iff the largest suspense number over the
//! knights is even (0 included; Winning Ways ch. 9, continued conjunctive compounds). The
//! suspense numbers come from the library's own exact evaluator ([`crate::Evaluator`]: the
//! DP on a small board of the same side mod 4, by the compression of
//! games/knights/docs/compression.md), on every board up to N = 10^9; nothing comes from the
//! solution. The legality of moves is checked here from the statement's four steps.

use crate::gen as knights;
use crate::{moves, Evaluator, Game as Position, STEPS};
use combgames_core::gen::SESSION;
use combgames_core::rng::Rng;
use combgames_core::round::{GameError, MoveError, Play, Trap, TypedRound};
use combgames_core::words::counted;

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
        let position = match must {
            Some(position) => position,
            None => knights::make(kind, range, None, rng).map_err(GameError::unplayable)?,
        };
        Ok(Box::new(KnightsRound::new(position.n, position.knights)?))
    },
    position_lines: KnightsRound::position_lines,
    from_line: |line| Ok(Box::new(KnightsRound::parse(line)?)),
    // Square (0, 0) for every knight: well formed, off the board.
    illegal_move: |position| vec!["0 0"; position.lines().count().saturating_sub(1)].join(" "),
    classes: |spec| crate::coverage::listed(spec, DEFAULT_SIZE),
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

    /// A turn for the referee (any turn loses when it is to move in a lost position) that
    /// leaves the solution a narrow win, for rounds of up to [`SET_UP_KNIGHTS`] knights: one
    /// knight lands on a trap square T of odd suspense v (a square with two different even
    /// options, where only the larger one wins, or one whose suspense the far border changes),
    /// every other knight on an option of suspense at most v, preferably v − 1 (then the
    /// leader's reply must reach v − 1 exactly). Among the candidates: a rival at v − 1 and
    /// two even options first, then the largest v. None when no knight reaches a trap square.
    pub fn set_up_turn(&self) -> Option<Vec<Square>> {
        self.ranked_set_up_turn().map(|(_, turn)| turn)
    }

    /// [`KnightsRound::set_up_turn`] with its rank.
    fn ranked_set_up_turn(&self) -> Option<(SetUpRank, Vec<Square>)> {
        if self.knights.len() > SET_UP_KNIGHTS {
            return None;
        }
        let n = self.n;
        let longer = Evaluator::new(n + 4);
        let opts: Vec<Vec<(Square, u64)>> = self
            .knights
            .iter()
            .map(|&k| options(n, k).map(|sq| (sq, self.s(sq))).collect())
            .collect();
        let two_even = |sq: Square| {
            let mut even: Vec<u64> = options(n, sq)
                .map(|o| self.s(o))
                .filter(|v| v % 2 == 0)
                .collect();
            even.sort_unstable();
            even.dedup();
            even.len() >= 2
        };
        // Even options 2 apart, the smaller first in the order of the steps: a search that
        // keeps the first even option unless a later one is more than 2 larger goes wrong.
        let gap_first = |sq: Square, v: u64| {
            let even: Vec<u64> = options(n, sq)
                .map(|o| self.s(o))
                .filter(|w| w % 2 == 0)
                .collect();
            v >= 3 && even.first() == Some(&(v - 3)) && even.contains(&(v - 1))
        };
        // A square of even suspense w with an option above w + 1: moving it to any (odd)
        // option instead of the smallest can hand over the win.
        let high_option = |sq: Square, w: u64| options(n, sq).any(|o| self.s(o) > w + 1);
        let mut best: Option<(SetUpRank, Vec<Square>)> = None;
        for (i, own) in opts.iter().enumerate() {
            for &(trap, v) in own {
                let doubled = v % 2 == 1 && two_even(trap);
                if v % 2 == 0 || !(doubled || self.s(trap) != longer.suspense(trap.0, trap.1)) {
                    continue;
                }
                let mut turn = Vec::with_capacity(opts.len());
                let mut rival = false;
                for (j, other) in opts.iter().enumerate() {
                    if j == i {
                        turn.push(trap);
                        continue;
                    }
                    if other.is_empty() {
                        turn.push(self.knights[j]);
                        continue;
                    }
                    // Preference: exactly v − 1 (one with an option above v first), then
                    // the largest below, then v itself.
                    let rank = |sq: Square, w: u64| (w + 1 == v, w < v, w, high_option(sq, w));
                    let pick = other
                        .iter()
                        .filter(|&&(_, w)| w <= v)
                        .max_by_key(|&&(sq, w)| rank(sq, w));
                    match pick {
                        Some(&(sq, w)) => {
                            rival |= w + 1 == v;
                            turn.push(sq);
                        }
                        None => break,
                    }
                }
                if turn.len() < opts.len() {
                    continue;
                }
                let score = (rival && gap_first(trap, v), rival && doubled, rival, v);
                if best.as_ref().map_or(true, |(b, _)| score > *b) {
                    best = Some((score, turn));
                }
            }
        }
        best
    }

    /// Where `choice` sends every knight (a stuck knight stays).
    fn turn(&self, choice: Choice, rng: &mut Rng) -> Vec<Square> {
        self.knights
            .iter()
            .map(|&from| self.choose(from, choice, Some(&mut *rng)).unwrap_or(from))
            .collect()
    }

    /// A winning turn for the test players (the mover wins): the largest suspense after it is
    /// an even M. M is the largest even value every knight can stay at or below and one
    /// reaches (`slowest`), or one of those values drawn at random; then every knight goes to
    /// an option of suspense at most M (the largest of them when `slowest`, else a random
    /// one), and one knight that can reach M exactly, drawn at random, goes there.
    fn winning_turn(&self, slowest: bool, rng: &mut Rng) -> Option<Vec<Square>> {
        let opts: Vec<Vec<(Square, u64)>> = self
            .knights
            .iter()
            .map(|&k| options(self.n, k).map(|sq| (sq, self.s(sq))).collect())
            .collect();
        // Every knight must stay at or below M: M is at least each knight's smallest option.
        let floor = opts
            .iter()
            .map(|o| o.iter().map(|&(_, w)| w).min().unwrap_or(0))
            .max()
            .unwrap_or(0);
        let mut evens: Vec<u64> = opts
            .iter()
            .flatten()
            .map(|&(_, w)| w)
            .filter(|&w| w % 2 == 0 && w >= floor)
            .collect();
        evens.sort_unstable();
        evens.dedup();
        let m = if slowest {
            *evens.last()?
        } else {
            *evens.get(rng.index(evens.len().max(1)))?
        };
        let mut turn: Vec<Square> = opts
            .iter()
            .zip(&self.knights)
            .map(|(o, &from)| {
                let below: Vec<&(Square, u64)> = o.iter().filter(|&&(_, w)| w <= m).collect();
                if below.is_empty() {
                    return from;
                }
                if slowest {
                    let top = below.iter().map(|&&(_, w)| w).max().expect("not empty");
                    let tied: Vec<Square> = below
                        .iter()
                        .filter(|&&&(_, w)| w == top)
                        .map(|&&(sq, _)| sq)
                        .collect();
                    tied[rng.index(tied.len())]
                } else {
                    below[rng.index(below.len())].0
                }
            })
            .collect();
        let reach: Vec<usize> = (0..opts.len())
            .filter(|&i| opts[i].iter().any(|&(_, w)| w == m))
            .collect();
        let i = reach[rng.index(reach.len())];
        let at_m: Vec<Square> = opts[i]
            .iter()
            .filter(|&&(_, w)| w == m)
            .map(|&(sq, _)| sq)
            .collect();
        turn[i] = at_m[rng.index(at_m.len())];
        Some(turn)
    }

    fn checked_winning_turn(
        &mut self,
        slowest: bool,
        rng: &mut Rng,
    ) -> Result<Vec<Square>, GameError> {
        let turn = self.winning_turn(slowest, rng);
        match turn {
            Some(t) if self.largest() % 2 == 1 && self.largest_of(&t) % 2 == 0 => Ok(t),
            _ => Err(GameError::Internal(format!(
                "no winning turn found at {}",
                self.describe()
            ))),
        }
    }

    /// The largest suspense over `knights`.
    fn largest_of(&self, knights: &[Square]) -> u64 {
        knights.iter().map(|&k| self.s(k)).max().unwrap_or(0)
    }
}

/// Parses one coordinate of a move: digits only (PE otherwise); a value past u64 is off
/// every board (WA).
fn coordinate(token: &str, knight: usize) -> Result<u64, MoveError> {
    if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
        return Err(MoveError::Syntax(format!(
            "knight {knight}: expected a coordinate, got {:?}",
            token.chars().take(24).collect::<String>()
        )));
    }
    token.parse().map_err(|_| {
        MoveError::Illegal(format!(
            "knight {knight}: coordinate {token} is off the board"
        ))
    })
}

impl TypedRound for KnightsRound {
    /// Where every knight goes, in the position's order.
    type Move = Vec<Square>;

    fn position_line(&self) -> String {
        self.start.to_string()
    }

    fn describe(&self) -> String {
        let (i, s) = self.leader();
        let (x, y) = self.knights[i];
        let mut text = format!(
            "{} on {n}×{n}, largest suspense {s} on knight {} at ({x}, {y})",
            counted(self.knights.len() as u64, "knight"),
            i + 1,
            n = self.n
        );
        if self.knights.len() <= 8 {
            let list: Vec<String> = self
                .knights
                .iter()
                .map(|(a, b)| format!("({a}, {b})"))
                .collect();
            text.push_str(&format!(" [{}]", list.join(" ")));
        }
        text
    }

    fn parse_move(&self, line: &str) -> Result<Vec<Square>, MoveError> {
        let tokens: Vec<&str> = line.split(' ').collect();
        if tokens.len() != 2 * self.knights.len() {
            return Err(MoveError::Syntax(format!(
                "expected {} numbers (x y of every knight, single spaces), got {} tokens",
                2 * self.knights.len(),
                tokens.len()
            )));
        }
        let mut next = Vec::with_capacity(self.knights.len());
        for (i, pair) in tokens.chunks(2).enumerate() {
            let knight = i + 1;
            next.push((coordinate(pair[0], knight)?, coordinate(pair[1], knight)?));
        }
        Ok(next)
    }

    fn format_move(&self, m: &Vec<Square>) -> String {
        let mut line = String::with_capacity(m.len() * 12);
        for (i, (x, y)) in m.iter().enumerate() {
            if i > 0 {
                line.push(' ');
            }
            line.push_str(&x.to_string());
            line.push(' ');
            line.push_str(&y.to_string());
        }
        line
    }

    fn apply(&mut self, next: &Vec<Square>) -> Result<(), MoveError> {
        if next.len() != self.knights.len() {
            return Err(MoveError::Illegal(format!(
                "{} destinations for {} knights",
                next.len(),
                self.knights.len()
            )));
        }
        for (i, (&from, &to)) in self.knights.iter().zip(next).enumerate() {
            let knight = i + 1;
            let stuck = options(self.n, from).next().is_none();
            if stuck && to != from {
                return Err(MoveError::Illegal(format!(
                    "knight {knight} on ({}, {}) cannot move, but was sent to ({}, {})",
                    from.0, from.1, to.0, to.1
                )));
            }
            let on_board = (1..=self.n).contains(&to.0) && (1..=self.n).contains(&to.1);
            let legal_step = on_board && is_step(from, to);
            if !stuck && !legal_step {
                return Err(MoveError::Illegal(format!(
                    "knight {knight}: ({}, {}) -> ({}, {}) is not a move on the {n}×{n} board",
                    from.0,
                    from.1,
                    to.0,
                    to.1,
                    n = self.n
                )));
            }
        }
        self.knights.clone_from(next);
        self.moved = true;
        Ok(())
    }

    fn mover_wins(&mut self) -> Result<bool, GameError> {
        Ok(self.largest() % 2 == 1)
    }

    fn winning_move(&mut self, rng: &mut Rng) -> Result<Vec<Square>, GameError> {
        if self.largest() % 2 == 0 {
            return Err(GameError::Internal(format!(
                "no winning move at {}",
                self.describe()
            )));
        }
        Ok(self.turn(Choice::Best, rng))
    }

    /// `KnightsRound::winning_turn` with M drawn at random among the even values possible.
    fn random_winning_move(&mut self, rng: &mut Rng) -> Result<Vec<Square>, GameError> {
        self.checked_winning_turn(false, rng)
    }

    /// `KnightsRound::winning_turn` with the largest even M, every knight kept as high as
    /// M allows: the game lasts about as many moves as the largest suspense.
    fn slowest_winning_move(&mut self, rng: &mut Rng) -> Result<Vec<Square>, GameError> {
        self.checked_winning_turn(true, rng)
    }

    /// The largest suspense after the turn is odd.
    fn leaves_opponent_winning(&mut self, m: &Vec<Square>) -> Result<bool, GameError> {
        Ok(self.largest_of(m) % 2 == 1)
    }

    fn mover_has_move(&self) -> bool {
        self.knights
            .iter()
            .any(|&k| options(self.n, k).next().is_some())
    }

    /// Any option for every knight.
    fn random_move(&mut self, rng: &mut Rng) -> Result<Vec<Square>, GameError> {
        Ok(self.turn(Choice::Random, rng))
    }

    /// Its own (no random turn drawn first, which would change the draws). Longest: the
    /// long game, the suspense-best option for every knight, which from a lost position
    /// stretches the knights the referee wins on and ends the others, so the solution has
    /// to get the order of the suspense right, not only each knight's winner. UniqueReply: a
    /// set-up turn ([`KnightsRound::set_up_turn`]) when one is found, else the long game.
    /// Random: any option for every knight. A set-up with two even options and a rival is
    /// played whatever the trap (the chain, below).
    fn trap_move(&mut self, trap: Trap, rng: &mut Rng) -> Result<Vec<Square>, GameError> {
        if !TypedRound::mover_has_move(self) {
            return Err(GameError::Internal(format!(
                "no legal move at {}",
                self.describe()
            )));
        }
        // The attack: a set-up turn whenever one is found (the solution's winning replies
        // narrowed to the knight on the trap square reaching v − 1 exactly), except on a
        // seeded one turn in three, which stays a random turn (Random) or the long game.
        // A trap with two even options and a rival at v − 1 is played on every turn, whatever
        // the draw: the solution's only winning reply (leader to v − 1, rival to v − 2) leaves
        // the same pattern two lower, so in the middle of a board the trap comes back on every
        // turn; one random or long-game turn would break that chain for the rest of the round.
        let set_up = match self.ranked_set_up_turn() {
            Some(((_, true, _, _), turn)) => Some(turn),
            Some((_, turn)) if trap != Trap::Random && rng.index(3) != 0 => Some(turn),
            _ => None,
        };
        Ok(match (set_up, trap) {
            (Some(turn), _) => turn,
            (None, Trap::Random) => self.turn(Choice::Random, rng),
            (None, _) => self.turn(Choice::Best, rng),
        })
    }

    /// The side's class, and on boards past the evaluator's DP branch every knight's cell of
    /// the suspense rule and band near the edges; at the round's start, where the side is
    /// chosen, the (class, error) pairs too ([`crate::coverage::of`]). (When the solution moves
    /// first, the session counts the start again before its first turn.)
    fn classes(&self) -> Vec<String> {
        crate::coverage::of(&self.eval, &self.knights, !self.moved)
    }

    /// One candidate: the suspense-worst option for every knight.
    fn blunder_candidates(&self) -> Box<dyn Iterator<Item = Vec<Square>>> {
        Box::new(std::iter::once(self.turn(Choice::Worst, &mut Rng::new(0))))
    }
}
