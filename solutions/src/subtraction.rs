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

/// Terms per block of the two-level search, and the reach of the galloping probes (a power
/// of two).
const BLOCK: usize = 32;

/// The losing starts a(0) = 1 < a(1) < ... of one k, built up to the first term above the
/// largest pile asked about, with what it takes to search them fast.
struct LosingStarts {
    k: Ratio,
    /// a(i).
    terms: Vec<u64>,
    /// a(0), a(BLOCK), a(2·BLOCK), ...: the first level of the two-level search (under 1 MB
    /// for the longest sequence, so it stays in L2).
    firsts: Vec<u64>,
    /// j' for the next term: #{m : a(last) > k·a(m)}.
    next_jump: usize,
    /// For the first `jumps_kept` terms (all of them in play mode):
    /// jump[i] = #{m : a(i) > k·a(m)}, the index with a(i+1) = a(i) + a(jump[i]). Any x with
    /// a(i) ≤ x < a(i+1) leaves x - a(i) < a(jump[i]), so the next greedy term of x lies below
    /// index jump[i], usually right below it: that is where the search starts looking.
    jump: Vec<u32>,
    jumps_kept: usize,
}

/// The sequence would need more than MAX_TERMS terms to pass n.
struct TooLong;

impl LosingStarts {
    /// An empty sequence (just a(0) = 1) that keeps the jumps of its first `jumps_kept` terms.
    fn new(k: Ratio, jumps_kept: usize) -> Self {
        // Reserving the budget costs address space only: pages are touched as terms arrive,
        // and no reallocation ever holds two copies of a large sequence.
        let mut terms = Vec::with_capacity(MAX_TERMS);
        terms.push(1);
        LosingStarts {
            k,
            terms,
            firsts: vec![1],
            next_jump: 0,
            jump: Vec::with_capacity(jumps_kept),
            jumps_kept,
        }
    }

    /// Starts over for another k, keeping the allocation.
    fn reset(&mut self, k: Ratio) {
        self.k = k;
        self.terms.truncate(1);
        self.firsts.truncate(1);
        self.next_jump = 0;
        self.jump.clear();
    }

    fn last(&self) -> u64 {
        *self.terms.last().unwrap_or(&1)
    }

    /// Extends the sequence until its last term exceeds n (n ≤ 10^18, so every term stays
    /// below 2·10^18: the sum of two terms ≤ n).
    fn extend_past(&mut self, n: u64) -> Result<(), TooLong> {
        let k = self.k;
        let mut j = self.next_jump;
        while self.last() <= n {
            if self.terms.len() >= MAX_TERMS {
                self.next_jump = j;
                return Err(TooLong);
            }
            let i = self.terms.len() - 1;
            let top = self.terms[i];
            // j never passes i: a(i) > k·a(i) is false for k ≥ 1.
            while k.exceeds_k_times(top, self.terms[j]) {
                j += 1;
            }
            if self.jump.len() < self.jumps_kept {
                self.jump.push(j as u32);
            }
            let next = top + self.terms[j];
            if (i + 1) & (BLOCK - 1) == 0 {
                self.firsts.push(next);
            }
            self.terms.push(next);
        }
        self.next_jump = j;
        Ok(())
    }

    /// The largest index m < hi with a(m) ≤ x, given a(hi) > x when hi < len (x ≥ 1, so
    /// m = 0 always qualifies).
    ///
    /// Near first: probes at hi-1, hi-2, hi-4, ..., hi-BLOCK, then a binary search between the
    /// last two. When an opponent takes few stones, or k is small, the answer sits right below
    /// hi and costs a probe or two in cache lines just used. Otherwise the two-level search:
    /// a binary search among every BLOCK-th term, then inside one block (4 cache lines). A
    /// plain binary search over millions of terms would miss the cache and the TLB at almost
    /// every probe (5 µs a judge case at k = 10^5 against under 1 µs).
    fn largest_at_most(&self, x: u64, hi: usize) -> usize {
        let a = &self.terms;
        let (mut lo, mut above, mut step) = (hi - 1, hi, 1);
        while a[lo] > x {
            if step > BLOCK {
                return self.largest_at_most_far(x);
            }
            above = lo;
            lo = lo.saturating_sub(step);
            step *= 2;
        }
        // a[lo] ≤ x < a[above] (or above = hi): binary search strictly between.
        lo + a[lo + 1..above].partition_point(|&t| t <= x)
    }

