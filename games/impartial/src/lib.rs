//! Impartial games from their rules: the judge side's own rules engine and
//! evaluator for every game of games/impartial/docs/impartial.md's spec — octal and hexadecimal codes,
//! finite and periodic subtraction sets, Nim, Lasker's Nim, Grundy's game, the queue game,
//! each in normal or misère play — used by the referee, gen, `validate-impartial` and
//! `check-impartial`.
//!
//! Nothing here is the solution's algorithm (solutions/src/impartial.rs reads values through
//! proven periods, closed forms and misère theory): this module knows only the rules.
//!
//! - [`Spec`]: the spec line, read strictly (the validator's grammar).
//! - [`options`]: the heaps one heap may become in a move, listed from the rules alone.
//! - [`Evaluator`]: normal play by the Sprague–Grundy theorem with every value from the plain
//!   mex recurrence over [`options`] (O(Σ options) for the table: the limits of [`Spec::max_heap`]
//!   keep it to a few million steps); misère play by the judge's own tame rule where every
//!   heap is tame (src/misere.rs, from the plain mex values), else by exhaustive search over
//!   multisets of heaps (heaps without a move dropped, ∗1 heaps kept mod 2), memoised in a
//!   flat table (positions of at most [`MISERE_SEARCH_SUM`] tokens).
//!
//! The limits are the judge side's: heaps up to 1000 (300 for codes with three-heap splits),
//! misère positions of at most [`MISERE_MAX_HEAPS`] heaps, and for the batch problem at most
//! [`MISERE_MAX_SUM`] tokens (the referee: any when every heap is tame, else
//! [`MISERE_SEARCH_SUM`]).
//! Within them every answer is exact by plain search; games/impartial/tests/eval.rs checks it
//! against a second, slower search with no table at all.

pub mod board;
pub mod check;
pub mod coverage;
pub mod gen;
pub mod misere;
pub mod play;
pub mod shrink;
pub mod validate;

/// The problem of this game, as the registry lists it.
pub const IMPARTIAL: combgames_core::problem::Problem = combgames_core::problem::Problem {
    name: "impartial",
    gen: &gen::GEN,
    validator: &validate::IMPARTIAL,
    play: &play::PLAY,
    shrink: shrink::impartial,
    judge_sized: (1000, Some(50)),
    largest: Some(combgames_core::problem::Largest {
        kind: "random",
        size: 1_000,
        count: Some(1000),
    }),
    board: board::board,
    notation: board::NOTATION,
    sides: ["the first player", "the second player"],
    human: board::HUMAN,
    replay: include_str!("replay.js"),
};

use std::fmt;

/// Largest heap of a position the judge side plays or checks, by default.
pub const MAX_HEAP: u64 = 1000;
/// Largest heap for codes with a three-heap split (their options grow as n²).
pub const MAX_HEAP_THREE_WAY: u64 = 300;
/// Misère positions of the batch problem (validator, gen, checker): at most this many tokens
/// in all. Below the search's bound: the solution answers a file of 1000 positions of 52
/// tokens of every code within the 1 s limit (the hexadecimal codes with many options, 4.7
/// and 0.ff, take 1.0 to 1.6 s at 60; games/impartial/docs/impartial.md).
pub const MISERE_MAX_SUM: u64 = 52;
/// The exact misère search's bound: positions holding a wild heap (misere.rs) of at most this
/// many tokens; the referee's misère rounds go this far (the search's table is made for them).
pub const MISERE_SEARCH_SUM: u64 = 60;
/// Misère positions: at most this many heaps.
pub const MISERE_MAX_HEAPS: usize = 8;
/// Normal-play positions: at most this many heaps.
pub const MAX_HEAPS: usize = 100;

