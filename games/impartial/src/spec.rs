//! The spec line of impartial: the rules of one heap, the game they make in normal or misère
//! play, and the strict reading of `[misere ]GAME` (codes, subtraction sets, named games).

use crate::{MAX_HEAP, MAX_HEAPS, MAX_HEAP_THREE_WAY, MISERE_MAX_HEAPS, MISERE_MAX_SUM};
use std::fmt;

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
pub(crate) fn plain_number(text: &str, what: &str) -> Result<u64, String> {
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
}
