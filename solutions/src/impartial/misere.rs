//! Misère play by Conway's genus theory (ONAG ch. 12, Winning Ways ch. 13), and the exact
//! search that decides what the theory does not (games/impartial/docs/misere.md).
//!
//! The genus of a game G is g^{γ0 γ1 γ2 ...}: g its normal value, γk the misère Grundy value
//! of G plus k nim heaps of 2. It follows from the genera of G's options: g and γ0 by the mex
//! (γ0 = 1 without options), and for k ≥ 1 γk = mex({γk of the options} ∪ {γ(k-1), γ(k-1) ⊕ 1})
//! (G + 2^k moves to G' + 2^k, G + 2^(k-1) and G + 2^(k-1) + 1, and the misère value of
//! X + 1 is X's ⊕ 1 for every X, by induction on X). A heap is tame when its genus is
//! 0^{120}, 1^{031} ("small": it plays like heaps 0 and 1) or g^{g, g⊕2, ...} and every heap
//! its options hold is tame; a sum of tame heaps then has the genus its xor and smallness
//! give, and a position of tame heaps is lost iff (all small and xor 1) or (not all small and
//! xor 0) (the tame rule; games/impartial/docs/misere.md proves it from these facts alone).

use super::{for_each_option, Game, Move};
use std::collections::HashMap;

/// A genus: `seq` holds γ0, γ1, ... up to the first two terms of the alternation every genus
/// ends in (γ(k+2) = γk from `seq.len() - 2` on).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Genus {
    pub g: u32,
    pub seq: Vec<u32>,
}

/// The kind of a tame heap or sum, as a code: 2·g + (1 if small); WILD otherwise.
pub(super) const WILD: u32 = u32::MAX;
/// Heap 0 and the empty sum: 0^{120}.
pub(super) const EMPTY: u32 = 1;

/// The kind of a sum of two parts of these kinds.
pub(super) fn combine(a: u32, b: u32) -> u32 {
    if a == WILD || b == WILD {
        return WILD;
    }
    (((a >> 1) ^ (b >> 1)) << 1) | (a & b & 1)
}

/// γ0 of a tame kind: g ⊕ 1 when small, else g.
fn gamma0(code: u32) -> u32 {
    (code >> 1) ^ (code & 1)
}

/// The g of a tame kind, 0 for WILD (left out of the tame heaps' xor).
fn tame_g(code: u32) -> u32 {
    if code == WILD {
        0
    } else {
        code >> 1
    }
}

fn mex(values: impl Iterator<Item = u32>) -> u32 {
    let mut seen: Vec<bool> = Vec::new();
    for v in values {
        let v = v as usize;
        if seen.len() <= v {
            seen.resize(v + 1, false);
        }
        seen[v] = true;
    }
    seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
}

/// How far past the options' alternations a genus may take to alternate before it is given up
/// (never reached in the games tried; a heap past it is called wild, never guessed tame).
const GENUS_STEPS: usize = 64;

impl Genus {
    pub(super) fn at(&self, k: usize) -> u32 {
        let t = self.seq.len() - 2;
        if k < self.seq.len() {
            self.seq[k]
        } else {
            self.seq[t + (k - t) % 2]
        }
    }

    /// The genus of a tame kind.
    pub(super) fn of_kind(code: u32) -> Genus {
        let g = code >> 1;
        let seq = match (code & 1 == 1, g) {
            (true, 0) => vec![1, 2, 0],
            (true, _) => vec![0, 3, 1],
            (false, _) => vec![g, g ^ 2],
        };
        Genus { g, seq }
    }