/// The rules of one heap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rules {
    /// An octal or hexadecimal code: digit k (index k, digit 0 before the point) says what
    /// removing k tokens may leave (bits 1, 2, 4, 8: zero, one, two, three non-empty heaps).
    Code(Vec<u8>),
    /// A finite subtraction set, strictly increasing.
    Finite(Vec<u64>),
    /// Every s ≥ 1 with s mod `modulus` among `residues`.
    Periodic { modulus: u64, residues: Vec<u64> },
    /// Take any number from one heap.
    Nim,
    /// Take any number from one heap, or split a heap into two non-empty heaps.
    Lasker,
    /// Split a heap into two unequal non-empty heaps.
    Grundy,
    /// Shoot one person of a queue: the groups before and after remain, groups of one leave.
    Queue,
}

/// The families a package may restrict its games to (validate-impartial `--family NAME`):
/// octal and hexadecimal codes with their aliases, subtraction sets, Nim, Lasker's Nim,
/// Grundy's game, the queue game; misère play belongs to the family of its rules.
pub const FAMILY_NAMES: [&str; 6] = ["octal", "subtraction", "nim", "lasker", "grundy", "queue"];

impl Rules {
    /// The family of [`FAMILY_NAMES`] these rules belong to.
    pub fn family(&self) -> &'static str {
        match self {
            Rules::Code(_) => "octal",
            Rules::Finite(_) | Rules::Periodic { .. } => "subtraction",
            Rules::Nim => "nim",
            Rules::Lasker => "lasker",
            Rules::Grundy => "grundy",
            Rules::Queue => "queue",
        }
    }
}

/// A game: its rules and whether the last mover loses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pub rules: Rules,
    pub misere: bool,
    /// The spec as written (what positions and messages show).
    pub text: String,
}

impl fmt::Display for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Largest member of a finite set, and of a periodic set's modulus.
const MAX_MEMBER: u64 = 1_000_000;
const MAX_MODULUS: u64 = 1000;
/// Members of a finite set after its ranges are expanded.
const MAX_MEMBERS: usize = 4096;
/// Items (numbers or ranges) written in a set.
const MAX_ITEMS: usize = 32;

/// A decimal number without sign or leading zero.
fn plain_number(text: &str, what: &str) -> Result<u64, String> {
    let ok = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text.len() == 1 || !text.starts_with('0'));
    if !ok {
        return Err(format!(
            "{what} {text:?} is not a number (digits, no sign, no leading zero)"
        ));
    }
    text.parse()
        .map_err(|_| format!("{what} {text:?} is too large"))
}

impl Spec {
    /// Reads a spec line strictly: `[misere ]GAME` exactly as games/impartial/docs/impartial.md writes it
    /// (lower case, no blanks inside the game, single space after `misere`).
    pub fn parse(line: &str) -> Result<Spec, String> {
        let (misere, game) = match line.strip_prefix("misere ") {
            Some(rest) => (true, rest),
            None => (false, line),
        };
        let rules = match game {
            "nim" => Rules::Nim,
            "lasker" => Rules::Lasker,
            "grundy" => Rules::Grundy,
            "queue" => Rules::Queue,
            "kayles" => Rules::Code(vec![0, 7, 7]),
            "dawson-kayles" => Rules::Code(vec![0, 0, 7]),
            "dawson-chess" => Rules::Code(vec![0, 1, 3, 7]),
            _ if game.starts_with('{') => parse_set(game)?,
            _ if game.contains('.') => parse_code(game)?,
            _ => {
                return Err(format!(
                    "{game:?} is not a game (a code like 0.137, a set like {{1,2,4}}, nim, lasker, grundy, queue, kayles, dawson-kayles or dawson-chess)"
                ))
            }
        };
        Ok(Spec {
            rules,
            misere,
            text: line.to_owned(),
        })
    }

    /// Largest heap the judge side evaluates for these rules.
    pub fn max_heap(&self) -> u64 {
        match &self.rules {
            Rules::Code(d) if d.iter().any(|&x| x & 8 != 0) => MAX_HEAP_THREE_WAY,
            _ => MAX_HEAP,
        }
    }

