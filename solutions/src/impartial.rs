//! impartial: any impartial game of the classic texts from its rules.
//!
//! The game is a spec line (games/impartial/docs/impartial.md): an octal or hexadecimal code `0.137`, a
//! subtraction set `{1,2,4}` or `{1,4 mod 5}`, `nim`, `lasker`, `grundy`, `queue` (aliases
//! `kayles`, `dawson-kayles`, `dawson-chess`), `misere ` before it for misère play. A position
//! is a list of heaps; a move replaces one heap by the non-empty heaps it becomes.
//!
//! Theory used (games/impartial/docs/impartial.md argues each; games/impartial/tests/solution.rs checks every answer
//! against a plain exhaustive search):
//! - normal play: Sprague–Grundy. The value of one heap comes from the mex recurrence; a
//!   position is lost iff the xor of its heaps' values is 0, and a winning move turns one heap
//!   whose value has the xor's top bit into an option of value (its value xor the xor).
//! - octal and hexadecimal codes with splits, and the queue game: the values are computed by
//!   the recurrence until a period p from n0 is seen over the range a periodicity theorem asks
//!   for (Guy–Smith: n0 ≤ n < 2·n0 + p + t with two-heap splits; 3·n0 + 2·p + t with
//!   three-heap splits, n0 ≥ 1; the queue game as a two-heap split with t = 1, n0 ≥ 2), then
//!   every larger heap is read through the period. Without a proven period, the recurrence runs
//!   to the largest heap asked (exact, quadratic).
//! - subtraction sets, octal codes without splits: the recurrence directly (linear).
//! - periodic sets `{r mod m}`: the recurrence, with one growing set of seen values per
//!   residue of n (the options of n are every earlier heap of a few residue classes).
//! - nim: g(n) = n. lasker: g(4j+1) = 4j+1, g(4j+2) = 4j+2, g(4j+3) = 4j+4, g(4j+4) = 4j+3.
//! - grundy: the recurrence over the splits, with the seen values as one 64-bit mask.
//! - misère: nim and lasker are lost iff the xor is 0, unless every heap is 0 or 1, then iff the
//!   number of 1-heaps is odd; every other game by Conway's genus theory where every heap is
//!   tame (the tame rule, impartial/misere.rs; heaps to 10^18 through a proven period of the
//!   heaps' kinds), else by exact search over positions (multisets of heaps, memoised) when
//!   the heaps sum to at most 60; beyond, through the misère quotient of the heaps up to the
//!   largest (impartial/quotient.rs, proven for every position by two finite checks; past heap
//!   30 with a period of the heaps' elements proven by Plambeck–Siegel's periodicity theorem
//!   or by the same checks) when it is found
//!   within its bounds, and a refusal otherwise (never a guess).

// The shared modules this program is built from (the bundler inlines each into
// solutions/<game>.rs); alike across the programs on purpose: a module list, not logic.
#[path = "shared/cli.rs"]
mod cli;
#[path = "shared/protocol.rs"]
mod protocol;
#[path = "shared/tokens.rs"]
mod tokens;

#[path = "impartial/misere.rs"]
mod misere;
#[path = "impartial/quotient.rs"]
mod quotient;

use protocol::{fault, say, show, side, Referee, Stop};
use std::io::{BufRead, Read, Write};
use std::process::ExitCode;
use tokens::Tokens;

