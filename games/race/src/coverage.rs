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

/// Every class, in the order of the coverage rounds.
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
    CLASSES.iter().map(|c| c.to_string()).collect()
}

/// Boards tried for one class, and positions drawn on each before the exhaustive scan.
const BOARDS: usize = 40;
const SAMPLES: usize = 400;

/// Session round `round`'s coverage round, if it is one and the size range allows: a board
/// of side in [`SIDES`] with walls drawn at random (a density up to a quarter), the starts
/// drawn with the distance's parity the class needs, and a start position (A to move) of the
/// class: drawn, else the first of the board's positions from a drawn one on.
pub fn start(round: u64, range: (u64, u64), rng: &mut Rng) -> Option<RaceRound> {
    let class = *CLASSES.get(round.checked_sub(FIRST_ROUND)? as usize)?;
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
        let border = match class {
            "lemma:odd-win" => Some(0),
            "lemma:odd-lose" => Some(1),
            "lemma:even-win" => Some(-1),
            "lemma:even-lose" => Some(2),
            _ => None,
        };
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
