//! Coverage classes of race (docs/coverage.md): each branch of the referee's evaluator
//! (games/race/docs/evaluator.md) the mover's answer comes from, the band table's row, the jumps,
//! and the shortest-path layers. The session reaches every class in its rounds
//! [`FIRST_ROUND`].. ([`start`]): a small board, walls drawn at random, the starts of the
//! parity the class needs, and a mid-game start of the class.

use crate::play::RaceRound;
use crate::{Board, Player, Position};
use combgames_core::gen::SESSION;
use combgames_core::rng::Rng;
use combgames_core::round::RoundSpec;

/// The first session round of the coverage rounds (after rounds 2..=10).
pub const FIRST_ROUND: u64 = 11;
/// Sides of the coverage boards: small enough for the solution's exact search from any
/// position (at most 640 free squares), big enough for every class.
pub const SIDES: (u64, u64) = (6, 14);

/// Every class, in the order of the coverage rounds 11..=25.
pub const CLASSES: [&str; 15] = [
    "lemma:odd-win",
    "lemma:odd-lose",
    "lemma:even-win",
    "lemma:even-lose",
    "band:0-win",
    "band:0-lose",
    "band:1-win",
    "band:1-lose",
    "band-row:0",
    "band-row:1",
    "band-row:many",
    "jump:gains",
    "jump:only",
    "layers:on",
    "layers:off",
];

/// The error rounds after the class rounds: a lemma class at a margin δ that shows the swapped
/// reading (−δ), which the class round's border does not ([`ERROR_PAIRS`]).
const ERROR_ROUNDS: [(&str, i64); 2] = [("lemma:odd-win", -1), ("lemma:even-win", -2)];

/// The errors of the margin δ = p − q a position's value is read from: one and two too high
/// (`+1`, `+2`) or too low (`-1`, `-2`), the two distances swapped (`/swap`: −δ), the
/// distance D between the starts of the other parity (`/parity`), any other value (`/any`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarginError {
    By(i64),
    Swap,
    Parity,
    Any,
}

impl MarginError {
    /// Every error, in the order the pairs are named.
    pub const ALL: [MarginError; 7] = [
        MarginError::By(1),
        MarginError::By(2),
        MarginError::By(-1),
        MarginError::By(-2),
        MarginError::Swap,
        MarginError::Parity,
        MarginError::Any,
    ];

    /// The error's part of a pair's group: `+1`, `-2`, `/swap`, `/parity`, `/any`.
    pub fn name(self) -> String {
        match self {
            MarginError::By(e) => format!("{e:+}"),
            MarginError::Swap => "/swap".to_owned(),
            MarginError::Parity => "/parity".to_owned(),
            MarginError::Any => "/any".to_owned(),
        }
    }

    /// Whether this error turns the value the race lemma reads off a position whose mover
    /// wins (`wins`), at margin `delta`, D of parity `odd`: the wrong reading must fall where
    /// the lemma decides (a wrong margin in the band of an even D is read from the band's
    /// tables, which are indexed by squares and may still answer right), against `wins`.
    pub fn turns(self, delta: i64, odd: bool, wins: bool) -> bool {
        let read = |delta: i64, odd: bool| lemma(delta, odd).is_some_and(|w| w != wins);
        match self {
            MarginError::By(e) => read(delta + e, odd),
            MarginError::Swap => read(-delta, odd),
            MarginError::Parity => read(delta, !odd),
            // A margin far enough on the other side is read against the answer.
            MarginError::Any => true,
        }
    }
}

/// The race lemma's answer (the mover wins) at margin `delta` with D of parity `odd`; None in
/// the band (D even, δ ∈ {0, 1}).
pub fn lemma(delta: i64, odd: bool) -> Option<bool> {
    match (odd, delta) {
        (true, _) => Some(delta <= 0),
        (false, ..=-1) => Some(true),
        (false, 2..) => Some(false),
        (false, _) => None,
    }
}

/// The (class, error) pairs a session lists: every error of [`MarginError`] that some
/// position of the lemma's or the band's classes turns, at the margins the class rounds
/// ([`start`]: the lemma's border, the band's own δ) and the error rounds put there.
pub const ERROR_PAIRS: [&str; 25] = [
    "lemma+1:odd-win",
    "lemma+2:odd-win",
    "lemma/swap:odd-win",
    "lemma/any:odd-win",
    "lemma-1:odd-lose",
    "lemma-2:odd-lose",
    "lemma/swap:odd-lose",
    "lemma/any:odd-lose",
    "lemma/swap:even-win",
    "lemma/any:even-win",
    "lemma/swap:even-lose",
    "lemma/any:even-lose",
    "band+2:0-win",
    "band/any:0-win",
    "band-1:0-lose",
    "band-2:0-lose",
    "band/parity:0-lose",
    "band/any:0-lose",
    "band+1:1-win",
    "band+2:1-win",
    "band/parity:1-win",
    "band/any:1-win",
    "band-2:1-lose",
    "band/swap:1-lose",
    "band/any:1-lose",
];