    /// The genus of a game whose options have these genera.
    pub(super) fn from_options(options: &[&Genus]) -> Option<Genus> {
        let g = mex(options.iter().map(|o| o.g));
        let first = if options.is_empty() {
            1
        } else {
            mex(options.iter().map(|o| o.at(0)))
        };
        let mut seq = vec![first];
        // From index t on, every option's sequence alternates.
        let t = options.iter().map(|o| o.seq.len() - 2).max().unwrap_or(0);
        for k in 1..t + GENUS_STEPS {
            let prev = seq[k - 1];
            let v = mex(options
                .iter()
                .map(|o| o.at(k))
                .chain([prev, prev ^ 1].iter().copied()));
            seq.push(v);
            // γ(j+2) = γj with j ≥ t − 1: the options repeat from j + 1 on, and so does G.
            if k >= 2 && k > t && seq[k] == seq[k - 2] {
                seq.pop();
                while seq.len() > 2 && seq[seq.len() - 3] == seq[seq.len() - 1] {
                    seq.pop();
                }
                return Some(Genus { g, seq });
            }
        }
        None
    }

    /// The tame kind of this genus, if it is a tame genus.
    pub(super) fn kind(&self) -> u32 {
        let candidates = [2 * self.g + 1, 2 * self.g];
        for &code in candidates.iter() {
            if code & 1 == 1 && self.g > 1 {
                continue;
            }
            let tame = Genus::of_kind(code);
            if (0..self.seq.len() + 3).all(|k| tame.at(k) == self.at(k)) {
                return code;
            }
        }
        WILD
    }

    /// g^{γ0γ1...} (digits joined when every value is below 10, else by commas).
    pub(super) fn text(&self) -> String {
        let joined: Vec<String> = self.seq.iter().map(|v| v.to_string()).collect();
        let sep = if self.seq.iter().all(|&v| v < 10) && self.g < 10 {
            ""
        } else {
            ","
        };
        format!("{}^{{{}}}", self.g, joined.join(sep))
    }
}

/// The kind of a heap of n from the kinds of the smaller heaps.
fn heap_kind(game: &Game, n: u64, kinds: &[u32]) -> u32 {
    let mut sums = Vec::new();
    let wild = for_each_option(game, n, |parts| {
        let code = parts
            .iter()
            .fold(EMPTY, |c, &p| combine(c, kinds[p as usize]));
        sums.push(code);
        code == WILD
    });
    if wild {
        return WILD;
    }
    sums.sort_unstable();
    sums.dedup();
    let genera: Vec<Genus> = sums.iter().map(|&c| Genus::of_kind(c)).collect();
    let refs: Vec<&Genus> = genera.iter().collect();
    Genus::from_options(&refs).map_or(WILD, |g| g.kind())
}

/// Heaps' kinds, computed in order, and read through a proven period beyond the table.
pub(super) struct Kinds {
    game: Game,
    pub codes: Vec<u32>,
    pub period: Option<(u64, u64)>,
    /// The heaps up to which the table is computed at most.
    cap: usize,
    /// Heaps from this one on, congruent modulo the period, have options of the same kinds
    /// that map one to one (the largest part shifted): see `option_where`.
    shift_from: u64,
}

/// The most option lists the kinds table walks (about a second).
const KINDS_WORK: u64 = 60_000_000;

impl Kinds {
    pub(super) fn new(game: &Game, max_table: usize) -> Kinds {
        Kinds {
            game: game.clone(),
            codes: Vec::new(),
            period: None,
            cap: max_table,
            shift_from: 0,
        }
    }

    pub(super) fn knows(&self, n: u64) -> bool {
        n < self.codes.len() as u64 || self.period.is_some()
    }

    pub(super) fn kind(&self, n: u64) -> u32 {
        if n < self.codes.len() as u64 {
            return self.codes[n as usize];
        }
        match self.period {
            Some((n0, p)) => self.codes[(n0 + (n - n0) % p) as usize],
            None => WILD,
        }
    }

    /// Options a heap of n has, about (for the work bound).
    fn options_about(&self, n: u64) -> u64 {
        match &self.game {
            Game::Octal(d) if d.iter().any(|&x| x & 8 != 0) => n * n / 6 + 8,
            Game::Subtraction(set) => set.len() as u64,
            Game::Octal(d) if d.iter().all(|&x| x & 12 == 0) => d.len() as u64,
            _ => n + 8,
        }
    }

