//! The pawns positions (N, the 3×N start), for gen's tests and the referee's rounds alike:
//! one set of makers ([`make`]). The kinds: `random`, N log-uniform in the range;
//! `exceptional`, an N where a wrong period or modulus shows (`exceptional`); `session`, the
//! referee's rounds (`session`: the must-play sizes [`MUST_PLAY`] by round number, then
//! log-uniform, in a default session; uniform in a range asked for). gen draws N in 1..=`--size`
//! and makes round 1 of a session with that range.

use crate::position::Position;
use combgames_core::gen::{Generator, Spec, UnknownKind, SESSION};
use combgames_core::rng::Rng;
use std::io::{self, Write};

/// Grundy values of the octal game 0.137 for 0..len, by the recurrence of the problem
/// statement (Dawson's chess): a move takes 3 columns out of a row, or 2 at its end.
pub fn dawson_grundy(len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    for n in 0..len {
        let mut seen = vec![false; n + 2];
        if n >= 2 {
            seen[g[n - 2] as usize] = true;
        }
        for i in 2..n {
            let v = (g[i - 2] ^ g[n - i - 1]) as usize;
            if v < seen.len() {
                seen[v] = true;
            }
        }
        let value = if n == 1 {
            1
        } else {
            seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
        };
        g.push(value);
    }
    g
}

/// The N below 300 whose Grundy value differs from the value its residue mod 34 settles on,
/// found from the sequence itself rather than copied from a table.
pub fn dawson_exceptions() -> Vec<u64> {
    let g = dawson_grundy(700);
    let settled = |n: usize| g[600 + (n + 34 - 600 % 34) % 34];
    (1..300)
        .filter(|&n| g[n] != settled(n))
        .map(|n| n as u64)
        .collect()
}

/// The project's limits from the problem statements.
pub const GEN: Generator = Generator {
    name: "pawns",
    kinds: &["random", "exceptional", SESSION],
    min_size: 1,
    max_size: 1_000_000_000_000_000_000,
    default_size: 1_000_000_000_000_000_000,
    size_is: "N",
    max_count: None,
    default_count: 1,
    max_cells: None,
    notes: "",
    write: write_test,
};

fn write_test(spec: &Spec, rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    let n = make(spec.kind, (1, spec.size), false, 1, rng)
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    writeln!(out, "{n}")
}

/// N of kind `kind` in lo..=hi, for round `round` (1-based) of a session; `default` says the
/// range is the referee's default one, where a session plays its must-play sizes first.
pub fn make(
    kind: &str,
    (lo, hi): (u64, u64),
    default: bool,
    round: u64,
    rng: &mut Rng,
) -> Result<u64, UnknownKind> {
    let (lo, hi) = (lo.max(1), hi.max(1));
    match kind {
        "random" => Ok(rng.log_range(lo, hi)),
        "exceptional" => Ok(exceptional((lo, hi), rng)),
        SESSION => Ok(session(default, (lo, hi), round, rng)),
        _ => Err(UnknownKind {
            game: "pawns",
            kind: kind.to_owned(),
        }),
    }
}

/// Sizes every default session starts with, in this order: the last exception of g (51)
/// and the first periodic size (52); 136, 150 and 170, where g(n) ≠ g(n mod 136) changes the
/// winner (solutions reducing n mod 136 fail there); 85, where g(85) = 9 ≠ g(51) = 2 (a
/// period taken to start at 51); 102, where g(102) = 8 but g(34) = 0 (the period taken to
/// start at 34); the judges' top size 10^6; and 52 + 34j for j = 4, 100, 2941, 29410 (up to
/// 999992). The ones below `SMALL_TRAP` are also bases of the `exceptional` kind, which
/// draws the other families (shifts by 34, the top) itself.
pub const MUST_PLAY: &[u64] = &[
    51,
    52,
    136,
    85,
    150,
    102,
    170,
    1_000_000,
    188,
    52 + 34 * 100,
    52 + 34 * 2_941,
    52 + 34 * 29_410,
];

/// The must-play sizes below this are traps of their own; the larger ones are shifts by
/// multiples of 34 and the top size.
const SMALL_TRAP: u64 = 200;

/// The size of round `round` (1-based) of a referee session: in the default range, first the
/// must-play sizes (rounds [`MID_GAME_ROUND`] and [`LATE_GAME_ROUND`] left out: they start
/// from played boards, [`played_start`]), then log-uniform; in a range asked for (`--size`),
/// uniform.
fn session(default: bool, (lo, hi): (u64, u64), round: u64, rng: &mut Rng) -> u64 {
    if default {
        let played_before = [MID_GAME_ROUND, LATE_GAME_ROUND]
            .iter()
            .filter(|&&r| r <= round)
            .count() as u64;
        let must_play = round
            .checked_sub(1 + played_before)
            .and_then(|i| MUST_PLAY.get(i as usize));
        if let Some(&n) = must_play {
            return n;
        }
        return rng.log_range(lo, hi);
    }
    rng.range(lo, hi)
}

