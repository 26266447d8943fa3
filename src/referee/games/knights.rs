//! The knight game (CEOI 2008, problems.md section 4) as the referee plays it: K knights on
//! an N×N board, a move sends every knight that can move one knight step (stuck knights stay).
//!
//! Evaluator: a position is lost for the mover iff the largest suspense number over the
//! knights is even (0 included; Winning Ways ch. 9, continued conjunctive compounds). The
//! suspense numbers come from the library's own exact evaluator ([`crate::knights::Evaluator`]: the
//! DP on a small board of the same side mod 4, by the compression of
//! docs/knights_compression.md), on every board up to N = 10^9; nothing comes from the
//! solution. The legality of moves is checked here from the statement's four steps.

use super::{MoveError, Play, Trap, TypedRound};
use crate::knights::Evaluator;
use crate::rng::Rng;

/// Default board sides: log-uniform up to the judge's largest.
/// How the referee plays knights (see the registry).
pub const PLAY: Play = Play {
    size_is: "board side N",
    min_size: 1,
    default_size: DEFAULT_SIZE,
    max_size: MAX_SIZE,
    move_cap: MOVE_CAP,
    // One move names every knight.
    max_line: MAX_MOVE_LINE,
    options: &[],
    generate: |spec, _round, rng| {
        let (lo, hi) = spec.size.unwrap_or(DEFAULT_SIZE);
        Ok(Box::new(KnightsRound::generate(lo, hi, rng)?))
    },
    position_lines: KnightsRound::position_lines,
    from_line: |line| Ok(Box::new(KnightsRound::parse(line)?)),
    // Square (0, 0) for every knight: well formed, off the board.
    illegal_move: |position| vec!["0 0"; position.lines().count().saturating_sub(1)].join(" "),
};

pub const DEFAULT_SIZE: (u64, u64) = (1, 1_000_000_000);
/// Largest board side the referee accepts.
pub const MAX_SIZE: u64 = crate::knights::MAX_SIDE;
/// Moves after which a generated round is cut: a game lasts about as many moves as the largest
/// suspense, (x + y)/2, so rounds on large boards would last up to 10^9 moves. Every position
/// up to the cut is judged; the traps (far border lines, N mod 4, rivals) act in the first
/// moves, while the knights are still where the round put them.
pub const MOVE_CAP: u64 = 400;

/// Largest number of knights in a round (the problem's project limit).
pub const MAX_KNIGHTS: u64 = 100_000;
/// Rounds of up to this many knights get set-up turns from the referee (the search is
/// quadratic in K).
pub const SET_UP_KNIGHTS: usize = 64;
/// Longest move line: 2·K numbers of up to 10 digits, each with its separator.
pub const MAX_MOVE_LINE: usize = 2 * MAX_KNIGHTS as usize * 11 + 64;

/// The moves of the statement: (x−2, y+1), (x−2, y−1), (x+1, y−2), (x−1, y−2).
const STEPS: [(i64, i64); 4] = [(-2, 1), (-2, -1), (1, -2), (-1, -2)];

type Square = (u64, u64);

/// The squares a knight on `from` can move to.
fn options(n: u64, (x, y): Square) -> impl Iterator<Item = Square> {
    STEPS.iter().filter_map(move |&(dx, dy)| {
        let a = x.checked_add_signed(dx)?;
        let b = y.checked_add_signed(dy)?;
        ((1..=n).contains(&a) && (1..=n).contains(&b)).then_some((a, b))
    })
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
    start: Vec<Square>,
    knights: Vec<Square>,
    eval: Evaluator,
}

impl KnightsRound {
    pub fn new(n: u64, knights: Vec<Square>) -> Result<KnightsRound, String> {
        if n == 0 || n > MAX_SIZE {
            return Err(format!("knights needs 1 ≤ N ≤ {}, got {n}", MAX_SIZE));
        }
        if knights.is_empty() || knights.len() as u64 > MAX_KNIGHTS {
            return Err(format!(
                "knights needs 1 ≤ K ≤ {MAX_KNIGHTS}, got {}",
                knights.len()
            ));
        }
        if let Some(&(x, y)) = knights
            .iter()
            .find(|&&(x, y)| !(1..=n).contains(&x) || !(1..=n).contains(&y))
        {
            return Err(format!("knight ({x}, {y}) is off the {n}×{n} board"));
        }
        Ok(KnightsRound {
            n,
            start: knights.clone(),
            knights,
            eval: Evaluator::new(n),
        })
    }

