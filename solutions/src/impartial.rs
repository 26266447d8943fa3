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

// ---------------------------------------------------------------------------------------------
// The spec

#[derive(Clone, Debug, PartialEq, Eq)]
enum Game {
    /// digits[k] for k = 0..=t: what removing k tokens may leave (bits 1, 2, 4, 8).
    Octal(Vec<u8>),
    /// A finite subtraction set, increasing.
    Subtraction(Vec<u64>),
    /// Every s ≥ 1 with s mod modulus among the residues.
    Periodic {
        modulus: u64,
        residues: Vec<u64>,
    },
    Nim,
    Lasker,
    Grundy,
    Queue,
}

#[derive(Clone, Debug)]
struct Spec {
    game: Game,
    misere: bool,
}

fn parse_spec(line: &str) -> Result<Spec, String> {
    let text = line.trim();
    let (misere, rest) = match text
        .strip_prefix("misere")
        .or_else(|| text.strip_prefix("misère"))
    {
        Some(rest) if rest.starts_with(|c: char| c.is_whitespace()) => (true, rest),
        _ => (false, text),
    };
    let game: String = rest.chars().filter(|c| !c.is_whitespace()).collect();
    let game = match game.as_str() {
        "" => return Err("the spec line names no game".into()),
        "nim" => Game::Nim,
        "lasker" => Game::Lasker,
        "grundy" => Game::Grundy,
        "queue" => Game::Queue,
        "kayles" => parse_code("0.77")?,
        "dawson-kayles" => parse_code("0.07")?,
        "dawson-chess" => parse_code("0.137")?,
        g if g.starts_with('{') => parse_set(g)?,
        g if g.contains('.') => parse_code(g)?,
        g => return Err(format!("unknown game {}", show(g.as_bytes()))),
    };
    Ok(Spec { game, misere })
}

fn parse_code(code: &str) -> Result<Game, String> {
    let bad = || format!("bad octal/hex code {}", show(code.as_bytes()));
    let (head, tail) = code.split_once('.').ok_or_else(bad)?;
    let d0 = match head {
        "" => 0,
        h if h.len() == 1 => h
            .chars()
            .next()
            .and_then(|c| c.to_digit(16))
            .ok_or_else(bad)? as u8,
        _ => return Err(bad()),
    };
    if d0 & 3 != 0 {
        return Err(format!(
            "{}: digit 0 may only have bits 4 and 8 (bits 1 and 2 would remove nothing)",
            show(code.as_bytes())
        ));
    }
    let mut digits = vec![d0];
    for c in tail.chars() {
        digits.push(c.to_digit(16).ok_or_else(bad)? as u8);
    }
    while digits.len() > 1 && digits[digits.len() - 1] == 0 {
        digits.pop();
    }
    if digits.len() < 2 {
        return Err(format!(
            "{}: no digit after the point is non-zero",
            show(code.as_bytes())
        ));
    }
    if digits.len() > 9 {
        return Err(format!(
            "{}: more than 8 digits after the point",
            show(code.as_bytes())
        ));
    }
    Ok(Game::Octal(digits))
}

fn parse_number(text: &str, what: &str) -> Result<u64, String> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) || text.len() > 19 {
        return Err(format!("{what} {} is not a number", show(text.as_bytes())));
    }
    Ok(text.parse().unwrap_or(u64::MAX))
}

/// Members `a` or ranges `a..b`, comma-separated.
fn parse_members(list: &str, what: &str) -> Result<Vec<u64>, String> {
    let mut members = Vec::new();
    for item in list.split(',') {
        let (lo, hi) = match item.split_once("..") {
            Some((a, b)) => (parse_number(a, what)?, parse_number(b, what)?),
            None => {
                let a = parse_number(item, what)?;
                (a, a)
            }
        };
        if lo > hi {
            return Err(format!("empty range {item} in the set"));
        }
        if hi - lo >= MAX_SET as u64 {
            return Err(format!("range {item} too long (at most {MAX_SET} members)"));
        }
        members.extend(lo..=hi);
        if members.len() > MAX_SET {
            return Err(format!("more than {MAX_SET} members in the set"));
        }
    }
    members.sort_unstable();
    members.dedup();
    Ok(members)
}

fn parse_set(set: &str) -> Result<Game, String> {
    let inner = set
        .strip_prefix('{')
        .and_then(|s| s.strip_suffix('}'))
        .ok_or_else(|| {
            format!(
                "a set must be written {{...}}, got {}",
                show(set.as_bytes())
            )
        })?;
    if let Some((residues, modulus)) = inner.split_once("mod") {
        let modulus = parse_number(modulus, "modulus")?;
        if modulus == 0 || modulus > MAX_MODULUS {
            return Err(format!("modulus {modulus} is not in 1 to {MAX_MODULUS}"));
        }
        let residues = parse_members(residues, "residue")?;
        if let Some(r) = residues.iter().find(|&&r| r >= modulus) {
            return Err(format!("residue {r} is not below the modulus {modulus}"));
        }
        return Ok(Game::Periodic { modulus, residues });
    }
    let members = parse_members(inner, "member")?;
    if members.first() == Some(&0) {
        return Err("a subtraction set member must be positive".into());
    }
    if let Some(m) = members.iter().find(|&&m| m > MAX_HEAP) {
        return Err(format!("set member {m} is above {MAX_HEAP}"));
    }
    Ok(Game::Subtraction(members))
}

// ---------------------------------------------------------------------------------------------
// The rules: the options of one heap

/// Calls `f` with each option of a heap of n (the non-empty heaps it becomes, 0 to 3 of them)
/// until `f` returns true; returns whether it did.
fn for_each_option(game: &Game, n: u64, mut f: impl FnMut(&[u64]) -> bool) -> bool {
    match game {
        Game::Octal(digits) => {
            for (k, &d) in digits.iter().enumerate() {
                let k = k as u64;
                if k > n {
                    break;
                }
                let rest = n - k;
                if k > 0 && d & 1 != 0 && rest == 0 && f(&[]) {
                    return true;
                }
                if k > 0 && d & 2 != 0 && rest >= 1 && f(&[rest]) {
                    return true;
                }
                if d & 4 != 0 {
                    for a in 1..=rest / 2 {
                        if f(&[a, rest - a]) {
                            return true;
                        }
                    }
                }
                if d & 8 != 0 {
                    for a in 1..=rest / 3 {
                        for b in a..=(rest - a) / 2 {
                            if f(&[a, b, rest - a - b]) {
                                return true;
                            }
                        }
                    }
                }
            }
            false
        }
        Game::Subtraction(set) => {
            for &s in set.iter().take_while(|&&s| s <= n) {
                let stop = if s == n { f(&[]) } else { f(&[n - s]) };
                if stop {
                    return true;
                }
            }
            false
        }
        Game::Periodic { modulus, residues } => {
            for s in 1..=n {
                if residues.contains(&(s % modulus)) {
                    let stop = if s == n { f(&[]) } else { f(&[n - s]) };
                    if stop {
                        return true;
                    }
                }
            }
            false
        }
        Game::Nim | Game::Lasker => {
            if n > 0 && f(&[]) {
                return true;
            }
            for x in 1..n {
                if f(&[x]) {
                    return true;
                }
            }
            if *game == Game::Lasker {
                for a in 1..=n / 2 {
                    if f(&[a, n - a]) {
                        return true;
                    }
                }
            }
            false
        }
        Game::Grundy => {
            for a in 1..=n.saturating_sub(1) / 2 {
                if f(&[a, n - a]) {
                    return true;
                }
            }
            false
        }
        Game::Queue => {
            for i in 1..=n {
                let (a, b) = (i - 1, n - i);
                let stop = match (a >= 2, b >= 2) {
                    (true, true) => f(&[a, b]),
                    (true, false) => f(&[a]),
                    (false, true) => f(&[b]),
                    (false, false) => f(&[]),
                };
                if stop {
                    return true;
                }
            }
            false
        }
    }
}

