//! knights — the knight game of CEOI 2008 (docs/problems.md, section 4).
//!
//! K knights on an N×N board; a turn moves every knight that can move, each by one of
//! (x−2, y+1), (x−2, y−1), (x+1, y−2), (x−1, y−2); the player who cannot move loses.
//! Input `K N` then K lines `x y`; output `NO`, or `YES` and the destination of every knight.
//!
//! Theory (Winning Ways, chapter 9, "continued conjunctive compounds"): every square has a
//! suspense number s — 0 where the knight is stuck; 1 + the largest even s among its moves if
//! some move reaches an even s; otherwise 1 + the smallest s among its moves. The first player
//! wins iff the largest s over the knights is odd, and a winning turn sends each knight to its
//! best option for the mover (the largest even s if there is one, else the smallest s): the
//! knight with the odd maximum m lands on m − 1, every other one lands below m − 1, so the
//! opponent faces an even maximum.
//!
//! Cost: O(1) per knight through `rule::suspense`, so O(K) in all, for N up to 10^9.
//!
//! `--play` (or, without arguments, an input starting with `play R`) plays the rounds of
//! docs/protocol.md: per round the position in the judge format, `first` or `second` by the same
//! rule, then one line per turn naming every knight's destination; every turn of ours is the judge
//! answer's turn again (best option per knight), O(K) per turn.
//!
//! This file is the whole solution (std only, `rustc -O --edition 2021 solutions/knights.rs` builds
//! it). The judge never uses it: the checker and the referee evaluate with the library's own
//! evaluator (games/knights/src/evaluator.rs, games/knights/docs/compression.md), and
//! games/knights/tests/solution.rs includes this file to prove the rule against the DP and against that
//! evaluator.

// The shared modules this program is built from (the bundler inlines each into
// solutions/<game>.rs); alike across the programs on purpose: a module list, not logic.
#[path = "shared/cli.rs"]
mod cli;
#[path = "shared/protocol.rs"]
mod protocol;
#[path = "shared/tokens.rs"]
mod tokens;

use protocol::{Referee, Stop};
use std::io::{BufRead, Read, Write};
use std::process::ExitCode;
use tokens::{shown, Tokens};

/// The O(1) suspense rule for any square of any board.
pub mod rule {
    /// Coordinates within this distance of the far edge (N − c < FAR_BAND) get their own
    /// class; the near edge needs none, because s − (⌊x/2⌋ + ⌊y/2⌋) is periodic from row 1.
    pub const FAR_BAND: u64 = 2;

    /// Number of coordinate classes: the 4 residues mod 4, then far-edge distances 0..FAR_BAND.
    pub const CLASSES: usize = 4 + FAR_BAND as usize;

    /// `CORRECTION[N mod 4][class of x][class of y]` = s(x, y) − (⌊x/2⌋ + ⌊y/2⌋). Generated from
    /// the suspense DP; the test `games/knights/tests/solution.rs` regenerates it and checks the rule
    /// against the DP on every square of every board up to N = 300 and against the library's exact
    /// evaluator on the borders and seeded squares of N = 10^9 − 3..=10^9. Reading it: classes 0..4
    /// (residues) give the interior 4×4 pattern; for N ≡ 2, 3 (mod 4) the far-band rows repeat it,
    /// so only boards with N ≡ 0, 1 have true border rows.
    pub const CORRECTION: [[[i8; CLASSES]; CLASSES]; 4] = [
        [
            [-1, -1, -2, 0, -1, 0],
            [-1, 0, -1, 0, -1, 0],
            [-2, -1, -2, -1, -2, -1],
            [0, 0, -1, -1, -2, -1],
            [-1, -1, -2, -2, -2, -2],
            [0, 0, -1, -1, -2, -1],
        ],
        [
            [-1, -1, -2, 0, -2, -1],
            [-1, 0, -1, 0, 0, -1],
            [-2, -1, -2, -1, -1, -2],
            [0, 0, -1, -1, -1, 0],
            [-2, 0, -1, -1, 0, -1],
            [-1, -1, -2, 0, -1, -1],
        ],
        [
            [-1, -1, -2, 0, -2, -1],
            [-1, 0, -1, 0, -1, 0],
            [-2, -1, -2, -1, -2, -1],
            [0, 0, -1, -1, -1, 0],
            [-2, -1, -2, -1, -2, -1],
            [-1, 0, -1, 0, -1, 0],
        ],
        [
            [-1, -1, -2, 0, 0, -2],
            [-1, 0, -1, 0, 0, -1],
            [-2, -1, -2, -1, -1, -2],
            [0, 0, -1, -1, -1, -1],
            [0, 0, -1, -1, -1, -1],
            [-2, -1, -2, -1, -1, -2],
        ],
    ];

