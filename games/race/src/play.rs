//! The race of BOI 2008 "Game" as the referee plays it: the board in the judge format, moves
//! named by the square stepped to (and the landing square of a jump), judged by the library's
//! rules engine.
//!
//! Every position is judged exactly by the library's own evaluator ([`Evaluator`],
//! games/race/docs/evaluator.md): the race lemma off the band, bit-matrix tables in it. Every move
//! of the solution is judged; a move that hands over the win is WA at once, and when the
//! solution holds the losing side the referee plays winning moves that bring it nearer its
//! goal, so the round ends. Rounds are cut after [`MOVE_CAP`] moves (long corridors).

use crate::gen::{
    corner_meeting_board, round_board, round_board_of, with_near_starts, SESSION_SHAPES,
};
use crate::{legal_moves, Board, Evaluator, Move, Outcome, Player, Position, Rules};
use combgames_core::gen::SESSION;
use combgames_core::rng::Rng;
use combgames_core::round::{GameError, MoveError, Play, Trap, TypedRound};

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
/// to 640 (solutions/src/race.rs, `EXACT_MAX_FREE`); beyond it follows the layer race from
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

/// What the solution faces after one of the referee's moves: its replies judged exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Prospect {
    /// Winning replies (at least one: the referee is lost).
    good: u32,
    /// Losing replies: the solution can still go wrong.
    bad: u32,
    /// A player stands off the shortest-path layers.
    off_layers: bool,
    /// A jump decides: every winning reply is a jump, or some jump loses.
    jump_decides: bool,
}

/// The trap's key for a move of the lost referee: the fewest winning replies, then the
/// most losing ones.
fn fewest_replies(p: Prospect) -> u64 {
    (u32::MAX - p.good) as u64 * 4096 + p.bad.min(4095) as u64
}

/// Parses `r` or `c` (1-based) of a move: digits only.
fn coordinate(text: &str) -> Result<usize, MoveError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(MoveError::Syntax(format!(
            "expected a row or column number, got {text:?}"
        )));
    }
    text.parse()
        .map_err(|_| MoveError::Illegal(format!("{text} is off the board")))
}

impl RaceRound {
    pub fn new(board: Board) -> Result<RaceRound, GameError> {
        let start = Position::start(&board);
        RaceRound::new_at(board, start)
    }

    /// A round that starts at `start` (A to move), with the players anywhere on squares
    /// reachable from the starts: a mid-game start, sent with the `a`/`b` marks.
    pub fn new_at(board: Board, start: Position) -> Result<RaceRound, GameError> {
        if board.n > MAX_SIZE as usize {
            return Err(GameError::Unplayable(format!(
                "race boards go up to n = {}, got {}",
                MAX_SIZE, board.n
            )));
        }
        if !board.connected() {
            return Err(GameError::Position(
                "B's start is not reachable from A's start".to_owned(),
            ));
        }
        let size = Evaluator::band_size(&board);
        if size.bits > MAX_BAND_BITS {
            return Err(GameError::Unplayable(format!(
                "the exact evaluator would need {} MiB of band tables (limit {} MiB)",
                size.bits / 8 / (1 << 20),
                MAX_BAND_BITS / 8 / (1 << 20)
            )));
        }
        let (from_a, from_b) = (board.distances(board.a), board.distances(board.b));
        let d = from_a[board.b];
        if from_a[start.a] == u32::MAX || from_a[start.b] == u32::MAX {
            return Err(GameError::Position(
                "a player stands where the starts cannot reach".to_owned(),
            ));
        }
        if start.a == start.b || start.a == board.b || start.b == board.a {
            return Err(GameError::Position(
                "the players share a square or one stands on its goal".to_owned(),
            ));
        }
        let on_layers = (0..board.free.len())
            .map(|v| board.free[v] && from_a[v].saturating_add(from_b[v]) == d)
            .collect();
        // A's goal is B's start: A's distance to it is from_b.
        let level = |to_goal: &[u32]| {
            let mut out: Vec<Vec<usize>> = Vec::new();
            for v in (0..board.free.len()).filter(|&v| from_a[v] != u32::MAX) {
                let k = to_goal[v] as usize;
                if out.len() <= k {
                    out.resize(k + 1, Vec::new());
                }
                out[k].push(v);
            }
            out
        };
        let levels = [level(&from_b), level(&from_a)];
        Ok(RaceRound {
            d,
            levels,
            pos: Position {
                to_move: Player::A,
                ..start
            },
            over: false,
            eval: Evaluator::new(&board, Rules::default()),
            moves: 0,
            on_layers,
            start,
            board,
        })
    }

