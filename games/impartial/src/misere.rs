//! The judge side's misère play: which heaps are tame, from the plain mex values alone, the
//! tame rule on positions of tame heaps, and the memo of the exact search over multisets of
//! heaps for the rest (the search itself is lib.rs's `Evaluator`). Its own code and its own criterion (games/impartial/docs/impartial.md, "The judge side"): a heap is
//! tame here when every part of every option is tame and its misère value γ0, the mex of its
//! options' γ0 (1 without options; an option's γ0 is its xor, ⊕ 1 when every part is small),
//! is its normal value g (big) or, with g ≤ 1, g ⊕ 1 (small). These are all the facts the
//! tame rule's proof uses.

use crate::{each_option, Rules};

/// A heap's kind for the tame rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Small(u32),
    Big(u32),
    Wild,
}

/// The tame rule: whether the player to move wins a position of tame heaps of these kinds.
pub fn tame_mover_wins(kinds: impl IntoIterator<Item = Kind>) -> Option<bool> {
    let mut xor = 0;
    let mut all_small = true;
    for k in kinds {
        match k {
            Kind::Small(g) => xor ^= g,
            Kind::Big(g) => {
                xor ^= g;
                all_small = false;
            }
            Kind::Wild => return None,
        }
    }
    Some(if all_small { xor != 1 } else { xor != 0 })
}

/// The kind of heap n from the kinds and normal values of the smaller heaps.
pub fn heap_kind(rules: &Rules, n: u64, g: u32, kinds: &[Kind], values: &[u32]) -> Kind {
    let mut seen: Vec<bool> = Vec::new();
    let mut any = false;
    let mut wild = false;
    each_option(rules, n, |parts| {
        any = true;
        let mut xor = 0;
        let mut small = true;
        for &p in parts {
            match kinds[p as usize] {
                Kind::Wild => wild = true,
                Kind::Big(_) => small = false,
                Kind::Small(_) => {}
            }
            xor ^= values[p as usize];
        }
        let gamma0 = (xor ^ u32::from(small)) as usize;
        if seen.len() <= gamma0 {
            seen.resize(gamma0 + 1, false);
        }
        seen[gamma0] = true;
    });
    if wild {
        return Kind::Wild;
    }
    let gamma0 = if any {
        seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
    } else {
        1
    };
    if gamma0 == g {
        Kind::Big(g)
    } else if g <= 1 && gamma0 == g ^ 1 {
        Kind::Small(g)
    } else {
        Kind::Wild
    }
}

/// The memo of the search: 2 bits per position (0 unknown, 1 the mover wins, 2 loses), a
/// position being a multiset of heaps of at most `tokens` tokens in all, indexed by its rank
/// among all such multisets (`Ranks`): one flat table of about 1.7 MB for 60 tokens, which
/// the cache holds, where a map of the same positions took hundreds of MB.
pub struct Memo {
    ranks: Ranks,
    bits: Vec<u8>,
}

impl Memo {
    pub fn new(tokens: usize) -> Memo {
        let ranks = Ranks::new(tokens);
        let bits = vec![0; (ranks.count() + 3) / 4];
        Memo { ranks, bits }
    }

    /// How many positions the table holds: every multiset of at most `tokens` tokens.
    pub fn positions(&self) -> usize {
        self.ranks.count()
    }

    /// The rank of sorted heaps (increasing, each ≥ 1, at most `tokens` in all).
    pub fn rank(&self, heaps: &[u8]) -> usize {
        self.ranks.rank(heaps)
    }

    pub fn get(&self, rank: usize) -> Option<bool> {
        match self.bits[rank / 4] >> (2 * (rank % 4)) & 3 {
            0 => None,
            b => Some(b == 1),
        }
    }

    pub fn set(&mut self, rank: usize, wins: bool) {
        self.bits[rank / 4] |= (2 - u8::from(wins)) << (2 * (rank % 4));
    }
}

/// Ranks of the multisets of positive heaps summing to at most `tokens`: those of a smaller
/// sum first; among those of one sum n, ordered by their smallest heap, then the rest alike.
/// With at_least[n][k] the number of multisets of sum n whose heaps are all ≥ k, the
/// multisets of sum n, heaps ≥ lo, whose smallest heap is below a number at_least[n][lo] −
/// at_least[n][a], so a multiset's rank is that sum over its heaps in increasing order.
struct Ranks {
    tokens: usize,
    /// at_least[n * (tokens + 2) + k], k in 1..=tokens + 1.
    at_least: Vec<u32>,
    /// below[n]: the multisets of sums below n.
    below: Vec<u32>,
}

impl Ranks {
    fn new(tokens: usize) -> Ranks {
        let w = tokens + 2;
        let mut at_least = vec![0u32; (tokens + 1) * w];
        // Sum 0: the empty multiset alone, whatever the bound.
        for slot in &mut at_least[1..w] {
            *slot = 1;
        }
        for n in 1..=tokens {
            for k in (1..=tokens).rev() {
                // Smallest heap exactly k (one k taken off: sum n − k, heaps ≥ k), or ≥ k + 1.
                let with_k = if k <= n { at_least[(n - k) * w + k] } else { 0 };
                at_least[n * w + k] = with_k + at_least[n * w + k + 1];
            }
        }
        let mut below = vec![0u32; tokens + 2];
        for n in 0..=tokens {
            below[n + 1] = below[n] + at_least[n * w + 1];
        }
        Ranks {
            tokens,
            at_least,
            below,
        }
    }

    fn count(&self) -> usize {
        self.below[self.tokens + 1] as usize
    }

    fn rank(&self, heaps: &[u8]) -> usize {
        let w = self.tokens + 2;
        let mut n: usize = heaps.iter().map(|&h| usize::from(h)).sum();
        let mut r = self.below[n];
        let mut lo = 1;
        for &h in heaps {
            let a = usize::from(h);
            r += self.at_least[n * w + lo] - self.at_least[n * w + a];
            n -= a;
            lo = a;
        }
        r as usize
    }
}
