//! The knights positions, for gen's tests and the referee's rounds alike: one set of makers,
//! each returning a typed position ([`Position`]: the side N and the knights' squares).
//!
//! The kinds: `random` knights; `border`, a knight on every class of lines near both edges
//! ([`border_squares`]); the referee's trap shapes `lines`, `rivals`, `crowd`, `far-lines` and
//! `corner` (`Shape`); and `session`, the referee's mix of those shapes (`session`). gen
//! draws N up to `--size` (lo = 1); the referee within its size range.

use crate::{moves, Evaluator, Game as Position, EDGE_BAND};
use combgames_core::gen::{Generator, Spec, UnknownKind, SESSION};
use combgames_core::rng::Rng;
use std::io::{self, Write};

pub const GEN: Generator = Generator {
    name: "knights",
    kinds: &[
        "random",
        "border",
        "lines",
        "rivals",
        "crowd",
        "far-lines",
        "corner",
        SESSION,
    ],
    min_size: 1,
    max_size: 1_000_000_000,
    default_size: 1_000_000_000,
    size_is: "board side N",
    max_count: Some(MAX_KNIGHTS),
    default_count: 10,
    max_cells: None,
    notes: "--count: the knights of random (default 10), border (default one a class), lines,
\
            crowd and corner (default their own draw); rivals, far-lines, session ignore it",
    write: write_test,
};

/// Largest number of knights in a position: the judge's limit, gen's `--count` bound, the
/// crowd's size and the referee's bound on a round.
pub const MAX_KNIGHTS: u64 = 100_000;

type Square = (u64, u64);

/// gen's test: the kind's position on a side up to `--size`, with `--count` knights (random:
/// 10 by default; `border`, `lines`, `crowd` and `corner`: their own number by default;
/// `rivals`, `far-lines` and `session` place their own).
fn write_test(spec: &Spec, rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    let count = match spec.kind {
        "random" => Some(spec.cases()),
        _ => spec.count,
    };
    let position = make(spec.kind, (1, spec.size), count, rng)
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    writeln!(out, "{position}")
}

/// The position of kind `kind` on a side in lo..=hi. `count`, where the kind takes one, is
/// the number of knights; `None` draws the number as the referee's rounds do.
pub fn make(
    kind: &str,
    (lo, hi): (u64, u64),
    count: Option<u64>,
    rng: &mut Rng,
) -> Result<Position, UnknownKind> {
    let (lo, hi) = (lo.max(1), hi.max(1));
    if kind == SESSION {
        return Ok(session((lo, hi), rng));
    }
    if kind == "border" {
        return Ok(border((lo, hi), count, rng));
    }
    let shape = Shape::ALL
        .iter()
        .copied()
        .find(|s| s.kind() == kind)
        .ok_or_else(|| UnknownKind {
            game: "knights",
            kind: kind.to_owned(),
        })?;
    Ok(shaped(shape, (lo, hi), count, rng))
}

// ---------------------------------------------------------------------------------------------
// The referee's shapes and their mix.

/// The shapes of the referee's rounds, each a kind of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// Knights anywhere (coordinates by [`coordinate`]); 1..64.
    Random,
    /// Knights with one coordinate on a border line (1, 2, 3, N − 2, N − 1, N), where the
    /// suspense depends on the edge; 1..32.
    Lines,
    /// Knights around one leader square L, all of suspense below s(L), one of them exactly
    /// s(L) − 1 (L's best option), so only the largest even option wins.
    Rivals,
    /// Up to 10^5 knights within 12 of the near corner.
    Crowd,
    /// Up to 4 knights on the far lines N and N − 1 of a board of at least √hi lines.
    FarLines,
    /// Up to 200 knights within 12 of a corner other than the near one.
    Corner,
}

impl Shape {
    const ALL: [Shape; 6] = [
        Shape::Random,
        Shape::Lines,
        Shape::Rivals,
        Shape::Crowd,
        Shape::FarLines,
        Shape::Corner,
    ];

    /// The kind's name (gen's `--kind`, the referee's `--kind`).
    fn kind(self) -> &'static str {
        match self {
            Shape::Random => "random",
            Shape::Lines => "lines",
            Shape::Rivals => "rivals",
            Shape::Crowd => "crowd",
            Shape::FarLines => "far-lines",
            Shape::Corner => "corner",
        }
    }
}

