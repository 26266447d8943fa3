//! The pawn game (Timus 1465) as the referee plays it, on the real 3×N board kept by the
//! incremental evaluator [`pawns::live::Live`]: every question (legality, who wins, a winning
//! or trap move) costs O(log N), so boards of 10^6 columns play at pipe speed.

use crate as pawns;
use crate::gen as generate;
use crate::{live::Live, position::Position};
use combgames_core::gen::SESSION;
use combgames_core::rng::Rng;
use combgames_core::round::{rotated, GameError, MoveError, Play, Trap, TypedRound};

/// Default board widths of generated rounds: in a session, after the must-play sizes
/// ([`generate::MUST_PLAY`]), log-uniform over this range.
pub const DEFAULT_SIZE: (u64, u64) = (1, MAX_SIZE);
/// Widest board the referee accepts: it keeps the board (3 bytes a column) in memory.
pub const MAX_SIZE: u64 = 1_000_000;
/// Moves after which a round is cut, but for the long rounds ([`LONG_ROUNDS`]). What costs
/// in a session is the moves themselves (a pipe round trip each, a few µs of the solution's
/// CPU, against O(log N) of evaluation), and most of what a long round tests a short one
/// tests too: the sizes, the first pushes against each kind of board, the traps. At this
/// cap a round holds about 100 pushes of the solution.
pub const MOVE_CAP: u64 = 1000;
/// Moves after which a long round is cut. A push and its capture chain take up to 5 moves,
/// so a 10^6-column round cut here holds about 4000 pushes of the solution: what the speed
/// on a large board needs (a solution that scans its board at each move takes O(N) a move),
/// and with the short rounds enough pushes that one random push in 1000 shows in every
/// session.
pub const LONG_MOVE_CAP: u64 = 40_000;
/// The long rounds of a default session: the start of 10^6 columns and the mid-game board
/// of 10^6 columns ([`generate::MID_GAME_ROUND`]). In any other session the first round.
pub const LONG_ROUNDS: [u64; 2] = [8, generate::MID_GAME_ROUND];

/// How the referee plays pawns (see the registry).
pub const PLAY: Play = Play {
    size_is: "columns N",
    min_size: 1,
    default_size: DEFAULT_SIZE,
    max_size: MAX_SIZE,
    move_cap: MOVE_CAP,
    max_line: combgames_core::peer::MAX_LINE,
    options: &[],
    generate: |spec, round, rng| {
        let range = spec.size.unwrap_or(DEFAULT_SIZE);
        let kind = spec.kind.unwrap_or(SESSION);
        let default = spec.size.is_none();
        let long = if kind == SESSION && default {
            LONG_ROUNDS.contains(&round)
        } else {
            round == 1
        };
        let mut made = None;
        if kind == SESSION && default {
            if let Some(start) =
                generate::played_start(round, rng).or_else(|| generate::class_start(round, rng))
            {
                made = Some(PawnsRound::from_position(start)?);
            }
        }
        let mut made = match made {
            Some(r) => r,
            None => {
                let n = generate::make(kind, range, default, round, rng)
                    .map_err(GameError::unplayable)?;
                PawnsRound::new(n)?
            }
        };
        if long {
            made.move_cap = Some(LONG_MOVE_CAP);
        }
        Ok(Box::new(made))
    },
    position_lines: combgames_core::round::one_line,
    from_line: |line| {
        let start = Position::parse(line, MAX_SIZE).map_err(GameError::Position)?;
        Ok(Box::new(PawnsRound::from_position(start)?))
    },
    illegal_move: |_| "2 1 3 1".to_owned(),
    classes: |spec| {
        if spec.kind.unwrap_or(SESSION) == SESSION && spec.size.is_none() {
            classes()
        } else {
            Vec::new()
        }
    },
    rounds: combgames_core::round::COVERAGE_ROUNDS,
};

/// Runs a position may hold for its lengths to count as classes: the positions the class
/// rounds start from hold fewer, and counting more would cost the long rounds' every move.
pub const CLASS_RUNS: usize = 64;