    /// Computes kinds until heap `max` is known, a period is proven, or the work bound or
    /// the cap is reached.
    pub(super) fn ensure(&mut self, max: u64) {
        let mut work = 0u64;
        let mut next_proof = 64usize;
        while !self.knows(max) && self.codes.len() < self.cap {
            let n = self.codes.len() as u64;
            work += self.options_about(n);
            if work > KINDS_WORK {
                return;
            }
            let code = heap_kind(&self.game, n, &self.codes);
            self.codes.push(code);
            if self.codes.len() == next_proof || self.codes.len() as u64 > max {
                next_proof *= 2;
                if let Some((n0, p)) = super::prove_period(&self.game, &self.codes) {
                    self.proven(n0, p);
                }
            }
        }
    }

    fn proven(&mut self, n0: usize, p: usize) {
        let (three, w) = match &self.game {
            Game::Octal(d) => (d.iter().any(|&x| x & 8 != 0), d.len() - 1),
            Game::Subtraction(set) => (false, *set.last().unwrap_or(&0) as usize),
            _ => (false, 1),
        };
        // A heap n ≥ from with n − w ≥ 3·n0: every option's largest part is ≥ n0.
        let from = 3 * n0.max(2) + w + usize::from(three);
        while self.codes.len() < from + p + 1 {
            let n = self.codes.len() as u64;
            let code = heap_kind(&self.game, n, &self.codes);
            self.codes.push(code);
        }
        self.period = Some((n0 as u64, p as u64));
        self.shift_from = from as u64;
    }

    /// An option of a heap of h whose sum kind passes `want`. Beyond the table (through the
    /// period), the option is found on the heap h' ≡ h in the table and its largest part
    /// shifted by h − h' (that part is ≥ n0, so its kind is unchanged).
    pub(super) fn option_where(&self, h: u64, want: impl Fn(u32) -> bool) -> Option<Vec<u64>> {
        let (base, shift) = match self.period {
            Some((_, p)) if h >= self.codes.len() as u64 => {
                let from = self.shift_from;
                let base = from + (h - from) % p;
                (base, h - base)
            }
            _ => (h, 0),
        };
        let mut found = None;
        for_each_option(&self.game, base, |parts| {
            let code = parts.iter().fold(EMPTY, |c, &p| combine(c, self.kind(p)));
            if code != WILD && want(code) {
                found = Some(parts.to_vec());
            }
            found.is_some()
        });
        let mut parts = found?;
        if shift > 0 {
            let i = (0..parts.len()).max_by_key(|&i| parts[i])?;
            parts[i] += shift;
        }
        Some(parts)
    }

    /// The tame rule on heaps that are all tame: None when the mover loses, Some(None) when
    /// the mover has no move (and wins), Some(Some(move)) otherwise. None is also returned
    /// (as `Err`) if a move the proof promises is not found, which the tests rule out.
    pub(super) fn tame_answer(&self, heaps: &[u64]) -> Result<Option<Option<Move>>, ()> {
        let codes: Vec<u32> = heaps.iter().map(|&h| self.kind(h)).collect();
        let x = codes.iter().fold(0, |x, &c| x ^ (c >> 1));
        let small = codes.iter().all(|&c| c & 1 == 1);
        let mv = |heap: usize, want: &dyn Fn(u32) -> bool| {
            self.option_where(heaps[heap], want)
                .map(|parts| Some(Some(Move { heap, parts })))
                .ok_or(())
        };
        let ones = (0..heaps.len()).find(|&i| codes[i] == 3);
        if small {
            if x == 1 {
                return Ok(None);
            }
            // An even number of small ones: turn one into a small zero, or a small zero
            // with a move into a small one.
            if let Some(i) = ones {
                return mv(i, &|c| c == EMPTY);
            }
            for (i, &h) in heaps.iter().enumerate() {
                if let Some(parts) = self.option_where(h, |c| c == 3) {
                    return Ok(Some(Some(Move { heap: i, parts })));
                }
            }
            return Ok(Some(None));
        }
        if x == 0 {
            return Ok(None);
        }
        let big: Vec<usize> = (0..heaps.len()).filter(|&i| codes[i] & 1 == 0).collect();
        if big.len() >= 2 {
            let top = 1 << (31 - x.leading_zeros());
            let i = (0..heaps.len())
                .find(|&i| (codes[i] >> 1) & top != 0)
                .ok_or(())?;
            let target = (codes[i] >> 1) ^ x;
            return mv(i, &|c| c >> 1 == target);
        }
        let h = big[0];
        let g = codes[h] >> 1;
        let y = x ^ g;
        if y < g {
            // γ0 of the option is y: a small option leaves xor 1, a big one xor 0.
            return mv(h, &|c| gamma0(c) == y);
        }
        // g = 0, the small heaps' xor 1: a small one becomes a small zero.
        mv(ones.ok_or(())?, &|c| c == EMPTY)
    }
}