/// Whether a heap of n may become `parts` (non-empty heaps) in one move.
fn is_option(game: &Game, n: u64, parts: &[u64]) -> bool {
    if parts.contains(&0) {
        return false;
    }
    let sum: u64 = parts.iter().sum();
    match game {
        Game::Octal(digits) => {
            if sum > n || parts.len() > 3 {
                return false;
            }
            let k = (n - sum) as usize;
            let bit = [1u8, 2, 4, 8][parts.len()];
            digits.get(k).is_some_and(|&d| d & bit != 0) && (k > 0 || parts.len() >= 2)
        }
        Game::Subtraction(set) => {
            parts.len() <= 1 && sum < n && set.binary_search(&(n - sum)).is_ok()
        }
        Game::Periodic { modulus, residues } => {
            parts.len() <= 1 && sum < n && residues.contains(&((n - sum) % modulus))
        }
        Game::Nim => parts.len() <= 1 && sum < n,
        Game::Lasker => (parts.len() <= 1 && sum < n) || (parts.len() == 2 && sum == n),
        Game::Grundy => parts.len() == 2 && sum == n && parts[0] != parts[1],
        Game::Queue => {
            // A shot leaves groups a and b with a + b = n - 1; the groups of one leave the game,
            // so the written parts are the groups of 2 or more.
            if n == 0 || parts.iter().any(|&p| p < 2) {
                return false;
            }
            let rest = n - 1;
            match parts.len() {
                0 => rest <= 2,
                1 => sum == rest || sum + 1 == rest,
                2 => sum == rest,
                _ => false,
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Normal play: the Grundy values of one heap

/// How the values beyond the computed table are known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Proof {
    /// Not proven: only the computed table is known.
    None,
    /// Guy–Smith (octal/hex codes, the queue game).
    GuySmith,
    /// A finite subtraction set: a window of max(S) values repeats.
    Window,
    /// A formula (nim, lasker).
    ClosedForm,
}

impl Proof {
    fn name(self) -> &'static str {
        match self {
            Proof::None => "none",
            Proof::GuySmith => "guy-smith",
            Proof::Window => "window",
            Proof::ClosedForm => "closed-form",
        }
    }
}

/// Values are stored in two bytes; a value above this is refused (never truncated). The
/// largest value seen in practice is far below (Grundy's game: 231 for n < 2^21).
const MAX_VALUE: usize = u16::MAX as usize - 1;
/// The rare-value method starts once this many values are known: its mask is chosen from them.
const MASK_PREFIX: usize = 1 << 13;

/// The moves of a game whose options are one heap or a split into two or three heaps, in the
/// form the value loops read (octal/hex codes and Grundy's game).
struct Rules {
    /// Removing k leaves nothing (bit 1 of digit k): an option of the heap of exactly k.
    to_zero: Vec<usize>,
    /// Removing k leaves one heap (bit 2).
    to_one: Vec<usize>,
    /// Removing k leaves two non-empty heaps (bit 4, k = 0 included).
    to_two: Vec<usize>,
    /// Removing k leaves three non-empty heaps (bit 8).
    to_three: Vec<usize>,
    /// The two heaps must differ (Grundy's game).
    unequal: bool,
}

impl Rules {
    /// t mod 2 when every two-heap split removes t tokens of one parity and none leaves three
    /// heaps: the rare-value method's variant by heap applies.
    fn split_parity(&self) -> Option<usize> {
        let t = *self.to_two.first()? % 2;
        (self.to_three.is_empty() && self.to_two.iter().all(|&k| k % 2 == t)).then_some(t)
    }
}

impl Rules {
    fn of(game: &Game) -> Option<Rules> {
        let mut rules = Rules {
            to_zero: Vec::new(),
            to_one: Vec::new(),
            to_two: Vec::new(),
            to_three: Vec::new(),
            unequal: false,
        };
        match game {
            Game::Octal(digits) => {
                for (k, &d) in digits.iter().enumerate() {
                    if k > 0 && d & 1 != 0 {
                        rules.to_zero.push(k);
                    }
                    if k > 0 && d & 2 != 0 {
                        rules.to_one.push(k);
                    }
                    if d & 4 != 0 {
                        rules.to_two.push(k);
                    }
                    if d & 8 != 0 {
                        rules.to_three.push(k);
                    }
                }
            }
            Game::Grundy => {
                rules.to_two.push(0);
                rules.unequal = true;
            }
            _ => return None,
        }
        Some(rules)
    }

    /// The largest a of the splits a + (rest - a), a ≤ rest - a.
    fn half(&self, rest: usize) -> usize {
        if self.unequal {
            rest.saturating_sub(1) / 2
        } else {
            rest / 2
        }
    }

    /// Marks the values of the options of n that are not two-heap splits.
    fn mark_others(&self, g: &[u16], n: usize, mut mark: impl FnMut(u16)) {
        for &k in &self.to_zero {
            if k == n {
                mark(0);
            }
        }
        for &k in &self.to_one {
            if k < n {
                mark(g[n - k]);
            }
        }
        for &k in &self.to_three {
            let rest = n.saturating_sub(k);
            for a in 1..=rest / 3 {
                for b in a..=(rest - a) / 2 {
                    mark(g[a] ^ g[b] ^ g[rest - a - b]);
                }
            }
        }
    }
}

/// Stamps of the values seen among the options of the heap being computed (the stamp is the
/// heap, so nothing is cleared between heaps). Indexed by a u16 xor: no bounds check.
type Seen = [u32; 1 << 16];

fn new_seen() -> Box<Seen> {
    // Spelled out: judges' 2018 edition has no TryInto in its prelude.
    std::convert::TryInto::try_into(vec![u32::MAX; 1 << 16].into_boxed_slice())
        .expect("65536 entries")
}

/// Stamps g(a) ^ g(rest - a) for every split a + (rest - a), 1 ≤ a ≤ half. The two slices are
/// read forwards and backwards without index checks; the stores are the loop's whole cost.
fn mark_splits(g: &[u16], rest: usize, half: usize, seen: &mut Seen, stamp: u32) {
    if half == 0 {
        return;
    }
    let low = &g[1..=half];
    let high = &g[rest - half..rest];
    for (x, y) in low.iter().zip(high.iter().rev()) {
        seen[usize::from(x ^ y)] = stamp;
    }
}

/// The rare-value method stamps the splits whose smaller part is at most this (and every split
/// with a rare part) before looking for the values still missing.
const STAMPED_SPLITS: usize = 1024;

/// The rare-value method computes this many consecutive heaps together: one pass over the
/// listed parts stamps the splits of all of them (each listed part and its value are read once,
/// the other parts are consecutive heaps).
const LANES: usize = 8;

/// The stamp tables of a batch: the stamp of value v for lane j at j * LANE_STRIDE + v. The
/// stride is not a power of two: the low values in use of the eight tables then fall in
/// different cache sets.
const LANE_STRIDE: usize = (1 << 16) + 512;
type Lanes = [u32; LANES * LANE_STRIDE];

fn new_lanes() -> Box<Lanes> {
    std::convert::TryInto::try_into(vec![u32::MAX; LANES * LANE_STRIDE].into_boxed_slice())
        .expect("LANES * LANE_STRIDE entries")
}

/// The values just below a heap `top`, backwards: values[i] = g(top - 1 - i). The search reads
/// the larger parts of its splits from it in increasing order, as the smaller ones.
#[derive(Default)]
struct Reversed {
    values: Vec<u16>,
    top: usize,
}

/// How many values `Reversed` holds, and how often (in heaps) it is made again.
const REVERSED_LEN: usize = 1 << 15;
const REVERSED_EVERY: usize = 1 << 10;

impl Reversed {
    fn update(&mut self, g: &[u16]) {
        if self.top == 0 || g.len() >= self.top + REVERSED_EVERY {
            self.top = g.len();
            self.values.clear();
            let from = self.top.saturating_sub(REVERSED_LEN);
            self.values.extend(g[from..].iter().rev());
        }
    }

    /// g(rest - a - i) for 0 ≤ i < len, when all are held.
    fn parts(&self, rest: usize, a: usize, len: usize) -> Option<&[u16]> {
        let start = (self.top + a).checked_sub(rest + 1)?;
        self.values.get(start..start + len)
    }
}

/// Removes from `targets` every value that some split a + (rest - a), from ≤ a ≤ half, has as
/// g(a) ^ g(rest - a). The values of a block of splits are computed once, then compared with
/// each target without a branch per split (the compiler vectorises both); the search goes up
/// from `from` (past the stamped small parts, the values that are hard to reach are met soonest
/// there) and ends when no target is left.
fn search_splits(
    g: &[u16],
    rest: usize,
    from: usize,
    half: usize,
    reversed: &Reversed,
    targets: &mut Vec<u16>,
) {
    const BLOCK: usize = 128;
    let mut block = [0u16; BLOCK];
    let mut a = from;
    while a <= half && !targets.is_empty() {
        let end = (a + BLOCK - 1).min(half);
        let low = &g[a..=end];
        let block = &mut block[..low.len()];
        match reversed.parts(rest, a, low.len()) {
            Some(high) => {
                for ((x, l), h) in block.iter_mut().zip(low).zip(high) {
                    *x = l ^ h;
                }
            }
            None => {
                let high = &g[rest - end..=rest - a];
                for ((x, l), h) in block.iter_mut().zip(low).zip(high.iter().rev()) {
                    *x = l ^ h;
                }
            }
        }
        targets.retain(|&t| !block.iter().fold(false, |hit, &x| hit | (x == t)));
        a = end + 1;
    }
}

fn mex(seen: &Seen, stamp: u32) -> usize {
    seen.iter().position(|&s| s != stamp).unwrap_or(seen.len())
}

/// Whether a value is rare for a mask: an even number of its masked bits are set.
fn is_rare(v: usize, mask: usize) -> bool {
    (v & mask).count_ones() % 2 == 0
}

/// Which heaps are rare (games/impartial/docs/impartial.md, "Rare values"): heap x with value v is rare when
/// the parity of v's masked bits is `shift(x)`: 0 (by value), or the parity of x + t when every
/// split removes t tokens of one parity (by heap, Flammenkamp's sparse positions).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Sparse {
    mask: usize,
    /// Some(t mod 2) for the variant by heap.
    by_heap: Option<usize>,
}

impl Sparse {
    fn shift(self, x: usize) -> usize {
        self.by_heap.map_or(0, |t| (x + t) % 2)
    }

    fn heap_is_rare(self, x: usize, v: usize) -> bool {
        (v & self.mask).count_ones() as usize % 2 == self.shift(x)
    }

    /// As the `--values` header shows it.
    fn name(self) -> String {
        match self.by_heap {
            None => format!("{:x}", self.mask),
            Some(_) => format!("{:x}:heap", self.mask),
        }
    }
}

/// The values 0..2^16 split by a mask, each part in increasing order.
struct Classes {
    common: Vec<u16>,
    rare: Vec<u16>,
}

impl Classes {
    fn of(mask: usize) -> Classes {
        let (rare, common) = (0..=u16::MAX).partition(|&v| is_rare(usize::from(v), mask));
        Classes { common, rare }
    }
}

/// The plain recurrence: g(n) from every option of n.
fn plain_value(rules: &Rules, g: &[u16], n: usize, seen: &mut Seen) -> usize {
    let stamp = n as u32;
    rules.mark_others(g, n, |v| seen[usize::from(v)] = stamp);
    for &k in &rules.to_two {
        if n >= k + 2 {
            mark_splits(g, n - k, rules.half(n - k), seen, stamp);
        }
    }
    mex(seen, stamp)
}

/// The listed parts (sorted) whose splits the batch of heaps n.. stamps in one pass for the
/// digit k: a ≥ LANES and 2a < n - k, so that for every heap of the batch the other part is a
/// known heap larger than a. The rest of the list is left to each heap (`rare_lane`).
fn batch_range(listed: &[u32], n: usize, k: usize) -> (usize, usize) {
    if n < k + 2 {
        return (0, 0);
    }
    let from = listed.partition_point(|&a| (a as usize) < LANES);
    let to = listed
        .partition_point(|&a| 2 * (a as usize) < n - k)
        .max(from);
    (from, to)
}

/// Stamps, for the heaps n + j (0 ≤ j < C, lane j of `lanes`; the stamp is n, the batch's
/// first heap, which no earlier batch had), the split
/// {a, n - k + j - a} of every listed part a (a range from `batch_range`) with value v = g(a).
fn stamp_batch<const C: usize>(
    g: &[u16],
    n: usize,
    k: usize,
    parts: &[u32],
    values: &[u16],
    lanes: &mut Lanes,
) {
    let stamp = n as u32;
    for (&a, &v) in parts.iter().zip(values) {
        let start = n - k - a as usize;
        let others = &g[start..start + C];
        for j in 0..C {
            lanes[j * LANE_STRIDE + usize::from(v ^ others[j])] = stamp;
        }
    }
}

/// The rare-value method (games/impartial/docs/impartial.md, "Rare values"): g(m) for the heap m of the batch
/// n.. (lane j, m = n + j) whose `batch_range` splits are stamped in `lanes`, with `listed`
/// the heaps 1..m that are at most STAMPED_SPLITS or rare for the mask of `classes`. Exact: the common values among the options all
/// come from splits with a rare part, which are all stamped; every rare value below the
/// smallest common value missing is looked for among all splits until found.
#[allow(clippy::too_many_arguments)]
fn rare_lane(
    rules: &Rules,
    g: &[u16],
    m: usize,
    n: usize,
    classes: &Classes,
    shift: usize,
    listed: &[u32],
    listed_values: &[u16],
    lanes: &mut Lanes,
    reversed: &Reversed,
    missing: &mut Vec<u16>,
) -> usize {
    let stamp = n as u32;
    let j = (m - n) % LANES;
    rules.mark_others(g, m, |v| lanes[usize::from(v) + j * LANE_STRIDE] = stamp);
    for &k in &rules.to_two {
        if m < k + 2 {
            continue;
        }
        let rest = m - k;
        let (from, to) = batch_range(listed, n, k);
        let tail = (to..listed.len()).take_while(|&i| (listed[i] as usize) < rest);
        for i in (0..from).chain(tail) {
            let a = listed[i] as usize;
            // Grundy's game: the split of rest into two equal heaps is no move.
            if a < rest && !(rules.unequal && 2 * a == rest) {
                lanes[usize::from(listed_values[i] ^ g[rest - a]) + j * LANE_STRIDE] = stamp;
            }
        }
    }
    let stamped = |v: u16| lanes[usize::from(v) + j * LANE_STRIDE] == stamp;
    // The values a split with one rare part has (the common ones at m) and the others.
    let (common_at, rare_at) = match shift {
        0 => (&classes.common, &classes.rare),
        _ => (&classes.rare, &classes.common),
    };
    let common = common_at
        .iter()
        .find(|&&w| !stamped(w))
        .map_or(1 << 16, |&w| usize::from(w));
    missing.clear();
    missing.extend(
        rare_at
            .iter()
            .take_while(|&&v| usize::from(v) < common)
            .filter(|&&v| !stamped(v)),
    );
    // Each rare value below `common` not stamped yet is looked for among the splits not
    // stamped (smaller part above STAMPED_SPLITS, every heap up to it being listed).
    for &k in &rules.to_two {
        if missing.is_empty() {
            break;
        }
        if m >= k + 2 {
            let rest = m - k;
            let half = rules.half(rest);
            search_splits(g, rest, STAMPED_SPLITS + 1, half, reversed, missing);
        }
    }
    // The mex: the smallest rare value below `common` that no split has, else `common`.
    missing.first().map_or(common, |&v| usize::from(v))
}

/// The rare heaps of the rare-value method for a table of values, or None when no rule leaves
/// few: the mask (over the bits of the values seen), by value or by heap (`split_parity`: when
/// the rules allow it), with the fewest rare heaps among the second half of the table, kept if
/// they are at most one in eight. `current` is kept on a tie, then a rule by value.
fn choose_mask(g: &[u16], current: Option<Sparse>, split_parity: Option<usize>) -> Option<Sparse> {
    let from = g.len() / 2;
    let tail = &g[from..];
    let largest = usize::from(*tail.iter().max()?);
    if largest == 0 || largest >= 1 << 10 {
        return None;
    }
    let width = (largest + 1).next_power_of_two();
    // Heaps of the tail by value and by the parity of the heap.
    let mut count = vec![[0usize; 2]; width];
    for (x, &v) in tail.iter().enumerate() {
        count[usize::from(v)][(from + x) % 2] += 1;
    }
    let rare_count = |rule: Sparse| -> usize {
        (0..width)
            .map(|v| {
                (0..2)
                    .filter(|&x| rule.heap_is_rare(x, v))
                    .map(|x| count[v][x])
                    .sum::<usize>()
            })
            .sum()
    };
    let rules = (1..width).map(|mask| Sparse {
        mask,
        by_heap: None,
    });
    let by_heap = split_parity.into_iter().flat_map(|t| {
        (1..width).map(move |mask| Sparse {
            mask,
            by_heap: Some(t),
        })
    });
    let (rare, rule) = current
        .into_iter()
        .chain(rules)
        .chain(by_heap)
        .map(|rule| (rare_count(rule), rule))
        .min_by_key(|&(rare, _)| rare)?;
    (rare * 8 <= tail.len()).then_some(rule)
}

/// The mask of the rare-value method: chosen from a prefix, none, or given (`--mask`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MaskChoice {
    Auto,
    Plain,
    /// A mask, and whether the rule is by heap.
    Given(usize, bool),
}