    /// The two-level search over the whole sequence (x < the last term).
    fn largest_at_most_far(&self, x: u64) -> usize {
        let block = self.firsts.partition_point(|&t| t <= x) - 1;
        let start = block * BLOCK;
        let inside = &self.terms[start..self.terms.len().min(start + BLOCK)];
        start + inside.partition_point(|&t| t <= x) - 1
    }

    /// Smallest term of the greedy decomposition of x (x < the last term): the smallest winning
    /// first move, or x itself when x is a losing start. The terms 1, 2, ..., floor(k) + 1 all
    /// belong to the sequence (a(i+1) = a(i) + a(0) while a(i) ≤ k), so a remainder that small
    /// is the last part. (Judge mode uses `Blocks`; the unit test below compares the two.)
    #[cfg(test)]
    fn smallest_part(&self, mut x: u64) -> u64 {
        let every_value_below = self.k.whole_part().saturating_add(1);
        let mut hi = self.terms.len();
        loop {
            if x <= every_value_below {
                return x;
            }
            let m = self.largest_at_most(x, hi);
            let t = self.terms[m];
            if t == x {
                return t;
            }
            x -= t;
            hi = self.jump.get(m).map_or(self.terms.len(), |&j| j as usize);
        }
    }
}

// ---------------------------------------------------------------- judge mode

/// Largest number of blocks a judge-mode sequence may hold (20 bytes each: 63 MB).
const MAX_BLOCKS: usize = 3 << 20;

/// The losing starts of one k up to the first one above the largest pile asked about, kept
/// as blocks of equal steps (judge mode).
///
/// Why blocks: a(i+1) = a(i) + a(j'), where a(j') is the smallest term with k·a(j') ≥ a(i),
/// i.e. a(i) ≤ floor(k·a(j')) (module docs). So every term t with
/// floor(k·a(j-1)) < t ≤ floor(k·a(j)) steps by the same a(j): those terms form one arithmetic
/// block, and one division gives its length. A block is stored as its first term and its
/// step, and there is at most one block per term a(j) used as a step: for the judges' piles
/// (n ≤ 10^8) and a large k that is the terms up to about n/k, a few thousand, where the
/// sequence itself has k·ln(n/k) terms (7·10^5 for k = 10^5). Integer k caps by a plain
/// saturating u64 product, a rational k by one 128-bit division per block.
struct Blocks {
    /// First term of each block (increasing; starts[0] = a(0) = 1).
    starts: Vec<u64>,
    /// starts[0], starts[BLOCK], starts[2·BLOCK], ...: the first level of the two-level search
    /// (under 1 MB for the most blocks allowed, so it stays in L2).
    firsts: Vec<u64>,
    /// The common step of each block's terms (the term a(j) of that block).
    steps: Vec<u64>,
    /// The block holding steps[b]: a remainder left after taking a term of block b is below
    /// steps[b], so its largest term lies in a block at most below[b].
    below: Vec<u32>,
    /// The first term after the last block's terms that are at most the largest n.
    top: u64,
    /// floor(k) + 1: 1, 2, ..., floor(k) + 1 are all terms.
    every_value_below: u64,
}

impl Blocks {
    fn new() -> Self {
        Blocks {
            starts: Vec::new(),
            firsts: Vec::new(),
            steps: Vec::new(),
            below: Vec::new(),
            top: 1,
            every_value_below: 2,
        }
    }

    /// Builds the blocks of k (reusing the allocation) up to the first term above n ≥ 1.
    fn build(&mut self, k: Ratio, n: u64) -> Result<(), TooLong> {
        self.every_value_below = k.whole_part().saturating_add(1);
        if k.den == 1 {
            let k = k.num;
            self.build_with(n, |s| k.saturating_mul(s))
        } else {
            self.build_with(n, |s| k.cap_after(s))
        }
    }

