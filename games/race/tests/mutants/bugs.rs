//! The race players of the mutation suite as pure functions: which side to take and which
//! move to make, each with one plausible bug or (the correct ones) another choice among the
//! winning moves. Built on the library's rules engine and its exact evaluator
//! (`combgames_race::Evaluator`), never on the solution. Included by the example
//! `race_mutants` (race_mutants.rs) and by the mutation suite (mod.rs), which proves each bug with a losing position
//! found by the plain retrograde search.

use combgames_race::{
    legal_moves, retrograde, Board, Evaluator, Move, Outcome, Player, Position, Retrograde, Rules,
    Value,
};

/// The variants: (name, what it does, whether it is correct).
pub const VARIANTS: &[(&str, &str, bool)] = &[
    (
        "no-jumps",
        "pure race: believes the mover wins iff its distance is at most the opponent's, so \
         always takes first and walks any shortest path",
        false,
    ),
    (
        "parity",
        "takes first iff the starts are an odd distance apart (the rest exact)",
        false,
    ),
    (
        "straight-jump",
        "believes a jump lands straight ahead only: never turns while jumping",
        false,
    ),
    (
        "never-jump",
        "exact, but never jumps while it has a step (it thinks a jump only gets round a block)",
        false,
    ),
    (
        "blind",
        "right side, then a random step down a shortest path (a jump only when blocked)",
        false,
    ),
    (
        "off-layers",
        "exact, but one move in four blunders once a player is off the shortest A-B paths",
        false,
    ),
    (
        "rare",
        "exact, but one move in 300 blunders when it can",
        false,
    ),
    (
        "edge-jump",
        "exact, but its bounds check of a jump's landing is off by one: it never lands a jump \
         on the last row or the last column",
        false,
    ),
    (
        "far-race",
        "exact while its distance is at most 100; beyond, it trusts the plain race and takes \
         the first move that brings it nearer its goal (steps before jumps)",
        false,
    ),
    (
        "late",
        "exact, but from its 500th move of a round (move 1000) one move in four blunders \
         (a history buffer of 1000 moves)",
        false,
    ),
    (
        "odd-border",
        "exact, but when the starts are an odd distance apart it believes a mover one square \
         behind (delta = 1) wins: the race lemma's bound off by one",
        false,
    ),
    (
        "lone-arc",
        "exact, but in the band (even distance, delta 0 or 1) where one square only of the \
         opponent's level loses for the mover, it believes the mover wins there too (an arc \
         of one square read as empty)",
        false,
    ),
    (
        "random-win",
        "correct: a random winning move (detours included)",
        true,
    ),
    (
        "detour-win",
        "correct: the winning move that leaves it farthest from its goal",
        true,
    ),
    (
        "slowest",
        "correct: among the winning moves that bring it nearer its goal, the one with the \
         longest game by the retrograde search (n <= 8), else the least progress",
        true,
    ),
];

pub use combgames_core::rng::Rng;

use combgames_race::coverage::{lemma, MarginError, ERROR_PAIRS};

/// The players wrong in one (class, error) pair of the coverage classes (games/race/README.md,
/// coverage classes), one per listed pair, named by it (`lemma+1:odd-win`): as knights'
/// `cell:` players, bench/catch.sh leaves them to a bench of their own
/// (games/race/bench/race_errors.sh), since sessions of 10 rounds do not show them.
pub fn error_variants() -> &'static [&'static str] {
    &ERROR_PAIRS
}

/// What an error player misreads: the class (`lemma:odd-win`, `band:0-lose`, ...) and the
/// error of the margin in its positions.
struct Misread {
    class: String,
    error: MarginError,
}

impl Misread {
    /// The player `name` of [`error_variants`], if it is one.
    fn of(name: &str) -> Option<Misread> {
        let pair = error_variants().iter().find(|&&n| n == name)?;
        let (group, detail) = pair.split_once(':')?;
        let at = group.find(['+', '-', '/'])?;
        let error = MarginError::ALL
            .into_iter()
            .find(|e| e.name() == group[at..])?;
        Some(Misread {
            class: format!("{}:{detail}", &group[..at]),
            error,
        })
    }