/// The Grundy values of one heap, computed lazily.
struct Values {
    game: Game,
    rules: Option<Rules>,
    /// g(0..): two bytes a value (periodic sets keep `wide`).
    g: Vec<u16>,
    /// Periodic sets `{r mod m}`: their values grow with n.
    wide: Vec<u32>,
    /// A proven period: g(n + p) = g(n) for every n ≥ n0.
    period: Option<(u64, u64)>,
    proof: Proof,
    choice: MaskChoice,
    /// The rare heaps' rule in use (None: the plain loop), once chosen.
    mask: Option<Sparse>,
    mask_decided: bool,
    /// The heaps 1.. of the table whose value is rare for the mask.
    rare: Vec<u32>,
    /// The parts whose splits the method stamps: the heaps 1..=STAMPED_SPLITS and the rare
    /// heaps above, in order.
    listed: Vec<u32>,
    /// Their values, in the same order (read in one stream by the method's main loop).
    listed_values: Vec<u16>,
    seen: Box<Seen>,
    /// The method's stamp tables, one per heap of a batch (allocated when first used).
    lanes: Option<Box<Lanes>>,
    /// The values split by the mask in use.
    classes: Option<Classes>,
    /// The values below the current heap backwards, for the method's search.
    reversed: Reversed,
    /// The method's rare values still looked for (kept to reuse its memory).
    missing: Vec<u16>,
    /// Periodic sets: per residue of n, the values seen among the options.
    seen_by_residue: Vec<Vec<u64>>,
    mex_by_residue: Vec<u32>,
}

