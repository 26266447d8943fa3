//! The subtraction game as the referee plays it: exact rational k, the wall-stack evaluator
//! below 2^16 stones and the greedy decomposition over the losing starts beyond (both in
//! games/subtraction/src/lib.rs, proven in games/subtraction/tests/eval.rs), so every move of a pile up to
//! 10^18 is judged exactly.
//!
//! Rounds start from the positions of games/subtraction/src/gen.rs (by default its `session`
//! kind: piles up to 10^18, three quarters at or next to a losing start, k from [`K_MIX`]). A
//! round of a huge pile would last about n moves, so rounds are cut at [`MOVE_CAP`]; the
//! referee's trap moves are mostly small removals, so the pile stays huge for the whole cut
//! round and every reply of the solution is judged at that size. A session round's first lost
//! move is the big reply instead (`SubtractionRound::big_reply`): a bug that shows only when
//! a huge reply is needed meets one there.
//!
//! Here the session's plan and its special rounds, the `--k` option and the round's state
//! ([`SubtractionRound`]); the round made and its look ahead in `round`, the protocol's side
//! in `typed`, the coverage classes and their rounds in `classes`.

mod classes;
mod round;
mod typed;

use classes::{class_round, covers_classes};
pub use classes::{CLASSES, CLASS_ROUNDS_FROM, ERROR_PAIRS, ERROR_ROUNDS_FROM};
use round::read_position;

use crate as subtraction;
use crate::gen::{round_start, Start};
use crate::Ratio;
use combgames_core::gen::SESSION;
use combgames_core::rng::Rng;
use combgames_core::round::{GameError, GameOption, Play};

/// The k of the `session` kind, re-exported for the tests that check every k the referee
/// plays by default.
pub use crate::gen::K_MIX;

/// Default pile sizes of generated rounds: every size the judge and the project allow.
pub const DEFAULT_SIZE: (u64, u64) = (2, MAX_SIZE);
/// Largest pile the referee accepts.
pub const MAX_SIZE: u64 = 1_000_000_000_000_000_000;
/// Moves after which a generated round is cut. A move costs the solution about 5 µs of CPU
/// over the pipes, nearly all of it the pipe's, so a default session (most of its 100 rounds
/// cut) costs it under a second (bench/session_cpu.sh: about 0.7 s; at 5000, some seeds
/// passed 1 s), while each cut round judges 1500 replies of the solution.
pub const MOVE_CAP: u64 = 3000;

/// The k of [`K_MIX`] whose parts are large: a session plays each of them once (rounds 2..=5).
pub const MUST_PLAY_K: [&str; 4] = [
    "2.718281828459045235",
    "1.000000000000000002",
    "123456789/98765432",
    "1000000000000000000/999999999999999999",
];

/// Round 7 of a session starts above this pile (where the range reaches past it): half of
/// 10^18, past twice the sum of every losing start up to 10^17 for the k of small parts.
pub const HUGE_PILE: u64 = 500_000_000_000_000_000;

/// Round 8 of a session plays this k (of [`K_MIX`], the one with the most losing starts) ...
pub const MANY_TERMS_K: &str = "100000";
/// ... with a pile of at least this many stones.
pub const MANY_TERMS_PILE: u64 = 100_000_000_000_000_000;

/// Round 5 of a session (k = 10^18/(10^18 − 1), whose losing starts are the powers of two)
/// starts from a losing start at least this large.
pub const LOSING_PILE: u64 = 1 << 42;