    /// Moves the round's start (A to move) to the trickiest of `MID_GAME_SAMPLES` close
    /// races drawn at random: three times in four one A wins (the solution plays A and moves
    /// first), otherwise one A loses (the referee attacks from it). Tight races first (the
    /// winner has a losing move), ranked by how long a player stays off the shortest-path
    /// layers, a step of A towards its goal that loses and the fewest winning moves; the best
    /// `MID_GAME_PLAYOUTS` are played out (`Self::blunder_chances`) and the one giving the
    /// winner the most chances to err is kept. The evaluator values it, so the side the
    /// solution must take follows.
    pub fn start_mid_game(&mut self, rng: &mut Rng) {
        let board = &self.board;
        let reach = board.distances(board.a);
        let cells: Vec<usize> = (0..board.free.len())
            .filter(|&v| reach[v] != u32::MAX)
            .collect();
        let a_to_win = rng.index(4) != 0;
        let (solution, referee) = if a_to_win {
            (Player::A, Player::B)
        } else {
            (Player::B, Player::A)
        };
        // How long each player stays off the layers while it races to its goal: the
        // solution as briefly as it can, the referee (which picks its own steps) as long.
        let solution_off = self.off_run(solution, false);
        let referee_off = self.off_run(referee, true);
        // B's squares by their distance to B's goal, so that B can be drawn where the race
        // is close: δ of A (to move) from -1 to 2, about the lemma's border.
        let mut b_at: Vec<Vec<usize>> = Vec::new();
        for &v in &cells {
            let q = self.eval.to_goal(Player::B, v) as usize;
            if b_at.len() <= q {
                b_at.resize(q + 1, Vec::new());
            }
            b_at[q].push(v);
        }
        let mut candidates: Vec<((bool, u32, bool, u32), Position)> = Vec::new();
        for _ in 0..MID_GAME_SAMPLES {
            let a = cells[rng.index(cells.len())];
            let p = self.eval.to_goal(Player::A, a) as i64;
            let q = p + 1 - rng.range(0, 3) as i64;
            let Some(near) = (q >= 0).then_some(q as usize).and_then(|q| b_at.get(q)) else {
                continue;
            };
            if near.is_empty() {
                continue;
            }
            let b = near[rng.index(near.len())];
            if a == b || a == board.b || b == board.a {
                continue;
            }
            let pos = Position {
                a,
                b,
                to_move: Player::A,
            };
            if self.eval.mover_wins(pos) != a_to_win {
                continue;
            }
            let off_moves =
                solution_off[pos.square(solution)].max(referee_off[pos.square(referee)]);
            // The race stays tight (a step back loses for the winner, turn after turn, while
            // the loser steps towards its goal) when A's δ is near the lemma's border.
            let delta = self.eval.delta(pos);
            let here = self.eval.to_goal(Player::A, a);
            let moves = legal_moves(board, pos, Rules::default());
            let key = if a_to_win {
                let (mut good, mut bad, mut near_bad) = (0, 0, false);
                for &(_, o) in &moves {
                    if self.wins(o) {
                        good += 1;
                    } else {
                        bad += 1;
                        near_bad |= self.distance_after_for(Player::A, o) < here;
                    }
                }
                (bad > 0 && delta >= -1, off_moves, near_bad, u32::MAX - good)
            } else {
                let tight = moves
                    .iter()
                    .filter_map(|&(_, o)| self.prospect(o))
                    .filter(|p| p.bad > 0)
                    .map(|p| p.good)
                    .min();
                (
                    tight.is_some() && delta <= 2,
                    off_moves,
                    tight.is_some(),
                    u32::MAX - tight.unwrap_or(u32::MAX),
                )
            };
            candidates.push((key, pos));
        }
        // The best-keyed few are played out: the estimate counts the turns the race really
        // stays tight (a jump exchange may end it early).
        candidates.sort_unstable_by_key(|c| std::cmp::Reverse(c.0));
        candidates.dedup_by_key(|c| c.1);
        let best = candidates
            .iter()
            .take(MID_GAME_PLAYOUTS)
            .max_by_key(|&&(key, pos)| (key.0, self.blunder_chances(pos, PLAYOUT_PLIES), key));
        if let Some(&(_, pos)) = best {
            self.start = pos;
            self.pos = pos;
        }
    }