    /// The four knight steps of this game; each lowers x + y, so the game is finite.
    pub const STEPS: [(i64, i64); 4] = [(-2, 1), (-2, -1), (1, -2), (-1, -2)];

    /// The class of coordinate `c` (1 ≤ c ≤ n): its far-edge distance when that is below
    /// FAR_BAND, otherwise its residue mod 4.
    pub fn coordinate_class(n: u64, c: u64) -> usize {
        let far = n - c;
        if far < FAR_BAND {
            4 + far as usize
        } else {
            (c % 4) as usize
        }
    }

    /// The suspense number of square (x, y) on the n×n board, 1 ≤ x, y ≤ n ≤ 10^9.
    pub fn suspense(n: u64, x: u64, y: u64) -> u64 {
        let base = (x / 2 + y / 2) as i64;
        let correction =
            CORRECTION[(n % 4) as usize][coordinate_class(n, x)][coordinate_class(n, y)];
        (base + i64::from(correction)) as u64
    }

    /// The squares the knight on (x, y) can move to on the n×n board.
    pub fn moves(n: u64, x: u64, y: u64) -> impl Iterator<Item = (u64, u64)> {
        let on_board = move |c: i64| c >= 1 && c <= n as i64;
        STEPS.iter().filter_map(move |&(dx, dy)| {
            let (a, b) = (x as i64 + dx, y as i64 + dy);
            (on_board(a) && on_board(b)).then_some((a as u64, b as u64))
        })
    }

    /// The mover's best destination for the knight on (x, y), or None if it is stuck:
    /// the option with the largest even suspense if one exists, else the smallest suspense.
    /// Written again on purpose in games/knights/src/evaluator.rs (`Evaluator::best_move`): the referee
    /// never judges with a solution's code.
    pub fn best_move(n: u64, x: u64, y: u64) -> Option<(u64, u64)> {
        let options = moves(n, x, y).map(|(a, b)| ((a, b), suspense(n, a, b)));
        let mut best: Option<((u64, u64), u64)> = None;
        for (square, s) in options {
            let better = match best {
                None => true,
                Some((_, t)) => match (s % 2 == 0, t % 2 == 0) {
                    (true, true) => s > t,
                    (true, false) => true,
                    (false, true) => false,
                    (false, false) => s < t,
                },
            };
            if better {
                best = Some((square, s));
            }
        }
        best.map(|(square, _)| square)
    }
}

/// Largest number of knights (project limit).
pub const MAX_KNIGHTS: u64 = 1_000_000;
/// Largest board side (project limit).
pub const MAX_SIDE: u64 = 1_000_000_000;

/// A validated input: the board side and the knights' squares in input order.
pub struct Game {
    pub n: u64,
    pub knights: Vec<(u64, u64)>,
}

/// Reads an integer in lo..=hi; `name` says what it is, for the error message only
/// (a closure, so that 10^5 valid knights cost no formatting).
fn number(tokens: &mut Tokens, name: impl Fn() -> String, lo: u64, hi: u64) -> Result<u64, String> {
    let (token, line) = tokens.next().ok_or_else(|| {
        format!(
            "line {}: expected {}, got end of input",
            tokens.last_line(),
            name()
        )
    })?;
    if !token.iter().all(u8::is_ascii_digit) {
        let what = name();
        return Err(format!(
            "line {line}: expected {what} (an integer), got \"{}\"",
            shown(token)
        ));
    }
    let value = token
        .iter()
        .try_fold(0u64, |v, &d| {
            v.checked_mul(10)?.checked_add(u64::from(d - b'0'))
        })
        .ok_or_else(|| format!("line {line}: {} \"{}\" is too large", name(), shown(token)))?;
    if value < lo || value > hi {
        let what = name();
        return Err(format!(
            "line {line}: {what} {value} is out of range {lo} to {hi}"
        ));
    }
    Ok(value)
}

