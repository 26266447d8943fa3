//! The impartial family (games/impartial/docs/impartial.md) as the referee plays it: any spec — octal and
//! hexadecimal codes, subtraction sets, Nim, Lasker's Nim, Grundy's game, the queue game, in
//! normal or misère play — on rows of heaps, judged by the library's own evaluator
//! (games/impartial/src/lib.rs: the plain mex recurrence, its own tame rule and exhaustive
//! misère search, never the solution's periods or genus code).
//!
//! A position is two lines, the spec and `k h1 ... hk`; a move `i a b ...` replaces heap i by
//! the non-empty heaps a, b, ... (docs/protocol.md). In misère play the player left without a
//! move wins the round.
//!
//! The referee's moves when it stands lost: the provided traps of [`TypedRound`] over the
//! listed moves — a random move, the move that takes the fewest tokens (the longest fight),
//! or a move after which the player has exactly one winning reply (up to
//! [`UNIQUE_REPLY_PROBES`] candidates tried).

use crate::gen::{heaps_line, round_start, session_round, Start};
use crate::{after, options, Evaluator, Move, Spec, MAX_HEAP};
use combgames_core::gen::SESSION;
use combgames_core::rng::Rng;
use combgames_core::round::{GameError, GameOption, MoveError, Play, TypedRound};
use std::collections::HashMap;

/// Default heap sizes of generated rounds (clamped per spec: 300 for three-heap splits, 60
/// tokens in all for misère).
pub const DEFAULT_SIZE: (u64, u64) = (1, MAX_HEAP);
/// Moves after which a generated round is cut: Nim on heaps of 1000 taken one by one would
/// last thousands of moves, each move costing a scan of every option.
pub const MOVE_CAP: u64 = 400;
/// Candidates the unique-reply trap tries (each costs a scan of the player's replies).
pub const UNIQUE_REPLY_PROBES: usize = 12;

/// How the referee plays impartial games (see the registry).
pub const PLAY: Play = Play {
    size_is: "largest heap",
    min_size: 1,
    default_size: DEFAULT_SIZE,
    max_size: MAX_HEAP,
    move_cap: MOVE_CAP,
    max_line: combgames_core::peer::MAX_LINE,
    options: &[SPEC_OPTION],
    generate: |spec, round, rng| {
        let size = spec.size.unwrap_or(DEFAULT_SIZE);
        let kind = spec.kind.unwrap_or(SESSION);
        let fixed = spec.option("--spec");
        // A session's rounds 2..=7 (round 1 stays gen's first case) play the specs and heaps
        // where a narrow bug shows, whatever the seed (SESSION_ROUNDS); the others take the
        // families in turn.
        let must = (kind == SESSION && fixed.is_none())
            .then(|| session_round(round, size, rng))
            .flatten();
        // Rounds 8.. of a session: the coverage rounds (games/impartial/README.md).
        let must = must.or_else(|| {
            (kind == SESSION && fixed.is_none())
                .then(|| crate::coverage::round_start(round, size, rng).map(Ok))
                .flatten()
        });
        let (start, ev) = match must {
            Some(start) => start,
            None => round_start(kind, size, fixed, round, rng),
        }
        .map_err(GameError::Unplayable)?;
        Ok(Box::new(ImpartialRound::new(start, ev)?))
    },
    position_lines: |_| Ok(2),
    from_line: |text| {
        let (spec, heaps) = text.split_once('\n').ok_or_else(|| {
            GameError::Position(format!("{text:?}: a spec line and a heaps line"))
        })?;
        let spec = Spec::parse(spec).map_err(GameError::Position)?;
        let heaps = read_heaps(heaps).map_err(GameError::Position)?;
        let ev = Evaluator::new(spec.clone());
        Ok(Box::new(ImpartialRound::new(Start { spec, heaps }, ev)?))
    },
    illegal_move: |_| "1 0".to_owned(),
    classes: |spec| crate::coverage::listed(spec, DEFAULT_SIZE),
    rounds: combgames_core::round::COVERAGE_ROUNDS,
};

/// `--spec SPEC`: every round on one game instead of the families' mix.
const SPEC_OPTION: GameOption = GameOption {
    flag: "--spec",
    value: "SPEC",
    help: "one game for every round (`0.137`, `{1,2,4}`, `misere nim`, ...); default a mix of the families",
    parse: |text| Spec::parse(text).map(|_| ()).map_err(GameError::Unplayable),
    check: |text, (lo, _)| {
        let spec = Spec::parse(text).map_err(GameError::Unplayable)?;
        let top = if spec.misere {
            crate::MISERE_SEARCH_SUM
        } else {
            spec.max_heap()
        };
        if lo > top {
            return Err(GameError::Unplayable(format!(
                "the referee plays {spec} with heaps up to {top}"
            )));
        }
        Ok(())
    },
};