    /// The mover's distance to its goal minus the other's at `pos` (the evaluator's δ).
    pub fn delta_at(&self, pos: Position) -> i64 {
        self.eval.delta(pos)
    }

    /// Moves the round's start to `pos` (A to move), a position of play.
    pub fn restart_at(&mut self, pos: Position) -> Result<(), GameError> {
        let ok = pos.a != pos.b && pos.a != self.board.b && pos.b != self.board.a;
        if !ok || pos.to_move != Player::A {
            return Err(GameError::Internal(format!("{pos:?} is no start")));
        }
        self.start = pos;
        self.pos = pos;
        Ok(())
    }

    /// The coverage classes of `pos` for its mover (docs/coverage.md): the evaluator's branch
    /// and the answer (`lemma:odd-win` ... `band:1-lose`); in the band, how many squares of
    /// the opponent's level lose for the mover on its square (`band-row:0`, `1`, `many`: the
    /// table row's bits); `jump:gains` when a jump that brings the mover two nearer (or into
    /// its goal) wins, `jump:only` when every winning move is a jump; `layers:on`/`off`
    /// whether both players stand on a shortest path between the starts.
    pub fn classes_at(&self, pos: Position) -> Vec<String> {
        let mut out = Vec::new();
        let delta = self.eval.delta(pos);
        let wins = self.eval.mover_wins(pos);
        let answer = if wins { "win" } else { "lose" };
        let band = self.d % 2 == 0 && (0..=1).contains(&delta);
        if self.d % 2 == 1 {
            out.push(format!("lemma:odd-{answer}"));
        } else if !band {
            out.push(format!("lemma:even-{answer}"));
        } else {
            out.push(format!("band:{delta}-{answer}"));
            let (me, them) = (pos.to_move, pos.to_move.other());
            let q = self.eval.to_goal(them, pos.square(them)) as usize;
            let mine = pos.square(me);
            let losing = self.levels[them as usize]
                .get(q)
                .into_iter()
                .flatten()
                .filter(|&&y| y != mine && y != self.board.start(me))
                .filter(|&&y| {
                    let mut at = pos;
                    match them {
                        Player::A => at.a = y,
                        Player::B => at.b = y,
                    }
                    !self.eval.mover_wins(at)
                })
                .take(2)
                .count();
            out.push(format!("band-row:{}", ["0", "1", "many"][losing]));
        }
        // The branch's class is the first; its (class, error) pairs.
        let pairs = crate::coverage::pairs(&out[0], delta, self.d % 2 == 1, wins);
        out.extend(pairs);
        let me = pos.to_move;
        let here = self.eval.to_goal(me, pos.square(me));
        let (mut gains, mut steps_win, mut any_win) = (false, false, false);
        for (m, o) in legal_moves(&self.board, pos, Rules::default()) {
            if !self.wins(o) {
                continue;
            }
            any_win = true;
            match m.landing {
                None => steps_win = true,
                Some(_) => gains |= self.distance_after_for(me, o) + 2 <= here,
            }
        }
        if gains {
            out.push("jump:gains".to_owned());
        }
        if any_win && !steps_win {
            out.push("jump:only".to_owned());
        }
        let on = self.on_layers[pos.a] && self.on_layers[pos.b];
        out.push(format!("layers:{}", if on { "on" } else { "off" }));
        out
    }