/// Parses and validates the whole input; the error is the message without the program name.
pub fn parse_input(input: &[u8]) -> Result<Game, String> {
    let mut tokens = Tokens::new(input);
    let k = number(
        &mut tokens,
        || "K (number of knights)".to_owned(),
        1,
        MAX_KNIGHTS,
    )?;
    let n = number(&mut tokens, || "N (board side)".to_owned(), 1, MAX_SIDE)?;
    let mut knights = Vec::with_capacity(k as usize);
    for i in 1..=k {
        let x = number(&mut tokens, || format!("x of knight {i}"), 1, n)?;
        let y = number(&mut tokens, || format!("y of knight {i}"), 1, n)?;
        knights.push((x, y));
    }
    if let Some((extra, _)) = tokens.next() {
        return Err(format!(
            "line {}: unexpected \"{}\" after knight {k}, the last",
            tokens.line(),
            shown(extra)
        ));
    }
    Ok(Game { n, knights })
}

/// The judge output for `input`: `NO\n`, or `YES\n` and one destination line per knight.
pub fn solve(input: &[u8]) -> Result<Vec<u8>, String> {
    let game = parse_input(input)?;
    let n = game.n;
    let largest = game
        .knights
        .iter()
        .map(|&(x, y)| rule::suspense(n, x, y))
        .max()
        .unwrap_or(0);
    if largest % 2 == 0 {
        return Ok(b"NO\n".to_vec());
    }
    let mut out = Vec::with_capacity(4 + 22 * game.knights.len());
    out.extend_from_slice(b"YES\n");
    for &(x, y) in &game.knights {
        let (a, b) = rule::best_move(n, x, y).unwrap_or((x, y));
        push_number(&mut out, a);
        out.push(b' ');
        push_number(&mut out, b);
        out.push(b'\n');
    }
    Ok(out)
}

/// Appends the decimal digits of `v` (cheaper than `write!` for 10^5 lines).
fn push_number(out: &mut Vec<u8>, mut v: u64) {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[start..]);
}

const USAGE: &str = "usage: knights < input
Input: `K N` (1 <= K <= 10^6, 1 <= N <= 10^9), then K lines `x y` (1 <= x, y <= N).
Output: NO if the first player loses; otherwise YES and, per knight in input order, the
square it moves to in a winning first turn (a knight that cannot move repeats its square).

usage: knights --play
Plays the rounds of docs/protocol.md on stdin/stdout: per round the position (`K N` and K
lines), `first` or `second`, then one line per turn: `x1 y1 x2 y2 ...`, every knight's
destination in input order (stuck knights repeated).";

#[derive(Default)]
struct Knights;

impl cli::Solution for Knights {
    const NAME: &'static str = "knights";
    const USAGE: &'static str = USAGE;

    fn batch<R: Read, W: Write>(input: R, out: &mut W) -> Result<(), String> {
        cli::write(out, &solve(&cli::read_all(input)?)?)
    }

    fn round<R: BufRead, W: Write>(
        &mut self,
        referee: &mut Referee<R>,
        out: &mut W,
    ) -> Result<(), Stop> {
        play::round(referee, out)
    }
}

fn main() -> ExitCode {
    cli::main::<Knights>()
}

/// `--play`: the protocol of docs/protocol.md.
mod play {
    use super::protocol::{fault, say, side, Referee, Stop};
    use super::{number, push_number, rule, shown, Tokens, MAX_KNIGHTS, MAX_SIDE};
    use std::io::{BufRead, Write};

    /// Numbers on the referee's current line: exactly `names.len()` of them, each in its range.
    fn numbers<R: BufRead>(
        referee: &Referee<R>,
        names: &[(&str, u64, u64)],
        out: &mut Vec<u64>,
    ) -> Result<(), Stop> {
        let mut tokens = Tokens::new(referee.text());
        for &(name, lo, hi) in names {
            out.push(
                number(&mut tokens, || name.to_owned(), lo, hi)
                    .map_err(|e| relabel(referee, &e))?,
            );
        }
        if let Some((extra, _)) = tokens.next() {
            return Err(fault(
                referee.line(),
                format!(
                    "unexpected \"{}\" after {} numbers",
                    shown(extra),
                    names.len()
                ),
            ));
        }
        Ok(())
    }

