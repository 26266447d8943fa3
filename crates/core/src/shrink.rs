//! What every game's shrinker shares (`referee judge` shrinks a failing test to a smallest
//! failing input; the loop is the referee's `judge::shrink`): the candidate list with its caps,
//! and the reductions more than one format uses. Each game's crate has a `shrink` module that
//! reads its own input format by tokens (the solutions' lenient reading) and pushes smaller
//! inputs in the strict format, most aggressive first; every candidate is smaller than its
//! input in a well-founded order (fewer cases, then shorter or fewer, then smaller numbers).

/// Most candidates one shrinking step makes, and most bytes in all: the loop
/// stops at its first failing candidate, so a long list is mostly never run; the caps keep a
/// 10^5-cell coloring from making 10^5 copies of itself. The bytes stay well below a memory
/// limit: the referee's own resident memory reaches the solution's measure (every run starts
/// from a fork of the referee, and `ru_maxrss` counts the pages it shares before the exec), and
/// with 64 MiB lists the referee passed 256 MB and every candidate of a 38 KB tictactoe input
/// was MLE.
pub const MAX_CANDIDATES: usize = 4000;
pub const MAX_CANDIDATE_BYTES: usize = 16 << 20;

/// The candidates being collected, up to the caps.
#[derive(Default)]
pub struct Candidates {
    list: Vec<Vec<u8>>,
    bytes: usize,
}

impl Candidates {
    /// Whether a cap is reached: no more candidates are taken.
    pub fn full(&self) -> bool {
        self.list.len() >= MAX_CANDIDATES || self.bytes >= MAX_CANDIDATE_BYTES
    }

    /// Adds a candidate unless a cap is reached.
    pub fn push(&mut self, candidate: Vec<u8>) {
        if !self.full() {
            self.bytes += candidate.len();
            self.list.push(candidate);
        }
    }

    /// The candidates, in the order they were pushed.
    pub fn into_list(self) -> Vec<Vec<u8>> {
        self.list
    }
}

// ---------------------------------------------------------------------------------------------
// Reductions shared by the problems.

/// `items` cut down, never to nothing: at each chunk size from half the items down to one,
/// first each chunk alone, then the items without it (delta debugging's subsets and
/// complements), so a failure that needs only one case or a few cells anywhere is reached in
/// one step. Lazy: a strip of 10^5 cells has 2·10^5 of them, of which a shrink runs a few.
pub fn fewer<T: Clone>(items: &[T]) -> impl Iterator<Item = Vec<T>> + '_ {
    let n = items.len();
    let chunks = std::iter::successors(Some(n / 2), |&c| Some(c / 2)).take_while(|&c| c >= 1);
    chunks.flat_map(move |chunk| {
        let bounds = move |start: usize| (start, (start + chunk).min(n));
        let alone = (0..n)
            .step_by(chunk)
            .map(bounds)
            .map(move |(start, end)| items[start..end].to_vec());
        // With two chunks, each complement is the other chunk alone, already listed.
        let many = (n + chunk - 1) / chunk > 2;
        let without =
            (0..n)
                .step_by(chunk)
                .filter(move |_| many)
                .map(bounds)
                .map(move |(start, end)| {
                    let mut kept = items[..start].to_vec();
                    kept.extend_from_slice(&items[end..]);
                    kept
                });
        alone.chain(without)
    })
}

/// Values below `v` down to `min`, the smallest first: `min`, then `v` divided by 10, 9, ...,
/// 2 (a failure that repeats with a period, as a wrong table of a periodic sequence does,
/// often survives a division where it does not survive a subtraction), then closer and closer
/// to `v`: `v - (v-min)/2`, `v - (v-min)/4`, ..., `v - 1`.
pub fn smaller(v: u64, min: u64) -> Vec<u64> {
    let mut out: Vec<u64> = Vec::new();
    let mut push = |x: u64| {
        if x >= min && x < v && !out.contains(&x) {
            out.push(x);
        }
    };
    push(min);
    for d in (2..=10).rev() {
        push(v / d);
    }
    let mut step = v.saturating_sub(min) / 2;
    while step > 0 {
        push(v - step);
        step /= 2;
    }
    out
}