/// The genera of heaps 0..=to (`impartial --genus`): sums of tame heaps by the tame rule, a
/// single heap by its own genus, and a sum holding a wild heap by the genus recursion over
/// its positions (memoised over multisets, within `budget` of them).
pub(super) fn genera(game: &Game, to: u64, budget: usize) -> Result<(Vec<Genus>, Vec<u32>), u64> {
    let mut genera: Vec<Genus> = Vec::new();
    let mut kinds: Vec<u32> = Vec::new();
    let mut memo: HashMap<Vec<u64>, Genus> = HashMap::new();
    for n in 0..=to {
        let mut options: Vec<Genus> = Vec::new();
        let mut parts_list = Vec::new();
        for_each_option(game, n, |parts| {
            parts_list.push(parts.to_vec());
            false
        });
        let mut tame_options = true;
        for parts in parts_list {
            let code = parts
                .iter()
                .fold(EMPTY, |c, &p| combine(c, kinds[p as usize]));
            let genus = if code != WILD {
                Genus::of_kind(code)
            } else {
                tame_options = false;
                if parts.len() == 1 {
                    genera[parts[0] as usize].clone()
                } else {
                    sum_genus(game, &genera, &kinds, parts, &mut memo, budget).ok_or(n)?
                }
            };
            if !options.contains(&genus) {
                options.push(genus);
            }
        }
        let refs: Vec<&Genus> = options.iter().collect();
        let genus = Genus::from_options(&refs).ok_or(n)?;
        kinds.push(if tame_options { genus.kind() } else { WILD });
        genera.push(genus);
    }
    Ok((genera, kinds))
}

/// The genus of a sum of heaps (some wild) by the recursion over its options; heaps without
/// a move are the zero game and are left out.
fn sum_genus(
    game: &Game,
    genera: &[Genus],
    kinds: &[u32],
    mut heaps: Vec<u64>,
    memo: &mut HashMap<Vec<u64>, Genus>,
    budget: usize,
) -> Option<Genus> {
    heaps.retain(|&h| for_each_option(game, h, |_| true));
    heaps.sort_unstable();
    match heaps.len() {
        0 => return Some(Genus::of_kind(EMPTY)),
        1 => return Some(genera[heaps[0] as usize].clone()),
        _ => {}
    }
    let code = heaps
        .iter()
        .fold(EMPTY, |c, &h| combine(c, kinds[h as usize]));
    if code != WILD {
        return Some(Genus::of_kind(code));
    }
    if let Some(g) = memo.get(&heaps) {
        return Some(g.clone());
    }
    if memo.len() >= budget {
        return None;
    }
    let mut options: Vec<Genus> = Vec::new();
    for i in 0..heaps.len() {
        if i > 0 && heaps[i] == heaps[i - 1] {
            continue;
        }
        let mut nexts = Vec::new();
        for_each_option(game, heaps[i], |parts| {
            let mut next = heaps.clone();
            next.remove(i);
            next.extend_from_slice(parts);
            nexts.push(next);
            false
        });
        for next in nexts {
            let genus = sum_genus(game, genera, kinds, next, memo, budget)?;
            if !options.contains(&genus) {
                options.push(genus);
            }
        }
    }
    let refs: Vec<&Genus> = options.iter().collect();
    let genus = Genus::from_options(&refs)?;
    memo.insert(heaps, genus.clone());
    Some(genus)
}