fn lasker_value(n: u64) -> u64 {
    match n % 4 {
        0 if n == 0 => 0,
        0 => n - 1,
        3 => n + 1,
        _ => n,
    }
}

/// The Lasker heap whose value is v (its inverse).
fn lasker_heap(v: u64) -> u64 {
    match v % 4 {
        0 if v == 0 => 0,
        0 => v - 1,
        3 => v + 1,
        _ => v,
    }
}

fn has_split(game: &Game) -> bool {
    match game {
        Game::Octal(d) => d.iter().any(|&x| x & 12 != 0),
        Game::Queue | Game::Grundy | Game::Lasker => true,
        _ => false,
    }
}

impl Values {
    fn new(game: &Game) -> Values {
        Values::with_mask(game, MaskChoice::Auto)
    }

    fn with_mask(game: &Game, choice: MaskChoice) -> Values {
        let proof = match game {
            Game::Nim | Game::Lasker => Proof::ClosedForm,
            _ => Proof::None,
        };
        Values {
            game: game.clone(),
            rules: Rules::of(game),
            g: Vec::new(),
            wide: Vec::new(),
            period: None,
            proof,
            choice,
            mask: None,
            mask_decided: false,
            rare: Vec::new(),
            listed: Vec::new(),
            listed_values: Vec::new(),
            seen: new_seen(),
            lanes: None,
            classes: None,
            reversed: Reversed::default(),
            missing: Vec::new(),
            seen_by_residue: Vec::new(),
            mex_by_residue: Vec::new(),
        }
    }

    /// How many values the table holds.
    fn len(&self) -> usize {
        match self.game {
            Game::Periodic { .. } => self.wide.len(),
            _ => self.g.len(),
        }
    }

    fn at(&self, n: usize) -> u64 {
        match self.game {
            Game::Periodic { .. } => u64::from(self.wide[n]),
            _ => u64::from(self.g[n]),
        }
    }

    /// Whether g(n) is known (computed, through the period or a formula).
    fn knows(&self, n: u64) -> bool {
        matches!(self.game, Game::Nim | Game::Lasker)
            || self.period.is_some()
            || n < self.len() as u64
    }

    fn value(&self, n: u64) -> u64 {
        match self.game {
            Game::Nim => return n,
            Game::Lasker => return lasker_value(n),
            _ => {}
        }
        if n < self.len() as u64 {
            return self.at(n as usize);
        }
        let (n0, p) = self
            .period
            .expect("value beyond the table without a period");
        self.at((n0 + (n - n0) % p) as usize)
    }

    /// The largest value of the computed table.
    fn largest(&self) -> Option<u64> {
        match self.game {
            Game::Nim | Game::Lasker => None,
            Game::Periodic { .. } => self.wide.iter().max().map(|&v| u64::from(v)),
            _ => self.g.iter().max().map(|&v| u64::from(v)),
        }
    }

    /// Makes every heap up to `max` known (exactly, or through a proven period).
    fn ensure(&mut self, max: u64) -> Result<(), String> {
        if self.knows(max) {
            return Ok(());
        }
        let want = max as usize + 1;
        if !has_split(&self.game) || self.game == Game::Grundy {
            self.extend(want)?;
            self.try_prove();
            return Ok(());
        }
        // Splits cost more per value: double the table until a period is proven.
        let mut len = self.len().max(512);
        loop {
            len = len.min(want);
            self.extend(len)?;
            if self.try_prove() || len >= want {
                return Ok(());
            }
            len *= 2;
        }
    }

    /// Computes g up to (not including) len.
    fn extend(&mut self, len: usize) -> Result<(), String> {
        if let Game::Periodic { .. } = self.game {
            self.extend_periodic(len);
            return Ok(());
        }
        if self.rules.is_some() {
            return self.extend_rules(len);
        }
        let seen = &mut *self.seen;
        for n in self.g.len()..len {
            let stamp = n as u32;
            let g = &self.g;
            match &self.game {
                Game::Subtraction(set) => {
                    for &s in set.iter().take_while(|&&s| s as usize <= n) {
                        seen[usize::from(g[n - s as usize])] = stamp;
                    }
                }
                Game::Queue => {
                    // A group of one leaves the game: it counts as an empty group.
                    let h = |p: usize| if p >= 2 { g[p] } else { 0 };
                    if n >= 1 {
                        for a in 0..=(n - 1) / 2 {
                            seen[usize::from(h(a) ^ h(n - 1 - a))] = stamp;
                        }
                    }
                }
                _ => unreachable!("closed forms have no table"),
            }
            let v = mex(seen, stamp);
            self.g.push(checked_value(v, n)?);
        }
        Ok(())
    }

    /// Octal/hex codes and Grundy's game: the plain recurrence for the prefix, then the
    /// rare-value method when a mask helps.
    fn extend_rules(&mut self, len: usize) -> Result<(), String> {
        let rules = self.rules.take().expect("rules");
        let result = self.extend_with(&rules, len);
        self.rules = Some(rules);
        result
    }

    fn extend_with(&mut self, rules: &Rules, len: usize) -> Result<(), String> {
        let two_only = rules.to_three.is_empty() && !rules.to_two.is_empty();
        while self.g.len() < len {
            let n = self.g.len();
            // The mask is chosen at MASK_PREFIX and chosen again each time the table doubles
            // (values with new high bits appear as n grows).
            let choose = match self.choice {
                _ if !two_only => false,
                MaskChoice::Given(..) => !self.mask_decided && n >= 1,
                MaskChoice::Plain => false,
                MaskChoice::Auto => n >= MASK_PREFIX && (!self.mask_decided || n.is_power_of_two()),
            };
            if choose {
                let mask = match self.choice {
                    MaskChoice::Given(mask, false) => Some(Sparse {
                        mask,
                        by_heap: None,
                    }),
                    MaskChoice::Given(mask, true) => match rules.split_parity() {
                        Some(t) => Some(Sparse {
                            mask,
                            by_heap: Some(t),
                        }),
                        None => {
                            return Err(format!(
                                "--mask {mask:x}:heap needs every split to remove an even number of tokens, or every one an odd number"
                            ))
                        }
                    },
                    _ => choose_mask(&self.g, self.mask, rules.split_parity()),
                };
                if !self.mask_decided || mask != self.mask {
                    self.mask = mask;
                    self.mask_decided = true;
                    if let Some(mask) = self.mask {
                        self.rare = (1..n)
                            .filter(|&i| mask.heap_is_rare(i, usize::from(self.g[i])))
                            .map(|i| i as u32)
                            .collect();
                        self.listed = (1..n)
                            .filter(|&i| {
                                i <= STAMPED_SPLITS || mask.heap_is_rare(i, usize::from(self.g[i]))
                            })
                            .map(|i| i as u32)
                            .collect();
                        self.listed_values =
                            self.listed.iter().map(|&r| self.g[r as usize]).collect();
                        self.classes = Some(Classes::of(mask.mask));
                    }
                }
            }
            match self.mask {
                Some(mask) => self.rare_batch(rules, mask, len)?,
                None => {
                    let v = plain_value(rules, &self.g, n, &mut self.seen);
                    self.g.push(checked_value(v, n)?);
                }
            }
        }
        Ok(())
    }

    /// The rare-value method on the next heaps: LANES of them when they are all below `len` and
    /// the next power of two (where the mask is chosen again), else one.
    fn rare_batch(&mut self, rules: &Rules, mask: Sparse, len: usize) -> Result<(), String> {
        let n = self.g.len();
        let end = len.min((n + 1).next_power_of_two());
        let count = if end - n >= LANES { LANES } else { 1 };
        let lanes = self.lanes.get_or_insert_with(new_lanes);
        self.reversed.update(&self.g);
        let classes = self.classes.as_ref().expect("classes of the mask");
        for &k in &rules.to_two {
            let (from, to) = batch_range(&self.listed, n, k);
            let (parts, values) = (&self.listed[from..to], &self.listed_values[from..to]);
            if count == LANES {
                stamp_batch::<LANES>(&self.g, n, k, parts, values, lanes);
            } else {
                stamp_batch::<1>(&self.g, n, k, parts, values, lanes);
            }
        }
        for j in 0..count {
            let m = n + j;
            let v = rare_lane(
                rules,
                &self.g,
                m,
                n,
                classes,
                mask.shift(m),
                &self.listed,
                &self.listed_values,
                lanes,
                &self.reversed,
                &mut self.missing,
            );
            self.g.push(checked_value(v, m)?);
            let rare = mask.heap_is_rare(m, v);
            if rare {
                self.rare.push(m as u32);
            }
            if rare || m <= STAMPED_SPLITS {
                self.listed.push(m as u32);
                self.listed_values.push(v as u16);
            }
        }
        Ok(())
    }