/// Run lengths below this are the pre-period of 0.137's values (51 is its last exception).
const PRE_PERIOD: usize = 52;
/// 0.137's period.
const PERIOD: usize = 34;

/// The coverage classes of pawns (docs/coverage.md): the lengths of the pre-period, the
/// residues mod 34 of the longer runs, where the runs touch the board's edges, one or many
/// runs, a capture chain or a quiet board.
pub fn classes() -> Vec<String> {
    let mut out: Vec<String> = (1..PRE_PERIOD).map(|l| format!("len:{l}")).collect();
    out.extend((0..PERIOD).map(|r| format!("len:mod34={r}")));
    // Each length class with any wrong value ([`error_pairs`]).
    let pairs: Vec<String> = out
        .iter()
        .map(|c| c.replacen("len:", "len/any:", 1))
        .collect();
    out.extend(pairs);
    for c in [
        "edge:whole",
        "edge:left",
        "edge:right",
        "edge:none",
        "runs:one",
        "runs:many",
        "state:quiet",
        "state:capture",
    ] {
        out.push(c.to_owned());
    }
    out
}

/// The (length class, any wrong value) pairs a quiet board shows: where its runs' values
/// xor to 0 (the mover loses), every class whose runs all have one length, an odd number of
/// them: any wrong value of that length makes the xor non-zero, and a player who believes
/// it takes the wrong side. `len/any:CLASS`.
fn error_pairs(runs: &[usize]) -> Vec<String> {
    if runs.iter().fold(0, |x, &l| x ^ pawns::grundy(l as u64)) != 0 {
        return Vec::new();
    }
    let mut by_class: std::collections::BTreeMap<String, (usize, usize, bool)> = Default::default();
    for &l in runs {
        let e = by_class.entry(length_class(l)).or_insert((l, 0, true));
        e.1 += 1;
        e.2 &= e.0 == l;
    }
    by_class
        .into_iter()
        .filter(|(_, (_, count, one_length))| count % 2 == 1 && *one_length)
        .map(|(class, _)| class.replacen("len:", "len/any:", 1))
        .collect()
}

/// The class of a run of `len` columns among [`classes`]'s `len:` ones.
fn length_class(len: usize) -> String {
    if len < PRE_PERIOD {
        format!("len:{len}")
    } else {
        format!("len:mod34={}", len % PERIOD)
    }
}

/// Fresh segments the random winning move of the test players looks in.
const RANDOM_WIN_SEGMENTS: usize = 16;

/// Segments of each winning value the slowest winning move looks at.
const SLOWEST_SEGMENTS: usize = 64;

/// Left parts the carving attack cuts in turn (every length up to this, then again).
pub const CARVE_LENGTHS: usize = 600;

pub struct PawnsRound {
    /// The round's start: the start board, or a board with columns already played.
    start: Position,
    live: Live,
    /// Carving pushes played so far in the round ([`PawnsRound::carve`]).
    carves: usize,
    /// [`LONG_MOVE_CAP`] in a long round, else None ([`MOVE_CAP`]).
    move_cap: Option<u64>,
}

impl PawnsRound {
    pub fn new(n: u64) -> Result<PawnsRound, GameError> {
        if n == 0 || n > MAX_SIZE {
            return Err(GameError::Position(format!(
                "pawns needs 1 ≤ N ≤ {}, got {n}",
                MAX_SIZE
            )));
        }
        PawnsRound::from_position(Position::start(n as usize))
    }

    /// A round from a start position (checked as [`Position::parse`] checks it).
    pub fn from_position(start: Position) -> Result<PawnsRound, GameError> {
        if start.n == 0 || start.n as u64 > MAX_SIZE {
            return Err(GameError::Position(format!(
                "pawns needs 1 ≤ N ≤ {}, got {}",
                MAX_SIZE, start.n
            )));
        }
        start.check_reachable().map_err(GameError::Position)?;
        Ok(PawnsRound {
            live: start.live(),
            start,
            carves: 0,
            move_cap: None,
        })
    }

