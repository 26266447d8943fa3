// A part of solutions/src/impartial/misere.rs, included there in its place:
// the bundle (tools/bundle.rs) is that file's text with this one put back.

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