    /// For each square, how many steps `who` makes off the shortest-path layers before it
    /// stands on them, walking a shortest way to its goal: along the way that stays off the
    /// longest (`longest`) or the shortest.
    fn off_run(&self, who: Player, longest: bool) -> Vec<u32> {
        let board = &self.board;
        let dist = |v: usize| self.eval.to_goal(who, v);
        let mut order: Vec<usize> = (0..board.free.len())
            .filter(|&v| board.free[v] && dist(v) != u32::MAX)
            .collect();
        order.sort_unstable_by_key(|&v| dist(v));
        let mut run = vec![0u32; board.free.len()];
        for v in order {
            if self.on_layers[v] || dist(v) == 0 {
                continue;
            }
            let nearer = board.neighbours(v).filter(|&w| dist(w) + 1 == dist(v));
            let next = if longest {
                nearer.map(|w| run[w]).max()
            } else {
                nearer.map(|w| run[w]).min()
            };
            run[v] = 1 + next.unwrap_or(0);
        }
        run
    }

    /// The current position (A square, B square, side to move).
    pub fn position(&self) -> Position {
        self.pos
    }

    /// The round's board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    fn square(&self, v: usize) -> String {
        format!("{} {}", v / self.board.n + 1, v % self.board.n + 1)
    }

    fn notation(&self, m: Move) -> String {
        match m.landing {
            None => self.square(m.step),
            Some(l) => format!("{} {}", self.square(m.step), self.square(l)),
        }
    }

    fn moves_here(&self) -> Vec<(Move, Outcome)> {
        if self.over {
            return Vec::new();
        }
        legal_moves(&self.board, self.pos, Rules::default())
    }

    fn play_outcome(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Wins => {
                self.over = true;
                self.pos.to_move = self.pos.to_move.other();
            }
            Outcome::Continues(p) => self.pos = p,
        }
        self.moves += 1;
    }

    /// Whether a move with outcome `o` wins for the player making it.
    fn wins(&self, o: Outcome) -> bool {
        match o {
            Outcome::Wins => true,
            Outcome::Continues(p) => !self.eval.mover_wins(p),
        }
    }

    /// The mover's distance to its goal after a move with outcome `o` (0: it entered it).
    fn distance_after(&self, o: Outcome) -> u32 {
        self.distance_after_for(self.pos.to_move, o)
    }

    /// `me`'s distance to its goal after its move with outcome `o` (0: it entered it).
    fn distance_after_for(&self, me: Player, o: Outcome) -> u32 {
        match o {
            Outcome::Wins => 0,
            Outcome::Continues(p) => self.eval.to_goal(me, p.square(me)),
        }
    }

    /// What the opponent faces after `o` (None when `o` ends the round).
    fn prospect(&self, o: Outcome) -> Option<Prospect> {
        let Outcome::Continues(next) = o else {
            return None;
        };
        let mut p = Prospect {
            good: 0,
            bad: 0,
            off_layers: !self.on_layers[next.a] || !self.on_layers[next.b],
            jump_decides: false,
        };
        let mut step_wins = false;
        for (m, reply) in legal_moves(&self.board, next, Rules::default()) {
            let wins = match reply {
                Outcome::Wins => true,
                Outcome::Continues(q) => !self.eval.mover_wins(q),
            };
            if wins {
                p.good += 1;
                step_wins |= m.landing.is_none();
            } else {
                p.bad += 1;
                p.jump_decides |= m.landing.is_some();
            }
        }
        p.jump_decides |= p.good > 0 && !step_wins;
        Some(p)
    }

    /// The lost referee's best-ranked moves, each with what it leaves the solution: first
    /// those after which the solution still has a losing reply and faces an unusual position
    /// (a player off the shortest-path layers, a jump that must be taken or refused), then
    /// those with a losing reply, then the unusual ones. Empty when every move ends the round.
    fn attack_pool(&self, moves: &[(Move, Outcome)]) -> Vec<((Move, Outcome), Prospect)> {
        let rank = |p: &Prospect| {
            let unusual = p.off_layers || p.jump_decides;
            let tight = p.bad > 0;
            (tight && unusual, tight, unusual)
        };
        let ranked: Vec<_> = moves
            .iter()
            .filter_map(|&(m, o)| self.prospect(o).map(|p| (rank(&p), (m, o), p)))
            .collect();
        let Some(top) = ranked.iter().map(|r| r.0).max() else {
            return Vec::new();
        };
        ranked
            .into_iter()
            .filter(|r| r.0 == top)
            .map(|(_, mo, p)| (mo, p))
            .collect()
    }

    /// Plays the round on from `pos` without the solution: the winner takes the winning move
    /// nearest its goal, the loser the attack's move leaving the fewest winning replies
    /// (the first of equals), for at most `plies` moves. Counts, over the winner's turns,
    /// those with a player off the shortest-path layers and a losing move among its moves
    /// (where a player that errs off the layers can err) and those where a step towards its
    /// goal loses (where a player that takes any step nearer can err).
    fn blunder_chances(&self, pos: Position, plies: u32) -> u32 {
        let mut pos = pos;
        let mut chances = 0;
        for _ in 0..plies {
            let moves = legal_moves(&self.board, pos, Rules::default());
            let me = pos.to_move;
            let winning = self.eval.mover_wins(pos);
            let chosen = if winning {
                let off = !self.on_layers[pos.a] || !self.on_layers[pos.b];
                let here = self.eval.to_goal(me, pos.square(me));
                let (mut best, mut bad, mut near_bad) = (None, false, false);
                for &(_, o) in &moves {
                    let d = self.distance_after_for(me, o);
                    if self.wins(o) {
                        if best.map_or(true, |(bd, _)| d < bd) {
                            best = Some((d, o));
                        }
                    } else {
                        bad = true;
                        near_bad |= d < here;
                    }
                }
                chances += u32::from(off && bad) + u32::from(near_bad);
                best.map(|(_, o)| o)
            } else {
                let pool = self.attack_pool(&moves);
                pool.iter()
                    .max_by_key(|&&(_, p)| fewest_replies(p))
                    .map(|&((_, o), _)| o)
                    .or_else(|| moves.first().map(|&(_, o)| o))
            };
            match chosen {
                Some(Outcome::Continues(next)) => pos = next,
                _ => break,
            }
        }
        chances
    }

    /// The outcome of the legal move `m`, if it is legal.
    fn outcome(&self, m: Move) -> Option<Outcome> {
        self.moves_here()
            .into_iter()
            .find(|(legal, _)| *legal == m)
            .map(|(_, o)| o)
    }
}