/// The session's mix, one shape per round: the traps (rivals, far lines) twice as often as the
/// others.
const SESSION_MIX: [Shape; 8] = [
    Shape::Random,
    Shape::Lines,
    Shape::Rivals,
    Shape::Rivals,
    Shape::Crowd,
    Shape::FarLines,
    Shape::FarLines,
    Shape::Corner,
];

/// A round of the referee's session: a shape of [`SESSION_MIX`] on a side in lo..=hi
/// ([`side`]), and a third of the rounds made lost for the first player ([`make_lost`]), so
/// that `second` is right. See docs/protocol.md.
fn session(range: (u64, u64), rng: &mut Rng) -> Position {
    let shape = SESSION_MIX[rng.index(SESSION_MIX.len())];
    session_of(shape, range, rng)
}

/// The referee's opening: rounds 2, 3, ... of a session play these in turn (round 1 stays
/// gen's first case), so every session meets each shape and each trap whatever the seed.
#[derive(Clone, Copy, Debug)]
enum Opening {
    /// A shape of the mix, as a session round (a third of them lost for the first player).
    Shape(Shape),
    /// [`far_corner_side`].
    FarCornerSide,
    /// [`far_line_leader`].
    FarLineLeader,
    /// [`even_gap`].
    EvenGap,
}

const OPENING: [Opening; 9] = [
    Opening::Shape(Shape::Random),
    Opening::Shape(Shape::Lines),
    Opening::Shape(Shape::Rivals),
    Opening::FarCornerSide,
    Opening::Shape(Shape::Crowd),
    Opening::FarLineLeader,
    Opening::Shape(Shape::FarLines),
    Opening::EvenGap,
    Opening::Shape(Shape::Corner),
];

/// Rounds of the referee's opening (rounds 2..=1 + OPENING_ROUNDS of a session).
pub const OPENING_ROUNDS: usize = OPENING.len();

/// Round `index + 2` of a session: the opening's entry number `index` (mod its length).
pub fn session_round(index: usize, (lo, hi): (u64, u64), rng: &mut Rng) -> Position {
    let range = (lo.max(1), hi.max(1));
    match OPENING[index % OPENING.len()] {
        Opening::Shape(shape) => session_of(shape, range, rng),
        Opening::FarCornerSide => far_corner_side(range, rng),
        Opening::FarLineLeader => far_line_leader(range, rng),
        Opening::EvenGap => even_gap(range, rng),
    }
}

fn session_of(shape: Shape, range: (u64, u64), rng: &mut Rng) -> Position {
    let mut position = shaped(shape, range, None, rng);
    if rng.index(3) == 0 {
        make_lost(&mut position);
    }
    position
}

/// `shape` on a side drawn by [`side`].
fn shaped(shape: Shape, range: (u64, u64), count: Option<u64>, rng: &mut Rng) -> Position {
    let n = side(shape == Shape::FarLines, range, rng);
    let knights = match shape {
        Shape::Random => random_knights(n, count, rng),
        Shape::Lines => on_border_lines(n, count, rng),
        Shape::Rivals => rivals(n, rng),
        Shape::Crowd => {
            let k = count.unwrap_or_else(|| rng.log_range(1, MAX_KNIGHTS));
            in_corner(n, (false, false), k, rng)
        }
        Shape::FarLines => on_far_lines(n, rng),
        Shape::Corner => {
            let k = count.unwrap_or_else(|| rng.log_range(1, 200));
            // Both far edges, or one far and one near.
            let far = [(true, true), (true, false), (false, true)][rng.index(3)];
            in_corner(n, far, k, rng)
        }
    };
    Position { n, knights }
}

/// A log-uniform side in lo..=hi, moved to a random residue mod 4 (the far border's suspense
/// numbers depend on it). For the far lines: at least √hi lines (beyond 31622 on the judge's
/// sizes), where a rule read off small boards is least likely to have been checked; and,
/// since N ≡ 2, 3 have far lines like the interior, three quarters of them on N ≡ 0, 1.
fn side(far_lines: bool, (lo, hi): (u64, u64), rng: &mut Rng) -> u64 {
    let floor = if far_lines {
        lo.max((hi as f64).sqrt() as u64)
    } else {
        lo
    };
    let n = rng.log_range(floor, hi);
    let residues = if far_lines && rng.index(4) != 0 { 1 } else { 3 };
    let moved = (n - n % 4).saturating_add(rng.range(0, residues));
    if (lo..=hi).contains(&moved) {
        moved
    } else {
        n
    }
}