    /// The value it believes at `pos` (mover wins), given the true one: in its class, the
    /// lemma read at the wrong margin where the lemma decides there, else the true value (a
    /// margin in the band is read from the tables). `/any` reads one of the margins the lemma
    /// reads against the true value (up to 6 past its border), fixed per position (a hash of the
    /// squares): a margin off by a value that does not turn the reading is no error there.
    fn believes(&self, eval: &Evaluator, d_odd: bool, pos: Position) -> bool {
        let wins = eval.mover_wins(pos);
        let delta = eval.delta(pos);
        let answer = if wins { "win" } else { "lose" };
        let class = match lemma(delta, d_odd) {
            Some(_) if d_odd => format!("lemma:odd-{answer}"),
            Some(_) => format!("lemma:even-{answer}"),
            None => format!("band:{delta}-{answer}"),
        };
        if class != self.class {
            return wins;
        }
        let (margin, odd) = match self.error {
            MarginError::By(e) => (delta + e, d_odd),
            MarginError::Swap => (-delta, d_odd),
            MarginError::Parity => (delta, !d_odd),
            MarginError::Any => {
                // The margins that the lemma reads against the answer, up to 6 past its
                // border (−1..=2) or δ: one of them, fixed per position.
                let against: Vec<i64> = (delta.min(-1) - 6..=delta.max(2) + 6)
                    .filter(|&m| lemma(m, d_odd).is_some_and(|w| w != wins))
                    .collect();
                let h = (pos.a as u64 * 0x9e37_79b9 + pos.b as u64 * 0x85eb_ca6b) >> 7;
                (against[h as usize % against.len()], d_odd)
            }
        };
        lemma(margin, odd).unwrap_or(wins)
    }
}

/// Largest side on which `slowest` runs the retrograde search.
pub const SLOWEST_SEARCH_MAX_N: usize = 8;

/// `far-race`: the distance beyond which it trusts the plain race.
pub const FAR_RACE_FROM: u32 = 100;

/// `late`: its own moves of a round after which it blunders (one in four).
pub const LATE_FROM: u64 = 500;

/// What one player knows about its board.
pub struct Mutant {
    pub bug: String,
    pub board: Board,
    pub eval: Evaluator,
    /// Squares on a shortest path between the starts.
    pub on_layers: Vec<bool>,
    pub depths: Option<Retrograde>,
    /// Its own moves so far this round (`late`).
    pub moves_made: std::cell::Cell<u64>,
    /// `lone-arc`: per player (A, B), the reachable squares by their distance to its goal.
    pub levels: [Vec<Vec<usize>>; 2],
    /// The error players' misreading ([`error_variants`]).
    misread: Option<Misread>,
}

impl Mutant {
    pub fn new(bug: &str, board: &Board) -> Mutant {
        let (da, db) = (board.distances(board.a), board.distances(board.b));
        let d = da[board.b];
        let on_layers = (0..board.free.len())
            .map(|v| board.free[v] && da[v].saturating_add(db[v]) == d)
            .collect();
        let depths = (bug == "slowest" && board.n <= SLOWEST_SEARCH_MAX_N)
            .then(|| retrograde(board, Rules::default()));
        let level = |to_goal: &[u32]| {
            let mut out: Vec<Vec<usize>> = Vec::new();
            if bug == "lone-arc" {
                for v in (0..board.free.len()).filter(|&v| da[v] != u32::MAX) {
                    let k = to_goal[v] as usize;
                    if out.len() <= k {
                        out.resize(k + 1, Vec::new());
                    }
                    out[k].push(v);
                }
            }
            out
        };
        // A's goal is B's start.
        let levels = [level(&db), level(&da)];
        Mutant {
            levels,
            bug: bug.to_owned(),
            board: board.clone(),
            eval: Evaluator::new(board, Rules::default()),
            on_layers,
            depths,
            moves_made: std::cell::Cell::new(0),
            misread: Misread::of(bug),
        }
    }