    /// Tokens report line 1 of the referee's line; the message names the referee's line.
    fn relabel<R: BufRead>(referee: &Referee<R>, message: &str) -> Stop {
        let rest = message.split_once(": ").map_or(message, |(_, r)| r);
        fault(referee.line(), rest)
    }

    /// One round's knights and board.
    struct Board {
        n: u64,
        knights: Vec<(u64, u64)>,
    }

    impl Board {
        fn movable(&self) -> bool {
            self.knights
                .iter()
                .any(|&(x, y)| rule::moves(self.n, x, y).next().is_some())
        }

        fn mover_wins(&self) -> bool {
            let largest = self
                .knights
                .iter()
                .map(|&(x, y)| rule::suspense(self.n, x, y))
                .max()
                .unwrap_or(0);
            largest % 2 == 1
        }

        /// Our turn: every knight to its best option (as in the judge answer); the line.
        fn our_turn(&mut self, line: &mut Vec<u8>) {
            line.clear();
            for (i, knight) in self.knights.iter_mut().enumerate() {
                let (x, y) = *knight;
                let to = rule::best_move(self.n, x, y).unwrap_or((x, y));
                *knight = to;
                if i > 0 {
                    line.push(b' ');
                }
                push_number(line, to.0);
                line.push(b' ');
                push_number(line, to.1);
            }
        }

        /// The referee's turn, checked: 2·K coordinates, each knight moved legally.
        fn their_turn<R: BufRead>(&mut self, referee: &Referee<R>) -> Result<(), Stop> {
            let mut tokens = Tokens::new(referee.text());
            for i in 0..self.knights.len() {
                let (x, y) = self.knights[i];
                let mut coordinate = |name: &str| {
                    number(
                        &mut tokens,
                        || format!("{name} of knight {}", i + 1),
                        1,
                        self.n,
                    )
                    .map_err(|e| relabel(referee, &e))
                };
                let to = (coordinate("x")?, coordinate("y")?);
                let mut options = rule::moves(self.n, x, y).peekable();
                let legal = if options.peek().is_none() {
                    to == (x, y)
                } else {
                    options.any(|m| m == to)
                };
                if !legal {
                    return Err(fault(
                        referee.line(),
                        format!(
                            "knight {} cannot go from ({x}, {y}) to ({}, {})",
                            i + 1,
                            to.0,
                            to.1
                        ),
                    ));
                }
                self.knights[i] = to;
            }
            if let Some((extra, _)) = tokens.next() {
                return Err(fault(
                    referee.line(),
                    format!("unexpected \"{}\" after the destinations", shown(extra)),
                ));
            }
            Ok(())
        }
    }

    /// Plays one round, from its position (`K N` and K lines) to its `end`.
    pub fn round<R: BufRead, W: Write>(referee: &mut Referee<R>, out: &mut W) -> Result<(), Stop> {
        referee.next("a position `K N`")?;
        let mut header = Vec::with_capacity(2);
        numbers(
            referee,
            &[
                ("K (number of knights)", 1, MAX_KNIGHTS),
                ("N (board side)", 1, MAX_SIDE),
            ],
            &mut header,
        )?;
        let (k, n) = (header[0], header[1]);
        let mut board = Board {
            n,
            knights: Vec::with_capacity(k as usize),
        };
        let mut square = Vec::with_capacity(2);
        for _ in 0..k {
            referee.next("a knight `x y`")?;
            square.clear();
            numbers(referee, &[("x", 1, n), ("y", 1, n)], &mut square)?;
            board.knights.push((square[0], square[1]));
        }
        let mut ours = board.mover_wins();
        say(out, side(ours))?;
        let mut line = Vec::new();
        while board.movable() {
            if ours {
                board.our_turn(&mut line);
                say(out, &line)?;
            } else {
                referee.next("the opponent's move")?;
                if referee.is_end() {
                    // The referee cut the round at its move cap.
                    return Ok(());
                }
                board.their_turn(referee)?;
            }
            ours = !ours;
        }
        referee.end()
    }
}