    /// The construction, with `cap(s)` = floor(k·s) (saturated). Terms stay below 2·10^18:
    /// every block is cut at n ≤ 10^18 and the term after it adds one step ≤ n.
    fn build_with(&mut self, n: u64, cap: impl Fn(u64) -> u64) -> Result<(), TooLong> {
        self.starts.clear();
        self.firsts.clear();
        self.steps.clear();
        self.below.clear();
        let mut top = 1u64; // the next term not yet in a block
                            // The cursor over the terms used as steps: a(j) = v, in block `at` (or v = top with
                            // at = the number of blocks, when the step is the next term itself, as for k = 1).
        let (mut at, mut v) = (0usize, 1u64);
        while top <= n {
            let last = cap(v).min(n);
            if top <= last {
                if self.starts.len() == MAX_BLOCKS {
                    return Err(TooLong);
                }
                // Past n ≈ k², most blocks hold one term: skip the division then.
                let gap = last - top;
                let count = if gap < v { 1 } else { gap / v + 1 };
                if self.starts.len() % BLOCK == 0 {
                    self.firsts.push(top);
                }
                self.starts.push(top);
                self.steps.push(v);
                self.below.push(at as u32);
                top += count * v;
            }
            // top > floor(k·a(j)) now: the next term's step is a(j + 1) or later. A cursor at
            // `top` has just been pushed (cap(top) ≥ top), so block `at` exists here.
            let next_start = self.starts.get(at + 1).copied().unwrap_or(top);
            if v + self.steps[at] < next_start {
                v += self.steps[at];
            } else {
                at += 1;
                v = next_start;
            }
        }
        self.top = top;
        Ok(())
    }

    /// Smallest term of the greedy decomposition of x (2 ≤ x < top): the smallest winning
    /// first move, or x itself when x is a losing start. A remainder of at most floor(k) + 1
    /// is a term itself, so it is the last part.
    fn smallest_part(&self, mut x: u64) -> u64 {
        let mut hi = self.starts.len() - 1;
        loop {
            if x <= self.every_value_below {
                return x;
            }
            let b = self.last_block_at_most(x, hi);
            let (start, s) = (self.starts[b], self.steps[b]);
            // Most blocks past n ≈ k² hold one term: skip the division then.
            let past = x - start;
            let t = if past < s {
                start
            } else {
                start + past / s * s
            };
            if t == x {
                return x;
            }
            x -= t;
            hi = self.below[b] as usize;
        }
    }

    /// The last block starting at or below x (x < the start of block hi + 1, or of `top`),
    /// looked for right below hi first: a remainder is often just below the step it is less
    /// than, and those probes hit cache lines just used. Otherwise the two-level search: a
    /// binary search among every BLOCK-th start, then inside one group (4 cache lines); a
    /// plain binary search over millions of blocks would miss the cache at almost every probe.
    fn last_block_at_most(&self, x: u64, hi: usize) -> usize {
        let starts = &self.starts;
        let mut b = hi;
        for _ in 0..4 {
            if starts[b] <= x {
                return b;
            }
            b -= 1; // starts[0] = 1 ≤ x, so b stays above 0 here
        }
        let group = self.firsts[..=b / BLOCK].partition_point(|&t| t <= x) - 1;
        let from = group * BLOCK;
        let inside = &starts[from..=b.min(from + BLOCK - 1)];
        from + inside.partition_point(|&t| t <= x) - 1
    }
}

/// The judge input's cases, column by column (16 bytes a case): each n, the index of its k
/// among the distinct k's and the line its n is on.
struct Cases {
    ks: Vec<Ratio>,
    k_ids: Vec<u32>,
    ns: Vec<u64>,
    lines: Vec<u32>,
}

fn parse_judge(input: &[u8]) -> Result<Cases, InputError> {
    let mut tokens = Tokens::new(input);
    let (t, line) = tokens
        .next()
        .ok_or_else(|| fail(tokens.line(), "empty input, expected t"))?;
    let t = parse_digits(t, "t").map_err(|e| fail(line, e))?;
    if !(1..=MAX_T).contains(&t) {
        return Err(fail(line, format!("t = {t} is outside 1 to 10^6")));
    }
    let mut cases = Cases {
        ks: Vec::new(),
        k_ids: Vec::with_capacity(t as usize),
        ns: Vec::with_capacity(t as usize),
        lines: Vec::with_capacity(t as usize),
    };
    let mut id_of: HashMap<Ratio, u32> = HashMap::new();
    let mut previous: Option<(Ratio, u32)> = None;
    for i in 1..=t {
        let mut next = |what: &str| {
            tokens.next().ok_or_else(|| {
                fail(
                    tokens.line(),
                    format!("expected {what} of case {i} of {t}, got the end of input"),
                )
            })
        };
        let (n, line) = next("n")?;
        let n = parse_n(n).map_err(|e| fail(line, e))?;
        let (k, k_line) = next("k")?;
        let k = parse_k(k).map_err(|e| fail(k_line, e))?;
        let k_id = match previous {
            Some((p, id)) if p == k => id, // runs of one k skip the hash
            _ => *id_of.entry(k).or_insert_with(|| {
                cases.ks.push(k);
                (cases.ks.len() - 1) as u32
            }),
        };
        previous = Some((k, k_id));
        cases.k_ids.push(k_id);
        cases.ns.push(n);
        cases.lines.push(u32::try_from(line).unwrap_or(u32::MAX));
    }
    if let Some((token, line)) = tokens.next() {
        return Err(fail(
            line,
            format!("extra data \"{}\" after the last case", show(token)),
        ));
    }
    Ok(cases)
}

