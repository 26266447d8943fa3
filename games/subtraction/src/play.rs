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

use crate as subtraction;
use crate::gen::{round_start, within_reach, Multiplier, Start};
use crate::Ratio;
use combgames_core::gen::SESSION;
use combgames_core::rng::Rng;
use combgames_core::round::{rotated, GameError, GameOption, MoveError, Play, Trap, TypedRound};

/// The k of the `session` kind, re-exported for the tests that check every k the referee
/// plays by default.
pub use crate::gen::K_MIX;

/// Default pile sizes of generated rounds: every size the judge and the project allow.
pub const DEFAULT_SIZE: (u64, u64) = (2, MAX_SIZE);
/// Largest pile the referee accepts.
pub const MAX_SIZE: u64 = 1_000_000_000_000_000_000;
/// Moves after which a generated round is cut. A move costs the referee and the project's
/// player about 8 µs of CPU over the pipes (evaluation included), so 20 rounds cost under a
/// second of CPU (games/subtraction/bench/subtraction_referee.sh) while each cut round judges 2500 replies of
/// the solution.
pub const MOVE_CAP: u64 = 5000;

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
};

/// The coverage classes of a subtraction position (games/subtraction/README.md), in the order a session
/// plays a round built for each, from round [`CLASS_ROUNDS_FROM`] on.
pub const CLASSES: &[&str] = &[
    "k:integer",
    "k:decimal",
    "k:fraction",
    "k:large-parts",
    "k:below-2",
    "k:2-or-more",
    "fresh:at-losing",
    "fresh:below-losing",
    "fresh:above-losing",
    "fresh:between",
    "small:fresh-to-k+1",
    "small:fresh-k+2",
    "small:fresh-k+3",
    "small:mid-takes-all",
    "small:mid-capped",
    "mid:at-losing",
    "mid:below-losing",
    "mid:above-losing",
    "mid:between",
    "cap:takes-all",
    "cap:equal-f",
    "cap:one-below-f",
    "cap:one-above-f",
    "cap:below-f",
    "cap:above-f",
];

/// A session's round that starts in a position of [`CLASSES`]'s first class; the next round
/// the second, and so on (rounds 11 to 35).
pub const CLASS_ROUNDS_FROM: u64 = 11;

/// The (class, error) pairs (games/subtraction/README.md, coverage classes), in the order a
/// session plays a round built for each, from round [`ERROR_ROUNDS_FROM`] on. `f±e:CLASS`:
/// the smallest winning removal f taken e too large or too small changes the side there
/// (f ≤ c against f ± e ≤ c, the cap c at the boundary the class names; `takes-all`: a
/// losing start m with c ≥ m, where f = m and f + e is past the pile); `term…:CLASS`: a
/// losing start a taken wrong (any other value, one too large or too small) changes the side
/// of a fresh pile of a, a + 1 or a − 1 stones; `order/…:CLASS`: the decomposition's parts
/// read in a wrong order (the second smallest or the largest part taken for f) changes the
/// side where the cap is at least f but below that part.
pub const ERROR_PAIRS: &[&str] = &[
    "term/any:fresh-at-losing",
    "term-1:fresh-below-losing",
    "term+1:fresh-above-losing",
    "f-1:fresh-at-losing",
    "f-2:fresh-at-losing",
    "f+1:equal-f",
    "f+2:equal-f",
    "f+2:one-above-f",
    "f-1:one-below-f",
    "f-2:one-below-f",
    "f-2:two-below-f",
    "f+1:takes-all",
    "f+2:takes-all",
    "order/next:cap-before-next",
    "order/largest:cap-before-largest",
];

/// The first round of the (class, error) pairs' rounds (36 to 50), after the class rounds.
pub const ERROR_ROUNDS_FROM: u64 = CLASS_ROUNDS_FROM + CLASSES.len() as u64;

/// The `f±e:` pairs ([`ERROR_PAIRS`]) of a mid-game position whose smallest winning removal
/// is f and whose cap c is below the pile: those where f + e ≤ c differs from f ≤ c (e = 1, 2
/// at c = f; 2 at c = f + 1; −1, −2 at c = f − 1; −2 at c = f − 2; a removal is at least 1).
fn f_error_pairs(f: u64, cap: u64) -> Vec<&'static str> {
    let mut out = Vec::new();
    if cap == f {
        out.extend(["f+1:equal-f", "f+2:equal-f"]);
    } else if cap == f + 1 {
        out.push("f+2:one-above-f");
    } else if cap + 1 == f {
        out.push("f-1:one-below-f");
        if f >= 3 {
            out.push("f-2:one-below-f");
        }
    } else if cap + 2 == f {
        out.push("f-2:two-below-f");
    }
    out
}