    /// The rare-value method's account: (its rule, rare heaps 0..=checked, the last of them).
    fn rare_stats(&self) -> Option<(Sparse, usize, usize)> {
        let mask = self.mask?;
        // The list starts at heap 1; heap 0 (value 0) is rare by value, by heap when t is even.
        let zero = usize::from(mask.heap_is_rare(0, 0));
        let last = self.rare.last().map_or(0, |&r| r as usize);
        Some((mask, self.rare.len() + zero, last))
    }

    /// Periodic sets: the options of n are all earlier heaps j ≡ n - r (mod m), j ≤ n - s_min(r),
    /// which is every earlier heap of that class. The values seen by the n of one residue only
    /// grow, so each residue keeps a set and a mex that only moves up.
    fn extend_periodic(&mut self, len: usize) {
        let Game::Periodic { modulus, residues } = &self.game else {
            unreachable!()
        };
        let m = *modulus as usize;
        if self.seen_by_residue.is_empty() {
            self.seen_by_residue = vec![Vec::new(); m];
            self.mex_by_residue = vec![0; m];
        }
        for n in self.wide.len()..len {
            let c = n % m;
            let seen = &self.seen_by_residue[c];
            let mut mex = self.mex_by_residue[c];
            while (seen.get(mex as usize / 64).copied().unwrap_or(0) >> (mex % 64)) & 1 == 1 {
                mex += 1;
            }
            self.mex_by_residue[c] = mex;
            self.wide.push(mex);
            // Heap n is an option of every later heap n + s, s ≡ r: residues n + r.
            for &r in residues {
                let set = &mut self.seen_by_residue[(n + r as usize) % m];
                let word = mex as usize / 64;
                if set.len() <= word {
                    set.resize(word + 1, 0);
                }
                set[word] |= 1 << (mex % 64);
            }
        }
    }

    /// Looks for a period that the theorem of this game proves over the computed table.
    fn try_prove(&mut self) -> bool {
        if self.period.is_some() {
            return true;
        }
        let Some((n0, p)) = prove_period(&self.game, &self.g) else {
            return false;
        };
        self.period = Some((n0 as u64, p as u64));
        self.proof = match self.game {
            Game::Subtraction(_) => Proof::Window,
            _ => Proof::GuySmith,
        };
        true
    }
}

/// A period (n0, p) that the theorem of this game proves over `seq`, a sequence of heap
/// values computed from the options' values, where an option's value is a commutative
/// combination of its parts' (the Grundy values by xor, the misère kinds by misere::combine):
/// the exchange arguments of games/impartial/docs/impartial.md hold for either.
fn prove_period<T: PartialEq>(game: &Game, seq: &[T]) -> Option<(usize, usize)> {
    let len = seq.len();
    // (smallest n0 the theorem allows, a function giving the end of the range to check)
    let check: Box<dyn Fn(usize, usize) -> usize> = match game {
        Game::Octal(digits) => {
            let t = digits.len() - 1;
            let three = digits.iter().any(|&d| d & 8 != 0);
            Box::new(move |n0, p| {
                let n0 = n0.max(1);
                if three {
                    3 * n0 + 2 * p + t
                } else {
                    2 * n0 + p + t
                }
            })
        }
        Game::Queue => Box::new(|n0, p| 2 * n0.max(2) + p + 1),
        Game::Subtraction(set) => {
            let w = *set.last().unwrap() as usize;
            // g(n) is a function of the w values before it: once g(n0..n0+w) repeats p
            // later, everything does. Checked over n0 ≤ n < n0 + w.
            Box::new(move |n0, _p| n0 + w)
        }
        _ => return None,
    };
    for p in 1..len / 2 {
        // Smallest n0 with g(n + p) = g(n) for n0 ≤ n < len - p.
        let mut n0 = len - p;
        while n0 > 0 && seq[n0 - 1] == seq[n0 - 1 + p] {
            n0 -= 1;
        }
        // Checked: n0 ≤ n < len - p.
        if check(n0, p) <= len - p {
            return Some((n0, p));
        }
    }
    None
}

/// A computed value, refused (never truncated) when it does not fit the table.
fn checked_value(v: usize, n: usize) -> Result<u16, String> {
    if v > MAX_VALUE {
        return Err(format!(
            "g({n}) is above {MAX_VALUE}, the largest value this program stores"
        ));
    }
    Ok(v as u16)
}

// ---------------------------------------------------------------------------------------------
// Answers

/// A move: heap index (0-based, in the list without empty heaps) and what it becomes.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Move {
    heap: usize,
    parts: Vec<u64>,
}

fn move_text(mv: &Move) -> String {
    let mut text = (mv.heap + 1).to_string();
    for p in &mv.parts {
        text.push(' ');
        text.push_str(&p.to_string());
    }
    text
}

/// The solver for one spec: values for normal play; for misère play the heaps' kinds (tame
/// or wild) and the exact search.
struct Solver {
    spec: Spec,
    values: Values,
    kinds: misere::Kinds,
    search: Option<misere::Search>,
    /// The misère quotient answering wild positions beyond the search, once computed (or why
    /// it was not found, for heaps up to the given one).
    quotient: Option<Result<quotient::Quotient, (u64, String)>>,
}

/// None: the first player loses. Some(Some(mv)): wins by mv. Some(None): wins with no move to
/// make (a finished position in misère play).
type Answer = Option<Option<Move>>;

impl Solver {
    fn new(spec: Spec) -> Solver {
        let values = Values::new(&spec.game);
        let cap = if has_split(&spec.game) {
            MAX_KINDS_SPLIT
        } else {
            MAX_KINDS
        };
        let kinds = misere::Kinds::new(&spec.game, cap);
        Solver {
            spec,
            values,
            kinds,
            search: None,
            quotient: None,
        }
    }

    /// Whether this position can be decided (misère search bound); the refusal otherwise.
    fn check(&self, heaps: &[u64]) -> Result<(), String> {
        if let Some(&h) = heaps.iter().max() {
            let limit = match &self.spec.game {
                Game::Queue => MAX_QUEUE_HEAP,
                Game::Subtraction(_) => MAX_PERIODIC_HEAP,
                Game::Octal(digits) if digits.iter().all(|&d| d & 8 == 0) => MAX_PERIODIC_HEAP,
                _ => MAX_HEAP,
            };
            if h > limit {
                return Err(format!("heap {h} is above {limit}"));
            }
        }
        Ok(())
    }

    /// Misère play (prepared): whether this position is decided, by the tame rule (every heap
    /// tame) or by the search (heaps summing to at most MISERE_MAX_SUM); the refusal otherwise.
    fn misere_check(&mut self, heaps: &[u64]) -> Result<(), String> {
        if !self.misere_general() || self.all_tame(heaps) {
            return Ok(());
        }
        let sum = heaps.iter().fold(0u64, |s, &h| s.saturating_add(h));
        if sum <= MISERE_MAX_SUM {
            return Ok(());
        }
        let top = heaps.iter().copied().max().unwrap_or(0);
        let quotient = match self.quotient_to(top) {
            Ok(()) => return Ok(()),
            Err(e) => format!(", {e}"),
        };
        let h = heaps
            .iter()
            .copied()
            .find(|&h| self.kinds.kind(h) == misere::WILD)
            .unwrap_or(0);
        let why = if self.kinds.knows(h) {
            format!("heap {h} is wild")
        } else {
            format!(
                "heap {h} is beyond the {} heaps whose misère kind is computed and no period of the kinds is proven",
                self.kinds.codes.len()
            )
        };
        Err(format!(
            "misère value unknown: {why}, the heaps sum to {sum}, beyond the exact search's {MISERE_MAX_SUM}{quotient}"
        ))
    }

    /// One quotient for every position that needs one (wild, beyond the search), computed for
    /// the largest of their heaps.
    fn quotient_for(&mut self, positions: &[Vec<u64>]) {
        let top = positions
            .iter()
            .filter(|heaps| {
                self.misere_general()
                    && !self.all_tame(heaps)
                    && heaps.iter().fold(0u64, |s, &h| s.saturating_add(h)) > MISERE_MAX_SUM
            })
            .filter_map(|heaps| heaps.iter().copied().max())
            .max();
        if let Some(top) = top {
            // A failure is reported by misere_check, position by position.
            let _ = self.quotient_to(top);
        }
    }

    /// Computes the misère quotient covering heaps up to `top`, once: of heaps up to `top`
    /// within MAX_QUOTIENT_HEAP, else of heaps up to it with a period proven (a failure is
    /// kept and answers any larger heap too).
    fn quotient_to(&mut self, top: u64) -> Result<(), String> {
        let beyond = |q: &quotient::Quotient| {
            format!(
                "heap {top} is above the {} heaps of the misère quotient computed and no period of its elements is proven",
                q.heaps
            )
        };
        match &self.quotient {
            Some(Ok(q)) if q.covers(top) => return Ok(()),
            Some(Ok(q)) if q.heaps >= MAX_QUOTIENT_HEAP => return Err(beyond(q)),
            Some(Err((n, e))) if *n <= top => return Err(e.clone()),
            _ => {}
        }
        let n = top.min(MAX_QUOTIENT_HEAP);
        let game = &self.spec.game;
        let b = &QUOTIENT_ANSWER_BOUNDS;
        let found = quotient::Quotient::compute(game, n, b).and_then(|mut q| {
            if top > n {
                q.prove_period(game, true, b)?;
            }
            Ok(q)
        });
        self.quotient = Some(found.map_err(|f| (n, quotient_failure(f, n))));
        match &self.quotient {
            Some(Ok(q)) if q.covers(top) => Ok(()),
            Some(Ok(q)) => Err(beyond(q)),
            Some(Err((_, e))) => Err(e.clone()),
            None => Ok(()),
        }
    }