    /// Parses the judge format: `K N`, then K lines `x y`.
    pub fn parse(text: &str) -> Result<KnightsRound, String> {
        let mut numbers = text.split_whitespace().map(|t| {
            t.parse::<u64>()
                .map_err(|_| format!("{t:?} is not a number in a knights position"))
        });
        let mut next = |what: &str| {
            numbers
                .next()
                .unwrap_or_else(|| Err(format!("knights position: missing {what}")))
        };
        let k = next("K")?;
        let n = next("N")?;
        if k == 0 || k > MAX_KNIGHTS {
            return Err(format!("knights needs 1 ≤ K ≤ {MAX_KNIGHTS}, got {k}"));
        }
        let mut knights = Vec::with_capacity(k as usize);
        for _ in 0..k {
            knights.push((next("x")?, next("y")?));
        }
        if numbers.next().is_some() {
            return Err(format!("knights position: more than {k} knights"));
        }
        KnightsRound::new(n, knights)
    }

    /// The number of lines of a position whose first line is `first` (`K N`).
    pub fn position_lines(first: &str) -> Result<usize, String> {
        first
            .split_whitespace()
            .next()
            .and_then(|k| k.parse::<usize>().ok())
            .filter(|&k| (1..=MAX_KNIGHTS as usize).contains(&k))
            .map(|k| k + 1)
            .ok_or_else(|| format!("{first:?} is not the line `K N` of a knights position"))
    }