/// Answers every case (0 for `lose`, else the smallest winning first move), one k at a time:
/// cases are bucketed by k (counting sort) and each k's blocks are built once, past its
/// largest n.
fn solve_judge(cases: &Cases) -> Result<Vec<u64>, InputError> {
    let kinds = cases.ks.len();
    let mut start = vec![0usize; kinds + 1];
    for &id in &cases.k_ids {
        start[id as usize + 1] += 1;
    }
    for i in 0..kinds {
        start[i + 1] += start[i];
    }
    let mut order = vec![0u32; cases.ns.len()];
    let mut fill = start.clone();
    for (i, &id) in cases.k_ids.iter().enumerate() {
        order[fill[id as usize]] = i as u32;
        fill[id as usize] += 1;
    }

    let mut answers = vec![0u64; cases.ns.len()];
    // The earliest case refused (its index), reported once every k has been tried.
    let mut first_error: Option<(usize, InputError)> = None;
    let mut blocks = Blocks::new();
    for (k_id, &k) in cases.ks.iter().enumerate() {
        // Groups are numbered by their first case and keep input order inside, so once a
        // case is refused no later group can hold an earlier case: stop building.
        let group = &order[start[k_id]..start[k_id + 1]];
        if first_error
            .as_ref()
            .is_some_and(|(i, _)| *i < group[0] as usize)
        {
            break;
        }
        let max_n = group
            .iter()
            .map(|&i| cases.ns[i as usize])
            .max()
            .unwrap_or(0);
        // n ≤ floor(k) + 1: whatever x the first player takes, floor(k·x) ≥ floor(k) ≥ n - x.
        if max_n <= k.whole_part().saturating_add(1) {
            continue; // every answer stays `lose`
        }
        let complete = blocks.build(k, max_n).is_ok();
        for &i in group {
            let i = i as usize;
            let n = cases.ns[i];
            if complete {
                let part = blocks.smallest_part(n);
                answers[i] = if part == n { 0 } else { part };
            } else if !matches!(&first_error, Some((e, _)) if *e < i) {
                let line = cases.lines[i] as usize;
                let what = format!(
                    "k = {}/{} with n = {n} (case {}) needs more than {MAX_BLOCKS} blocks of \
                     losing starts (every n up to 10^18 fits for k up to 176068, and \
                     n <= floor(k) + 1 for any k)",
                    k.num,
                    k.den,
                    i + 1
                );
                first_error = Some((i, fail(line, what)));
            }
        }
    }
    match first_error {
        Some((_, e)) => Err(e),
        None => Ok(answers),
    }
}

/// A play-mode sequence too long to hold.
fn too_long(line: usize, k: Ratio, n: u64) -> InputError {
    fail(
        line,
        format!(
            "k = {}/{} with n = {n} needs more than {MAX_TERMS} losing starts \
             (every n is supported for k up to 135000, and n <= floor(k) + 1 for any k)",
            k.num, k.den
        ),
    )
}

fn judge(input: Vec<u8>) -> Result<Vec<u8>, InputError> {
    let cases = parse_judge(&input)?;
    drop(input);
    let answers = solve_judge(&cases)?;
    drop(cases);
    let mut out = Vec::with_capacity(answers.len() * 24);
    for (i, &a) in answers.iter().enumerate() {
        out.extend_from_slice(b"Case ");
        push_decimal(&mut out, i as u64 + 1);
        if a == 0 {
            out.extend_from_slice(b": lose\n");
        } else {
            out.extend_from_slice(b": ");
            push_decimal(&mut out, a);
            out.push(b'\n');
        }
    }
    Ok(out)
}

/// Appends x in decimal (the formatting machinery costs more than the answers themselves).
fn push_decimal(out: &mut Vec<u8>, mut x: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (x % 10) as u8;
        x /= 10;
        if x == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[at..]);
}

// ---------------------------------------------------------------- play mode