    /// Why the judge side cannot evaluate `heaps` under this spec, if it cannot.
    pub fn check_position(&self, heaps: &[u64]) -> Result<(), String> {
        let max = self.max_heap();
        if let Some(h) = heaps.iter().find(|&&h| h > max) {
            return Err(format!(
                "heap {h} is beyond {max}, the largest heap of {self}"
            ));
        }
        if self.misere {
            let sum: u64 = heaps.iter().sum();
            if sum > MISERE_MAX_SUM || heaps.len() > MISERE_MAX_HEAPS {
                return Err(format!(
                    "a misère position has at most {MISERE_MAX_HEAPS} heaps and {MISERE_MAX_SUM} tokens (exhaustive search), got {} heaps and {sum}",
                    heaps.len()
                ));
            }
        } else if heaps.len() > MAX_HEAPS {
            return Err(format!("at most {MAX_HEAPS} heaps, got {}", heaps.len()));
        }
        Ok(())
    }
}

fn parse_code(code: &str) -> Result<Rules, String> {
    let (whole, frac) = code
        .split_once('.')
        .ok_or_else(|| format!("{code:?} is not a code"))?;
    let digit = |c: char| {
        c.to_digit(16)
            .filter(|_| !c.is_ascii_uppercase())
            .map(|d| d as u8)
            .ok_or_else(|| format!("{c:?} in {code:?} is not a digit 0-9 or a-f"))
    };
    let mut chars = whole.chars();
    let d0 = match (chars.next(), chars.next()) {
        (Some(c), None) => digit(c)?,
        _ => return Err(format!("{code:?}: one digit before the point")),
    };
    if d0 & 3 != 0 {
        return Err(format!(
            "{code:?}: the digit before the point may only have bits 4 and 8 (0, 4, 8 or c)"
        ));
    }
    let mut digits = vec![d0];
    for c in frac.chars() {
        digits.push(digit(c)?);
    }
    if !(2..=9).contains(&digits.len()) {
        return Err(format!("{code:?}: 1 to 8 digits after the point"));
    }
    if digits.last() == Some(&0) {
        return Err(format!("{code:?}: the last digit is not 0"));
    }
    Ok(Rules::Code(digits))
}

fn parse_set(set: &str) -> Result<Rules, String> {
    let inner = set
        .strip_prefix('{')
        .and_then(|s| s.strip_suffix('}'))
        .ok_or_else(|| format!("{set:?}: a set is written {{...}}"))?;
    if let Some((list, modulus)) = inner.split_once(" mod ") {
        let modulus = plain_number(modulus, "the modulus")?;
        if !(1..=MAX_MODULUS).contains(&modulus) {
            return Err(format!("{set:?}: the modulus is 1 to {MAX_MODULUS}"));
        }
        let mut residues = Vec::new();
        for r in list.split(',') {
            let r = plain_number(r, "a residue")?;
            if r >= modulus || residues.last().is_some_and(|&last| last >= r) {
                return Err(format!(
                    "{set:?}: residues strictly increasing, below the modulus"
                ));
            }
            residues.push(r);
        }
        return Ok(Rules::Periodic { modulus, residues });
    }
    let items: Vec<&str> = inner.split(',').collect();
    if items.len() > MAX_ITEMS {
        return Err(format!("{set:?}: at most {MAX_ITEMS} items"));
    }
    let mut members: Vec<u64> = Vec::new();
    for item in items {
        let (lo, hi) = match item.split_once("..") {
            Some((a, b)) => (plain_number(a, "a member")?, plain_number(b, "a member")?),
            None => {
                let a = plain_number(item, "a member")?;
                (a, a)
            }
        };
        let increasing = lo >= 1 && lo <= hi && members.last().map_or(true, |&last| last < lo);
        if !increasing || hi > MAX_MEMBER {
            return Err(format!(
                "{set:?}: members strictly increasing from 1 to {MAX_MEMBER}"
            ));
        }
        if members.len() as u64 + (hi - lo + 1) > MAX_MEMBERS as u64 {
            return Err(format!("{set:?}: at most {MAX_MEMBERS} members"));
        }
        members.extend(lo..=hi);
    }
    Ok(Rules::Finite(members))
}