    /// A generated round on a log-uniform side N in lo..=hi, moved to a random residue mod 4
    /// (the far border's suspense numbers depend on it); one kind per round: random knights,
    /// knights on the border lines (1, 2, 3, N−2, N−1, N), rivals of nearly equal suspense
    /// around one square, a crowd of up to 10^5 knights in the near corner, up to 4 knights on
    /// the far lines N and N − 1 (N ≡ 0, 1 mod 4 more often), or up to 200 knights in another corner. Coordinates are drawn near the near edge, near the far edge, at a
    /// log-uniform distance from either, or uniformly, so knights stand anywhere, far border
    /// lines of 10^9 boards included. A third of the rounds are made lost for the first
    /// player. See docs/protocol.md.
    pub fn generate(lo: u64, hi: u64, rng: &mut Rng) -> Result<KnightsRound, String> {
        let (lo, hi) = (lo.max(1), hi.max(1));
        // Kinds 2 (rivals) and 4 (far lines) are the traps: twice the weight of the others.
        let kind = [0, 1, 2, 2, 3, 4, 4, 5][rng.index(8)];
        // Far lines on boards of at least √hi lines (on the judge's sizes: beyond 31622),
        // where a rule read off small boards is least likely to have been checked.
        let floor = if kind == 4 {
            lo.max((hi as f64).sqrt() as u64)
        } else {
            lo
        };
        let mut n = rng.log_range(floor, hi);
        // Any residue mod 4; but N ≡ 2, 3 have far lines like the interior, so three quarters
        // of the far-lines rounds (kind 4) are moved to N ≡ 0, 1.
        let residues = if kind == 4 && rng.index(4) != 0 { 1 } else { 3 };
        let moved = (n - n % 4).saturating_add(rng.range(0, residues));
        if (lo..=hi).contains(&moved) {
            n = moved;
        }
        let coord = |rng: &mut Rng| -> u64 {
            let near = match rng.index(4) {
                0 => rng.range(1, 12),
                1 => rng.log_range(1, n),
                _ => return rng.range(1, n),
            };
            let near = near.min(n);
            if rng.index(2) == 0 {
                near
            } else {
                n + 1 - near
            }
        };
        let mut knights = Vec::new();
        match kind {
            0 => {
                let k = rng.log_range(1, 64);
                knights.extend((0..k).map(|_| (coord(rng), coord(rng))));
            }
            1 => {
                let k = rng.log_range(1, 32);
                let lines: Vec<u64> = [1, 2, 3, n.saturating_sub(2), n.saturating_sub(1), n]
                    .iter()
                    .copied()
                    .filter(|l| (1..=n).contains(l))
                    .collect();
                for _ in 0..k {
                    let line = lines[rng.index(lines.len())];
                    let other = coord(rng);
                    knights.push(if rng.index(2) == 0 {
                        (line, other)
                    } else {
                        (other, line)
                    });
                }
            }
            2 => {
                // Rivals: knights around one leader square L, all of suspense below s(L), one
                // of them exactly s(L) − 1 (L's best option), so the order of the suspense
                // decides: the leader must reach s(L) − 1 itself, not a lower even option (a
                // solution that only knows who wins each knight's game gets caught). L is
                // preferably a square with two even options, where that mistake is possible.
                let eval = Evaluator::new(n);
                let s = |(x, y): Square| eval.suspense(x, y);
                let (cx, cy) = (coord(rng), coord(rng));
                let near =
                    |c: u64, rng: &mut Rng| (c + rng.range(0, 6)).saturating_sub(3).clamp(1, n);
                let two_even = |sq: Square| {
                    let mut even: Vec<u64> = options(n, sq).map(s).filter(|v| v % 2 == 0).collect();
                    even.sort_unstable();
                    even.dedup();
                    s(sq) % 2 == 1 && even.len() >= 2
                };
                let mut leader = (cx, cy);
                for _ in 0..40 {
                    let sq = (near(cx, rng), near(cy, rng));
                    if two_even(sq) {
                        leader = sq;
                        break;
                    }
                }
                knights.push(leader);
                knights.extend(eval.best_move(leader.0, leader.1));
                let top = s(leader);
                for _ in 0..rng.log_range(1, 22) {
                    let mut sq = (near(leader.0, rng), near(leader.1, rng));
                    while s(sq) >= top {
                        match eval.best_move(sq.0, sq.1) {
                            Some(to) => sq = to,
                            None => break,
                        }
                    }
                    if s(sq) < top || top == 0 {
                        knights.push(sq);
                    }
                }
                let at = rng.index(knights.len());
                knights.swap(0, at);
            }
            3 => {
                let k = rng.log_range(1, MAX_KNIGHTS);
                let side = n.min(12);
                knights.extend((0..k).map(|_| (rng.range(1, side), rng.range(1, side))));
            }
            4 => {
                // The far border lines N and N − 1, where the suspense numbers depend on
                // N mod 4 (for N ≡ 0, 1 they break the interior pattern): a few knights, so
                // that one on these lines is often the one of largest suspense.
                // Most knights stand where the far border changes the suspense number (it
                // differs from the board 4 lines longer), if such a square is met in 20 draws.
                let (eval, longer) = (Evaluator::new(n), Evaluator::new(n + 4));
                let k = rng.log_range(1, 4);
                for _ in 0..k {
                    let draw = |rng: &mut Rng| {
                        let line = n - rng.range(0, 1.min(n - 1));
                        let other = if rng.index(2) == 0 {
                            n - rng.range(0, 11.min(n - 1))
                        } else {
                            coord(rng)
                        };
                        if rng.index(2) == 0 {
                            (line, other)
                        } else {
                            (other, line)
                        }
                    };
                    let mut sq = draw(rng);
                    if rng.index(4) != 0 {
                        for _ in 0..20 {
                            if eval.suspense(sq.0, sq.1) != longer.suspense(sq.0, sq.1) {
                                break;
                            }
                            sq = draw(rng);
                        }
                    }
                    knights.push(sq);
                }
                // Half of the time a rival one below the leader: its best option.
                let leader = *knights
                    .iter()
                    .max_by_key(|&&(x, y)| eval.suspense(x, y))
                    .expect("k ≥ 1");
                if rng.index(2) == 0 {
                    knights.extend(eval.best_move(leader.0, leader.1));
                }
            }
            _ => {
                // A corner other than the near one: both far edges, or one far and one near.
                let k = rng.log_range(1, 200);
                let side = n.min(12);
                let (far_x, far_y) = [(true, true), (true, false), (false, true)][rng.index(3)];
                let line = |far: bool, rng: &mut Rng| {
                    let d = rng.range(1, side);
                    if far {
                        n + 1 - d
                    } else {
                        d
                    }
                };
                knights.extend((0..k).map(|_| (line(far_x, rng), line(far_y, rng))));
            }
        }
        let mut round = KnightsRound::new(n, knights)?;
        if rng.index(3) == 0 {
            round.make_lost_for_mover();
        }
        Ok(round)
    }

    /// Moves every knight of the largest (odd) suspense to its best option, one below: the
    /// largest suspense becomes even, a position where the right choice is `second`.
    fn make_lost_for_mover(&mut self) {
        let largest = self.largest();
        if largest % 2 == 1 {
            for i in 0..self.knights.len() {
                if self.s(self.knights[i]) == largest {
                    if let Some(to) = self.choose(self.knights[i], Choice::Best, None) {
                        self.knights[i] = to;
                    }
                }
            }
            self.start = self.knights.clone();
        }
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
        let opts: Vec<(Square, u64)> = options(self.n, from).map(|sq| (sq, self.s(sq))).collect();
        if opts.is_empty() {
            return None;
        }
        let wanted_parity = match choice {
            Choice::Best => 0,
            Choice::Worst => 1,
            Choice::Random => {
                let rng = rng?;
                return Some(opts[rng.index(opts.len())].0);
            }
        };
        let largest_wanted = opts
            .iter()
            .filter(|(_, s)| s % 2 == wanted_parity)
            .max_by_key(|(_, s)| *s);
        largest_wanted
            .or_else(|| opts.iter().min_by_key(|(_, s)| *s))
            .map(|&(sq, _)| sq)
    }