/// A coordinate near the near edge, near the far edge, at a log-uniform distance from either,
/// or uniform: knights stand anywhere, far border lines of 10^9 boards included.
fn coordinate(n: u64, rng: &mut Rng) -> u64 {
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
}

fn random_knights(n: u64, count: Option<u64>, rng: &mut Rng) -> Vec<Square> {
    let k = count.unwrap_or_else(|| rng.log_range(1, 64));
    (0..k)
        .map(|_| (coordinate(n, rng), coordinate(n, rng)))
        .collect()
}

fn on_border_lines(n: u64, count: Option<u64>, rng: &mut Rng) -> Vec<Square> {
    let k = count.unwrap_or_else(|| rng.log_range(1, 32));
    let lines: Vec<u64> = [1, 2, 3, n.saturating_sub(2), n.saturating_sub(1), n]
        .iter()
        .copied()
        .filter(|l| (1..=n).contains(l))
        .collect();
    (0..k)
        .map(|_| {
            let line = lines[rng.index(lines.len())];
            let other = coordinate(n, rng);
            if rng.index(2) == 0 {
                (line, other)
            } else {
                (other, line)
            }
        })
        .collect()
}

/// Rivals: knights around one leader square L, all of suspense below s(L), one of them
/// exactly s(L) − 1 (L's best option), so the order of the suspense decides: the leader must
/// reach s(L) − 1 itself, not a lower even option (a solution that only knows who wins each
/// knight's game gets caught). L is preferably a square with two even options, where that
/// mistake is possible.
fn rivals(n: u64, rng: &mut Rng) -> Vec<Square> {
    let eval = Evaluator::new(n);
    let s = |(x, y): Square| eval.suspense(x, y);
    let (cx, cy) = (coordinate(n, rng), coordinate(n, rng));
    let near = |c: u64, rng: &mut Rng| (c + rng.range(0, 6)).saturating_sub(3).clamp(1, n);
    let two_even = |(x, y): Square| {
        let mut even: Vec<u64> = moves(n, x, y).map(s).filter(|v| v % 2 == 0).collect();
        even.sort_unstable();
        even.dedup();
        s((x, y)) % 2 == 1 && even.len() >= 2
    };
    let mut leader = (cx, cy);
    for _ in 0..40 {
        let sq = (near(cx, rng), near(cy, rng));
        if two_even(sq) {
            leader = sq;
            break;
        }
    }
    let mut knights = vec![leader];
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
    knights
}

/// `k` knights within 12 lines of a corner: each coordinate counted from the far edge where
/// `far` says so, else from the near one.
fn in_corner(n: u64, (far_x, far_y): (bool, bool), k: u64, rng: &mut Rng) -> Vec<Square> {
    let side = n.min(12);
    let line = |far: bool, rng: &mut Rng| {
        let d = rng.range(1, side);
        if far {
            n + 1 - d
        } else {
            d
        }
    };
    (0..k)
        .map(|_| (line(far_x, rng), line(far_y, rng)))
        .collect()
}