/// One round's pile, kept as its greedy decomposition so that every move is found without
/// recomputing it.
///
/// `parts` holds the indices of the decomposition's terms, the largest at the bottom and the
/// smallest on top. How each move is found:
/// - our move: the top term t1 is the smallest winning removal (theory above); pop it. The
///   next term t2 > k·t1 ≥ the opponent's cap, so the opponent cannot empty t2 and the rest
///   stays the greedy decomposition of the pile.
/// - the opponent's move y < t2 = a(i): pop i and push the decomposition of a(i) - y, each
///   term searched below index i, then below jump[m] after each term a(m) (see `jump`), probes
///   right below that bound first. Parts pushed are popped once each (by our move, or by the
///   opponent's move into them), so a game of M moves does O(M + log n) searches in all: O(1)
///   amortized per move. A search costs a probe or two when the opponent takes few stones
///   (the bench: about 20 ns a move for any n and k); against large random moves at
///   k = 10^5 the far search makes it about 0.5 µs.
/// - a pile of at most floor(k) + 1 stones (only then may `seq` be absent): the answer to any
///   first move is to take the rest.
struct Pile {
    left: u64,
    parts: Vec<u32>,
}

impl Pile {
    fn new(seq: Option<&LosingStarts>, n: u64) -> Pile {
        let mut pile = Pile {
            left: 0,
            parts: Vec::new(),
        };
        pile.restart(seq, n);
        pile
    }

    /// A fresh pile of n stones, reusing the allocation.
    fn restart(&mut self, seq: Option<&LosingStarts>, n: u64) {
        self.left = n;
        self.parts.clear();
        if let Some(seq) = seq {
            self.push_decomposition(seq, n, seq.terms.len());
        }
    }

    fn push_decomposition(&mut self, seq: &LosingStarts, mut x: u64, mut hi: usize) {
        while x > 0 {
            let m = seq.largest_at_most(x, hi);
            self.parts.push(m as u32);
            x -= seq.terms[m];
            hi = seq.jump[m] as usize;
        }
    }

    /// Whether the player to move with this cap wins.
    fn mover_wins(&self, seq: Option<&LosingStarts>, cap: u64) -> bool {
        self.our_move(seq).is_some_and(|x| x <= cap)
    }

    /// The smallest winning removal if the mover's cap allows it.
    fn our_move(&self, seq: Option<&LosingStarts>) -> Option<u64> {
        match seq {
            None => Some(self.left),
            Some(seq) => self.parts.last().map(|&m| seq.terms[m as usize]),
        }
    }

    /// Takes x stones (legal: 1 ≤ x ≤ left), keeping the decomposition.
    fn take(&mut self, seq: Option<&LosingStarts>, x: u64) {
        self.left -= x;
        let Some(seq) = seq else { return };
        match self.parts.pop() {
            Some(m) if seq.terms[m as usize] > x => {
                self.push_decomposition(seq, seq.terms[m as usize] - x, m as usize)
            }
            Some(m) if seq.terms[m as usize] == x => {}
            _ => {
                // More than the smallest part: never happens against a winning mover (the cap
                // forbids it), handled anyway by rebuilding from scratch.
                self.parts.clear();
                self.push_decomposition(seq, self.left, seq.terms.len());
            }
        }
    }
}