/// The class whose round recipe ([`class_round`]) a pair's round draws from, and the cap
/// rule's detail for the mid-game ones.
fn pair_recipe(pair: &str) -> (&'static str, &'static str) {
    match pair.split_once(':').map_or("", |p| p.1) {
        "fresh-at-losing" => ("fresh", "at-losing"),
        "fresh-below-losing" => ("fresh", "below-losing"),
        "fresh-above-losing" => ("fresh", "above-losing"),
        "equal-f" => ("cap", "equal-f"),
        "one-above-f" => ("cap", "one-above-f"),
        "one-below-f" => ("cap", "one-below-f"),
        "takes-all" => ("cap", "takes-all-at-losing"),
        "cap-before-next" => ("cap", "before-next"),
        "cap-before-largest" => ("cap", "before-largest"),
        _ => ("cap", "two-below-f"),
    }
}

/// Whether a session's pile range holds a position of every class: the small piles of every
/// k of the mix (2 up to 10^5 + 3) and piles of a few thousand stones.
fn covers_classes((lo, hi): (u64, u64)) -> bool {
    lo <= 2 && hi >= 1_000_000
}

/// Draws a class round tries before it falls back to k = 1 (every class has a k = 1 position
/// within 64 stones, [`fallback_round`]).
const CLASS_TRIES: usize = 400;

/// Largest pile a class round draws for a k of 1000 or more: beyond the wall table, such a k
/// needs about k·ln(n/k) losing starts, and 10^7 keeps that under half a million.
const BIG_K_PILE: u64 = 10_000_000;

/// A round whose start position is of `class`: k drawn from [`K_MIX`], then a start drawn by
/// the recipe of the class's group, kept when it is of the class (the seed chooses among the
/// positions of the class); k = 1 positions when no draw is ([`fallback_round`]).
fn class_round(
    class: &str,
    (lo, hi): (u64, u64),
    rng: &mut Rng,
) -> Result<SubtractionRound, GameError> {
    let (lo, hi) = (lo.max(2), hi.max(2));
    let mut evals: Vec<subtraction::Evaluator> = Vec::new();
    for _ in 0..CLASS_TRIES {
        let k = Multiplier::parse(K_MIX[rng.index(K_MIX.len())]).expect("the mix's k parse");
        let floor = k.k.num / k.k.den;
        let top = if floor >= 1000 {
            hi.min(BIG_K_PILE)
        } else {
            hi
        };
        if top < lo {
            continue;
        }
        let i = match evals.iter().position(|e| e.k == k.k) {
            Some(i) => i,
            None => {
                evals.push(subtraction::Evaluator::new(k.k));
                evals.len() - 1
            }
        };
        let eval = &mut evals[i];
        let (group, detail) = if ERROR_PAIRS.contains(&class) {
            pair_recipe(class)
        } else {
            (
                class.split(':').next().unwrap_or(""),
                class.split(':').nth(1).unwrap_or(""),
            )
        };
        let drawn = rng.log_range(lo, top);
        within_reach(eval, drawn.saturating_add(2).min(top), &k.text)
            .map_err(GameError::unplayable)?;
        let near = |eval: &mut subtraction::Evaluator, rng: &mut Rng| {
            let l = eval.losing_start_at_most(drawn);
            match detail {
                "at-losing" => l,
                "below-losing" => eval.losing_start_at_most(drawn.saturating_mul(2).min(top)) - 1,
                "above-losing" => l + 1,
                _ => l + rng.range(2, 16),
            }
        };
        let (n, last) = match group {
            "k" => (drawn, None),
            "fresh" => (near(eval, rng), None),
            "mid" => {
                let n = near(eval, rng);
                (n, Some(rng.log_range(1, n)))
            }
            "small" => {
                let n = match detail {
                    "fresh-to-k+1" => rng.range(2, floor + 1),
                    "fresh-k+2" => floor + 2,
                    "fresh-k+3" => floor + 3,
                    _ => rng.range(2, floor + 3),
                };
                let last = match detail {
                    "mid-takes-all" => Some(rng.range(n, n.saturating_mul(2))),
                    "mid-capped" => Some(1),
                    _ => None,
                };
                (n, last)
            }
            _ => {
                // cap: a pile near a losing start (or a huge two-part one), its smallest
                // winning removal f, and the removal giving the cap the class names.
                let n = if detail == "takes-all-at-losing" {
                    eval.losing_start_at_most(drawn)
                } else if rng.index(2) == 0 {
                    drawn
                } else {
                    near(eval, rng)
                };
                let n = n.clamp(lo, top);
                within_reach(eval, n, &k.text).map_err(GameError::unplayable)?;
                let f = eval.smallest_win(n);
                // The second smallest and the largest part (f's when it is the only one).
                let parts = eval.known_parts(n);
                let next = parts.and_then(|p| p.next).unwrap_or(f);
                let largest = parts.map_or(f, |p| p.largest);
                let cap = match detail {
                    "takes-all" | "takes-all-at-losing" => n,
                    "before-next" if next > f => rng.range(f, next - 1),
                    // Past the second part where a third lies between, so the round tells
                    // the two orders apart.
                    "before-largest" if next < largest => rng.range(next, largest - 1),
                    "before-largest" if f < largest => rng.range(f, largest - 1),
                    "equal-f" => f,
                    "one-below-f" => f - 1,
                    "one-above-f" => f + 1,
                    "below-f" if f > 2 => rng.range(1, f - 2),
                    "two-below-f" if f > 2 => f - 2,
                    "above-f" if f + 2 < n => rng.range(f + 2, n - 1),
                    _ => continue,
                };
                if cap == 0 {
                    continue;
                }
                (n, Some(removal_giving_cap(k.k, cap)))
            }
        };
        if !(lo..=hi).contains(&n) || last.is_some_and(|p| p > MAX_SIZE) {
            continue;
        }
        let eval = evals.swap_remove(i);
        let start = Start { n, k, last };
        let round = SubtractionRound::with_evaluator(start, eval)?;
        if TypedRound::classes(&round).iter().any(|c| c == class) {
            return Ok(round);
        }
        evals.push(round.eval);
    }
    fallback_round(class, (lo, hi))
}