/// Pairs below `(a, b)` in which both numbers shrink at once, each down to its least allowed
/// value: both at their least, both divided by 10, 9, ..., 2 (their ratio kept), then both less
/// by the same amount, their difference kept: all the room there is (the smaller of the two
/// distances to the least values), half of it, a quarter, ..., 1. Shrinking one number alone
/// breaks a failure that depends on how the two relate (subtraction's `n <= 2k`, which fails
/// where n - k is even, or two equal heaps): then it moves one unit per step, where these
/// reach the small case in a few.
pub fn together(a: u64, a_min: u64, b: u64, b_min: u64) -> Vec<(u64, u64)> {
    let mut out: Vec<(u64, u64)> = Vec::new();
    let mut push = |x: u64, y: u64| {
        let pair = (x.max(a_min), y.max(b_min));
        if pair.0 < a && pair.1 < b && !out.contains(&pair) {
            out.push(pair);
        }
    };
    push(a_min, b_min);
    for d in (2..=10).rev() {
        push(a / d, b / d);
    }
    let room = a.saturating_sub(a_min).min(b.saturating_sub(b_min));
    let mut step = room;
    while step > 0 {
        push(a - step, b - step);
        step /= 2;
    }
    out
}

/// Every case list from `cases` by the shared plan: fewer cases, then each case replaced by
/// each of its smaller versions, which `smaller_case` hands one by one to its callback until
/// that returns false (the candidates are full); each list rendered by `render`.
pub fn cases_then_values<C: Clone>(
    cases: &[C],
    smaller_case: impl Fn(&C, &mut dyn FnMut(C) -> bool),
    render: impl Fn(&[C]) -> Vec<u8>,
    out: &mut Candidates,
) {
    for kept in fewer(cases) {
        if out.full() {
            return;
        }
        out.push(render(&kept));
    }
    for (i, case) in cases.iter().enumerate() {
        smaller_case(case, &mut |replacement| {
            if out.full() {
                return false;
            }
            let mut changed = cases.to_vec();
            changed[i] = replacement;
            out.push(render(&changed));
            true
        });
        if out.full() {
            return;
        }
    }
}

/// Hands each of `all` to `emit` while it returns true.
pub fn each<C>(all: impl IntoIterator<Item = C>, emit: &mut dyn FnMut(C) -> bool) {
    for c in all {
        if !emit(c) {
            return;
        }
    }
}

/// A strip of cells shortened (runs of cells deleted, longest first) or, at the same length,
/// with one mark fewer (`blank` written over it, leftmost first).
pub fn smaller_strips(cells: &[u8], blank: u8) -> impl Iterator<Item = Vec<u8>> + '_ {
    let erased = (0..cells.len())
        .filter(move |&i| cells[i] != blank)
        .map(move |i| {
            let mut erased = cells.to_vec();
            erased[i] = blank;
            erased
        });
    fewer(cells).chain(erased)
}

/// A token read as a number (`None`: missing or not one).
pub fn number(token: Option<&str>) -> Option<u64> {
    token?.parse().ok()
}

/// Lines joined, each ended by LF: a strict input.
pub fn lines(parts: impl IntoIterator<Item = String>) -> Vec<u8> {
    let mut text = String::new();
    for line in parts {
        text.push_str(&line);
        text.push('\n');
    }
    text.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fewer_keeps_halves_then_single_items_and_never_all() {
        let got: Vec<Vec<u8>> = fewer(&[1, 2, 3, 4]).collect();
        assert_eq!(
            got,
            vec![
                vec![1, 2],
                vec![3, 4],
                vec![1],
                vec![2],
                vec![3],
                vec![4],
                vec![2, 3, 4],
                vec![1, 3, 4],
                vec![1, 2, 4],
                vec![1, 2, 3]
            ]
        );
        assert_eq!(fewer(&[7]).count(), 0);
    }

    #[test]
    fn together_shrinks_both_numbers_and_keeps_their_ratio_or_difference() {
        // (40, 30), least values 2 and 1: both least; both / 10, 9, ..., 2 (40/9 = 4 and
        // 30/9 = 3 again: once); then both less by 29 (the room: 30 - 1, less than 40 - 2),
        // 14, 7, 3, 1.
        assert_eq!(
            together(40, 2, 30, 1),
            vec![
                (2, 1),
                (4, 3),
                (5, 3),
                (5, 4),
                (6, 5),
                (8, 6),
                (10, 7),
                (13, 10),
                (20, 15),
                (11, 1),
                (26, 16),
                (33, 23),
                (37, 27),
                (39, 29)
            ]
        );
        // Every pair has both numbers smaller and within their least values.
        for (x, y) in together(100, 2, 7, 1) {
            assert!((2..100).contains(&x) && (1..7).contains(&y), "({x}, {y})");
        }
        assert!(together(5, 5, 9, 1).is_empty());
        assert_eq!(together(3, 2, 2, 1), vec![(2, 1)]);
    }

    #[test]
    fn smaller_goes_from_the_least_towards_the_value() {
        assert_eq!(smaller(10, 1), vec![1, 2, 3, 5, 6, 8, 9]);
        assert_eq!(smaller(100, 50), vec![50, 75, 88, 94, 97, 99]);
        assert_eq!(smaller(2, 2), Vec::<u64>::new());
    }
}