/// `k h1 ... hk` read strictly; heaps of 0 are dropped (as the solution drops them).
fn read_heaps(line: &str) -> Result<Vec<u64>, String> {
    let numbers: Option<Vec<u64>> = line
        .split(' ')
        .map(|w| {
            let plain = !w.is_empty()
                && w.bytes().all(|b| b.is_ascii_digit())
                && (w.len() == 1 || !w.starts_with('0'));
            plain.then(|| w.parse().ok()).flatten()
        })
        .collect();
    match numbers {
        Some(n) if n.len() >= 2 && n[0] == (n.len() - 1) as u64 => {
            Ok(n[1..].iter().copied().filter(|&h| h > 0).collect())
        }
        _ => Err(format!("{line:?} is not a heaps line `k h1 ... hk`")),
    }
}

pub struct ImpartialRound {
    /// The start, as sent.
    start: String,
    ev: Evaluator,
    heaps: Vec<u64>,
    /// Normal play: the options of each heap size met and their Grundy values, so that a
    /// trap's scan of the player's replies reads numbers instead of rebuilding positions.
    options: HashMap<u64, (Vec<Vec<u64>>, Vec<u32>)>,
    /// The coverage classes of the current position ([`crate::coverage::of`]), found when
    /// it is reached (the evaluator's caches need `&mut`).
    classes: Vec<String>,
}

impl ImpartialRound {
    pub fn new(start: Start, mut ev: Evaluator) -> Result<ImpartialRound, GameError> {
        let heaps: Vec<u64> = start.heaps.iter().copied().filter(|&h| h > 0).collect();
        ev.check_round(&heaps).map_err(GameError::Position)?;
        let mut round = ImpartialRound {
            start: format!("{}\n{}", start.spec, heaps_line(&start.heaps)),
            ev,
            heaps: start.heaps.into_iter().filter(|&h| h > 0).collect(),
            options: HashMap::new(),
            classes: Vec::new(),
        };
        round.find_classes();
        Ok(round)
    }

    /// Sets [`ImpartialRound::classes`] for the current position.
    fn find_classes(&mut self) {
        let mut only = None;
        if !self.ev.spec.misere && crate::coverage::splits(&self.ev.spec.rules) {
            only = Some(self.only_splits_win());
        }
        let tame = self.ev.spec.misere && self.ev.all_tame(&self.heaps);
        let spec = &self.ev.spec;
        self.classes = crate::coverage::of(spec, &self.heaps, || only == Some(true), || tame);
        let phases = crate::coverage::phases_of(&mut self.ev, &self.heaps);
        self.classes.extend(phases);
        let values = crate::coverage::values_of(&mut self.ev, &self.heaps);
        self.classes.extend(values);
    }

    /// Normal play: the position is won and every winning move splits its heap in two or
    /// more (the options' values read from the cache).
    fn only_splits_win(&mut self) -> bool {
        let heaps = self.heaps.clone();
        let x = self.xor(&heaps);
        if x == 0 {
            return false;
        }
        for h in heaps {
            let target = self.ev.value(h) ^ x;
            let (list, values) = self.valued_options(h);
            if list
                .iter()
                .zip(values)
                .any(|(parts, &v)| parts.len() <= 1 && v == target)
            {
                return false;
            }
        }
        true
    }

    /// The options of a heap of `h` and the value of each (normal play), cached.
    fn valued_options(&mut self, h: u64) -> &(Vec<Vec<u64>>, Vec<u32>) {
        if !self.options.contains_key(&h) {
            let list = options(&self.ev.spec.rules, h);
            let values = list
                .iter()
                .map(|parts| parts.iter().fold(0, |x, &p| x ^ self.ev.value(p)))
                .collect();
            self.options.insert(h, (list, values));
        }
        &self.options[&h]
    }

    /// The number of options of each heap, from the cached lists of [`Self::valued_options`]:
    /// the referee's turn draws among every legal move, and a round of many large heaps has
    /// tens of thousands, too many to list at each turn.
    fn option_counts(&mut self) -> Vec<usize> {
        let heaps = self.heaps.clone();
        heaps
            .iter()
            .map(|&h| self.valued_options(h).0.len())
            .collect()
    }