/// A k = 1 position of `class` within 64 stones (k = 1 has every class but the k ones it is
/// not: for those, the k of [`MUST_PLAY_K`] and 3), when the range holds it: the first pile
/// and last removal, in order, that is.
fn fallback_round(class: &str, (lo, hi): (u64, u64)) -> Result<SubtractionRound, GameError> {
    for k in ["1", "3", MUST_PLAY_K[0], MUST_PLAY_K[2]] {
        for n in lo.max(2)..=hi.min(64) {
            for last in std::iter::once(None).chain((1..=n).map(Some)) {
                let round = SubtractionRound::new_at(n, k, last)?;
                if TypedRound::classes(&round).iter().any(|c| c == class) {
                    return Ok(round);
                }
            }
        }
    }
    Err(GameError::Unplayable(format!(
        "no subtraction position of class {class} in the size range {lo} to {hi}"
    )))
}

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

/// Evaluations the unique-reply trap may spend looking for a second winning reply, over all
/// its candidates (on small piles that settles every candidate; on huge piles with large caps
/// the candidates where the cap is exactly the smallest winning reply are found anyway).
const UNIQUE_REPLY_BUDGET: u64 = 96;

/// Parses a whole non-negative decimal number, rejecting signs, spaces and leading `+`.
fn parse_count(text: &str) -> Result<u64, MoveError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(MoveError::Syntax(format!(
            "expected a number of stones, got {text:?}"
        )));
    }
    text.parse()
        .map_err(|_| MoveError::Illegal(format!("taking {text} stones is more than any pile")))
}

/// A count of the position line: digits only, no sign, no leading zero.
fn count_in(line: &str, what: &str, text: &str) -> Result<u64, GameError> {
    let plain = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    plain
        .then(|| text.parse().ok())
        .flatten()
        .ok_or_else(|| GameError::Position(format!("bad {what} {text:?} in {line:?}")))
}