/// Positions of at most this many tokens keep their outcome in a flat table, by their rank
/// among the partitions of their tokens (2 bits each: about 1.7 MB for 60, small enough
/// for the cache); larger ones (the quotient's) in a map.
const TABLE_SUM: usize = 60;

/// Without a cap, the map is emptied past this many positions.
const MEMO_CAP: usize = 1 << 22;

/// Ranks of partitions: a partition of n (parts in decreasing order) is ranked after every
/// partition of a smaller total and, among those of n, in order of its parts.
struct Ranks {
    /// count[n·W + k] (W = TABLE_SUM + 1): the partitions of n into parts of at most k.
    count: Vec<u32>,
    /// offset[n]: the partitions of totals below n.
    offset: Vec<u32>,
}

impl Ranks {
    fn new() -> Ranks {
        const W: usize = TABLE_SUM + 1;
        let mut count = vec![0u32; W * W];
        for n in 0..=TABLE_SUM {
            for k in 0..=TABLE_SUM {
                count[n * W + k] = match (n, k) {
                    (0, _) => 1,
                    (_, 0) => 0,
                    _ if k > n => count[n * W + n],
                    _ => count[n * W + k - 1] + count[(n - k) * W + k],
                };
            }
        }
        let mut offset = vec![0u32; TABLE_SUM + 2];
        for n in 0..=TABLE_SUM {
            offset[n + 1] = offset[n] + count[n * W + n];
        }
        Ranks { count, offset }
    }

    /// The rank of sorted heaps (increasing) summing to `sum` ≤ TABLE_SUM.
    fn rank(&self, heaps: &[u8], sum: usize) -> usize {
        let mut r = self.offset[sum];
        let mut n = sum;
        for &h in heaps.iter().rev() {
            let h = h as usize;
            // The partitions of n whose largest part is below h come first.
            r += self.count[n * (TABLE_SUM + 1) + h - 1];
            n -= h;
        }
        r as usize
    }

    fn size(&self) -> usize {
        self.offset[TABLE_SUM + 1] as usize
    }
}

/// The exact misère search over multisets of live heaps (heaps with a move; a heap without one
/// is the zero game and is dropped), each reduced by the two misère identities proven in
/// games/impartial/docs/misere.md: a heap equal to {∗1} is 0 and is dropped, and the heaps equal to ∗1
/// (options all equal to 0) cancel in pairs (∗1 + ∗1 = 0). A multiset of tame heaps is decided
/// by the tame rule, the rest by the search, memoised by the multiset's key (the sorted heaps
/// in a flat table up to TABLE_SUM tokens, in a map past it); the
/// moves to positions the tame rule, read with the normal values, calls lost are tried first
/// (an order only: a winning move is often among them). One search serves the solution's
/// fallback (no cap: the memo is emptied when full) and the quotient's outcomes (a cap: `None`
/// past it).
pub(super) struct Search {
    /// The options of each heap up to the largest, as their live parts, sorted, without
    /// repeats.
    pub options: Vec<Vec<Vec<u8>>>,
    /// Kinds of the heaps up to the largest (WILD where the tame rule is not to be used).
    kinds: Vec<u32>,
    /// Each heap's class: ZERO (no move, or equal to {∗1}), ONE (equal to ∗1) or OTHER.
    class: Vec<u8>,
    /// The smallest heap of class ONE (the one that stands for them all), 0 if none.
    one: u8,
    /// Normal values of the heaps, and of each option (xor of its parts), for the order.
    values: Vec<u32>,
    option_values: Vec<Vec<u32>>,
    /// Per option: whether a part has a value ≥ 2, whether a part is ZERO or ONE (the
    /// position is reduced again).
    option_big: Vec<Vec<bool>>,
    option_reduces: Vec<Vec<bool>>,
    /// Per option: its tokens, its wild parts, the xor of its tame parts' g, its big parts.
    option_sum: Vec<Vec<usize>>,
    option_wild: Vec<Vec<usize>>,
    option_xor: Vec<Vec<u32>>,
    option_bigs: Vec<Vec<usize>>,
    ranks: Ranks,
    /// Outcomes by rank, 2 bits each: 0 unknown, 1 the mover wins, 2 loses.
    table: Vec<u8>,
    /// Positions in the table.
    filled: usize,
    wide: HashMap<Vec<u8>, bool>,
    cap: Option<usize>,
}

