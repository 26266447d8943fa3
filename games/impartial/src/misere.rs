//! The judge side's misère play: which heaps are tame, from the plain mex values alone, the
//! tame rule on positions of tame heaps, and the exact search over multisets of heaps for the
//! rest. Its own code and its own criterion (games/impartial/docs/impartial.md, "The judge
//! side"): a heap is tame here when every part of every option is tame and its misère value
//! γ0, the mex of its options' γ0 (1 without options; an option's γ0 is its xor, ⊕ 1 when
//! every part is small), is its normal value g (big) or, with g ≤ 1, g ⊕ 1 (small). These are
//! all the facts the tame rule's proof uses.

use crate::{each_option, has_option, options, Rules};

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

/// The exact misère search over sorted multisets of heaps that each have a move (a heap
/// without one is the zero game), for positions of at most `tokens` tokens: the player to move
/// wins with no move, or with a move to a position the opponent loses. Heaps that are the game
/// ∗1 (a move, and every option leaving only heaps without a move) are kept mod 2: ∗1 + ∗1 = 0
/// (games/impartial/docs/misere.md, "The search"). Sub-positions of tame heaps are decided
/// by the tame rule; the moves to positions the tame rule, read with the normal values whatever
/// the heaps' kinds, calls lost are tried first (an order only: a winning move is often among
/// them); outcomes are kept in a [`Memo`].
pub struct Search {
    /// The options of each heap up to `tokens`, with their parts that have a move, sorted.
    options: Vec<Vec<Vec<u8>>>,
    /// Per option: the xor of its parts' normal values, whether a part's value is 2 or more,
    /// whether a part is a ∗1 heap.
    option_xor: Vec<Vec<u32>>,
    option_big: Vec<Vec<bool>>,
    option_star: Vec<Vec<bool>>,
    /// The ∗1 heaps, and the smallest of them (0 if none), which stands for an odd number.
    star: Vec<bool>,
    star_heap: u8,
    kinds: Vec<Kind>,
    values: Vec<u32>,
    memo: Memo,
}

impl Search {
    /// The search for heaps up to `kinds.len() − 1` tokens (`values` as long: the plain mex
    /// values).
    pub fn new(rules: &Rules, kinds: &[Kind], values: &[u32]) -> Search {
        let top = kinds.len() - 1;
        let has_move: Vec<bool> = (0..=top as u64).map(|n| has_option(rules, n)).collect();
        let options: Vec<Vec<Vec<u8>>> = (0..=top as u64)
            .map(|n| {
                options(rules, n)
                    .into_iter()
                    .map(|parts| {
                        let mut live: Vec<u8> = parts
                            .into_iter()
                            .filter(|&p| has_move[p as usize])
                            .map(|p| p as u8)
                            .collect();
                        live.sort_unstable();
                        live
                    })
                    .collect()
            })
            .collect();
        let star: Vec<bool> = options
            .iter()
            .map(|list| !list.is_empty() && list.iter().all(Vec::is_empty))
            .collect();
        let star_heap = star.iter().position(|&s| s).unwrap_or(0) as u8;
        let per_option = |f: &dyn Fn(&[u8]) -> bool| -> Vec<Vec<bool>> {
            options
                .iter()
                .map(|list| list.iter().map(|o| f(o)).collect())
                .collect()
        };
        let option_big = per_option(&|o| o.iter().any(|&p| values[usize::from(p)] >= 2));
        let option_star = per_option(&|o| o.iter().any(|&p| star[usize::from(p)]));
        let option_xor = options
            .iter()
            .map(|list| {
                list.iter()
                    .map(|o| o.iter().fold(0, |x, &p| x ^ values[usize::from(p)]))
                    .collect()
            })
            .collect();
        Search {
            options,
            option_xor,
            option_big,
            option_star,
            star,
            star_heap,
            kinds: kinds.to_vec(),
            values: values.to_vec(),
            memo: Memo::new(top),
        }
    }

    /// Whether the player to move wins on these heaps (any order, at most the search's tokens
    /// in all).
    pub fn wins(&mut self, heaps: &[u8]) -> bool {
        let mut live: Vec<u8> = heaps
            .iter()
            .copied()
            .filter(|&h| !self.options[usize::from(h)].is_empty())
            .collect();
        live.sort_unstable();
        self.cancel_stars(&mut live);
        self.sorted_wins(&live)
    }

    /// Keeps the ∗1 heaps of sorted `heaps` mod 2: none, or one (the smallest ∗1 heap).
    fn cancel_stars(&self, heaps: &mut Vec<u8>) {
        let before = heaps.len();
        heaps.retain(|&h| !self.star[usize::from(h)]);
        if (before - heaps.len()) % 2 == 1 {
            let at = heaps.partition_point(|&h| h < self.star_heap);
            heaps.insert(at, self.star_heap);
        }
    }

    /// `wins` on sorted live heaps, ∗1 heaps kept mod 2.
    fn sorted_wins(&mut self, heaps: &[u8]) -> bool {
        if heaps.is_empty() {
            return true;
        }
        let kinds = heaps.iter().map(|&h| self.kinds[usize::from(h)]);
        if let Some(wins) = tame_mover_wins(kinds) {
            return wins;
        }
        let rank = self.memo.rank(heaps);
        if let Some(known) = self.memo.get(rank) {
            return known;
        }
        let mut wins = false;
        let mut next: Vec<u8> = Vec::with_capacity(heaps.len() + 3);
        // The move order: first the children the tame rule, read with the normal values
        // whatever the heaps' kinds, calls lost (xor 1 with every value ≤ 1, else xor 0).
        let x = heaps
            .iter()
            .fold(0, |x, &h| x ^ self.values[usize::from(h)]);
        let big = heaps
            .iter()
            .filter(|&&h| self.values[usize::from(h)] >= 2)
            .count();
        'heaps: for likely in [true, false] {
            for i in 0..heaps.len() {
                if i > 0 && heaps[i] == heaps[i - 1] {
                    continue;
                }
                let h = usize::from(heaps[i]);
                let rest_x = x ^ self.values[h];
                let rest_big = big - usize::from(self.values[h] >= 2);
                for o in 0..self.options[h].len() {
                    let y = rest_x ^ self.option_xor[h][o];
                    let all_small = rest_big == 0 && !self.option_big[h][o];
                    if (y == u32::from(all_small)) != likely {
                        continue;
                    }
                    // heaps without heap i, merged with the option's sorted parts.
                    next.clear();
                    let parts = &self.options[h][o];
                    let mut k = 0;
                    for (j, &g) in heaps.iter().enumerate() {
                        if j == i {
                            continue;
                        }
                        while k < parts.len() && parts[k] < g {
                            next.push(parts[k]);
                            k += 1;
                        }
                        next.push(g);
                    }
                    next.extend_from_slice(&parts[k..]);
                    if self.option_star[h][o] {
                        self.cancel_stars(&mut next);
                    }
                    if !self.sorted_wins(&next) {
                        wins = true;
                        break 'heaps;
                    }
                }
            }
        }
        self.memo.set(rank, wins);
        wins
    }
}
