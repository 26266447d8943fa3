//! subtraction: the k-times dynamic subtraction game (HDU 2486 / POJ 3922 "A simple stone game").
//!
//! A pile of n stones; the first player takes 1..=n-1 stones, afterwards each player takes
//! 1..=floor(k × the opponent's last removal); whoever takes the last stone wins.
//!
//! Theory (the losing-start sequence of the k-times game: Whinihan's Fibonacci nim for k = 2,
//! Schwenk's "Take-away games" (1970) in general, as stated in games/subtraction/README.md; every
//! claim below is checked against a plain game search in games/subtraction/tests/solution.rs and
//! games/subtraction/tests/solution_play.rs):
//! - the first player loses exactly when n is in the sequence a0 = 1, a(i+1) = b(i) + 1, where
//!   b(i) is the largest sum of distinct terms among a0..=ai in which every term is MORE than k
//!   times the next smaller one. With cap floor(k·x), "y > floor(k·x)" and "y > k·x" agree for
//!   integers y, so the comparison is done exactly as y·den > num·x ("at least k times" fails
//!   the search, e.g. k = 5/2 makes 7 a losing start, not 8).
//! - b(i) = a(i) + b(j), with j the largest index such that a(i) > k·a(j) (b(i) = a(i) if none).
//!   Since b(j) = a(j+1) - 1 this gives a(i+1) = a(i) + a(j'), with j' = #{m : a(i) > k·a(m)}:
//!   only the terms are stored, and j' only moves up, so the whole sequence costs O(T).
//!   While a(i) ≤ k, j' = 0: the sequence starts 1, 2, ..., floor(k) + 1.
//! - every n has a greedy decomposition (take the largest term that fits, repeat) whose terms
//!   satisfy the "more than k times" rule; its smallest term is the smallest winning first move,
//!   and n itself being a term means the first player loses. More generally a player facing m
//!   stones with cap c wins iff that smallest term of m is at most c, and taking it wins: the
//!   next term is more than k times larger, out of the opponent's reach.
//!
//! Modes:
//! - judge (default): t, then t lines `n k`; prints `Case i: x` or `Case i: lose`.
//! - `--play`, or an input starting with `play R` (the referee's header): plays the protocol
//!   of docs/protocol.md over stdin/stdout. A round's position is `n k` (a fresh pile) or
//!   `n k p` (mid-game, p the opponent's last removal: the mover's cap is floor(k·p), and the
//!   same rule, smallest part ≤ cap, decides the side and the move).
//! - `--bench-play n k [moves [one|random]]` (for games/subtraction/bench/subtraction.sh): plays the winning side
//!   in-process against an opponent that always takes one stone (or random amounts),
//!   restarting finished games, and prints the preparation time and the nanoseconds per move.
//!
//! Input rules (the project's limits, games/subtraction/README.md, and the choices made here):
//! - t, then t cases `n k`: 2t tokens separated by any whitespace (spaces, tabs, blank lines
//!   anywhere, LF, CRLF or bare CR line ends; a case may be split across lines or several
//!   joined on one); the last newline may be missing. 1 ≤ t ≤ 10^6. Messages name the line
//!   (LF, CRLF and a bare CR each end one).
//! - 2 ≤ n ≤ 10^18, plain digits (leading zeros allowed, no sign).
//! - k ≥ 1 written `7`, `1.5` or `3/2`: plain digits only, no sign or exponent; a decimal needs
//!   digits on both sides of the point (`1.` and `.5` are rejected) and at most 18 after it
//!   (`1.50` is fine); a fraction needs a non-zero denominator (`0/0`, `3/0` are rejected) and
//!   is reduced (`6/4` = `3/2`). After reduction numerator and denominator are at most 10^18;
//!   each part must fit in 64 bits before it.
//! - When n ≤ floor(k) + 1 every first move x is answered by taking the rest
//!   (floor(k·x) ≥ floor(k) ≥ n - x), so the answer is `lose` with no sequence at all: this
//!   covers every huge k. Otherwise judge mode builds the sequence up to n as blocks of equal
//!   steps (`Blocks`): one block per term used as a step, so for n ≤ k² it is about n/k
//!   blocks (a thousand for the judges' n = 10^8, k = 10^5) while the sequence has about
//!   k·ln(n/k) terms; for larger n the blocks approach the terms (1.9·10^6 blocks, 39 MB,
//!   for k = 10^5 and n = 10^18). A case needing more than MAX_BLOCKS = 3·2^20 blocks is
//!   rejected with a message instead of exhausting memory: every n up to 10^18 fits for
//!   integer k up to 176068 (found by bisection at n = 10^18). The cost is one sequence per
//!   distinct k (cases sharing a k share it): games/subtraction/bench/subtraction.sh measures it.
//! - Play mode keeps every term explicitly (MAX_TERMS = 2^22: every n up to 10^18 for k up
//!   to 1.35·10^5).