/// The far border lines N and N − 1, where the suspense numbers depend on N mod 4 (for
/// N ≡ 0, 1 they break the interior pattern): a few knights, so that one on these lines is
/// often the one of largest suspense. Most knights stand where the far border changes the
/// suspense number (it differs from the board 4 lines longer), if such a square is met in 20
/// draws; half of the time a rival one below the leader joins them (its best option).
fn on_far_lines(n: u64, rng: &mut Rng) -> Vec<Square> {
    let (eval, longer) = (Evaluator::new(n), Evaluator::new(n + 4));
    let k = rng.log_range(1, 4);
    let mut knights = Vec::new();
    for _ in 0..k {
        let draw = |rng: &mut Rng| {
            let line = n - rng.range(0, 1.min(n - 1));
            let other = if rng.index(2) == 0 {
                n - rng.range(0, 11.min(n - 1))
            } else {
                coordinate(n, rng)
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
    let leader = *knights
        .iter()
        .max_by_key(|&&(x, y)| eval.suspense(x, y))
        .expect("k ≥ 1");
    if rng.index(2) == 0 {
        knights.extend(eval.best_move(leader.0, leader.1));
    }
    knights
}

/// A side for the far traps ([`side`] with its far-lines floor of √hi lines), moved to one of
/// `residues` mod 4 when the range allows.
fn far_side(residues: &[u64], (lo, hi): (u64, u64), rng: &mut Rng) -> u64 {
    let n = side(true, (lo, hi), rng);
    let want = residues[rng.index(residues.len())];
    let base = n - n % 4;
    // `iter().copied()`, not an array's `into_iter()`: the Kattis referee bundles this file
    // for edition 2018, where that iterates by reference.
    [base + want, base.saturating_sub(4) + want]
        .iter()
        .copied()
        .find(|m| (lo..=hi).contains(m))
        .unwrap_or(n)
}

/// The far corner decides the side: on N ≡ 0, 1 (mod 4) the leader stands within 8 lines of
/// both far edges on a square whose suspense parity differs from the same square's on the
/// board 4 lines longer (the interior pattern carried into the corner), so a player that reads
/// the far corner off the interior takes the wrong side. Up to two knights of lower suspense
/// away from the far edges join it. On boards without such a square: [`on_far_lines`].
fn far_corner_side(range: (u64, u64), rng: &mut Rng) -> Position {
    let n = far_side(&[0, 1], range, rng);
    let (eval, longer) = (Evaluator::new(n), Evaluator::new(n + 4));
    let band = EDGE_BAND.min(n);
    let corner: Vec<Square> = (0..band)
        .flat_map(|i| (0..band).map(move |j| (n - i, n - j)))
        .collect();
    let differ = |flip: bool| -> Vec<Square> {
        corner
            .iter()
            .copied()
            .filter(|&(x, y)| {
                let (a, b) = (eval.suspense(x, y), longer.suspense(x, y));
                a != b && (!flip || (a + b) % 2 == 1)
            })
            .collect()
    };
    let flips = differ(true);
    let leaders = if flips.is_empty() {
        differ(false)
    } else {
        flips
    };
    if leaders.is_empty() {
        return Position {
            n,
            knights: on_far_lines(n, rng),
        };
    }
    let leader = leaders[rng.index(leaders.len())];
    let low = eval
        .suspense(leader.0, leader.1)
        .min(longer.suspense(leader.0, leader.1));
    let mut knights = vec![leader];
    for _ in 0..rng.range(0, 2) {
        let sq = (coordinate(n, rng), coordinate(n, rng));
        let inside = sq.0.max(sq.1) + 2 * EDGE_BAND <= n;
        if inside && eval.suspense(sq.0, sq.1) + 1 < low {
            knights.push(sq);
        }
    }
    let at = rng.index(knights.len());
    knights.swap(0, at);
    Position { n, knights }
}

/// A leader on the far line N of a board N ≡ 1 (mod 4) (either coordinate N, within 12 of the
/// far corner): its suspense is odd and it has an odd option besides its winning even one, so
/// a player whose rule for that line's squares is wrong hands over the win. Half of the time
/// a rival one below it (its best option) joins it. On boards without such a square:
/// [`on_far_lines`].
fn far_line_leader(range: (u64, u64), rng: &mut Rng) -> Position {
    let n = far_side(&[1], range, rng);
    let eval = Evaluator::new(n);
    let s = |(x, y): Square| eval.suspense(x, y);
    let leaders: Vec<Square> = (0..12.min(n))
        .flat_map(|d| [(n, n - d), (n - d, n)])
        .filter(|&sq| s(sq) % 2 == 1 && moves(n, sq.0, sq.1).any(|o| s(o) % 2 == 1))
        .collect();
    if leaders.is_empty() {
        return Position {
            n,
            knights: on_far_lines(n, rng),
        };
    }
    let leader = leaders[rng.index(leaders.len())];
    let mut knights = vec![leader];
    if rng.index(2) == 0 {
        knights.extend(eval.best_move(leader.0, leader.1));
    }
    Position { n, knights }
}

/// Least side of the even-gap round (when the range allows). In the middle of the board the
/// referee's set-up turns can repeat every turn (games/knights/README.md, Play: the chain), the
/// leader losing 4 lines of one coordinate each two moves: a quarter of this side keeps it off
/// the border band for the round's 1200 moves.
const CHAIN_SIDE: u64 = 1 << 14;

/// Two even options 2 apart: a leader L of odd suspense v whose first even option (in the
/// order of the statement's steps) has v − 3 and a later one v − 1, and a rival at v − 1 (L's
/// best option, or a square nearby at v − 1 with options above it), so only v − 1 wins: a
/// player that keeps the first even option unless a later one is more than 2 larger, or takes
/// any even option, hands over the win. Among the squares met, the one with the most even
/// options below v − 1. On boards without one: [`rivals`].
fn even_gap((lo, hi): (u64, u64), rng: &mut Rng) -> Position {
    // Deep enough for the chain to last the whole round (see CHAIN_SIDE) when the range allows.
    let n = side(false, (lo.max(CHAIN_SIDE.min(hi)), hi), rng);
    let eval = Evaluator::new(n);
    let s = |(x, y): Square| eval.suspense(x, y);
    let deep = |rng: &mut Rng| {
        if n >= CHAIN_SIDE {
            rng.range(n / 4, n - n / 4)
        } else {
            coordinate(n, rng)
        }
    };
    let mut best: Option<(usize, Square)> = None;
    for _ in 0..400 {
        let sq = (deep(rng), deep(rng));
        let v = s(sq);
        if v % 2 == 0 {
            continue;
        }
        let even: Vec<u64> = moves(n, sq.0, sq.1).map(s).filter(|w| w % 2 == 0).collect();
        if v < 3 || even.first() != Some(&(v - 3)) || !even.contains(&(v - 1)) {
            continue;
        }
        let below = even.iter().filter(|&&w| w + 1 < v).count();
        if best.map_or(true, |(b, _)| below > b) {
            best = Some((below, sq));
        }
    }
    let Some((_, leader)) = best else {
        return Position {
            n,
            knights: rivals(n, rng),
        };
    };
    // The rival at v − 1 (even: every option odd, the smallest v − 2 the only right one):
    // among the squares near L, the one with the most options above v − 1, so a player that
    // moves it to any odd option hands over the win too; else L's best option.
    let v = s(leader);
    let near = |c: u64, d: u64| (c + d).saturating_sub(6).clamp(1, n);
    let above = |sq: Square| moves(n, sq.0, sq.1).filter(|&o| s(o) >= v).count();
    let rival = (0..13)
        .flat_map(|i| (0..13).map(move |j| (near(leader.0, i), near(leader.1, j))))
        .filter(|&sq| s(sq) + 1 == v)
        .max_by_key(|&sq| above(sq))
        .filter(|&sq| above(sq) > 0)
        .or_else(|| eval.best_move(leader.0, leader.1));
    let mut knights = vec![leader];
    knights.extend(rival);
    let at = rng.index(knights.len());
    knights.swap(0, at);
    Position { n, knights }
}

/// Moves every knight of the largest suspense, when that is odd, to its best option, one
/// below ([`Evaluator::option_by_parity`]): the largest suspense becomes even, a position
/// lost for the player to move.
fn make_lost(position: &mut Position) {
    let eval = Evaluator::new(position.n);
    let largest = eval.largest(&position.knights);
    if largest % 2 == 1 {
        for sq in position.knights.iter_mut() {
            if eval.suspense(sq.0, sq.1) == largest {
                if let Some(to) = eval.option_by_parity(sq.0, sq.1, 0) {
                    *sq = to;
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// gen's border classes.

/// A knight on every class of lines ([`border_squares`]) of a side among the top four of
/// lo..=hi (any residue mod 4), in a random order; `count` takes that many (cycling through
/// the classes), by default one of each.
fn border((lo, hi): (u64, u64), count: Option<u64>, rng: &mut Rng) -> Position {
    let n = hi - rng.range(0, 3.min(hi - lo));
    let mut classes = border_squares(n);
    // Fisher–Yates, so that a count below the number of classes takes a random selection.
    for i in (1..classes.len()).rev() {
        classes.swap(i, rng.index(i + 1));
    }
    let want = count.map_or(classes.len(), |c| c as usize);
    Position {
        n,
        knights: classes.iter().copied().cycle().take(want).collect(),
    }
}

/// One square for every pair of row and column classes: the first 8 and last 8 lines of the
/// board (where the suspense numbers depend on the edges and on N mod 4) and 4 consecutive
/// lines in the middle (one of each residue mod 4).
pub fn border_squares(n: u64) -> Vec<(u64, u64)> {
    let mut lines: Vec<u64> = (1..=8)
        .chain(n.saturating_sub(7)..=n)
        .filter(|&v| (1..=n).contains(&v))
        .collect();
    let middle = n / 2;
    lines.extend((middle..middle + 4).filter(|&v| (1..=n).contains(&v)));
    lines.sort_unstable();
    lines.dedup();
    lines
        .iter()
        .flat_map(|&x| lines.iter().map(move |&y| (x, y)))
        .collect()
}