/// An N where a wrong period or a wrong modulus shows: a trap base (an exception of the
/// Grundy sequence, or a must-play size below [`SMALL_TRAP`]), a base shifted by a multiple
/// of 34 (the period) or of 136 (a wrong period some solutions use), or an N at the top of
/// the range (hi itself, just below it, or the largest N with an exceptional residue mod 34).
/// An N below lo is lifted into the range by multiples of 34 (its residue kept), else drawn
/// uniformly in lo..=hi.
fn exceptional((lo, hi): (u64, u64), rng: &mut Rng) -> u64 {
    let mut bases = dawson_exceptions();
    bases.extend(MUST_PLAY.iter().filter(|&&n| n < SMALL_TRAP));
    bases.sort_unstable();
    bases.dedup();
    bases.retain(|&b| b <= hi);
    if bases.is_empty() {
        return rng.range(lo, hi);
    }
    let base = bases[rng.index(bases.len())];
    let shifted = |period: u64, rng: &mut Rng| {
        let max_m = (hi - base) / period;
        if max_m == 0 {
            base
        } else {
            base + period * rng.log_range(1, max_m)
        }
    };
    let n = match rng.index(6) {
        0 => base,
        1 => shifted(34, rng),
        2 => shifted(136, rng),
        // The largest N allowed (10^18 by default): overflow in a solution shows here.
        3 => hi,
        4 => hi - rng.range(0, hi.min(200) - 1),
        // The largest N with an exceptional residue mod 34.
        _ => base + (hi - base) / 34 * 34,
    };
    if n >= lo {
        return n;
    }
    let lifted = n + (lo - n + 33) / 34 * 34;
    if lifted <= hi {
        lifted
    } else {
        rng.range(lo, hi)
    }
}

/// The round of a default session that starts in the middle of a game at full size.
pub const MID_GAME_ROUND: u64 = 9;
/// The round of a default session that starts near the end of a game at full size.
pub const LATE_GAME_ROUND: u64 = 10;
/// Width of the played boards.
pub const PLAYED_WIDTH: usize = 1_000_000;
/// Left parts the mid-game board holds once each (the exceptional lengths below 52
/// included), as the referee's carving cuts them during a round.
pub const MID_GAME_SHORT: usize = 600;
/// Further segments of the mid-game board, log-uniform in 1..=[`MID_GAME_SHORT`].
const MID_GAME_EXTRA: usize = 2400;

/// The start of round `round` of a default session when it is one of the played boards
/// (the middle and the end of a game reached at full size, not only at small sizes), else
/// None. Both are 10^6 columns wide, White to move; the side the solution must
/// take is the evaluator's value of the board, whatever it is.
/// - [`MID_GAME_ROUND`]: 3036 untouched segments: one of each length 1..=600, one of
///   3452 (a must-play size the default session no longer plays from its start), 34 long
///   ones (601..=2606 columns), one of each residue mod 34, and 2400 of lengths log-uniform in
///   1..=600, in random order, 3 to 8 played columns apart; the rest of the board, about
///   half of it, untouched.
/// - [`LATE_GAME_ROUND`]: 4 to 9 segments of 1..=60 columns (half of them lengths whose
///   value is an exception of the period) spread over the board, everything else played.
pub fn played_start(round: u64, rng: &mut Rng) -> Option<Position> {
    let n = PLAYED_WIDTH;
    let lengths: Vec<usize> = if round == MID_GAME_ROUND {
        let mut l: Vec<usize> = (1..=MID_GAME_SHORT).collect();
        l.push(3452);
        for r in 0..34 {
            let base = 601 + (r + 34 - 601 % 34) % 34;
            l.push(base + 34 * rng.range(0, 58) as usize);
        }
        l.extend((0..MID_GAME_EXTRA).map(|_| rng.log_range(1, MID_GAME_SHORT as u64) as usize));
        l
    } else if round == LATE_GAME_ROUND {
        let exceptions: Vec<u64> = dawson_exceptions()
            .into_iter()
            .filter(|&e| e <= 60)
            .collect();
        let k = 4 + rng.index(6);
        (0..k)
            .map(|i| {
                if i % 2 == 0 {
                    exceptions[rng.index(exceptions.len())] as usize
                } else {
                    rng.range(1, 60) as usize
                }
            })
            .collect()
    } else {
        return None;
    };
    let mut lengths = lengths;
    for i in (1..lengths.len()).rev() {
        lengths.swap(i, rng.index(i + 1));
    }
    // The gaps, before the parity is fixed: the first one at the left edge.
    let gaps: Vec<usize> = if round == MID_GAME_ROUND {
        // Played gaps between segments: 3 columns (one push), 5..=8 (two or three).
        let mut g = vec![0];
        g.extend((1..lengths.len()).map(|_| [3, 3, 3, 5, 6, 7, 8][rng.index(7)]));
        g
    } else {
        // Segments spread over the board: equal slots, each segment at a random place in its
        // own, at least 10 columns from the slot's ends (so every gap is 20 or more).
        let slot = n / lengths.len();
        let mut at = Vec::new();
        for (i, &len) in lengths.iter().enumerate() {
            at.push(i * slot + 10 + rng.index(slot - 20 - len));
        }
        let mut g = vec![at[0]];
        for i in 1..at.len() {
            g.push(at[i] - at[i - 1] - lengths[i - 1]);
        }
        g
    };
    // Every gap's pushes are forced in the mid-game board (3 columns: 1 push, 5 or 6: 2,
    // 7 or 8: 3), so the parity (White to move: an even number of pushes) is set by the
    // left edge: 0 columns or 2 (one push). The late board's gaps leave it free.
    for shift in [0, 2, 1, 3] {
        let mut runs = Vec::new();
        let mut col = 1 + shift;
        for (&len, &gap) in lengths.iter().zip(&gaps) {
            col += gap;
            runs.push((col, col + len - 1));
            col += len;
        }
        if round == MID_GAME_ROUND && col + 3 < n {
            // The rest of the board, untouched.
            runs.push((col + 3, n));
        }
        let position = Position { n, runs };
        if position.check_reachable().is_ok() {
            return Some(position);
        }
    }
    None
}