const PROG: &str = "impartial";
/// The largest heap whose value is computed for batch and play (the judge's limit).
const MAX_HEAP: u64 = 1_000_000;
/// The queue game has no known period and no rare-value method here: every heap costs a
/// quadratic recurrence, so heaps stop at 10^5.
const MAX_QUEUE_HEAP: u64 = 100_000;
/// Heaps above MAX_HEAP are answered through a period proven within the first MAX_HEAP
/// values (octal codes without three-heap splits, finite subtraction sets), up to this.
const MAX_PERIODIC_HEAP: u64 = 1_000_000_000_000_000_000;
/// `--values`: the largest table computed (values beyond come from a proven period).
const MAX_TABLE: u64 = 1 << 25;
/// `--values --from A --to B`: at most this many lines.
const MAX_WINDOW: u64 = 100_000_000;
/// Misère play of games other than nim and lasker: positions holding a wild heap (or a heap
/// whose kind is unknown) by exact search up to this many tokens (u128 keys: at most 63).
const MISERE_MAX_SUM: u64 = 60;
/// Misère kinds (tame or wild) are computed up to this heap for games without splits...
const MAX_KINDS: usize = 1_000_000;
/// Wild positions beyond the search are answered through the misère quotient of the heaps up
/// to their largest, up to this heap, past it of heaps up to it with a proven period, when it
/// is found within these bounds (games/impartial/docs/impartial.md).
const MAX_QUOTIENT_HEAP: u64 = 30;
const QUOTIENT_ANSWER_BOUNDS: quotient::Bounds = quotient::Bounds {
    order: 256,
    positions: 200_000,
    checks: 200_000,
    tokens: 16,
};
/// ... and up to this one for games with splits (their options grow with the heap).
const MAX_KINDS_SPLIT: usize = 1 << 13;
/// At most this many positions and heaps per position (lenient beyond the judge's 1000, 100).
const MAX_T: u64 = 1_000_000;
const MAX_K: u64 = 1_000_000;
/// Members of a finite subtraction set after ranges are expanded.
const MAX_SET: usize = 4096;
const MAX_MODULUS: u64 = 1000;

const USAGE: &str = "\
usage: impartial                 batch: a spec line, T, then T positions `k h1 ... hk`;
                                 prints `First i a b ...` (a winning move) or `Second`
       impartial --play          plays the referee protocol (docs/protocol.md)
       impartial --values SPEC [--from A] --to N [--mask auto|none|HEX|HEX:heap]
                                 the Grundy values g(A..N) of one heap (normal play): a header
                                 `# spec=.. to=N preperiod=.. period=.. proof=.. checked-to=..
                                 mask=.. rare=.. last-rare=.. largest=..` then one line
                                 `n g(n)` per heap size; --mask: the rare-value method's mask
                                 (HEX:heap: rare by heap parity too)
       impartial --genus SPEC --to N
                                 the misère genus g^{γ0γ1...} of heaps 0..N, each `tame` or
                                 `wild` (games/impartial/docs/impartial.md)
       impartial --quotient SPEC [--to N] [--proof checks]
                                 the misère quotient of heaps 0..N (N 12 by default, at most
                                 255): order, generators, elements, P-portion, each heap's
                                 element, the multiplication table up to order 64; a period
                                 of the elements proven by the periodicity theorem, else
                                 (or with --proof checks) by the checks
SPEC: an octal/hex code (0.137, 4.07, 0.8), a subtraction set ({1,2,4}, {1..3}, {1,4 mod 5}),
nim, lasker, grundy, queue, kayles, dawson-kayles, dawson-chess; `misere ` before it for
misère play (games/impartial/docs/impartial.md).";

// The rest of this file, in parts of one concern each, in the order of its text.
include!("impartial/spec.rs");
include!("impartial/rules.rs");
include!("impartial/value_loops.rs");
include!("impartial/values.rs");
include!("impartial/answers.rs");
include!("impartial/batch.rs");
include!("impartial/play.rs");
include!("impartial/tables.rs");

#[derive(Default)]
struct Impartial;

impl cli::Solution for Impartial {
    const NAME: &'static str = PROG;
    const USAGE: &'static str = USAGE;

    fn batch<R: Read, W: Write>(input: R, out: &mut W) -> Result<(), String> {
        let answer = judge(&cli::read_all(input)?)?;
        cli::write(out, answer.as_bytes())
    }

    fn round<R: BufRead, W: Write>(
        &mut self,
        referee: &mut Referee<R>,
        out: &mut W,
    ) -> Result<(), Stop> {
        play_round(referee, out)
    }

    fn option(arg: &str, rest: &[String]) -> Option<Result<(), String>> {
        match arg {
            "--values" => Some(values_table(rest)),
            "--genus" => Some(genus_table(rest)),
            "--quotient" => Some(quotient_table(rest)),
            _ => None,
        }
    }
}

fn main() -> ExitCode {
    cli::main::<Impartial>()
}