    /// The carving attack, for a lost referee in a quiet position: a push in the longest
    /// fresh segment that cuts off a left part of a chosen length. In turn: a part of length
    /// 1, 2, ..., [`CARVE_LENGTHS`] (again and again), so that every short segment length,
    /// the exceptional ones below 52 included, stands on the board while the solution moves;
    /// and a part of up to 34 columns that leaves the rest of the segment at the next residue
    /// mod 34 (0, 1, ..., 33, again), so that the long segments take every residue of the
    /// period. Each carve adds a segment, so long rounds reach thousands of them. None when
    /// no segment is long enough.
    fn carve(&mut self) -> Result<Option<pawns::Move>, GameError> {
        let Some((start, len)) = self
            .live
            .longest_fresh_segment()
            .map_err(GameError::internal)?
        else {
            return Ok(None);
        };
        let k = self.carves;
        let left = if k % 2 == 0 {
            1 + (k / 2) % CARVE_LENGTHS
        } else {
            let residue = (k / 2) % 34;
            match (len + 34 * 34 - 3 - residue) % 34 {
                0 => 34,
                l => l,
            }
        };
        if len < left + 3 {
            return Ok(None);
        }
        self.carves += 1;
        // Clears columns left, left + 1 and left + 2 of the segment (0-based).
        Ok(Some(self.live.push_at(start + left + 1)))
    }

    /// How many of the column's neighbours are untouched: a push beside fewer of them takes
    /// fewer columns out of play, so the game lasts longer.
    fn neighbours_in_play(&self, col: usize) -> usize {
        [col.wrapping_sub(1), col + 1]
            .iter()
            .filter(|&&c| {
                c < self.live.width()
                    && self.live.cell(0, c as i64) == Some(pawns::Cell::Pawn(pawns::Side::White))
                    && self.live.cell(2, c as i64) == Some(pawns::Cell::Pawn(pawns::Side::Black))
            })
            .count()
    }

    /// A push beside as few untouched columns as possible: a lone untouched column if any
    /// (0 neighbours), else an end of an untouched run.
    fn longest_push(&self, rng: &mut Rng) -> Option<pawns::Move> {
        let runs: Vec<(usize, usize)> = self.live.fresh_runs().collect();
        if runs.is_empty() {
            return None;
        }
        let mut best: Vec<usize> = Vec::new();
        let mut fewest = usize::MAX;
        for (s, e) in runs {
            for col in [s, e - 1] {
                let k = self.neighbours_in_play(col);
                if k < fewest {
                    fewest = k;
                    best.clear();
                }
                if k == fewest && best.last() != Some(&col) {
                    best.push(col);
                }
            }
        }
        Some(self.live.push_at(best[rng.index(best.len())]))
    }
}

impl TypedRound for PawnsRound {
    type Move = pawns::Move;

    fn position_line(&self) -> String {
        self.start.to_string()
    }

    fn describe(&self) -> String {
        self.live.describe()
    }

    fn parse_move(&self, line: &str) -> Result<pawns::Move, MoveError> {
        pawns::Move::parse(line).map_err(|e| MoveError::Syntax(e.to_string()))
    }

    fn format_move(&self, m: &pawns::Move) -> String {
        m.to_string()
    }

    fn apply(&mut self, m: &pawns::Move) -> Result<(), MoveError> {
        self.live
            .play(*m)
            .map_err(|e| MoveError::Illegal(e.to_string()))
    }

    fn mover_wins(&mut self) -> Result<bool, GameError> {
        self.live.mover_wins().map_err(GameError::internal)
    }

    fn winning_move(&mut self, rng: &mut Rng) -> Result<pawns::Move, GameError> {
        self.live
            .winning_move(&mut |len| rng.index(len))
            .map_err(GameError::internal)?
            .ok_or_else(|| GameError::Internal(format!("no winning move at {}", self.describe())))
    }