    /// Misère play of a game other than nim and lasker (their closed form).
    fn misere_general(&self) -> bool {
        self.spec.misere && !matches!(self.spec.game, Game::Nim | Game::Lasker)
    }

    fn all_tame(&self, heaps: &[u64]) -> bool {
        heaps.iter().all(|&h| self.kinds.kind(h) != misere::WILD)
    }

    /// Prepares the values every heap up to `max` needs: computed up to MAX_HEAP, beyond only
    /// through a period proven within the first MAX_HEAP values (refused otherwise).
    fn prepare(&mut self, max: u64) -> Result<(), String> {
        if self.misere_general() {
            self.kinds.ensure(max.max(MISERE_MAX_SUM));
            return Ok(());
        }
        self.values.ensure(max.min(MAX_HEAP))?;
        if !self.values.knows(max) {
            return Err(format!(
                "heap {max} is above {MAX_HEAP} and no period is proven within the first {MAX_HEAP} values"
            ));
        }
        Ok(())
    }

    /// The answer for heaps without empty ones (checked and prepared).
    fn solve(&mut self, heaps: &[u64]) -> Answer {
        match (self.spec.misere, &self.spec.game) {
            (false, _) => self.normal(heaps).map(Some),
            (true, Game::Nim | Game::Lasker) => self.misere_tame(heaps),
            (true, _) => {
                if self.all_tame(heaps) {
                    if let Ok(answer) = self.kinds.tame_answer(heaps) {
                        return answer;
                    }
                }
                let sum = heaps.iter().fold(0u64, |s, &h| s.saturating_add(h));
                match &self.quotient {
                    Some(Ok(q)) if sum > MISERE_MAX_SUM => self.quotient_answer(q, heaps),
                    _ => self.misere_search(heaps),
                }
            }
        }
    }

    fn normal(&self, heaps: &[u64]) -> Option<Move> {
        let x = heaps.iter().fold(0, |x, &h| x ^ self.values.value(h));
        if x == 0 {
            return None;
        }
        let (heap, &h) = heaps
            .iter()
            .enumerate()
            .find(|(_, &h)| self.values.value(h) ^ x < self.values.value(h))?;
        let target = self.values.value(h) ^ x;
        Some(Move {
            heap,
            parts: self.option_of_value(h, target)?,
        })
    }

    /// An option of a heap of h whose value is `target` (one exists below the heap's value).
    fn option_of_value(&self, h: u64, target: u64) -> Option<Vec<u64>> {
        let direct = match self.spec.game {
            Game::Nim => Some(target),
            Game::Lasker => Some(lasker_heap(target)).filter(|&s| s < h),
            _ => None,
        };
        if let Some(s) = direct {
            return Some(if s == 0 { vec![] } else { vec![s] });
        }
        if let (Game::Octal(digits), Some((n0, p))) = (&self.spec.game, self.values.period) {
            return self.octal_option_of_value(digits, n0 + p, h, target);
        }
        let mut found = None;
        for_each_option(&self.spec.game, h, |parts| {
            let v = parts.iter().fold(0, |v, &p| v ^ self.values.value(p));
            if v == target {
                found = Some(parts.to_vec());
            }
            found.is_some()
        });
        found
    }

    /// An option of value `target` of a heap of h for a code whose values are periodic from
    /// n0 with period p (bound = n0 + p): a split {a, b} with a ≥ bound has the value of
    /// {a − p, b + p}, so the splits with a < bound hold every value the splits have, and the
    /// search is short on any heap (up to 10^18).
    fn octal_option_of_value(
        &self,
        digits: &[u8],
        bound: u64,
        h: u64,
        target: u64,
    ) -> Option<Vec<u64>> {
        // The order of for_each_option: per digit, nothing left, one heap, two, three.
        let g = |n: u64| self.values.value(n);
        for (k, &d) in digits.iter().enumerate() {
            let k = k as u64;
            if k > h {
                break;
            }
            let rest = h - k;
            if k > 0 && d & 1 != 0 && rest == 0 && target == 0 {
                return Some(vec![]);
            }
            if k > 0 && d & 2 != 0 && rest >= 1 && g(rest) == target {
                return Some(vec![rest]);
            }
            if d & 4 != 0 {
                for a in 1..=(rest / 2).min(bound) {
                    if g(a) ^ g(rest - a) == target {
                        return Some(vec![a, rest - a]);
                    }
                }
            }
            if d & 8 != 0 {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        if g(a) ^ g(b) ^ g(rest - a - b) == target {
                            return Some(vec![a, b, rest - a - b]);
                        }
                    }
                }
            }
        }
        None
    }

    /// Misère nim and lasker: as normal play unless every heap is 1, then lost iff their number
    /// is odd (checked against exhaustive search in games/impartial/tests/solution.rs).
    fn misere_tame(&self, heaps: &[u64]) -> Answer {
        let big: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] >= 2).collect();
        let ones = heaps.len() - big.len();
        match big.len() {
            0 if ones % 2 == 1 => None,
            0 if ones == 0 => Some(None),
            0 => Some(Some(Move {
                heap: 0,
                parts: vec![],
            })),
            // Leave an odd number of 1-heaps and nothing else.
            1 => Some(Some(Move {
                heap: big[0],
                parts: if ones % 2 == 1 { vec![] } else { vec![1] },
            })),
            // The normal move keeps another heap of 2 or more.
            _ => self.normal(heaps).map(Some),
        }
    }

    /// Exact misère search over multisets of heaps (sum ≤ MISERE_MAX_SUM, checked).
    fn misere_search(&mut self, heaps: &[u64]) -> Answer {
        let game = self.spec.game.clone();
        let mut moves = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            if heaps[..i].contains(&h) {
                continue;
            }
            for_each_option(&game, h, |parts| {
                moves.push(Move {
                    heap: i,
                    parts: parts.to_vec(),
                });
                false
            });
        }
        if moves.is_empty() {
            return Some(None);
        }
        let kinds = &self.kinds;
        let search = self
            .search
            .get_or_insert_with(|| misere::Search::new(&game, Some(kinds), MISERE_MAX_SUM, None));
        for mv in moves {
            if search.wins(&apply(heaps, &mv)) == Some(false) {
                return Some(Some(mv));
            }
        }
        None
    }

    /// The answer through the misère quotient (heaps within it, checked): lost iff the
    /// position's element is in the P-portion; a winning move is an option whose element is.
    fn quotient_answer(&self, q: &quotient::Quotient, heaps: &[u64]) -> Answer {
        if q.p[q.element(heaps) as usize] {
            return None;
        }
        let mut found = None;
        for (i, &h) in heaps.iter().enumerate() {
            if heaps[..i].contains(&h) {
                continue;
            }
            let mut rest = heaps.to_vec();
            rest.remove(i);
            let rest = q.element(&rest) as usize;
            // Past the proof's heap kinds, the options of the heap `base` ≡ h (mod p) among
            // them, the largest part shifted: the same elements (quotient::prove_period).
            let base = match q.period {
                Some((_, p)) if h > q.types => q.types - p + 1 + (h - (q.types - p + 1)) % p,
                _ => h,
            };
            for_each_option(&self.spec.game, base, |parts| {
                if q.p[q.mul[rest][q.element(parts) as usize] as usize] {
                    let mut parts = parts.to_vec();
                    if let Some(top) = parts.iter_mut().max() {
                        *top += h - base;
                    }
                    found = Some(Move { heap: i, parts });
                }
                found.is_some()
            });
            if found.is_some() {
                break;
            }
        }
        // No move at all: every heap is without one (the proof rules out a position in N
        // with no move into P).
        Some(found)
    }

    /// Any legal move (when the side to move loses), or None when there is none.
    fn any_move(&self, heaps: &[u64]) -> Option<Move> {
        heaps.iter().enumerate().find_map(|(heap, &h)| {
            let mut found = None;
            for_each_option(&self.spec.game, h, |parts| {
                found = Some(parts.to_vec());
                true
            });
            found.map(|parts| Move { heap, parts })
        })
    }
}

/// The heaps after a move: heap `mv.heap` replaced in place by its parts.
fn apply(heaps: &[u64], mv: &Move) -> Vec<u64> {
    let mut next = heaps[..mv.heap].to_vec();
    next.extend(mv.parts.iter().copied().filter(|&p| p > 0));
    next.extend_from_slice(&heaps[mv.heap + 1..]);
    next
}