const ZERO: u8 = 0;
const ONE: u8 = 1;
const OTHER: u8 = 2;

impl Search {
    /// The search over heaps up to `top` (≤ 255), the tame rule read from `kinds` when given.
    pub(super) fn new(game: &Game, kinds: Option<&Kinds>, top: u64, cap: Option<usize>) -> Search {
        let top = top.min(255);
        let has_move: Vec<bool> = (0..=top)
            .map(|n| for_each_option(game, n, |_| true))
            .collect();
        let options: Vec<Vec<Vec<u8>>> = (0..=top)
            .map(|n| {
                let mut list = Vec::new();
                for_each_option(game, n, |parts| {
                    let mut kept: Vec<u8> = parts
                        .iter()
                        .filter(|&&p| has_move[p as usize])
                        .map(|&p| p as u8)
                        .collect();
                    kept.sort_unstable();
                    list.push(kept);
                    false
                });
                list.sort();
                list.dedup();
                list
            })
            .collect();
        // Classes in order of heaps: an option is 0 when its parts are ZERO but an even
        // number of ONE, ∗1 when an odd number; a heap whose options are all 0 is ∗1, all ∗1
        // is 0 (= ∗1 + ∗1), otherwise (or without options) as it stands.
        let mut class: Vec<u8> = Vec::with_capacity(options.len());
        let mut values: Vec<u32> = Vec::with_capacity(options.len());
        let mut option_values = Vec::with_capacity(options.len());
        for list in &options {
            let mut reduced = list.iter().map(|o| {
                let mut ones = 0;
                for &p in o {
                    match class[p as usize] {
                        ZERO => {}
                        ONE => ones ^= 1,
                        _ => return OTHER,
                    }
                }
                ones
            });
            class.push(if list.is_empty() {
                ZERO
            } else if reduced.clone().all(|c| c == 0) {
                ONE
            } else if reduced.all(|c| c == 1) {
                ZERO
            } else {
                OTHER
            });
            let vals: Vec<u32> = list
                .iter()
                .map(|o| o.iter().fold(0, |x, &p| x ^ values[p as usize]))
                .collect();
            values.push(mex(vals.iter().copied()));
            option_values.push(vals);
        }
        let one = class.iter().position(|&c| c == ONE).unwrap_or(0) as u8;
        let per_option = |f: &dyn Fn(u8) -> bool| -> Vec<Vec<bool>> {
            options
                .iter()
                .map(|list| list.iter().map(|o| o.iter().any(|&p| f(p))).collect())
                .collect()
        };
        let option_big = per_option(&|p| values[p as usize] >= 2);
        let option_reduces = per_option(&|p| class[p as usize] != OTHER);
        let kinds: Vec<u32> = (0..=top)
            .map(|n| kinds.map_or(WILD, |k| k.kind(n)))
            .collect();
        let fold = |f: &dyn Fn(u8) -> usize| -> Vec<Vec<usize>> {
            options
                .iter()
                .map(|list| list.iter().map(|o| o.iter().map(|&p| f(p)).sum()).collect())
                .collect()
        };
        let option_sum = fold(&|p| p as usize);
        let option_wild = fold(&|p| usize::from(kinds[p as usize] == WILD));
        let option_bigs = fold(&|p| usize::from(kinds[p as usize] & 1 == 0));
        let option_xor = options
            .iter()
            .map(|list| {
                list.iter()
                    .map(|o| o.iter().fold(0, |x, &p| x ^ tame_g(kinds[p as usize])))
                    .collect()
            })
            .collect();
        Search {
            options,
            kinds,
            class,
            one,
            values,
            option_values,
            option_big,
            option_reduces,
            option_sum,
            option_wild,
            option_xor,
            option_bigs,
            table: Vec::new(),
            filled: 0,
            ranks: Ranks::new(),
            wide: HashMap::new(),
            cap,
        }
    }