    /// The side the player takes in a round that starts at `start` (A to move).
    pub fn side(&self, start: Position) -> Player {
        match self.bug.as_str() {
            "no-jumps" => Player::A,
            "parity" => {
                if self.board.distances(self.board.a)[self.board.b] % 2 == 1 {
                    Player::A
                } else {
                    Player::B
                }
            }
            _ => {
                if self.believes_mover_wins(start) {
                    Player::A
                } else {
                    Player::B
                }
            }
        }
    }

    /// Whether this player believes the mover wins at `pos`.
    fn believes_mover_wins(&self, pos: Position) -> bool {
        if let Some(misread) = &self.misread {
            let d_odd = self.eval.to_goal(Player::A, self.board.a) % 2 == 1;
            return misread.believes(&self.eval, d_odd, pos);
        }
        if self.bug == "lone-arc" {
            let d = self.eval.to_goal(Player::A, self.board.a);
            let delta = self.eval.delta(pos);
            if d % 2 == 0 && (0..=1).contains(&delta) {
                let (me, them) = (pos.to_move, pos.to_move.other());
                let q = self.eval.to_goal(them, pos.square(them)) as usize;
                let losing: Vec<usize> = self.levels[them as usize]
                    .get(q)
                    .into_iter()
                    .flatten()
                    .copied()
                    .filter(|&y| y != pos.square(me) && y != self.board.start(me))
                    .filter(|&y| {
                        let mut at = pos;
                        match them {
                            Player::A => at.a = y,
                            Player::B => at.b = y,
                        }
                        !self.eval.mover_wins(at)
                    })
                    .take(2)
                    .collect();
                if losing.len() == 1 {
                    return true;
                }
            }
        }
        if self.bug == "odd-border" {
            let d = self.eval.to_goal(Player::A, self.board.a);
            if d % 2 == 1 && self.eval.delta(pos) == 1 {
                return true;
            }
        }
        self.eval.mover_wins(pos)
    }

    fn wins(&self, o: Outcome) -> bool {
        match o {
            Outcome::Wins => true,
            Outcome::Continues(p) => !self.believes_mover_wins(p),
        }
    }

    fn dist_after(&self, me: Player, o: Outcome) -> u32 {
        match o {
            Outcome::Wins => 0,
            Outcome::Continues(p) => self.eval.to_goal(me, p.square(me)),
        }
    }