/// Every option of a heap of n: the non-empty heaps (0 to 3 of them, each list in
/// non-decreasing order) it may become in one move, each once. Straight from the rules
/// ([`each_option`]), sorted.
pub fn options(rules: &Rules, n: u64) -> Vec<Vec<u64>> {
    let mut out: Vec<Vec<u64>> = Vec::new();
    each_option(rules, n, |parts| out.push(parts.to_vec()));
    // A code may reach one option two ways (removing k from the heap with bit 2, or k' with
    // bit 4 splitting ...) and the queue reaches each split from both ends.
    out.sort_unstable();
    out.dedup();
    out
}

/// Calls `f` with every option of a heap of n (its parts in non-decreasing order), an
/// option reached two ways twice: what a mex or a search needs, without a list to allocate
/// (the referee's rounds take the values of every heap up to the largest, option by option).
pub fn each_option(rules: &Rules, n: u64, mut f: impl FnMut(&[u64])) {
    let mut take = |s: u64| {
        if s == n {
            f(&[]);
        } else if s < n {
            f(&[n - s]);
        }
    };
    match rules {
        Rules::Code(digits) => {
            for (k, &d) in digits.iter().enumerate() {
                let k = k as u64;
                if k > n {
                    break;
                }
                let rest = n - k;
                if k > 0 && rest == 0 && d & 1 != 0 {
                    f(&[]);
                }
                if k > 0 && rest >= 1 && d & 2 != 0 {
                    f(&[rest]);
                }
                if d & 4 != 0 {
                    for a in 1..=rest / 2 {
                        f(&[a, rest - a]);
                    }
                }
                if d & 8 != 0 {
                    for a in 1..=rest / 3 {
                        for b in a..=(rest - a) / 2 {
                            f(&[a, b, rest - a - b]);
                        }
                    }
                }
            }
        }
        Rules::Finite(set) => {
            for &s in set {
                take(s);
            }
        }
        Rules::Periodic { modulus, residues } => {
            for s in 1..=n {
                if residues.contains(&(s % modulus)) {
                    take(s);
                }
            }
        }
        Rules::Nim | Rules::Lasker => {
            for s in 1..=n {
                take(s);
            }
            if *rules == Rules::Lasker {
                for a in 1..=n / 2 {
                    f(&[a, n - a]);
                }
            }
        }
        Rules::Grundy => {
            for a in 1..n {
                if 2 * a < n {
                    f(&[a, n - a]);
                }
            }
        }
        Rules::Queue => {
            for shot in 1..=n {
                // The groups left of and right of the shot, those of 2 or more, smaller first.
                let (left, right) = (shot - 1, n - shot);
                let (low, high) = (left.min(right), left.max(right));
                match (low >= 2, high >= 2) {
                    (true, _) => f(&[low, high]),
                    (false, true) => f(&[high]),
                    _ => f(&[]),
                }
            }
        }
    }
}

/// Whether a heap of n has a move.
pub fn has_option(rules: &Rules, n: u64) -> bool {
    let mut any = false;
    each_option(rules, n, |_| any = true);
    any
}

/// A move: heap `heap` (0-based) replaced in place by `parts` (non-empty heaps).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub heap: usize,
    pub parts: Vec<u64>,
}

impl fmt::Display for Move {
    /// The protocol's notation `i a b ...` (1-based heap).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.heap + 1)?;
        for p in &self.parts {
            write!(f, " {p}")?;
        }
        Ok(())
    }
}

impl Move {
    /// Reads `i a b ...` strictly (plain numbers, one space apart); says nothing of legality.
    pub fn parse(line: &str) -> Result<Move, String> {
        let words: Vec<&str> = line.split(' ').collect();
        if words.is_empty() || words.len() > 4 {
            return Err(format!(
                "{line:?} is not a move `i a b ...` (a heap and at most 3 parts)"
            ));
        }
        let numbers = words
            .iter()
            .map(|w| plain_number(w, "a number"))
            .collect::<Result<Vec<u64>, String>>()
            .map_err(|e| format!("{line:?} is not a move `i a b ...`: {e}"))?;
        if numbers[0] == 0 {
            return Err(format!("{line:?}: heaps are numbered from 1"));
        }
        Ok(Move {
            heap: numbers[0] as usize - 1,
            parts: numbers[1..].to_vec(),
        })
    }
}