/// The round of a position line: `n k` (a fresh pile) or `n k p` (p the opponent's last
/// removal: the mover may take 1..=min(n, ⌊k·p⌋)); 2 ≤ n ≤ 10^18, 1 ≤ p ≤ 10^18. A line
/// that is neither is a GameError::Position naming what is wrong (a replayed pile beyond what
/// the referee plays is its own input's fault, FAIL, never the solution's).
fn read_position(line: &str) -> Result<SubtractionRound, GameError> {
    let (n, k, p) = match line.split_whitespace().collect::<Vec<_>>().as_slice() {
        [n, k] => (*n, *k, None),
        [n, k, p] => (*n, *k, Some(*p)),
        _ => {
            return Err(GameError::Position(format!(
                "{line:?} is not a subtraction position (`n k` or `n k p`)"
            )))
        }
    };
    let n = count_in(line, "n", n)?;
    // n < 2 is refused with the round (SubtractionRound::with_evaluator).
    if n > MAX_SIZE {
        return Err(GameError::Position(format!(
            "n = {n} is beyond the referee's range 2 to 10^18"
        )));
    }
    let last = match p {
        None => None,
        Some(p) => {
            let p = count_in(line, "p", p)?;
            if !(1..=MAX_SIZE).contains(&p) {
                return Err(GameError::Position(format!(
                    "p = {p} (the last removal) is outside 1 to 10^18"
                )));
            }
            Some(p)
        }
    };
    SubtractionRound::new_at(n, k, last)
}

pub struct SubtractionRound {
    start: Start,
    eval: subtraction::Evaluator,
    pos: subtraction::Position,
    /// Whether the referee's first move from a lost position is still to come this round
    /// (a session's rounds): that move is the big reply, [`SubtractionRound::big_reply`].
    big_reply_due: bool,
}

impl SubtractionRound {
    /// The round of a fresh pile, `n k`.
    pub fn new(n: u64, k: &str) -> Result<SubtractionRound, GameError> {
        SubtractionRound::new_at(n, k, None)
    }

    /// The round of `n k p` (`last` = Some(p)) or of a fresh pile `n k` (None).
    pub fn new_at(n: u64, k: &str, last: Option<u64>) -> Result<SubtractionRound, GameError> {
        let k = Multiplier::parse(k).map_err(GameError::position)?;
        let eval = subtraction::Evaluator::new(k.k);
        SubtractionRound::with_evaluator(Start { n, k, last }, eval)
    }

    /// The round from `start`, judged by `eval` (built for its k).
    fn with_evaluator(
        start: Start,
        mut eval: subtraction::Evaluator,
    ) -> Result<SubtractionRound, GameError> {
        if start.n < 2 {
            return Err(GameError::Position(format!(
                "subtraction needs n ≥ 2, got {}",
                start.n
            )));
        }
        if start.last == Some(0) {
            return Err(GameError::Position(
                "the last removal p must be at least 1".to_owned(),
            ));
        }
        within_reach(&mut eval, start.n, &start.k.text).map_err(GameError::unplayable)?;
        Ok(SubtractionRound {
            pos: start.position(),
            start,
            eval,
            big_reply_due: false,
        })
    }

    /// The removal y (the lost referee's) that leaves the largest smallest winning reply
    /// f(m − y) among the losing starts below the cap (a bug in caps or in big parts shows only
    /// when the reply needed is large; f(m − y) ≤ ⌊k·y⌋ as every move loses), with y at most a
    /// quarter of the pile and the reply leaving at least half, so the round goes on long.
    /// None when every candidate's reply is 1.
    fn big_reply(&mut self) -> Option<u64> {
        let m = self.pos.stones;
        let limit = self.pos.max_take().min(m / 4);
        let mut best: Option<(u64, u64)> = None;
        for shift in 0..16 {
            if limit >> shift == 0 {
                break;
            }
            let y = self.eval.losing_start_at_most(limit >> shift);
            let reply = self.eval.smallest_win(m - y);
            if reply > 1 && m - y - reply >= m / 2 && best.map_or(true, |(_, r)| reply > r) {
                best = Some((y, reply));
            }
        }
        best.map(|(y, _)| y)
    }

    fn after(&self, x: u64) -> subtraction::Position {
        subtraction::Position {
            stones: self.pos.stones - x,
            cap: self.eval.k.floor_mul(x),
        }
    }

    /// How many winning replies the position after taking `x` leaves, counting to 2; None
    /// when that is not settled within `budget` evaluations (which it spends). The smallest
    /// winning reply is f (the smallest winning removal with no cap): when f is the whole cap
    /// the winning reply is unique; otherwise the removals above f are searched for a second.
    fn winning_replies(&mut self, x: u64, budget: &mut u64) -> Option<u32> {
        let next = self.after(x);
        let cap = next.max_take();
        let f = self.eval.smallest_win(next.stones);
        if f > cap {
            return Some(0);
        }
        if f == cap {
            return Some(1);
        }
        let last = cap.min(f + *budget);
        *budget -= last - f;
        for y in f + 1..=last {
            let reply = subtraction::Position {
                stones: next.stones - y,
                cap: self.eval.k.floor_mul(y),
            };
            if !self.eval.mover_wins(reply) {
                return Some(2);
            }
        }
        (last == cap).then_some(1)
    }
}