/// Plays one round, from its position `n k` (or `n k p`, mid-game) to its `end`; `cache` keeps the
/// losing starts of the last k for the next round.
fn play_round<R: BufRead, W: Write>(
    referee: &mut Referee<R>,
    out: &mut W,
    cache: &mut Option<LosingStarts>,
) -> Result<(), Stop> {
    let (line, text) = referee.read("a position `n k` or `n k p`")?;
    let toks: Vec<&[u8]> = text
        .split(u8::is_ascii_whitespace)
        .filter(|t| !t.is_empty())
        .collect();
    // `n k p`: a round that starts mid-game, p the opponent's last removal.
    let (n, k, last) = match toks.as_slice() {
        [n, k] => (n, k, None),
        [n, k, p] => (n, k, Some(p)),
        _ => {
            return Err(fault(
                line,
                format!(
                    "expected a position `n k` or `n k p`, got \"{}\"",
                    show(text)
                ),
            ))
        }
    };
    let n = parse_n(n).map_err(|e| fault(line, e))?;
    let k = parse_k(k).map_err(|e| fault(line, e))?;
    let last = match last {
        Some(p) => Some(parse_last(p).map_err(|e| fault(line, e))?),
        None => None,
    };
    let seq = if n <= k.whole_part().saturating_add(1) {
        None
    } else {
        let seq = match cache {
            Some(s) if s.k == k => s,
            Some(s) => {
                s.reset(k);
                s
            }
            None => cache.insert(LosingStarts::new(k, MAX_TERMS)),
        };
        seq.extend_past(n)
            .map_err(|TooLong| fault(line, too_long(line as usize, k, n).what))?;
        Some(&*seq)
    };
    let mut pile = Pile::new(seq, n);
    // A fresh pile's first move takes at most n − 1; mid-game the cap comes from p.
    let mut cap = last.map_or(n - 1, |p| k.cap_after(p));
    let mut our_turn = pile.mover_wins(seq, cap);
    say(out, side(our_turn))?;
    while pile.left > 0 {
        if our_turn {
            let x = match pile.our_move(seq) {
                Some(x) if x <= cap => x,
                _ => 1, // a lost position: cannot happen after a legal opponent move
            };
            say(out, x.to_string().as_bytes())?;
            pile.take(seq, x);
            cap = k.cap_after(x);
        } else {
            let limit = cap.min(pile.left);
            let (line, text) = referee.read("the opponent's move")?;
            if text == b"end" {
                // The referee cut the round at its move cap.
                return Ok(());
            }
            let y = match parse_digits(text, "move") {
                Ok(y) if (1..=limit).contains(&y) => y,
                Ok(y) => return Err(fault(line, format!("move {y} is outside 1 to {limit}"))),
                Err(e) => return Err(fault(line, e)),
            };
            pile.take(seq, y);
            cap = k.cap_after(y);
        }
        our_turn = !our_turn;
    }
    referee.end()
}

// ---------------------------------------------------------------- in-process benchmark

/// `--bench-play N K [MOVES [OPPONENT]]`: the winning side (engine) against an opponent,
/// both in this process; finished games restart from N until MOVES moves (default 10^7) of
/// the engine's side are made. OPPONENT is `one` (default: always takes one stone, the
/// measure games/subtraction/bench/subtraction.sh reports) or `random` (a uniform legal amount, xorshift with
/// a fixed seed). Prints the preparation time and the time per engine move, the opponent's
/// moves (which include the decomposition upkeep) counted in. Integer arithmetic only, like
/// the rest.
fn run_bench(args: &[String]) -> Result<(), String> {
    let [n, k, rest @ ..] = args else {
        return Err("--bench-play needs N K [MOVES [one|random]]".into());
    };
    let n = parse_n(n.as_bytes())?;
    let k = parse_k(k.as_bytes())?;
    let (moves, random) = match rest {
        [] => (10_000_000, false),
        [m] => (parse_digits(m.as_bytes(), "MOVES")?, false),
        [m, o] if o == "one" || o == "random" => {
            (parse_digits(m.as_bytes(), "MOVES")?, o == "random")
        }
        _ => return Err("--bench-play needs N K [MOVES [one|random]]".into()),
    };
    let t0 = Instant::now();
    let mut seq = LosingStarts::new(k, MAX_TERMS);
    seq.extend_past(n)
        .map_err(|TooLong| too_long(0, k, n).what)?;
    let prepared = t0.elapsed();
    let t1 = Instant::now();
    let (mut made, mut games, mut checksum) = (0u64, 0u64, 0u64);
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut pile = Pile::new(None, 0);
    while made < moves {
        games += 1;
        pile.restart(Some(&seq), n);
        let mut cap = n - 1;
        let mut engine_turn = pile.mover_wins(Some(&seq), cap);
        while pile.left > 0 && made < moves {
            let x = if engine_turn {
                made += 1;
                match pile.our_move(Some(&seq)) {
                    Some(x) if x <= cap => x,
                    _ => return Err(format!("engine lost its win at {} stones", pile.left)),
                }
            } else if random {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                1 + state % cap.min(pile.left)
            } else {
                1
            };
            checksum = checksum.wrapping_add(x);
            pile.take(Some(&seq), x);
            cap = k.cap_after(x);
            engine_turn = !engine_turn;
        }
    }
    let tenths_ns = t1.elapsed().as_nanos() * 10 / u128::from(made.max(1));
    let prepare_us = prepared.as_micros();
    println!(
        "n={n} k={}/{} opponent={} terms={} prepare_ms={}.{:03} games={games} moves={made} \
         ns_per_move={}.{} checksum={checksum}",
        k.num,
        k.den,
        if random { "random" } else { "one" },
        seq.terms.len(),
        prepare_us / 1000,
        prepare_us % 1000,
        tenths_ns / 10,
        tenths_ns % 10
    );
    Ok(())
}

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