    /// Reduces sorted heaps (each ≤ the top): ZERO heaps dropped, ONE heaps in pairs
    /// dropped (the odd one left as the smallest ONE heap), sorted again.
    fn reduce(&self, heaps: &mut Vec<u8>) {
        let mut ones = false;
        heaps.retain(|&h| match self.class[h as usize] {
            ZERO => false,
            ONE => {
                ones = !ones;
                false
            }
            _ => true,
        });
        if ones {
            let at = heaps.partition_point(|&h| h < self.one);
            heaps.insert(at, self.one);
        }
    }

    /// Whether the player to move wins on these heaps (each ≤ the top); None past the cap.
    pub(super) fn wins(&mut self, heaps: &[u64]) -> Option<bool> {
        let mut live: Vec<u8> = heaps.iter().map(|&h| h as u8).collect();
        live.sort_unstable();
        self.reduce(&mut live);
        self.reduced_wins(&live)
    }

    /// `wins` on sorted heaps.
    pub(super) fn sorted_wins(&mut self, heaps: &[u8]) -> Option<bool> {
        let mut live = heaps.to_vec();
        self.reduce(&mut live);
        self.reduced_wins(&live)
    }

    /// The rank of sorted `heaps` with heap i replaced by sorted `parts` (summing to `sum`).
    fn child_rank(&self, heaps: &[u8], i: usize, parts: &[u8], sum: usize) -> usize {
        let (mut a, mut b) = (heaps.len(), parts.len());
        let mut r = self.ranks.offset[sum];
        let mut n = sum;
        loop {
            if a > 0 && a - 1 == i {
                a -= 1;
                continue;
            }
            let h = if a > 0 && (b == 0 || heaps[a - 1] >= parts[b - 1]) {
                a -= 1;
                heaps[a]
            } else if b > 0 {
                b -= 1;
                parts[b]
            } else {
                break;
            } as usize;
            r += self.ranks.count[n * (TABLE_SUM + 1) + h - 1];
            n -= h;
        }
        r as usize
    }