impl TypedRound for SubtractionRound {
    /// Stones taken.
    type Move = u64;

    fn position_line(&self) -> String {
        self.start.to_string()
    }

    fn describe(&self) -> String {
        let last = match self.start.last {
            Some(p) => format!(", last removal {p}"),
            None => String::new(),
        };
        format!(
            "{} (n = {}, k = {}{last})",
            self.pos, self.start.n, self.start.k.text
        )
    }

    fn parse_move(&self, line: &str) -> Result<u64, MoveError> {
        parse_count(line)
    }

    fn format_move(&self, x: &u64) -> String {
        x.to_string()
    }

    fn apply(&mut self, &x: &u64) -> Result<(), MoveError> {
        self.pos = self
            .pos
            .take(x, self.eval.k)
            .map_err(|e| MoveError::Illegal(e.to_string()))?;
        Ok(())
    }

    fn mover_wins(&mut self) -> Result<bool, GameError> {
        Ok(self.eval.mover_wins(self.pos))
    }

    fn winning_move(&mut self, _rng: &mut Rng) -> Result<u64, GameError> {
        let x = self.eval.smallest_win(self.pos.stones);
        if x > self.pos.max_take() {
            return Err(GameError::Internal(format!(
                "no winning move at {}",
                self.describe()
            )));
        }
        Ok(x)
    }

    /// Uniform over the winning removals found among candidates (a pile has up to 10^18
    /// removals): the sums of the smallest parts of the pile's greedy decomposition over the
    /// losing starts (f, f + the next part, ...: each leaves a position whose smallest part
    /// exceeds the cap it gives) and 16 random removals between f and the cap.
    fn random_winning_move(&mut self, rng: &mut Rng) -> Result<u64, GameError> {
        let cap = self.pos.max_take();
        let f = TypedRound::winning_move(self, rng)?;
        let mut candidates = Vec::new();
        let (mut taken, mut rest) = (0u64, self.pos.stones);
        while rest > 0 && candidates.len() < 64 {
            let part = self.eval.smallest_win(rest);
            taken += part;
            rest -= part;
            if taken > cap {
                break;
            }
            candidates.push(taken);
        }
        candidates.extend((0..16).map(|_| rng.range(f, cap)));
        candidates.sort_unstable();
        candidates.dedup();
        let mut wins = Vec::new();
        for x in candidates {
            if !self.leaves_opponent_winning(&x)? {
                wins.push(x);
            }
        }
        // f is among them: it is the first prefix sum.
        Ok(wins[rng.index(wins.len())])
    }

    /// The smallest winning removal f (also [`TypedRound::winning_move`]'s choice): it leaves
    /// the most stones and the opponent the smallest cap.
    fn slowest_winning_move(&mut self, rng: &mut Rng) -> Result<u64, GameError> {
        TypedRound::winning_move(self, rng)
    }

    fn leaves_opponent_winning(&mut self, &x: &u64) -> Result<bool, GameError> {
        Ok((1..=self.pos.max_take()).contains(&x) && self.eval.mover_wins(self.after(x)))
    }

    fn mover_has_move(&self) -> bool {
        self.pos.max_take() > 0
    }

    /// Its own: no random move is drawn first (a pile has up to 10^18 moves), and the
    /// unique-reply search shares one evaluation budget over its candidates.
    fn trap_move(&mut self, trap: Trap, rng: &mut Rng) -> Result<u64, GameError> {
        let max = self.pos.max_take();
        if max == 0 {
            return Err(GameError::Internal(format!(
                "no legal move at {}",
                self.describe()
            )));
        }
        if std::mem::take(&mut self.big_reply_due) {
            if let Some(y) = self.big_reply() {
                return Ok(y);
            }
        }
        Ok(match trap {
            // Mostly a few stones, so a huge pile stays huge and the solution's replies are
            // judged there many times; now and then any amount, so caps vary widely.
            Trap::Random if rng.index(4) == 0 => rng.range(1, max),
            Trap::Random => rng.range(1, max.min(8)),
            // Taking one stone keeps every later cap smallest: the slowest game.
            Trap::Longest => 1,
            Trap::UniqueReply => {
                let mut candidates: Vec<u64> = (1..=max.min(8)).collect();
                candidates.extend((0..4).map(|_| rng.range(1, max)));
                candidates.push(max);
                // At most this many positions evaluated for one trap move (a few
                // microseconds at a huge pile), beside one per candidate.
                let mut budget = UNIQUE_REPLY_BUDGET;
                rotated(candidates, rng)
                    .into_iter()
                    .find(|&x| self.winning_replies(x, &mut budget) == Some(1))
                    .unwrap_or_else(|| rng.range(1, max.min(8)))
            }
        })
    }