    /// A turn for the referee (any turn loses when it is to move in a lost position) that
    /// leaves the solution a narrow win, for rounds of up to [`SET_UP_KNIGHTS`] knights: one
    /// knight lands on a trap square T of odd suspense v (a square with two different even
    /// options, where only the larger one wins, or one whose suspense the far border changes),
    /// every other knight on an option of suspense at most v, preferably v − 1 (then the
    /// leader's reply must reach v − 1 exactly). Among the candidates: a rival at v − 1 and
    /// two even options first, then the largest v. None when no knight reaches a trap square.
    pub fn set_up_turn(&self) -> Option<Vec<Square>> {
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
        let mut best: Option<((bool, bool, u64), Vec<Square>)> = None;
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
                    // Preference: exactly v − 1, then the largest below, then v itself.
                    let rank = |w: u64| (w + 1 == v, w < v, w);
                    let pick = other
                        .iter()
                        .filter(|&&(_, w)| w <= v)
                        .max_by_key(|&&(_, w)| rank(w));
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
                let score = (rival && doubled, rival, v);
                if best.as_ref().map_or(true, |(b, _)| score > *b) {
                    best = Some((score, turn));
                }
            }
        }
        best.map(|(_, turn)| turn)
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
        let mut s = format!("{} {}", self.start.len(), self.n);
        for &(x, y) in &self.start {
            s.push('\n');
            s.push_str(&x.to_string());
            s.push(' ');
            s.push_str(&y.to_string());
        }
        s
    }

    fn describe(&self) -> String {
        let (i, s) = self.leader();
        let (x, y) = self.knights[i];
        let mut text = format!(
            "{} knight(s) on {n}×{n}, largest suspense {s} on knight {} at ({x}, {y})",
            self.knights.len(),
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
        Ok(())
    }

    fn mover_wins(&mut self) -> Result<bool, String> {
        Ok(self.largest() % 2 == 1)
    }

    fn winning_move(&mut self, rng: &mut Rng) -> Result<Vec<Square>, String> {
        if self.largest() % 2 == 0 {
            return Err(format!("no winning move at {}", self.describe()));
        }
        Ok(self.turn(Choice::Best, rng))
    }

    /// The largest suspense after the turn is odd.
    fn leaves_opponent_winning(&mut self, m: &Vec<Square>) -> Result<bool, String> {
        Ok(self.largest_of(m) % 2 == 1)
    }

    fn mover_has_move(&self) -> bool {
        self.knights
            .iter()
            .any(|&k| options(self.n, k).next().is_some())
    }

    /// Any option for every knight.
    fn random_move(&mut self, rng: &mut Rng) -> Result<Vec<Square>, String> {
        Ok(self.turn(Choice::Random, rng))
    }

    /// Its own (no random turn drawn first, which would change the draws). Longest: the
    /// long game, the suspense-best option for every knight, which from a lost position
    /// stretches the knights the referee wins on and ends the others, so the solution has
    /// to get the order of the suspense right, not only each knight's winner. UniqueReply: a
    /// set-up turn ([`KnightsRound::set_up_turn`]) when one is found, else the long game.
    /// Random: any option for every knight.
    fn trap_move(&mut self, trap: Trap, rng: &mut Rng) -> Result<Vec<Square>, String> {
        if !TypedRound::mover_has_move(self) {
            return Err(format!("no legal move at {}", self.describe()));
        }
        Ok(match trap {
            Trap::Random => self.turn(Choice::Random, rng),
            Trap::Longest => self.turn(Choice::Best, rng),
            Trap::UniqueReply => match self.set_up_turn() {
                Some(turn) => turn,
                None => self.turn(Choice::Best, rng),
            },
        })
    }

    /// One candidate: the suspense-worst option for every knight.
    fn blunder_candidates(&self) -> Box<dyn Iterator<Item = Vec<Square>>> {
        Box::new(std::iter::once(self.turn(Choice::Worst, &mut Rng::new(0))))
    }
}