/// The heaps after `m` (which must name a heap): heap `m.heap` replaced by its parts.
pub fn after(heaps: &[u64], m: &Move) -> Vec<u64> {
    let mut next = heaps[..m.heap].to_vec();
    next.extend(m.parts.iter().copied());
    next.extend_from_slice(&heaps[m.heap + 1..]);
    next
}

/// The judge side's evaluator for one spec: Grundy values by the plain mex recurrence (normal
/// play) and a memo of misère positions.
pub struct Evaluator {
    pub spec: Spec,
    /// g(0..=len-1), grown on demand.
    values: Vec<u32>,
    /// The exact misère search (misere.rs), made at its first position.
    search: Option<misere::Search>,
    /// Misère kinds of heaps 0..len (tame small, tame big, wild), grown on demand.
    kinds: Vec<misere::Kind>,
}

impl Evaluator {
    pub fn new(spec: Spec) -> Evaluator {
        Evaluator {
            spec,
            values: Vec::new(),
            search: None,
            kinds: Vec::new(),
        }
    }

    /// The Grundy value of one heap of n (normal play), by the mex over its options.
    pub fn value(&mut self, n: u64) -> u32 {
        while self.values.len() as u64 <= n {
            let m = self.values.len() as u64;
            let mut seen: Vec<bool> = Vec::new();
            let values = &self.values;
            each_option(&self.spec.rules, m, |option| {
                let x = option.iter().fold(0u32, |acc, &h| acc ^ values[h as usize]) as usize;
                if seen.len() <= x {
                    seen.resize(x + 1, false);
                }
                seen[x] = true;
            });
            let mex = seen.iter().position(|&s| !s).unwrap_or(seen.len());
            self.values.push(mex as u32);
        }
        self.values[n as usize]
    }