/// Round 7's pile: a losing start L past 5·10^17 (the one at or below `drawn`, or below `hi`)
/// plus a losing start a, the largest at or below a quarter of L (an eighth, a sixteenth:
/// drawn), then halving, that is the pile's smallest part: the first player wins, and its
/// smallest winning move is a, from a few 10^12 (k near 10^5) up to a quarter of L.
fn huge_two_part_pile(
    eval: &mut subtraction::Evaluator,
    drawn: u64,
    hi: u64,
    rng: &mut Rng,
) -> u64 {
    let mut big = eval.losing_start_at_most(drawn);
    if big <= HUGE_PILE {
        big = eval.losing_start_at_most(hi);
    }
    let mut x = big >> (2 + rng.index(3));
    while x > 1 {
        let part = eval.losing_start_at_most(x);
        if big.checked_add(part).is_some_and(|n| n <= hi) && eval.smallest_win(big + part) == part {
            return big + part;
        }
        x = part / 2;
    }
    // No such part (never for the k of the mix): a losing start less one, smallest part 1.
    if eval.first_wins(drawn) {
        drawn
    } else {
        drawn - 1
    }
}

/// The smallest removal p whose cap ⌊k·p⌋ is at least `cap` (≥ 1): with the cap at f, the
/// smallest winning removal, the mover wins and no winning removal lies below the cap's edge
/// (f itself is the cap whenever some ⌊k·p⌋ equals it).
fn removal_giving_cap(k: Ratio, cap: u64) -> u64 {
    let (num, den) = (u128::from(k.num), u128::from(k.den));
    // ⌈cap·den/num⌉ ≤ cap, as k ≥ 1.
    ((u128::from(cap) * den + num - 1) / num).max(1) as u64
}

/// The largest removal p whose cap ⌊k·p⌋ is below f (the smallest winning removal): the
/// mover loses, by the smallest margin. When f ≤ ⌊k⌋ no p ≥ 1 gives a cap below f, and p = 1
/// (a won position) stands in.
fn removal_below_cap(k: Ratio, f: u64) -> u64 {
    (removal_giving_cap(k, f) - 1).max(1)
}

/// Round 4's late position: the pile becomes the losing start L at or below it (when L is
/// still at least `smallest`, the size range's bottom) and the last removal the smallest whose
/// cap reaches the pile: at L the mover wins only by taking every stone (L is a losing start:
/// every smaller removal leaves the opponent a win).
fn late_removal(eval: &mut subtraction::Evaluator, start: &mut Start, smallest: u64) -> u64 {
    let losing = eval.losing_start_at_most(start.n);
    if losing >= smallest.max(2) {
        start.n = losing;
    }
    removal_giving_cap(start.k.k, start.n)
}