    /// The smallest removals, up to 64 (one evaluation each).
    fn blunder_candidates(&self) -> Box<dyn Iterator<Item = u64>> {
        Box::new(1..=self.pos.max_take().min(64))
    }

    /// games/subtraction/README.md, coverage classes: k's notation, size of its parts and side of 2; a fresh
    /// pile's place among the losing starts and below ⌊k⌋ + 4; a mid-game pile's place and
    /// its cap against f, the smallest winning removal.
    fn classes(&self) -> Vec<String> {
        let (m, cap) = (self.pos.stones, self.pos.max_take());
        if cap == 0 {
            return Vec::new();
        }
        let k = self.start.k.k;
        let text = &self.start.k.text;
        let mut out: Vec<&str> = vec![
            if text.contains('/') {
                "k:fraction"
            } else if text.contains('.') {
                "k:decimal"
            } else {
                "k:integer"
            },
            if k.num < 2 * k.den {
                "k:below-2"
            } else {
                "k:2-or-more"
            },
        ];
        // A part times a pile past 2^32 passes 64 bits.
        if k.num.max(k.den) > u64::from(u32::MAX) {
            out.push("k:large-parts");
        }
        let floor = k.num / k.den;
        let losing = |x: u64| x >= 1 && self.eval.known_smallest_win(x) == Some(x);
        let fresh = self.start.last.is_none() && m == self.start.n;
        let place = [
            (losing(m), "at-losing"),
            (losing(m + 1), "below-losing"),
            (m >= 2 && losing(m - 1), "above-losing"),
        ];
        let mut between = true;
        for (is, name) in place {
            if is {
                between = false;
                out.push(if fresh {
                    match name {
                        "at-losing" => "fresh:at-losing",
                        "below-losing" => "fresh:below-losing",
                        _ => "fresh:above-losing",
                    }
                } else {
                    match name {
                        "at-losing" => "mid:at-losing",
                        "below-losing" => "mid:below-losing",
                        _ => "mid:above-losing",
                    }
                });
            }
        }
        if between {
            out.push(if fresh {
                "fresh:between"
            } else {
                "mid:between"
            });
        }
        if fresh && losing(m) {
            out.push("term/any:fresh-at-losing");
            out.push("f-1:fresh-at-losing");
            if m >= 3 {
                out.push("f-2:fresh-at-losing");
            }
        } else if fresh {
            if losing(m + 1) {
                out.push("term-1:fresh-below-losing");
            }
            if m >= 2 && losing(m - 1) {
                out.push("term+1:fresh-above-losing");
            }
        }
        if fresh {
            if m <= floor + 1 {
                out.push("small:fresh-to-k+1");
            } else if m == floor + 2 {
                out.push("small:fresh-k+2");
            } else if m == floor + 3 {
                out.push("small:fresh-k+3");
            }
        } else {
            if m <= floor.saturating_add(3) {
                out.push(if cap >= m {
                    "small:mid-takes-all"
                } else {
                    "small:mid-capped"
                });
            }
            if cap >= m {
                out.push("cap:takes-all");
                // f = m: f + 1 and f + 2 are past the pile, so the mover believes it lost.
                if losing(m) {
                    out.extend(["f+1:takes-all", "f+2:takes-all"]);
                }
            } else if let Some(parts) = self.eval.known_parts(m) {
                let f = parts.smallest;
                out.push(match cap {
                    c if c == f => "cap:equal-f",
                    c if c + 1 == f => "cap:one-below-f",
                    c if c == f + 1 => "cap:one-above-f",
                    c if c < f => "cap:below-f",
                    _ => "cap:above-f",
                });
                out.extend(f_error_pairs(f, cap));
                // A part above f taken for it turns the side where the cap lies between.
                if f <= cap && parts.next.is_some_and(|g| cap < g) {
                    out.push("order/next:cap-before-next");
                }
                if f <= cap && cap < parts.largest {
                    out.push("order/largest:cap-before-largest");
                }
            }
        }
        out.into_iter().map(str::to_owned).collect()
    }
}
