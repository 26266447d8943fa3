//! The impartial family (docs/impartial.md) as the referee plays it: any spec — octal and
//! hexadecimal codes, subtraction sets, Nim, Lasker's Nim, Grundy's game, the queue game, in
//! normal or misère play — on rows of heaps, judged by the library's own evaluator
//! (src/impartial.rs: the plain mex recurrence and exhaustive misère search, never the
//! solution's periods or misère theory).
//!
//! A position is two lines, the spec and `k h1 ... hk`; a move `i a b ...` replaces heap i by
//! the non-empty heaps a, b, ... (docs/protocol.md). In misère play the player left without a
//! move wins the round.
//!
//! The referee's moves when it stands lost: the provided traps of [`TypedRound`] over the
//! listed moves — a random move, the move that takes the fewest tokens (the longest fight),
//! or a move after which the player has exactly one winning reply (up to
//! [`UNIQUE_REPLY_PROBES`] candidates tried).

use super::{rotated, GameError, GameOption, MoveError, Play, TypedRound};
use crate::generate::impartial::{heaps_line, round_start, session_round, Start};
use crate::generate::SESSION;
use crate::impartial::{after, Evaluator, Move, Spec, MAX_HEAP};
use crate::rng::Rng;

/// Default heap sizes of generated rounds (clamped per spec: 300 for three-heap splits, 40
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
    max_line: crate::referee::peer::MAX_LINE,
    options: &[SPEC_OPTION],
    generate: |spec, round, rng| {
        let size = spec.size.unwrap_or(DEFAULT_SIZE);
        let kind = spec.kind.unwrap_or(SESSION);
        let fixed = spec.option("--spec");
        // A session's rounds 2..=7 (round 1 stays gen's first case) play the specs and heaps
        // where a narrow bug shows, whatever the seed (SESSION_ROUNDS).
        let must = (kind == SESSION && fixed.is_none())
            .then(|| session_round(round, size, rng))
            .flatten();
        let (start, ev) = match must {
            Some(start) => start,
            None => round_start(kind, size, fixed, rng),
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
            crate::impartial::MISERE_MAX_SUM
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
}

impl ImpartialRound {
    pub fn new(start: Start, ev: Evaluator) -> Result<ImpartialRound, GameError> {
        start
            .spec
            .check_position(&start.heaps)
            .map_err(GameError::Position)?;
        Ok(ImpartialRound {
            start: format!("{}\n{}", start.spec, heaps_line(&start.heaps)),
            ev,
            heaps: start.heaps.into_iter().filter(|&h| h > 0).collect(),
        })
    }

    fn tokens_after(&self, m: &Move) -> u64 {
        after(&self.heaps, m).iter().sum()
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
        Ok(())
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

    fn moves(&self) -> Vec<Move> {
        self.ev.moves(&self.heaps)
    }

    fn mover_has_move(&self) -> bool {
        self.ev.has_move(&self.heaps)
    }

    fn last_mover_loses(&self) -> bool {
        self.ev.spec.misere
    }

    /// The move that leaves the most tokens (the fewest taken), one of them at random.
    fn longest_move(&mut self, random: Move, rng: &mut Rng) -> Result<Move, GameError> {
        let moves = self.moves();
        let most = moves.iter().map(|m| self.tokens_after(m)).max();
        let longest: Vec<Move> = moves
            .into_iter()
            .filter(|m| Some(self.tokens_after(m)) == most)
            .collect();
        if longest.is_empty() {
            return Ok(random);
        }
        let i = rng.index(longest.len());
        Ok(longest[i].clone())
    }

    /// Every listed move after which the opponent loses: the moves come from the rules, so
    /// no legality check (which lists a heap's options again, O(n²) per move for codes with
    /// three-heap splits).
    fn winning_moves(&mut self) -> Result<Vec<Move>, GameError> {
        let heaps = self.heaps.clone();
        Ok(self
            .moves()
            .into_iter()
            .filter(|m| !self.ev.mover_wins(&after(&heaps, m)))
            .collect())
    }

    /// Uniform over [`TypedRound::winning_moves`] (every winning move).
    fn random_winning_move(&mut self, rng: &mut Rng) -> Result<Move, GameError> {
        TypedRound::winning_move(self, rng)
    }

    /// The winning move that leaves the most tokens (the fewest taken), one of them at random.
    fn slowest_winning_move(&mut self, rng: &mut Rng) -> Result<Move, GameError> {
        let wins = self.winning_moves()?;
        let Some(most) = wins.iter().map(|m| self.tokens_after(m)).max() else {
            return TypedRound::winning_move(self, rng);
        };
        let slowest: Vec<Move> = wins
            .into_iter()
            .filter(|m| self.tokens_after(m) == most)
            .collect();
        Ok(slowest[rng.index(slowest.len())].clone())
    }

    fn unique_reply_candidates(&mut self, rng: &mut Rng) -> Result<Vec<Move>, GameError> {
        let mut moves = rotated(self.moves(), rng);
        moves.truncate(UNIQUE_REPLY_PROBES);
        Ok(moves)
    }

    fn winning_replies_after(&mut self, m: &Move) -> Result<Option<u32>, GameError> {
        let next = after(&self.heaps, m);
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