    /// Move `k` of [`TypedRound::moves`]' list (heap by heap, each heap's options in order),
    /// found by the heaps' option counts instead of the list.
    fn nth_move(&mut self, counts: &[usize], mut k: usize) -> Result<Move, GameError> {
        for (heap, &n) in counts.iter().enumerate() {
            if k < n {
                let h = self.heaps[heap];
                let parts = self.valued_options(h).0[k].clone();
                return Ok(Move { heap, parts });
            }
            k -= n;
        }
        Err(GameError::Internal(format!(
            "no move {k} past the last at {}",
            self.describe()
        )))
    }

    /// The xor of the heaps' Grundy values (normal play).
    fn xor(&mut self, heaps: &[u64]) -> u32 {
        heaps.iter().fold(0, |x, &h| x ^ self.ev.value(h))
    }

    /// Tokens taken by `m` (a legal move: its parts sum to at most its heap).
    fn taken(&self, m: &Move) -> u64 {
        self.heaps[m.heap] - m.parts.iter().sum::<u64>()
    }
}

impl TypedRound for ImpartialRound {
    type Move = Move;

    fn position_line(&self) -> String {
        self.start.clone()
    }

    fn describe(&self) -> String {
        format!("{}: {}", self.ev.spec, heaps_line(&self.heaps))
    }

    fn parse_move(&self, line: &str) -> Result<Move, MoveError> {
        Move::parse(line).map_err(MoveError::Syntax)
    }

    fn format_move(&self, m: &Move) -> String {
        m.to_string()
    }

    fn apply(&mut self, m: &Move) -> Result<(), MoveError> {
        self.ev
            .is_legal(&self.heaps, m)
            .map_err(MoveError::Illegal)?;
        self.heaps = after(&self.heaps, m);
        self.find_classes();
        Ok(())
    }

    fn classes(&self) -> Vec<String> {
        self.classes.clone()
    }

    fn mover_wins(&mut self) -> Result<bool, GameError> {
        Ok(self.ev.mover_wins(&self.heaps))
    }

    fn leaves_opponent_winning(&mut self, m: &Move) -> Result<bool, GameError> {
        if self.ev.is_legal(&self.heaps, m).is_err() {
            return Ok(false);
        }
        let next = after(&self.heaps, m);
        Ok(self.ev.mover_wins(&next))
    }

