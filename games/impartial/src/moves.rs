//! The moves of impartial, from the rules alone: the options of a heap, listed or called one by
//! one, and a move on a position (its notation `i a b ...` and the heaps it leaves).

use crate::spec::plain_number;
use crate::Rules;
use std::fmt;

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

#[cfg(test)]
mod tests {
    use super::*;

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
