// A part of solutions/src/subtraction.rs, included there in its place:
// the bundle (tools/bundle.rs) is that file's text with this one put back.

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