fn answer_text(answer: &Answer) -> String {
    match answer {
        None => "Second".into(),
        Some(None) => "First".into(),
        Some(Some(mv)) => format!("First {}", move_text(mv)),
    }
}

// ---------------------------------------------------------------------------------------------
// Batch mode

/// Splits off the first non-blank line: (its text, its 1-based line number, the rest).
fn spec_line(data: &[u8]) -> Result<(String, usize, &[u8]), String> {
    let mut line = 1;
    let mut pos = 0;
    loop {
        let start = pos;
        while pos < data.len() && data[pos] != b'\n' && data[pos] != b'\r' {
            pos += 1;
        }
        let text = &data[start..pos];
        let end = if data.get(pos) == Some(&b'\r') && data.get(pos + 1) == Some(&b'\n') {
            pos + 2
        } else {
            (pos + 1).min(data.len())
        };
        if text.iter().any(|&b| !tokens::is_space(b)) {
            let text = std::str::from_utf8(text)
                .map_err(|_| format!("line {line}: the spec line is not UTF-8"))?;
            return Ok((text.to_string(), line, &data[end..]));
        }
        if pos >= data.len() {
            return Err(format!(
                "line {line}: expected the spec line, got end of input"
            ));
        }
        pos = end;
        line += 1;
    }
}

fn read_number(tokens: &mut Tokens, offset: usize, what: &str, max: u64) -> Result<u64, String> {
    let Some((tok, line)) = tokens.next() else {
        return Err(format!(
            "line {}: expected {what}, got end of input",
            offset + tokens.last_line()
        ));
    };
    match protocol::number(tok) {
        Some(v) if v <= max => Ok(v),
        _ => Err(format!(
            "line {}: {what} must be a number from 0 to {max}, got {}",
            offset + line,
            show(tok)
        )),
    }
}

fn judge(data: &[u8]) -> Result<String, String> {
    let (spec_text, spec_at, rest) = spec_line(data)?;
    let spec = parse_spec(&spec_text).map_err(|e| format!("line {spec_at}: {e}"))?;
    let offset = spec_at;
    let mut tokens = Tokens::new(rest);
    let t = read_number(&mut tokens, offset, "T", MAX_T)?;
    let mut solver = Solver::new(spec);
    let mut positions = Vec::new();
    let mut lines = Vec::new();
    for _ in 0..t {
        let k = read_number(&mut tokens, offset, "k", MAX_K)?;
        if k == 0 {
            return Err(format!(
                "line {}: a position has at least one heap",
                offset + tokens.last_line()
            ));
        }
        let mut heaps = Vec::new();
        for _ in 0..k {
            heaps.push(read_number(
                &mut tokens,
                offset,
                "a heap",
                MAX_PERIODIC_HEAP,
            )?);
        }
        let line = offset + tokens.last_line();
        heaps.retain(|&h| h > 0);
        solver
            .check(&heaps)
            .map_err(|e| format!("line {line}: {e}"))?;
        positions.push(heaps);
        lines.push(line);
    }
    if let Some((tok, line)) = tokens.next() {
        return Err(format!(
            "line {}: unexpected {} after position {t}, the last",
            offset + line,
            show(tok)
        ));
    }
    let max = positions.iter().flatten().copied().max().unwrap_or(0);
    if let Err(e) = solver.prepare(max) {
        // The line of the first position holding the largest heap.
        let at = positions.iter().position(|p| p.contains(&max)).unwrap_or(0);
        return Err(format!("line {}: {e}", lines[at]));
    }
    solver.quotient_for(&positions);
    for (heaps, line) in positions.iter().zip(&lines) {
        solver
            .misere_check(heaps)
            .map_err(|e| format!("line {line}: {e}"))?;
    }
    let mut out = String::new();
    for heaps in &positions {
        out.push_str(&answer_text(&solver.solve(heaps)));
        out.push('\n');
    }
    Ok(out)
}

// ---------------------------------------------------------------------------------------------
// Play mode

fn read_heaps(referee: &mut Referee<impl BufRead>) -> Result<Vec<u64>, Stop> {
    let (line, text) = referee.read("the heaps line `k h1 ... hk`")?;
    let words: Vec<&[u8]> = text
        .split(|b| tokens::is_space(*b))
        .filter(|w| !w.is_empty())
        .collect();
    let numbers: Option<Vec<u64>> = words.iter().map(|w| protocol::number(w)).collect();
    match numbers {
        Some(n) if !n.is_empty() && n[0] >= 1 && n.len() as u64 == n[0] + 1 => {
            Ok(n[1..].iter().copied().filter(|&h| h > 0).collect())
        }
        _ => Err(fault(
            line,
            format!("expected the heaps line `k h1 ... hk`, got {}", show(text)),
        )),
    }
}

/// The referee's move, checked against the rules; None when the round was cut (`end`).
fn read_move(
    referee: &mut Referee<impl BufRead>,
    game: &Game,
    heaps: &[u64],
) -> Result<Option<Move>, Stop> {
    let (line, text) = referee.read("a move")?;
    if text == b"end" {
        return Ok(None);
    }
    let numbers: Option<Vec<u64>> = text
        .split(|b| tokens::is_space(*b))
        .filter(|w| !w.is_empty())
        .map(protocol::number)
        .collect();
    let shown = show(text);
    let numbers = numbers
        .filter(|n| !n.is_empty() && n.len() <= 4)
        .ok_or_else(|| fault(line, format!("expected a move `i a b ...`, got {shown}")))?;
    let i = numbers[0];
    if i == 0 || i > heaps.len() as u64 {
        return Err(fault(line, format!("illegal move {shown}: no heap {i}")));
    }
    let mv = Move {
        heap: i as usize - 1,
        parts: numbers[1..].to_vec(),
    };
    if !is_option(game, heaps[mv.heap], &mv.parts) {
        return Err(fault(
            line,
            format!("illegal move {shown}: heap {i} cannot become that"),
        ));
    }
    Ok(Some(mv))
}

fn play_round<R: BufRead>(referee: &mut Referee<R>, out: &mut impl Write) -> Result<(), Stop> {
    let (line, text) = referee.read("the spec line")?;
    let spec_text = String::from_utf8_lossy(text).into_owned();
    let spec = parse_spec(&spec_text).map_err(|e| fault(line, e))?;
    let mut heaps = read_heaps(referee)?;
    let mut solver = Solver::new(spec);
    solver.check(&heaps).map_err(|e| fault(referee.line(), e))?;
    solver
        .prepare(heaps.iter().copied().max().unwrap_or(0))
        .and_then(|()| solver.misere_check(&heaps))
        .map_err(|e| fault(referee.line(), e))?;
    let game = solver.spec.game.clone();
    let us_first = solver.solve(&heaps).is_some();
    say(out, side(us_first))?;
    let mut our_turn = us_first;
    while solver.any_move(&heaps).is_some() {
        let mv = if our_turn {
            let mv = match solver.solve(&heaps) {
                Some(Some(mv)) => mv,
                _ => solver.any_move(&heaps).expect("a move exists"),
            };
            say(out, move_text(&mv).as_bytes())?;
            mv
        } else {
            match read_move(referee, &game, &heaps)? {
                Some(mv) => mv,
                None => return Ok(()),
            }
        };
        heaps = apply(&heaps, &mv);
        our_turn = !our_turn;
    }
    referee.end()
}

// ---------------------------------------------------------------------------------------------
// The values table

const VALUES_USAGE: &str =
    "usage: impartial --values SPEC [--from A] --to N [--mask auto|none|HEX|HEX:heap]";

/// `--mask`: auto (chosen from a prefix), none (the plain loop), or a mask in hexadecimal.
fn parse_mask(text: &str) -> Result<MaskChoice, String> {
    match text {
        "auto" => Ok(MaskChoice::Auto),
        "none" => Ok(MaskChoice::Plain),
        _ => {
            let (hex, by_heap) = match text.strip_suffix(":heap") {
                Some(hex) => (hex, true),
                None => (text, false),
            };
            let digits = hex.strip_prefix("0x").unwrap_or(hex);
            match u16::from_str_radix(digits, 16) {
                Ok(m) if m > 0 && !digits.starts_with('+') => {
                    Ok(MaskChoice::Given(usize::from(m), by_heap))
                }
                _ => Err(format!(
                    "mask {} is not auto, none, or a hexadecimal number from 1 to ffff with or without :heap",
                    show(text.as_bytes())
                )),
            }
        }
    }
}

/// Appends the decimal digits of v.
fn push_number(buf: &mut Vec<u8>, mut v: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    buf.extend_from_slice(&digits[i..]);
}