// The shared modules this program is built from (the bundler inlines each into
// solutions/<game>.rs); alike across the programs on purpose: a module list, not logic.
#[path = "shared/cli.rs"]
mod cli;
#[path = "shared/protocol.rs"]
mod protocol;
#[path = "shared/tokens.rs"]
mod tokens;

use protocol::{fault, say, side, Referee, Stop};
use std::collections::HashMap;
use std::convert::TryFrom;
use std::io::{BufRead, Read, Write};
use std::process::ExitCode;
use std::time::Instant;
use tokens::Tokens;

const PROG: &str = "subtraction";
const MAX_N: u64 = 1_000_000_000_000_000_000;
const MAX_T: u64 = 1_000_000;
/// Largest accepted numerator or denominator of k after reduction.
const MAX_K_PART: u64 = 1_000_000_000_000_000_000;
/// At most 18 digits after the decimal point, so the denominator 10^d stays within 10^18.
const MAX_DECIMALS: usize = 18;
/// Memory bound on the losing-start sequence: 2^22 terms, 32 MB (48 MB in play mode, with
/// the jump indices).
const MAX_TERMS: usize = 1 << 22;

const USAGE: &str = "\
usage: subtraction            judge mode: reads t, then t lines `n k`, prints `Case i: x` or `Case i: lose`
       subtraction --play     plays the rounds of docs/protocol.md on stdin/stdout
k is an integer (7), a decimal (1.5) or a fraction (3/2), k >= 1; 2 <= n <= 10^18; t <= 10^6.";

/// An input error: the 1-based line it is on and what is wrong.
struct InputError {
    line: usize,
    what: String,
}

fn fail(line: usize, what: impl Into<String>) -> InputError {
    InputError {
        line,
        what: what.into(),
    }
}

/// k = num/den in lowest terms, num ≥ den ≥ 1.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Ratio {
    num: u64,
    den: u64,
}

impl Ratio {
    /// floor(k·x), the cap after a removal of x; saturates (any cap above 10^18 is "no cap").
    fn cap_after(self, x: u64) -> u64 {
        let cap = u128::from(self.num) * u128::from(x) / u128::from(self.den);
        u64::try_from(cap).unwrap_or(u64::MAX)
    }

    /// Whether big > k·small, exactly.
    fn exceeds_k_times(self, big: u64, small: u64) -> bool {
        u128::from(big) * u128::from(self.den) > u128::from(self.num) * u128::from(small)
    }