/// The first of the rounds of a default session that start from boards built for the
/// coverage classes (docs/coverage.md), [`class_start`].
pub const CLASS_ROUNDS_FROM: u64 = 15;

/// The start of round `round` of a default session when it is one of the class rounds, else
/// None. Each is a lost board (the runs' values xor to 0, one or two runs of classes the round
/// lacks added to make it so),
/// White to move, with every run in one class of its own, shuffled, 3 to 8 played columns
/// apart: so a solution whose value is wrong for any one of its lengths takes the wrong side.
/// - round 15: one run of each length 1..=51 (the pre-period), touching the left edge;
/// - round 16: one run of each residue mod 34, lengths 52 + 34·j + r with j in 0..=3,
///   touching the right edge;
/// - round 17: the same with j up to 500 (runs of up to 17 000 columns), touching no edge.
pub fn class_start(round: u64, rng: &mut Rng) -> Option<Position> {
    let index = round.checked_sub(CLASS_ROUNDS_FROM)?;
    let mut lengths: Vec<usize> = match index {
        0 => (1..52).collect(),
        1 | 2 => (0..34)
            .map(|r| {
                let j = if index == 1 {
                    rng.range(0, 3)
                } else {
                    rng.log_range(1, 501) - 1
                };
                52 + 34 * j as usize + r
            })
            .collect(),
        _ => return None,
    };
    let g = dawson_grundy(200);
    let value = |len: usize| {
        if len < 200 {
            g[len]
        } else {
            g[200 - 34 * 2 + (len - 200 + 68) % 34]
        }
    };
    // Runs that make the xor 0: one of the value needed, or two (the values stop at 9), each
    // of a class the round does not hold yet, so that every class keeps one run (and a wrong
    // value of it still turns the side). The 34 residues' values xor to 0 already, so only
    // round 15 adds one, a run of 52 or more.
    let class = |l: usize| if l < 52 { l } else { 52 + l % 34 };
    let held: Vec<usize> = lengths.iter().map(|&l| class(l)).collect();
    let free = |l: &usize| !held.contains(&class(*l));
    let x = lengths.iter().fold(0, |x, &l| x ^ value(l));
    if x != 0 {
        let singles: Vec<usize> = (1..200).filter(free).filter(|&l| g[l] == x).collect();
        if singles.is_empty() {
            let pairs: Vec<(usize, usize)> = (1..120)
                .filter(free)
                .flat_map(|a| (a..120).filter(free).map(move |b| (a, b)))
                .filter(|&(a, b)| class(a) != class(b) && g[a] ^ g[b] == x)
                .collect();
            let (a, b) = pairs[rng.index(pairs.len())];
            lengths.extend([a, b]);
        } else {
            lengths.push(singles[rng.index(singles.len())]);
        }
    }
    for i in (1..lengths.len()).rev() {
        lengths.swap(i, rng.index(i + 1));
    }
    let mut gaps: Vec<usize> = (1..lengths.len())
        .map(|_| [3, 3, 3, 5, 6, 7, 8][rng.index(7)])
        .collect();
    let (left, right) = match index {
        0 => (0, 2 + rng.index(4)),
        1 => (2 + rng.index(4), 0),
        _ => (2 + rng.index(4), 2 + rng.index(4)),
    };
    // White to move needs an even number of pushes: a gap of 3 columns (one push) made 5
    // (two) or back flips it, should the first layout take an odd number.
    for flip in [false, true] {
        if flip {
            gaps[0] = if gaps[0] == 3 { 5 } else { 3 };
        }
        let mut runs = Vec::new();
        let mut col = 1 + left;
        for (i, &len) in lengths.iter().enumerate() {
            if i > 0 {
                col += gaps[i - 1];
            }
            runs.push((col, col + len - 1));
            col += len;
        }
        let position = Position {
            n: col - 1 + right,
            runs,
        };
        if position.check_reachable().is_ok() {
            return Some(position);
        }
    }
    None
}