    /// Every legal move of `heaps`, heap by heap, options in [`options`]' order.
    pub fn moves(&self, heaps: &[u64]) -> Vec<Move> {
        let mut out = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            for parts in options(&self.spec.rules, h) {
                out.push(Move { heap: i, parts });
            }
        }
        out
    }

    /// Whether `m` is legal on `heaps`: its heap exists and its parts (in any order) are an
    /// option of that heap.
    pub fn is_legal(&self, heaps: &[u64], m: &Move) -> Result<(), String> {
        let h = *heaps.get(m.heap).ok_or_else(|| {
            format!(
                "there is no heap {} (the position has {})",
                m.heap + 1,
                heaps.len()
            )
        })?;
        if m.parts.contains(&0) {
            return Err("parts are non-empty heaps (a heap of 0 is not written)".into());
        }
        let mut parts = m.parts.clone();
        parts.sort_unstable();
        if options(&self.spec.rules, h).binary_search(&parts).is_err() {
            return Err(format!(
                "a heap of {h} cannot become {} under {}",
                describe_parts(&m.parts),
                self.spec
            ));
        }
        Ok(())
    }

    /// The misère kind of a heap of n (misere.rs), from the plain mex values.
    pub fn kind(&mut self, n: u64) -> misere::Kind {
        while self.kinds.len() as u64 <= n {
            let m = self.kinds.len() as u64;
            let g = self.value(m);
            let kind = misere::heap_kind(&self.spec.rules, m, g, &self.kinds, &self.values);
            self.kinds.push(kind);
        }
        self.kinds[n as usize]
    }

    /// Whether every heap is tame (the tame rule decides the misère position).
    pub fn all_tame(&mut self, heaps: &[u64]) -> bool {
        heaps.iter().all(|&h| self.kind(h) != misere::Kind::Wild)
    }

    /// Why the misère position cannot be decided here, if it cannot: a wild heap in a
    /// position of more than [`MISERE_SEARCH_SUM`] tokens (the search's bound).
    pub fn check_misere(&mut self, heaps: &[u64]) -> Result<(), String> {
        let sum: u64 = heaps.iter().sum();
        if sum <= MISERE_SEARCH_SUM || self.all_tame(heaps) {
            return Ok(());
        }
        Err(format!(
            "a misère position holding a wild heap has at most {MISERE_SEARCH_SUM} tokens (exhaustive search), got {sum}"
        ))
    }

    /// Why the referee cannot play a round from `heaps`, if it cannot: the heaps' limits, and
    /// in misère play at most [`MISERE_MAX_HEAPS`] heaps, any heaps up to
    /// [`Spec::max_heap`] when all are tame, else at most [`MISERE_SEARCH_SUM`] tokens.
    pub fn check_round(&mut self, heaps: &[u64]) -> Result<(), String> {
        if !self.spec.misere {
            return self.spec.check_position(heaps);
        }
        let max = self.spec.max_heap();
        if let Some(h) = heaps.iter().find(|&&h| h > max) {
            return Err(format!(
                "heap {h} is beyond {max}, the largest heap of {}",
                self.spec
            ));
        }
        if heaps.len() > MISERE_MAX_HEAPS {
            return Err(format!(
                "a misère position has at most {MISERE_MAX_HEAPS} heaps, got {}",
                heaps.len()
            ));
        }
        self.check_misere(heaps)
    }

    /// Whether the player to move wins `heaps`.
    pub fn mover_wins(&mut self, heaps: &[u64]) -> bool {
        if self.spec.misere {
            let kinds: Vec<misere::Kind> = heaps.iter().map(|&h| self.kind(h)).collect();
            if let Some(wins) = misere::tame_mover_wins(kinds.iter().copied()) {
                return wins;
            }
            let sum: u64 = heaps.iter().sum();
            // (A format argument, not an inline one: the bundled referee builds with 2018.)
            assert!(
                sum <= MISERE_SEARCH_SUM,
                "wild misère positions are checked to at most {} tokens",
                MISERE_SEARCH_SUM
            );
            if self.search.is_none() {
                let top = MISERE_SEARCH_SUM;
                self.kind(top);
                let search = misere::Search::new(
                    &self.spec.rules,
                    &self.kinds[..=top as usize],
                    &self.values[..=top as usize],
                );
                self.search = Some(search);
            }
            let heaps: Vec<u8> = heaps.iter().map(|&h| h as u8).collect();
            self.search.as_mut().expect("made above").wins(&heaps)
        } else {
            heaps.iter().fold(0, |x, &h| x ^ self.value(h)) != 0
        }
    }

    /// Whether the player to move has a legal move.
    pub fn has_move(&self, heaps: &[u64]) -> bool {
        heaps.iter().any(|&h| has_option(&self.spec.rules, h))
    }
}

/// `nothing`, `7`, `3 and 4`, `1, 2 and 3`.
fn describe_parts(parts: &[u64]) -> String {
    match parts {
        [] => "nothing".into(),
        [a] => a.to_string(),
        [rest @ .., last] => format!(
            "{} and {last}",
            rest.iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_are_read_strictly() {
        for ok in [
            "0.137",
            "4.07",
            "0.8",
            "{1,2,4}",
            "{1..3}",
            "{1,3..5}",
            "{1,4 mod 5}",
            "{0 mod 3}",
            "nim",
            "misere kayles",
            "c.1",
        ] {
            assert!(Spec::parse(ok).is_ok(), "{ok}");
        }
        for bad in [
            "0.130",
            "1.7",
            "0.",
            "0.F",
            "{2,1}",
            "{0}",
            "{1,,2}",
            "{1 mod 0}",
            "{5 mod 5}",
            "misère nim",
            "misere  nim",
            " nim",
            "chess",
            "{1..1000001}",
            "0.123456789",
        ] {
            assert!(Spec::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn moves_are_read_strictly() {
        assert_eq!(
            Move::parse("2 3 4"),
            Ok(Move {
                heap: 1,
                parts: vec![3, 4]
            })
        );
        for bad in ["0", "1 02", "1  2", "1 2 3 4 5", "", "x", "1 -2"] {
            assert!(Move::parse(bad).is_err(), "{bad}");
        }
    }
}