    /// floor(k).
    fn whole_part(self) -> u64 {
        self.num / self.den
    }
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// A non-empty run of ASCII digits as a number; `what` names it in messages.
fn parse_digits(tok: &[u8], what: &str) -> Result<u64, String> {
    if tok.is_empty() {
        return Err(format!("{what} is empty"));
    }
    let mut value: u64 = 0;
    for &c in tok {
        if !c.is_ascii_digit() {
            return Err(format!(
                "{what} \"{}\" is not a plain decimal number",
                show(tok)
            ));
        }
        value = value
            .checked_mul(10)
            .and_then(|v| v.checked_add(u64::from(c - b'0')))
            .ok_or_else(|| format!("{what} {} overflows 64 bits", show(tok)))?;
    }
    Ok(value)
}

/// A token as a message shows it (bytes that are no UTF-8 and control characters escaped),
/// cut after SHOWN_CHARS characters so that a megabyte-long token still gives a short error
/// line (the longest well-formed k, two 20-digit parts around `/`, fits whole).
fn show(tok: &[u8]) -> String {
    tokens::shown_up_to(tok, SHOWN_CHARS)
}

/// How many characters of a token an error message repeats.
const SHOWN_CHARS: usize = 48;

/// Parses k as `7`, `1.5` or `3/2` into lowest terms and checks 1 ≤ k and the 10^18 bounds.
fn parse_k(tok: &[u8]) -> Result<Ratio, String> {
    let (num, den): (u128, u128) = if let Some(slash) = tok.iter().position(|&c| c == b'/') {
        let num = parse_digits(&tok[..slash], "k's numerator")?;
        let den = parse_digits(&tok[slash + 1..], "k's denominator")?;
        if den == 0 {
            return Err(format!("k = {} has a zero denominator", show(tok)));
        }
        (num.into(), den.into())
    } else if let Some(dot) = tok.iter().position(|&c| c == b'.') {
        let (int, frac) = (&tok[..dot], &tok[dot + 1..]);
        if int.is_empty() || frac.is_empty() {
            return Err(format!(
                "k = {} needs digits on both sides of the point",
                show(tok)
            ));
        }
        if frac.len() > MAX_DECIMALS {
            return Err(format!(
                "k = {} has more than {MAX_DECIMALS} decimals",
                show(tok)
            ));
        }
        let int = parse_digits(int, "k's integer part")?;
        let frac_value = parse_digits(frac, "k's decimals")?;
        let den = 10u128.pow(frac.len() as u32);
        (u128::from(int) * den + u128::from(frac_value), den)
    } else {
        (parse_digits(tok, "k")?.into(), 1)
    };
    if num < den {
        return Err(format!("k = {} is less than 1", show(tok)));
    }
    let g = gcd(num, den);
    let (num, den) = (num / g, den / g);
    match (u64::try_from(num), u64::try_from(den)) {
        (Ok(num), Ok(den)) if num <= MAX_K_PART && den <= MAX_K_PART => Ok(Ratio { num, den }),
        _ => Err(format!(
            "k = {} = {num}/{den} in lowest terms exceeds 10^18 in numerator or denominator",
            show(tok)
        )),
    }
}

/// p of a position `n k p`: the opponent's last removal, 1 ≤ p ≤ 10^18.
fn parse_last(tok: &[u8]) -> Result<u64, String> {
    let p = parse_digits(tok, "p")?;
    if !(1..=MAX_N).contains(&p) {
        return Err(format!("p = {p} is outside 1 to 10^18"));
    }
    Ok(p)
}

fn parse_n(tok: &[u8]) -> Result<u64, String> {
    let n = parse_digits(tok, "n")?;
    if !(2..=MAX_N).contains(&n) {
        return Err(format!("n = {n} is outside 2 to 10^18"));
    }
    Ok(n)
}

// The rest of this file, in parts of one concern each, in the order of its text.
include!("subtraction/losing.rs");
include!("subtraction/judge.rs");
include!("subtraction/play.rs");
include!("subtraction/bench.rs");

#[derive(Default)]
struct Subtraction {
    /// The losing starts of the last round's k, kept for rounds with the same k.
    cache: Option<LosingStarts>,
}

impl cli::Solution for Subtraction {
    const NAME: &'static str = PROG;
    const USAGE: &'static str = USAGE;

    fn batch<R: Read, W: Write>(input: R, out: &mut W) -> Result<(), String> {
        let answer =
            judge(cli::read_all(input)?).map_err(|e| format!("line {}: {}", e.line, e.what))?;
        cli::write(out, &answer)
    }

    fn round<R: BufRead, W: Write>(
        &mut self,
        referee: &mut Referee<R>,
        out: &mut W,
    ) -> Result<(), Stop> {
        play_round(referee, out, &mut self.cache)
    }

    fn option(arg: &str, rest: &[String]) -> Option<Result<(), String>> {
        (arg == "--bench-play").then(|| run_bench(rest))
    }
}

fn main() -> ExitCode {
    cli::main::<Subtraction>()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The judge's blocks against the play mode's explicit terms, for integer and rational k
    /// (the game search itself is in games/subtraction/tests/solution.rs).
    #[test]
    fn blocks_agree_with_the_explicit_sequence() {
        let ks = [
            "1", "2", "3", "3/2", "5/2", "7/3", "10", "99", "1000", "12345/67",
        ];
        let mut blocks = Blocks::new();
        for k in ks {
            let k = parse_k(k.as_bytes()).ok().unwrap();
            let n = 3_000_000;
            let mut seq = LosingStarts::new(k, MAX_TERMS);
            assert!(seq.extend_past(n).is_ok());
            assert!(blocks.build(k, n).is_ok());
            for x in (2..n).step_by(7).chain(n - 100..=n) {
                assert_eq!(
                    blocks.smallest_part(x),
                    seq.smallest_part(x),
                    "k = {k:?}, x = {x}"
                );
            }
        }
    }
}