    fn reduced_wins(&mut self, heaps: &[u8]) -> Option<bool> {
        if heaps.is_empty() {
            return Some(true);
        }
        let codes = heaps.iter().map(|&h| self.kinds[h as usize]);
        if codes.clone().all(|c| c != WILD) {
            let x = codes.clone().fold(0, |x, c| x ^ (c >> 1));
            let small = codes.clone().all(|c| c & 1 == 1);
            return Some(if small { x != 1 } else { x != 0 });
        }
        let sum: usize = heaps.iter().map(|&h| h as usize).sum();
        let slot = (sum <= TABLE_SUM).then(|| self.ranks.rank(heaps, sum));
        let known = match slot {
            Some(r) => match self.table.get(r / 4).map_or(0, |b| b >> (2 * (r % 4)) & 3) {
                0 => None,
                b => Some(b == 1),
            },
            None => self.wide.get(heaps).copied(),
        };
        if known.is_some() {
            return known;
        }
        let size = self.filled + self.wide.len();
        match self.cap {
            Some(cap) if size >= cap => return None,
            None if self.wide.len() >= MEMO_CAP => {
                // Memory stays bounded over many positions; outcomes are recomputed as needed.
                self.wide.clear();
            }
            _ => {}
        }
        // The order: first the moves to positions the tame rule with normal values calls
        // lost (xor 0 with a value ≥ 2 left, xor 1 with every value ≤ 1), then the rest.
        let x = heaps.iter().fold(0, |x, &h| x ^ self.values[h as usize]);
        let big = heaps
            .iter()
            .filter(|&&h| self.values[h as usize] >= 2)
            .count();
        // For the children decided without building them: wild heaps, the tame heaps' xor of
        // g and their big ones.
        let kind = |h: u8| self.kinds[h as usize];
        let wild = heaps.iter().filter(|&&h| kind(h) == WILD).count();
        let tame_x = heaps.iter().fold(0, |x, &h| x ^ tame_g(kind(h)));
        let bigs = heaps.iter().filter(|&&h| kind(h) & 1 == 0).count();
        let mut win = false;
        let mut next = Vec::with_capacity(heaps.len() + 3);
        'pass: for pass in 0..2 {
            for i in 0..heaps.len() {
                if i > 0 && heaps[i] == heaps[i - 1] {
                    continue;
                }
                let h = heaps[i] as usize;
                let rest = x ^ self.values[h];
                let big_rest = big - usize::from(self.values[h] >= 2);
                let k = self.kinds[h];
                let wild_rest = wild - usize::from(k == WILD);
                let x_rest = tame_x ^ tame_g(k);
                let bigs_rest = bigs - usize::from(k & 1 == 0);
                for o in 0..self.options[h].len() {
                    let y = rest ^ self.option_values[h][o];
                    let looks_lost = if big_rest > 0 || y >= 2 || self.option_big[h][o] {
                        y == 0
                    } else {
                        y == 1
                    };
                    if looks_lost != (pass == 0) {
                        continue;
                    }
                    let child_sum = sum - h + self.option_sum[h][o];
                    let known = if self.option_reduces[h][o] {
                        None
                    } else if wild_rest + self.option_wild[h][o] == 0 {
                        // Every heap tame: the tame rule (no heap at all: the mover wins).
                        let cx = x_rest ^ self.option_xor[h][o];
                        Some(if bigs_rest + self.option_bigs[h][o] == 0 {
                            cx != 1
                        } else {
                            cx != 0
                        })
                    } else if child_sum <= TABLE_SUM {
                        let r = self.child_rank(heaps, i, &self.options[h][o], child_sum);
                        match self.table.get(r / 4).map_or(0, |b| b >> (2 * (r % 4)) & 3) {
                            0 => None,
                            b => Some(b == 1),
                        }
                    } else {
                        None
                    };
                    let child_wins = match known {
                        Some(w) => w,
                        None => {
                            next.clear();
                            next.extend_from_slice(&heaps[..i]);
                            next.extend_from_slice(&heaps[i + 1..]);
                            for &p in &self.options[h][o] {
                                let at = next.partition_point(|&q| q < p);
                                next.insert(at, p);
                            }
                            if self.option_reduces[h][o] {
                                self.reduce(&mut next);
                            }
                            self.reduced_wins(&next)?
                        }
                    };
                    if !child_wins {
                        win = true;
                        break 'pass;
                    }
                }
            }
        }
        match slot {
            Some(r) => {
                if self.table.is_empty() {
                    self.table = vec![0; (self.ranks.size() + 3) / 4];
                }
                self.table[r / 4] |= (2 - u8::from(win)) << (2 * (r % 4));
                self.filled += 1;
            }
            None => {
                self.wide.insert(heaps.to_vec(), win);
            }
        }
        Some(win)
    }
}