    /// The move at `pos` (the player to move is this player). None: no legal move.
    pub fn choose(&self, pos: Position, rng: &mut Rng) -> Option<(Move, Outcome)> {
        let rules = Rules::default();
        let mut moves = legal_moves(&self.board, pos, rules);
        if moves.is_empty() {
            return None;
        }
        let me = pos.to_move;
        let here = self.eval.to_goal(me, pos.square(me));
        self.moves_made.set(self.moves_made.get() + 1);
        let pick = |list: Vec<(Move, Outcome)>, rng: &mut Rng| {
            (!list.is_empty()).then(|| list[rng.index(list.len())])
        };
        let blunder = |rng: &mut Rng| {
            pick(
                moves
                    .iter()
                    .copied()
                    .filter(|&(_, o)| !self.wins(o))
                    .collect(),
                rng,
            )
        };
        match self.bug.as_str() {
            "no-jumps" | "blind" => {
                if let Some(&win) = moves.iter().find(|(_, o)| *o == Outcome::Wins) {
                    return Some(win);
                }
                let steps: Vec<_> = moves
                    .iter()
                    .copied()
                    .filter(|&(m, o)| m.landing.is_none() && self.dist_after(me, o) < here)
                    .collect();
                if !steps.is_empty() {
                    return pick(steps, rng);
                }
                let best = moves.iter().map(|&(_, o)| self.dist_after(me, o)).min()?;
                return pick(
                    moves
                        .into_iter()
                        .filter(|&(_, o)| self.dist_after(me, o) == best)
                        .collect(),
                    rng,
                );
            }
            "straight-jump" => {
                let n = self.board.n as i64;
                let (r0, c0) = (pos.square(me) as i64 / n, pos.square(me) as i64 % n);
                moves.retain(|&(m, _)| match m.landing {
                    None => true,
                    Some(l) => {
                        let (r1, c1) = (m.step as i64 / n, m.step as i64 % n);
                        let (r2, c2) = (l as i64 / n, l as i64 % n);
                        r2 - r1 == r1 - r0 && c2 - c1 == c1 - c0
                    }
                });
                if moves.is_empty() {
                    // Every jump it knows is blocked: it stays in place as best it can.
                    moves = legal_moves(&self.board, pos, rules);
                }
            }
            "never-jump" if moves.iter().any(|(m, _)| m.landing.is_none()) => {
                moves.retain(|(m, _)| m.landing.is_none());
            }
            "off-layers" => {
                let off = !self.on_layers[pos.a] || !self.on_layers[pos.b];
                if let Some(m) = (off && rng.index(4) == 0).then(|| blunder(rng)).flatten() {
                    return Some(m);
                }
            }
            "edge-jump" => {
                let n = self.board.n;
                moves.retain(|&(m, _)| m.landing.map_or(true, |l| l / n + 1 < n && l % n + 1 < n));
                if moves.is_empty() {
                    // No move it believes legal: it tries them all.
                    moves = legal_moves(&self.board, pos, rules);
                }
            }
            "far-race" if here > FAR_RACE_FROM => {
                let nearer = |&(m, o): &(Move, Outcome)| {
                    m.landing.is_none() && self.dist_after(me, o) < here
                };
                let first = moves.iter().copied().find(nearer).or_else(|| {
                    moves
                        .iter()
                        .copied()
                        .find(|&(_, o)| self.dist_after(me, o) < here)
                });
                if first.is_some() {
                    return first;
                }
            }
            "late" => {
                let late = self.moves_made.get() > LATE_FROM;
                if let Some(m) = (late && rng.index(4) == 0).then(|| blunder(rng)).flatten() {
                    return Some(m);
                }
            }
            "rare" => {
                if let Some(m) = (rng.index(300) == 0).then(|| blunder(rng)).flatten() {
                    return Some(m);
                }
            }
            _ => {}
        }
        let wins: Vec<_> = moves
            .iter()
            .copied()
            .filter(|&(_, o)| self.wins(o))
            .collect();
        if wins.is_empty() {
            // A lost position (its side was wrong): any move.
            return pick(moves, rng);
        }
        match self.bug.as_str() {
            "random-win" => pick(wins, rng),
            "detour-win" => {
                let far = wins.iter().map(|&(_, o)| self.dist_after(me, o)).max()?;
                pick(
                    wins.into_iter()
                        .filter(|&(_, o)| self.dist_after(me, o) == far)
                        .collect(),
                    rng,
                )
            }
            "slowest" => {
                let length = |o: Outcome| -> i64 {
                    match (o, &self.depths) {
                        (Outcome::Wins, _) => 0,
                        (Outcome::Continues(p), Some(r)) => {
                            debug_assert_eq!(r.value(p), Value::Loss);
                            r.depth(p) as i64
                        }
                        // Progress made, negated: the least progress is the slowest.
                        (Outcome::Continues(_), None) => {
                            -(here as i64 - self.dist_after(me, o) as i64)
                        }
                    }
                };
                // Only moves that bring it nearer its goal, so the round ends.
                let progress: Vec<_> = wins
                    .iter()
                    .copied()
                    .filter(|&(_, o)| self.dist_after(me, o) < here)
                    .collect();
                let best = progress.iter().map(|&(_, o)| length(o)).max()?;
                pick(
                    progress
                        .into_iter()
                        .filter(|&(_, o)| length(o) == best)
                        .collect(),
                    rng,
                )
            }
            // The exact players and the bugs that got here: the nearest winning move.
            _ => {
                let near = wins.iter().map(|&(_, o)| self.dist_after(me, o)).min()?;
                pick(
                    wins.into_iter()
                        .filter(|&(_, o)| self.dist_after(me, o) == near)
                        .collect(),
                    rng,
                )
            }
        }
    }
}