/// How the referee plays subtraction (see the registry).
pub const PLAY: Play = Play {
    size_is: "stones n",
    min_size: 2,
    default_size: DEFAULT_SIZE,
    max_size: MAX_SIZE,
    move_cap: MOVE_CAP,
    max_line: combgames_core::peer::MAX_LINE,
    options: &[K_OPTION],
    generate: |spec, round, rng| {
        let mut size = spec.size.unwrap_or(DEFAULT_SIZE);
        let lowest = size.0;
        let kind = spec.kind.unwrap_or(SESSION);
        let mut k = spec.option("--k");
        // A session's rounds 2..=8 (round 1 stays gen's first case) are the ones a
        // narrow bug or a slow solution needs, whatever the seed: the four k whose parts make
        // 64-bit products overflow, then a pile beyond 2^53 (where a double loses stones), then
        // one beyond 5·10^17, then the k of the most losing starts.
        let session = kind == SESSION && k.is_none();
        if session {
            match round {
                2..=5 => k = Some(MUST_PLAY_K[round as usize - 2]),
                6 if size.1 > 1 << 53 => size.0 = size.0.max((1 << 53) + 1),
                // A pile past what a losing-start table cut at 10^17 decomposes.
                7 if size.1 > HUGE_PILE => size.0 = size.0.max(HUGE_PILE + 2),
                // The k with the most losing starts (millions below 10^18) at a pile past
                // 10^17: a solution that builds them in quadratic time runs out of time.
                8 if size.1 > MANY_TERMS_PILE => {
                    k = Some(MANY_TERMS_K);
                    size.0 = size.0.max(MANY_TERMS_PILE);
                }
                _ => {}
            }
            // Round 5's k ≈ 1 (caps x·10^18 wrap 64 bits from x = 19): a pile past 2^42 ...
            if round == 5 && size.1 >= LOSING_PILE << 2 {
                size.0 = size.0.max(LOSING_PILE);
            }
            // Round 4's late position at a pile past 10^17, where ⌊k·p⌋ needs 128 bits.
            if round == 4 && size.1 > MANY_TERMS_PILE {
                size.0 = size.0.max(MANY_TERMS_PILE);
            }
            // Rounds 9 and 10 start mid-game at a huge two-part pile, as round 7's.
            if matches!(round, 9 | 10) && size.1 > HUGE_PILE {
                size.0 = size.0.max(HUGE_PILE + 2);
            }
        }
        if session && !spec.size.is_some_and(|s| !covers_classes(s)) {
            if let Some(class) = round
                .checked_sub(CLASS_ROUNDS_FROM)
                .and_then(|i| CLASSES.iter().chain(ERROR_PAIRS).nth(i as usize))
            {
                let mut round = class_round(class, size, rng)?;
                round.big_reply_due = true;
                return Ok(Box::new(round));
            }
        }
        let (mut start, mut eval) =
            round_start(kind, size, k, rng).map_err(GameError::unplayable)?;
        if session && round == 5 && start.n >= LOSING_PILE {
            // ... and a losing start, so the referee moves first with the whole pile less one
            // as its cap and its big reply (below) asks for a winning reply of 2^40 or more.
            start.n = eval.losing_start_at_most(start.n);
        }
        if session && matches!(round, 7 | 9 | 10) && start.n > HUGE_PILE + 1 {
            start.n = huge_two_part_pile(&mut eval, start.n, size.1, rng);
        }
        if session {
            start.last = match round {
                // The range's own bottom, not round 4's raised one: L may fall below 10^17.
                4 => Some(late_removal(&mut eval, &mut start, lowest)),
                9 => Some(removal_giving_cap(start.k.k, eval.smallest_win(start.n))),
                10 => Some(removal_below_cap(start.k.k, eval.smallest_win(start.n))),
                _ => None,
            };
        }
        let mut round = SubtractionRound::with_evaluator(start, eval)?;
        round.big_reply_due = session;
        Ok(Box::new(round))
    },
    position_lines: combgames_core::round::one_line,
    from_line: |line| Ok(Box::new(read_position(line)?)),
    illegal_move: |_| "0".to_owned(),
    classes: |spec| {
        let session = spec.kind.unwrap_or(SESSION) == SESSION && spec.option("--k").is_none();
        if session && covers_classes(spec.size.unwrap_or(DEFAULT_SIZE)) {
            CLASSES
                .iter()
                .chain(ERROR_PAIRS)
                .map(|c| (*c).to_owned())
                .collect()
        } else {
            Vec::new()
        }
    },
    rounds: combgames_core::round::COVERAGE_ROUNDS,
};

/// `--k K`: every round on one k instead of the kind's (for `session`, one of [`K_MIX`]).
const K_OPTION: GameOption = GameOption {
    flag: "--k",
    value: "K",
    help: "fixed k (integer, decimal or fraction); default a mix",
    parse: |k| Ratio::parse(k).map(|_| ()).map_err(GameError::unplayable),
    check: check_k,
};

/// A fixed large k with large piles is out of the evaluator's reach: said when the command
/// line is read, not after the solution has started.
fn check_k(k: &str, (_, largest): (u64, u64)) -> Result<(), GameError> {
    SubtractionRound::new(largest, k)
        .map(|_| ())
        .map_err(|e| GameError::Unplayable(format!("with --size up to {largest}: {e}")))
}

pub struct SubtractionRound {
    start: Start,
    eval: subtraction::Evaluator,
    pos: subtraction::Position,
    /// Whether the referee's first move from a lost position is still to come this round
    /// (a session's rounds): that move is the big reply, [`SubtractionRound::big_reply`].
    big_reply_due: bool,
}