impl TypedRound for RaceRound {
    type Move = Move;

    fn position_line(&self) -> String {
        let mut text = self.board.n.to_string();
        for row in self.board.play_rows(self.start) {
            text.push('\n');
            text.push_str(&row);
        }
        text
    }

    fn describe(&self) -> String {
        format!(
            "A on {}, B on {}, {} to move",
            self.square(self.pos.a),
            self.square(self.pos.b),
            self.pos.to_move.letter()
        )
    }

    /// [`RaceRound::classes_at`] the current position (none once the round is over).
    fn classes(&self) -> Vec<String> {
        if self.over {
            return Vec::new();
        }
        self.classes_at(self.pos)
    }

    /// Reads `r c` or `r c r2 c2` and checks it against the legal moves here (the message
    /// quotes the line).
    fn parse_move(&self, line: &str) -> Result<Move, MoveError> {
        let parts: Vec<&str> = line.split(' ').collect();
        if parts.len() != 2 && parts.len() != 4 {
            return Err(MoveError::Syntax(format!(
                "expected `r c` or `r c r2 c2`, got {line:?}"
            )));
        }
        let nums = parts
            .iter()
            .map(|t| coordinate(t))
            .collect::<Result<Vec<usize>, MoveError>>()?;
        let n = self.board.n;
        let square = |r: usize, c: usize| {
            (1..=n)
                .contains(&r)
                .then_some(())
                .filter(|_| (1..=n).contains(&c))
                .map(|_| (r - 1) * n + c - 1)
                .ok_or_else(|| MoveError::Illegal(format!("{r} {c} is off the {n}×{n} board")))
        };
        let step = square(nums[0], nums[1])?;
        let landing = match nums.get(2..4) {
            Some([r, c]) => Some(square(*r, *c)?),
            _ => None,
        };
        let m = Move { step, landing };
        match self.outcome(m) {
            Some(_) => Ok(m),
            None => Err(MoveError::Illegal(format!(
                "{line:?} is not a legal move ({})",
                if self.pos.square(self.pos.to_move.other()) == step && landing.is_none() {
                    "a step onto the opponent must name the landing square"
                } else {
                    "steps go to a free orthogonal neighbour; a jump only over the opponent"
                }
            ))),
        }
    }