    /// In a capture chain, any winning capture; in a quiet position, uniform over the
    /// winning pushes of up to `RANDOM_WIN_SEGMENTS` fresh segments where one exists (a
    /// segment worth v has them when v ^ X < v, X the XOR: the pushes leaving v ^ X), the
    /// segments taken from a random one on. Each push is weighted alike, unlike
    /// [`Live::winning_move`], which draws a value first.
    fn random_winning_move(&mut self, rng: &mut Rng) -> Result<pawns::Move, GameError> {
        let caps = self.live.captures();
        if !caps.is_empty() {
            let mut wins = Vec::new();
            for m in caps {
                if !self.leaves_opponent_winning(&m)? {
                    wins.push(m);
                }
            }
            if wins.is_empty() {
                return TypedRound::winning_move(self, rng);
            }
            return Ok(wins[rng.index(wins.len())]);
        }
        let x = self.live.value().map_err(GameError::internal)?;
        let segments: Vec<(usize, usize)> = self
            .live
            .fresh_segments()
            .map_err(GameError::internal)?
            .into_iter()
            .filter(|&(_, len)| {
                let v = pawns::grundy(len as u64);
                v ^ x < v
            })
            .collect();
        let mut pushes: Vec<(usize, pawns::live::PushClass)> = Vec::new();
        for (s, len) in rotated(segments, rng).into_iter().take(RANDOM_WIN_SEGMENTS) {
            let target = pawns::grundy(len as u64) ^ x;
            pushes.extend(
                pawns::live::push_classes(len)
                    .into_iter()
                    .filter(|c| c.value == target)
                    .map(|c| (s, c)),
            );
        }
        let total: usize = pushes.iter().map(|(_, c)| c.count).sum();
        if total == 0 {
            return TypedRound::winning_move(self, rng);
        }
        let mut k = rng.index(total);
        for (s, c) in pushes {
            if k < c.count {
                let m = self.live.push_at(s + c.nth(k));
                if self.leaves_opponent_winning(&m)? {
                    return Err(GameError::Internal(format!(
                        "push {m} should win at {}",
                        self.describe()
                    )));
                }
                return Ok(m);
            }
            k -= c.count;
        }
        unreachable!("k < total")
    }

    /// A winning push at an end of a fresh segment when there is one (its chain takes two
    /// columns out of play, an inner push three), one of them at random; in a capture chain,
    /// or when no end push wins, [`TypedRound::winning_move`]'s. Valued by the nim rule: the
    /// end push leaves a segment of `len` columns worth g(len − 2). The segments looked at:
    /// up to `SLOWEST_SEGMENTS` of each winning value (v ^ X < v) from a random column on,
    /// so that a move costs O(log S), not O(S), on boards of thousands of segments.
    fn slowest_winning_move(&mut self, rng: &mut Rng) -> Result<pawns::Move, GameError> {
        if self.live.captures().is_empty() {
            let x = self.live.value().map_err(GameError::internal)?;
            let probe = rng.index(self.live.width());
            let segments = self
                .live
                .segments_worth(|v| v ^ x < v, probe, SLOWEST_SEGMENTS)
                .map_err(GameError::internal)?;
            let mut ends = Vec::new();
            for (s, len) in segments {
                let left = if len == 1 {
                    0
                } else {
                    pawns::live::push_value(len, 0, |n| pawns::grundy(n as u64))
                };
                if x ^ pawns::grundy(len as u64) ^ left == 0 {
                    // Both ends leave the same value (the segment is symmetric).
                    ends.push(s);
                    if len > 1 {
                        ends.push(s + len - 1);
                    }
                }
            }
            if !ends.is_empty() {
                let m = self.live.push_at(ends[rng.index(ends.len())]);
                if self.leaves_opponent_winning(&m)? {
                    return Err(GameError::Internal(format!(
                        "end push {m} should win at {}",
                        self.describe()
                    )));
                }
                return Ok(m);
            }
        }
        TypedRound::winning_move(self, rng)
    }

    fn leaves_opponent_winning(&mut self, m: &pawns::Move) -> Result<bool, GameError> {
        Ok(self.live.check(*m).is_ok() && self.live.wins_after(*m).map_err(GameError::internal)?)
    }

    fn mover_has_move(&self) -> bool {
        self.live.has_move()
    }