/// The (class, error) pairs of a position in class `class` (`lemma:…` or `band:…`) at margin
/// `delta`, D of parity `odd`, the mover winning or not: `GROUP ERROR:DETAIL` for each error
/// that turns the value read off it ([`MarginError::turns`]).
pub fn pairs(class: &str, delta: i64, odd: bool, wins: bool) -> Vec<String> {
    let Some((group, detail)) = class.split_once(':') else {
        return Vec::new();
    };
    MarginError::ALL
        .into_iter()
        .filter(|e| e.turns(delta, odd, wins))
        .map(|e| format!("{group}{}:{detail}", e.name()))
        .collect()
}

/// The sides a coverage board may take in the size range, if any.
fn sides((lo, hi): (u64, u64)) -> Option<(u64, u64)> {
    let (a, b) = (lo.max(SIDES.0), hi.min(SIDES.1));
    (a <= b).then_some((a, b))
}

/// Every class a session of `spec` reaches: all of them when the size range holds a side of
/// [`SIDES`]; none otherwise, nor for a kind other than the session.
pub fn listed(spec: &RoundSpec, default: (u64, u64)) -> Vec<String> {
    let session = spec.kind.map_or(true, |k| k == SESSION);
    if !session || sides(spec.size.unwrap_or(default)).is_none() {
        return Vec::new();
    }
    CLASSES
        .iter()
        .chain(&ERROR_PAIRS)
        .map(|c| c.to_string())
        .collect()
}

/// Boards tried for one class, and positions drawn on each before the exhaustive scan.
const BOARDS: usize = 40;
const SAMPLES: usize = 400;

/// Session round `round`'s coverage round, if it is one and the size range allows: a board
/// of side in [`SIDES`] with walls drawn at random (a density up to a quarter), the starts
/// drawn with the distance's parity the class needs, and a start position (A to move) of the
/// class: drawn, else the first of the board's positions from a drawn one on.
pub fn start(round: u64, range: (u64, u64), rng: &mut Rng) -> Option<RaceRound> {
    let index = round.checked_sub(FIRST_ROUND)? as usize;
    let (class, at_delta) = match CLASSES.get(index) {
        Some(&class) => (class, None),
        None => {
            let &(class, delta) = ERROR_ROUNDS.get(index - CLASSES.len())?;
            (class, Some(delta))
        }
    };
    let (lo, hi) = sides(range)?;
    let parity = if class.starts_with("lemma:odd") {
        Some(1)
    } else if class.starts_with("lemma:even") || class.starts_with("band") {
        Some(0)
    } else {
        None
    };
    for _ in 0..BOARDS {
        let n = rng.range(lo, hi) as usize;
        let Some(board) = board(n, parity, rng) else {
            continue;
        };
        let Ok(mut round) = RaceRound::new(board.clone()) else {
            continue;
        };
        let reach = board.distances(board.a);
        let cells: Vec<usize> = (0..board.free.len())
            .filter(|&v| reach[v] != u32::MAX)
            .collect();
        let of_play = |a: usize, b: usize| a != b && a != board.b && b != board.a;
        let at = |a: usize, b: usize| Position {
            a,
            b,
            to_move: Player::A,
        };
        // The lemma's classes at their border (δ = 0 and 1 for an odd D, −1 and 2 for an
        // even one): where a rule off by one goes wrong.
        let border = at_delta.or(match class {
            "lemma:odd-win" => Some(0),
            "lemma:odd-lose" => Some(1),
            "lemma:even-win" => Some(-1),
            "lemma:even-lose" => Some(2),
            _ => None,
        });
        // A band row with losing squares, the opponent on one of them: the row's bits
        // decide the side.
        let on_bits = matches!(class, "band-row:1" | "band-row:many");
        let fits = |p: Position, strict: bool| {
            if !of_play(p.a, p.b) || (strict && border.is_some_and(|d| round.delta_at(p) != d)) {
                return false;
            }
            let classes = round.classes_at(p);
            classes.iter().any(|c| c == class)
                && !(strict && on_bits && !classes.iter().any(|c| c.ends_with("-lose")))
        };
        let mut found = None;
        for _ in 0..SAMPLES {
            let p = at(cells[rng.index(cells.len())], cells[rng.index(cells.len())]);
            if fits(p, true) {
                found = Some(p);
                break;
            }
        }
        let all = cells.len() * cells.len();
        let from = rng.index(all);
        for strict in [true, false] {
            found = found.or_else(|| {
                (0..all)
                    .map(|i| (from + i) % all)
                    .map(|i| at(cells[i / cells.len()], cells[i % cells.len()]))
                    .find(|&p| fits(p, strict))
            });
        }
        if let Some(pos) = found {
            if round.restart_at(pos).is_ok() {
                return Some(round);
            }
        }
    }
    None
}

/// An n×n board, each square a wall with a drawn probability up to 1/4, the starts on two
/// free squares whose distance has `parity` (when given; a grid's distances have the parity
/// of the squares' colours), connected; None if the draw is not.
fn board(n: usize, parity: Option<usize>, rng: &mut Rng) -> Option<Board> {
    let density = rng.range(0, 25);
    let mut free: Vec<bool> = (0..n * n).map(|_| rng.range(0, 99) >= density).collect();
    let colour = |v: usize| (v / n + v % n) % 2;
    let a = rng.index(n * n);
    let b = loop {
        let b = rng.index(n * n);
        if b != a && parity.map_or(true, |p| (colour(a) + colour(b)) % 2 == p) {
            break b;
        }
    };
    free[a] = true;
    free[b] = true;
    let board = Board { n, free, a, b };
    board.connected().then_some(board)
}
