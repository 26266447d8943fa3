//! pawns — Timus 1465 "Pawn Game" (docs/problems.md, section 1), std-only, one file.
//!
//! A 3×N board, white pawns on row 1, black pawns on row 3, White to move; chess pawn moves,
//! captures mandatory, a player without a legal move loses.
//!
//! Theory (each step is checked by games/pawns/tests/judge_mode.rs and games/pawns/tests/play_mode.rs, not
//! taken on trust):
//! * Call a column "full" when it holds a white pawn on row 1, a black pawn on row 3 and
//!   nothing on row 2. Maximal runs of full columns are "segments"; between segments lie only
//!   empty columns and dead columns (pawns that can never move again).
//! * A push in column i of a segment starts a chain of forced captures. Interior column: the
//!   opponent must take the pushed pawn with its pawn from column i-1 or i+1; the mover must
//!   retake with its pawn from either neighbouring column; the opponent must retake with its
//!   other neighbour; the mover retakes with its last neighbour. Then columns i-1 and i+1
//!   are empty, column i holds three pawns that can never move, and nothing touches row 2 of
//!   columns i±1 again. Every choice of capture along the way ends on this same board. At a
//!   segment's end (length ≥ 2) the chain is push, capture, recapture and clears columns i
//!   and i±1; a segment of length 1 just dies. Each time the pusher's opponent moves next,
//!   so a push with its chain is one move of the octal game 0.137 (Dawson's chess;
//!   Berlekamp, Conway, Guy, "Winning Ways", ch. 4): from a heap of n, take 1 if n = 1,
//!   take 2 from an end, or take 3 anywhere (splitting the heap).
//! * Sprague–Grundy: the board is the sum of its segments, and White (to move) wins iff
//!   g(N) != 0, with the same N, no shift (games/pawns/tests/judge_mode.rs checks this against an
//!   exhaustive search of the board), where g(0) = 0, g(1) = 1 and for n ≥ 2
//!   g(n) = mex({g(n-2)} ∪ {g(l) xor g(n-3-l) : 0 ≤ l ≤ n-3}).
//! * g is periodic with period 34 from n = 52 on (last exception n = 51; games/pawns/tests/judge_mode.rs
//!   proves it with the periodicity theorem for octal games), so g(n) = G[n] for n < 86
//!   and G[52 + (n - 52) mod 34] beyond. Reducing mod 136 instead, as some judge solutions
//!   do, breaks at n = 136 itself: G[0] = 0 but g(136) = g(68) = 8.
//!
//! Modes: `pawns < input` answers the judge input; `pawns --play`, or an input starting with
//! `play R` (the referee's header, as a judge runs the file without arguments), plays
//! docs/protocol.md.
//! (The few `pub` items are for games/pawns/bench/pawns.sh, which includes this file as a module.)

// The shared modules this program is built from (the bundler inlines each into
// solutions/<game>.rs); alike across the programs on purpose: a module list, not logic.
#[path = "shared/cli.rs"]
mod cli;
#[path = "shared/protocol.rs"]
mod protocol;
#[path = "shared/tokens.rs"]
mod tokens;

pub use protocol::Stop;
use protocol::{fault, say, side, Referee};
use std::collections::BTreeMap;
use std::io::{BufRead, Read, Write};
use std::process::ExitCode;
use tokens::{shown, Tokens};

const PROG: &str = "pawns";
/// The project's limit on N in judge mode.
const MAX_N: u64 = 1_000_000_000_000_000_000;
/// The largest board play mode builds (it stores the board: a few bytes per column).
const MAX_PLAY_N: u64 = 1_000_000;
/// g(n) is periodic from PRE_PERIOD on with this period.
const PRE_PERIOD: usize = 52;
const PERIOD: usize = 34;
/// The table holds the pre-period and one full period.
const TABLE_LEN: usize = PRE_PERIOD + PERIOD;
/// Grundy values of 0.137 stay below 16 (the largest is 9, reached within the table).
const VALUE_LIMIT: usize = 16;

/// g(0..86) of the octal game 0.137 by the mex recurrence, evaluated by the compiler.
const GRUNDY: [u8; TABLE_LEN] = dawson_table();

// Every value fits the per-value buckets of play mode (checked at compile time).
const _: () = {
    let mut n = 0;
    while n < TABLE_LEN {
        assert!((GRUNDY[n] as usize) < VALUE_LIMIT);
        n += 1;
    }
};

const fn dawson_table() -> [u8; TABLE_LEN] {
    let mut g = [0u8; TABLE_LEN];
    let mut n = 1;
    while n < TABLE_LEN {
        // Bit v of `seen` says a move reaches Grundy value v.
        let mut seen: u32 = 0;
        // Take from an end: the whole heap if n = 1, two columns otherwise.
        let end_rest = if n >= 2 { g[n - 2] } else { 0 };
        seen |= 1 << end_rest;
        // Take three from the middle, leaving heaps l and n-3-l.
        let mut l = 0;
        while l + 3 <= n {
            seen |= 1 << (g[l] ^ g[n - 3 - l]);
            l += 1;
        }
        let mut mex = 0;
        while seen & (1 << mex) != 0 {
            mex += 1;
        }
        g[n] = mex;
        n += 1;
    }
    g
}

/// g(n) for any n, in O(1).
fn grundy(n: u64) -> u8 {
    if n < TABLE_LEN as u64 {
        GRUNDY[n as usize]
    } else {
        GRUNDY[PRE_PERIOD + ((n - PRE_PERIOD as u64) % PERIOD as u64) as usize]
    }
}

/// Whether White, moving first on the 3×n board, wins.
pub fn white_wins(n: u64) -> bool {
    grundy(n) != 0
}

// The rest of this file, in parts of one concern each, in the order of its text.
include!("pawns/judge.rs");
include!("pawns/play.rs");

const USAGE: &str = "\
usage: pawns < input        judge mode: one integer N (1 <= N <= 10^18), prints White or Black
       pawns --play         play mode: docs/protocol.md, the 3xN board (N <= 10^6)
Timus 1465 \"Pawn Game\": who wins on the 3xN board with pawns, captures mandatory.";

#[derive(Default)]
struct Pawns;

impl cli::Solution for Pawns {
    const NAME: &'static str = PROG;
    const USAGE: &'static str = USAGE;

    fn batch<R: Read, W: Write>(input: R, out: &mut W) -> Result<(), String> {
        let answer =
            judge(&cli::read_all(input)?).map_err(|e| format!("line {}: {}", e.line, e.what))?;
        cli::write(out, answer.as_bytes())
    }

    fn round<R: BufRead, W: Write>(
        &mut self,
        referee: &mut Referee<R>,
        out: &mut W,
    ) -> Result<(), Stop> {
        play_round(referee, out)
    }
}

fn main() -> ExitCode {
    cli::main::<Pawns>()
}