    /// A push or capture from a random column on ([`Live::some_move`]): O(log N), where
    /// listing every move of a 10^6-column board is not.
    fn random_move(&mut self, rng: &mut Rng) -> Result<pawns::Move, GameError> {
        let width = self.live.width();
        self.live
            .some_move(rng.index(width))
            .ok_or_else(|| GameError::Internal(format!("no legal move at {}", self.describe())))
    }

    /// Two turns in three (seeded), in a quiet position: the carving attack
    /// (`PawnsRound::carve`); otherwise, or when nothing can be carved, `trap`: a random
    /// move, the longest push, or a push that leaves a single winning reply.
    /// The carving, on two quiet turns in three: on a narrow board every push is tried for a
    /// unique reply (the trait's `trap_move`), which the carving (aimed at long segments)
    /// must not pre-empt.
    fn attack_move(&mut self, trap: Trap, rng: &mut Rng) -> Result<Option<pawns::Move>, GameError> {
        let narrow_unique = trap == Trap::UniqueReply && self.live.width() <= 16;
        if self.live.captures().is_empty() && rng.index(3) != 0 && !narrow_unique {
            return self.carve();
        }
        Ok(None)
    }

    /// During a capture chain the captures are forced: any of them.
    fn longest_move(
        &mut self,
        random: pawns::Move,
        rng: &mut Rng,
    ) -> Result<pawns::Move, GameError> {
        if !self.live.captures().is_empty() {
            return Ok(random);
        }
        Ok(self.longest_push(rng).unwrap_or(random))
    }

    /// Pushes only (in a capture chain the trap plays the random move): every push on a
    /// narrow board, else 8 probes.
    fn unique_reply_candidates(&mut self, rng: &mut Rng) -> Result<Vec<pawns::Move>, GameError> {
        if !self.live.captures().is_empty() {
            return Ok(Vec::new());
        }
        let width = self.live.width();
        Ok(if width <= 16 {
            rotated(self.live.legal_moves(), rng)
        } else {
            (0..8)
                .filter_map(|_| self.live.some_move(rng.index(width)))
                .collect()
        })
    }

    fn winning_replies_after(&mut self, m: &pawns::Move) -> Result<Option<u32>, GameError> {
        self.live
            .winning_replies_in_chain(*m)
            .map_err(GameError::internal)
    }

    /// The evaluator's own search ([`Live::losing_move`]) rather than trying moves.
    /// docs/coverage.md, pawns: a capture chain or a quiet board; the fresh runs' number and
    /// edges; in a quiet board of at most [`CLASS_RUNS`] runs, each run's length class (its
    /// segment's heap of 0.137: the pre-period length or the residue mod 34).
    fn classes(&self) -> Vec<String> {
        let mut out = Vec::new();
        let quiet = !self.live.has_capture();
        out.push(
            if quiet {
                "state:quiet"
            } else {
                "state:capture"
            }
            .to_owned(),
        );
        let (count, first, last) = self.live.fresh_run_ends();
        let (Some(first), Some(last)) = (first, last) else {
            return out;
        };
        let n = self.live.width();
        out.push(if count == 1 { "runs:one" } else { "runs:many" }.to_owned());
        if first == (0, n) {
            out.push("edge:whole".to_owned());
        } else {
            if first.0 == 0 {
                out.push("edge:left".to_owned());
            }
            if last.1 == n {
                out.push("edge:right".to_owned());
            }
            if first.0 != 0 && last.1 != n {
                out.push("edge:none".to_owned());
            }
        }
        if quiet && count <= CLASS_RUNS {
            let runs: Vec<usize> = self.live.fresh_runs().map(|(s, e)| e - s).collect();
            let mut lengths: Vec<String> = runs.iter().map(|&l| length_class(l)).collect();
            lengths.sort_unstable();
            lengths.dedup();
            out.extend(lengths);
            out.extend(error_pairs(&runs));
        }
        out
    }

    fn blunder_move(&mut self) -> Result<Option<pawns::Move>, GameError> {
        self.live.losing_move().map_err(GameError::internal)
    }

    fn move_cap(&self) -> Option<u64> {
        self.move_cap
    }
}
