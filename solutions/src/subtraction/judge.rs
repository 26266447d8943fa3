// A part of solutions/src/subtraction.rs, included there in its place:
// the bundle (tools/bundle.rs) is that file's text with this one put back.

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