    fn format_move(&self, &m: &Move) -> String {
        self.notation(m)
    }

    fn apply(&mut self, &m: &Move) -> Result<(), MoveError> {
        let o = self.outcome(m).ok_or_else(|| {
            MoveError::Illegal(format!("{} is not a legal move", self.notation(m)))
        })?;
        self.play_outcome(o);
        Ok(())
    }

    fn leaves_opponent_winning(&mut self, &m: &Move) -> Result<bool, GameError> {
        Ok(match self.outcome(m) {
            Some(Outcome::Continues(p)) => self.eval.mover_wins(p),
            Some(Outcome::Wins) | None => false,
        })
    }

    fn moves(&self) -> Vec<Move> {
        self.moves_here().into_iter().map(|(m, _)| m).collect()
    }

    fn mover_wins(&mut self) -> Result<bool, GameError> {
        Ok(!self.over && self.eval.mover_wins(self.pos))
    }

    /// Only the winning moves that bring the mover nearer its goal: one always exists in a
    /// won position (games/race/docs/evaluator.md), and taking one every time ends the round.
    fn winning_moves(&mut self) -> Result<Vec<Move>, GameError> {
        let me = self.pos.to_move;
        let here = self.eval.to_goal(me, self.pos.square(me));
        Ok(self
            .moves_here()
            .into_iter()
            .filter(|&(_, o)| self.wins(o) && self.distance_after(o) < here)
            .map(|(m, _)| m)
            .collect())
    }

    /// Of every winning move (not only those nearer the goal), one that leaves the mover
    /// farthest from its goal, at random among those: a winning detour where there is one.
    /// The round may then last to the move cap.
    fn slowest_winning_move(&mut self, rng: &mut Rng) -> Result<Move, GameError> {
        let wins: Vec<(Move, u32)> = self
            .moves_here()
            .into_iter()
            .filter(|&(_, o)| self.wins(o))
            .map(|(m, o)| (m, self.distance_after(o)))
            .collect();
        let Some(far) = wins.iter().map(|&(_, d)| d).max() else {
            return TypedRound::winning_move(self, rng);
        };
        let slowest: Vec<Move> = wins
            .into_iter()
            .filter(|&(_, d)| d == far)
            .map(|(m, _)| m)
            .collect();
        Ok(slowest[rng.index(slowest.len())])
    }

    /// Its own: every move is scored by the opponent's replies, judged exactly.
    fn trap_move(&mut self, trap: Trap, rng: &mut Rng) -> Result<Move, GameError> {
        let moves = self.moves_here();
        if moves.is_empty() {
            return Err(GameError::Internal(format!(
                "no legal move at {}",
                self.describe()
            )));
        }
        // Entering the goal is always taken (only after a blunder the session has judged).
        if let Some(&win) = moves.iter().find(|(_, o)| *o == Outcome::Wins) {
            return Ok(win.0);
        }
        // Every move loses: the attack. Among the moves after which the solution can still
        // go wrong (it has a losing reply), those that leave it an unusual position (a player
        // off the shortest-path layers, a jump that must be taken or refused) come first;
        // the trap then picks among them: any (Random), the farthest from the referee's goal
        // (Longest: a detour, which leaves the layers), or the fewest winning replies
        // (UniqueReply: one if possible).
        let pool = self.attack_pool(&moves);
        if pool.is_empty() {
            return Ok(moves[rng.index(moves.len())].0);
        }
        let pick = |keyed: Vec<(u64, (Move, Outcome))>, rng: &mut Rng| {
            let best = keyed.iter().map(|&(k, _)| k).max().expect("a pool");
            let tied: Vec<_> = keyed.into_iter().filter(|&(k, _)| k == best).collect();
            tied[rng.index(tied.len())].1
        };
        let chosen = match trap {
            Trap::Longest => pick(
                pool.iter()
                    .map(|&(mo, _)| (self.distance_after(mo.1) as u64, mo))
                    .collect(),
                rng,
            ),
            Trap::UniqueReply | Trap::Random => pick(
                pool.iter()
                    .map(|&(mo, p)| (fewest_replies(p), mo))
                    .collect(),
                rng,
            ),
        };
        Ok(chosen.0)
    }
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