    /// Normal play: heap i's options of value g(hi) ⊕ x (x the position's xor), read from the
    /// cached values; misère: every move tried.
    fn winning_moves(&mut self) -> Result<Vec<Move>, GameError> {
        if self.ev.spec.misere {
            let mut wins = Vec::new();
            for m in self.moves() {
                if !self.leaves_opponent_winning(&m)? {
                    wins.push(m);
                }
            }
            return Ok(wins);
        }
        let heaps = self.heaps.clone();
        let x = self.xor(&heaps);
        let mut wins = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            let target = self.ev.value(h) ^ x;
            let (list, values) = self.valued_options(h);
            for (parts, &v) in list.iter().zip(values) {
                if v == target && x != 0 {
                    wins.push(Move {
                        heap: i,
                        parts: parts.clone(),
                    });
                }
            }
        }
        Ok(wins)
    }

    fn moves(&self) -> Vec<Move> {
        self.ev.moves(&self.heaps)
    }

    fn mover_has_move(&self) -> bool {
        self.ev.has_move(&self.heaps)
    }

    fn last_mover_loses(&self) -> bool {
        self.ev.spec.misere
    }

    /// Uniform over every legal move, as the provided one draws it (the same draw picks the
    /// same move), without listing them.
    fn random_move(&mut self, rng: &mut Rng) -> Result<Move, GameError> {
        let counts = self.option_counts();
        let total: usize = counts.iter().sum();
        if total == 0 {
            return Err(GameError::Internal(format!(
                "no legal move at {}",
                self.describe()
            )));
        }
        let i = rng.index(total);
        self.nth_move(&counts, i)
    }

    /// The move that leaves the most tokens (the fewest taken), one of them at random.
    fn longest_move(&mut self, random: Move, rng: &mut Rng) -> Result<Move, GameError> {
        let heaps = self.heaps.clone();
        let mut fewest: Option<u64> = None;
        let mut longest: Vec<Move> = Vec::new();
        for (heap, &h) in heaps.iter().enumerate() {
            for parts in &self.valued_options(h).0 {
                let taken = h - parts.iter().sum::<u64>();
                match fewest {
                    Some(f) if taken > f => continue,
                    Some(f) if taken == f => {}
                    _ => {
                        fewest = Some(taken);
                        longest.clear();
                    }
                }
                longest.push(Move {
                    heap,
                    parts: parts.clone(),
                });
            }
        }
        if longest.is_empty() {
            return Ok(random);
        }
        let i = rng.index(longest.len());
        Ok(longest.swap_remove(i))
    }

    /// Uniform over [`TypedRound::winning_moves`] (every winning move).
    fn random_winning_move(&mut self, rng: &mut Rng) -> Result<Move, GameError> {
        TypedRound::winning_move(self, rng)
    }

    /// The winning move that leaves the most tokens (the fewest taken), one of them at random.
    fn slowest_winning_move(&mut self, rng: &mut Rng) -> Result<Move, GameError> {
        let wins = self.winning_moves()?;
        let Some(fewest) = wins.iter().map(|m| self.taken(m)).min() else {
            return TypedRound::winning_move(self, rng);
        };
        let slowest: Vec<Move> = wins
            .into_iter()
            .filter(|m| self.taken(m) == fewest)
            .collect();
        Ok(slowest[rng.index(slowest.len())].clone())
    }

    /// The first [`UNIQUE_REPLY_PROBES`] moves of the list turned at a random start, as
    /// `rotated` turns it, without the list.
    fn unique_reply_candidates(&mut self, rng: &mut Rng) -> Result<Vec<Move>, GameError> {
        let counts = self.option_counts();
        let total: usize = counts.iter().sum();
        if total == 0 {
            return Ok(Vec::new());
        }
        let start = rng.index(total);
        (0..total.min(UNIQUE_REPLY_PROBES))
            .map(|j| self.nth_move(&counts, (start + j) % total))
            .collect()
    }

    fn winning_replies_after(&mut self, m: &Move) -> Result<Option<u32>, GameError> {
        let next = after(&self.heaps, m);
        if !self.ev.spec.misere {
            // A winning reply on heap j is an option of value g(hj) ⊕ x.
            let x = self.xor(&next);
            let mut wins = 0;
            if x != 0 {
                for &h in &next {
                    let target = self.ev.value(h) ^ x;
                    wins += self
                        .valued_options(h)
                        .1
                        .iter()
                        .filter(|&&v| v == target)
                        .count() as u32;
                    if wins >= 2 {
                        break;
                    }
                }
            }
            return Ok(Some(wins.min(2)));
        }
        let mut wins = 0;
        for reply in self.ev.moves(&next) {
            if !self.ev.mover_wins(&after(&next, &reply)) {
                wins += 1;
                if wins == 2 {
                    break;
                }
            }
        }
        Ok(Some(wins))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round(spec: &str, heaps: &[u64]) -> ImpartialRound {
        let spec = Spec::parse(spec).unwrap();
        let ev = Evaluator::new(spec.clone());
        ImpartialRound::new(
            Start {
                spec,
                heaps: heaps.to_vec(),
            },
            ev,
        )
        .unwrap()
    }

    /// The normal-play shortcuts (winning moves and winning replies read from the options'
    /// values) agree with trying every move and evaluating the position it leaves.
    #[test]
    fn the_shortcuts_agree_with_trying_every_move() {
        let mut rng = Rng::new(1);
        for spec in [
            "kayles", "0.137", "4.07", "0.8", "{1,2,4}", "nim", "lasker", "grundy", "queue",
        ] {
            for _ in 0..20 {
                let heaps: Vec<u64> = (0..1 + rng.index(4)).map(|_| rng.range(1, 24)).collect();
                let mut r = round(spec, &heaps);
                let mut tried = Vec::new();
                for m in r.moves() {
                    if !r.leaves_opponent_winning(&m).unwrap() {
                        tried.push(m);
                    }
                }
                assert_eq!(r.winning_moves().unwrap(), tried, "{spec} {heaps:?}");
                for m in r.moves().into_iter().take(8) {
                    let next = after(&r.heaps, &m);
                    let mut replies = 0;
                    for reply in r.ev.moves(&next) {
                        if !r.ev.mover_wins(&after(&next, &reply)) {
                            replies += 1;
                        }
                    }
                    let counted = r.winning_replies_after(&m).unwrap();
                    assert_eq!(counted, Some(replies.min(2)), "{spec} {heaps:?} {m}");
                }
            }
        }
    }
}