fn values_table(args: &[String]) -> Result<(), String> {
    let Some((spec_text, mut rest)) = args.split_first() else {
        return Err(VALUES_USAGE.into());
    };
    let (mut from, mut to, mut choice) = (None, None, MaskChoice::Auto);
    while let [flag, value, tail @ ..] = rest {
        match flag.as_str() {
            "--from" if from.is_none() => from = Some(parse_number(value, "A")?),
            "--to" if to.is_none() => to = Some(parse_number(value, "N")?),
            "--mask" => choice = parse_mask(value)?,
            _ => return Err(VALUES_USAGE.into()),
        }
        rest = tail;
    }
    let (Some(n), []) = (to, rest) else {
        return Err(VALUES_USAGE.into());
    };
    let start = from.unwrap_or(0);
    if n > MAX_PERIODIC_HEAP {
        return Err(format!("N = {n} is above {MAX_PERIODIC_HEAP}"));
    }
    if start > n {
        return Err(format!("--from {start} is above --to {n}"));
    }
    if n - start >= MAX_WINDOW {
        return Err(format!(
            "more than {MAX_WINDOW} lines asked (--from {start} --to {n})"
        ));
    }
    let spec = parse_spec(spec_text)?;
    if spec.misere {
        return Err("--values gives normal-play values; drop `misere`".into());
    }
    let mut values = Values::with_mask(&spec.game, choice);
    if n < MAX_TABLE {
        values.ensure(n)?;
    } else {
        // Beyond the largest table only a period proven within the first 10^6 values answers.
        if matches!(
            spec.game,
            Game::Octal(_) | Game::Subtraction(_) | Game::Queue
        ) {
            values.ensure(MAX_HEAP)?;
        }
        if !values.knows(n) {
            return Err(format!(
                "N = {n} is above {} and no period is proven within the first {MAX_HEAP} values",
                MAX_TABLE - 1
            ));
        }
    }
    // Look for a proof past N too, within a budget that stays cheap.
    if values.period.is_none() && values.proof == Proof::None {
        let budget = match &spec.game {
            Game::Grundy | Game::Periodic { .. } => 0,
            // A three-heap split's options grow as n²: 2^13 values of 0.8 take 18 s.
            Game::Octal(d) if d.iter().any(|&x| x & 8 != 0) => 1 << 10,
            _ if has_split(&spec.game) => 1 << 13,
            _ => 1 << 20,
        };
        if budget > n {
            values.ensure(budget)?;
        }
    }
    let (pre, per) = match (values.proof, values.period) {
        (Proof::ClosedForm, _) if spec.game == Game::Nim => ("0".into(), "none".into()),
        (Proof::ClosedForm, _) => ("1".into(), "none".into()),
        (_, Some((n0, p))) => (n0.to_string(), p.to_string()),
        _ => ("unknown".into(), "unknown".into()),
    };
    let checked = match values.game {
        Game::Nim | Game::Lasker => "formula".to_string(),
        _ => values.len().saturating_sub(1).to_string(),
    };
    let rare = match values.rare_stats() {
        Some((mask, count, last)) => format!("mask={} rare={count} last-rare={last}", mask.name()),
        None => "mask=none rare=none last-rare=none".into(),
    };
    let largest = values
        .largest()
        .map_or_else(|| "none".to_string(), |v| v.to_string());
    let window = from.map_or_else(String::new, |a| format!(" from={a}"));
    let mut buf = format!(
        "# spec={}{window} to={n} preperiod={pre} period={per} proof={} checked-to={checked} {rare} largest={largest}\n",
        spec_text.split_whitespace().collect::<Vec<_>>().join(""),
        values.proof.name()
    )
    .into_bytes();
    // Written as it goes: the table is never held as text.
    let mut stdout = std::io::stdout().lock();
    let write = |out: &mut std::io::StdoutLock, buf: &[u8]| cli::write(out, buf);
    for i in start..=n {
        push_number(&mut buf, i);
        buf.push(b' ');
        push_number(&mut buf, values.value(i));
        buf.push(b'\n');
        if buf.len() >= 1 << 16 {
            write(&mut stdout, &buf)?;
            buf.clear();
        }
    }
    write(&mut stdout, &buf)?;
    stdout.flush().map_err(cli::write_error)
}

// ---------------------------------------------------------------------------------------------
// The genus table

const GENUS_USAGE: &str = "usage: impartial --genus SPEC --to N";
/// `--genus`: the largest N (games with splits: their options grow with the heap).
const MAX_GENUS: u64 = 100_000;
const MAX_GENUS_SPLIT: u64 = 4096;
/// Multisets the genus recursion visits for sums holding a wild heap, at most.
const GENUS_BUDGET: usize = 200_000;

fn genus_table(args: &[String]) -> Result<(), String> {
    let (spec, to) = match args {
        [spec, flag, to] if flag == "--to" => (spec, to),
        _ => return Err(GENUS_USAGE.into()),
    };
    let spec = parse_spec(spec)?;
    let to = parse_number(to, "N")?;
    let max = if has_split(&spec.game) {
        MAX_GENUS_SPLIT
    } else {
        MAX_GENUS
    };
    if to > max {
        return Err(format!(
            "--genus takes N up to {max} for this game, got {to}"
        ));
    }
    let (genera, kinds) = misere::genera(&spec.game, to, GENUS_BUDGET).map_err(|n| {
        format!(
            "the genus of heap {n} needs the genus of a sum holding a wild heap beyond the search's {GENUS_BUDGET} positions (--to {} is answered)",
            n.saturating_sub(1)
        )
    })?;
    let first_wild = kinds.iter().position(|&k| k == misere::WILD);
    let mut text = format!(
        "# spec={} to={to} first-wild={}\n",
        args[0].trim(),
        first_wild.map_or("none".into(), |n| n.to_string())
    );
    for (n, (genus, &kind)) in genera.iter().zip(&kinds).enumerate() {
        let word = if kind == misere::WILD { "wild" } else { "tame" };
        text.push_str(&format!("{n} {} {word}\n", genus.text()));
    }
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(|e| format!("cannot write the output: {e}"))
}

// ---------------------------------------------------------------------------------------------
// The misère quotient

const QUOTIENT_USAGE: &str = "usage: impartial --quotient SPEC [--to N] [--proof checks]";
/// `--quotient`: heaps 0..N, N by default and at most.
const QUOTIENT_TO: u64 = 12;
const MAX_QUOTIENT_TO: u64 = 255;
/// The multiplication table is printed up to this order.
const QUOTIENT_TABLE: usize = 64;

fn quotient_failure(failure: quotient::Failure, to: u64) -> String {
    let b = &quotient::BOUNDS;
    match failure {
        quotient::Failure::Bound(what) => format!(
            "no misère quotient of heaps 0 to {to} found within the bound of {what}"
        ),
        quotient::Failure::Unproven => format!(
            "no misère quotient of heaps 0 to {to} found: no candidate from test positions of up to {} tokens passed the proof",
            b.tokens
        ),
    }
}

fn quotient_table(args: &[String]) -> Result<(), String> {
    let (args, theorem) = match args {
        [rest @ .., flag, by] if flag == "--proof" && by == "checks" => (rest, false),
        _ => (args, true),
    };
    let (spec_text, to) = match args {
        [spec] => (spec, QUOTIENT_TO),
        [spec, flag, to] if flag == "--to" => (spec, parse_number(to, "N")?),
        _ => return Err(QUOTIENT_USAGE.into()),
    };
    let spec = parse_spec(spec_text)?;
    if to > MAX_QUOTIENT_TO {
        return Err(format!(
            "--quotient takes N up to {MAX_QUOTIENT_TO}, got {to}"
        ));
    }
    let mut q = quotient::Quotient::compute(&spec.game, to, &quotient::BOUNDS)
        .map_err(|f| quotient_failure(f, to))?;
    q.prove_period(&spec.game, theorem, &quotient::BOUNDS)
        .map_err(|f| quotient_failure(f, to))?;
    let names = q.names();
    let order = q.order();
    let p: Vec<&str> = (0..order)
        .filter(|&e| q.p[e])
        .map(|e| names.names[e].as_str())
        .collect();
    let mut text = format!(
        "# spec={} to={to} order={order} P-portion={} tests={} period={} proof={}\n",
        spec_text.trim(),
        p.len(),
        q.tokens,
        q.period
            .map_or("none".into(), |(n0, p)| format!("{p}-from-{n0}-proven")),
        match q.proof {
            quotient::Proof::Theorem => "periodicity-theorem",
            quotient::Proof::Checks => "checks",
            quotient::Proof::None => "none",
        }
    );
    let gens: Vec<String> = names
        .generators
        .iter()
        .map(|(c, h)| format!("{c}={h}"))
        .collect();
    text.push_str(&format!("generators {}\n", gens.join(" ")));
    text.push_str(&format!("elements {}\n", names.names.join(" ")));
    text.push_str(&format!("P {}\n", p.join(" ")));
    let heaps: Vec<&str> = q
        .heap
        .iter()
        .map(|&e| names.names[e as usize].as_str())
        .collect();
    text.push_str(&format!("heaps {}\n", heaps.join(" ")));
    if order <= QUOTIENT_TABLE {
        for (a, row) in q.mul.iter().enumerate() {
            let cells: Vec<&str> = row
                .iter()
                .map(|&e| names.names[e as usize].as_str())
                .collect();
            text.push_str(&format!("{} * {}\n", names.names[a], cells.join(" ")));
        }
    }
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(|e| format!("cannot write the output: {e}"))
}

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
