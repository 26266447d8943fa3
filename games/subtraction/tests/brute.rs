//! The independent brute force for the subtraction game, shared by games/subtraction/tests/solution.rs and
//! games/subtraction/tests/solution_play.rs: a plain game search over (stones left, cap) that knows nothing
//! of the losing-start sequence, plus a seeded random stream.

/// k = num/den, exact.
#[derive(Clone, Copy, Debug)]
pub struct K {
    pub num: u64,
    pub den: u64,
}

/// The k's the batch and the play tests try on every small pile: as the solution reads them and
/// as exact fractions (integers, fractions, and 3/2 written as a decimal, so that both
/// notations are read).
pub const SMALL_KS: &[(&str, K)] = &[
    ("1", K { num: 1, den: 1 }),
    ("6/5", K { num: 6, den: 5 }),
    ("1.5", K { num: 3, den: 2 }),
    ("2", K { num: 2, den: 1 }),
    ("7/3", K { num: 7, den: 3 }),
    ("3", K { num: 3, den: 1 }),
    ("5", K { num: 5, den: 1 }),
    ("10", K { num: 10, den: 1 }),
    ("100", K { num: 100, den: 1 }),
];

impl K {
    pub fn cap_after(self, x: u64) -> u64 {
        self.num * x / self.den
    }
}

/// win[m][c]: the player to move with m stones left and cap c (c ≤ m) wins.
pub struct Search {
    pub k: K,
    pub win: Vec<Vec<bool>>,
}

impl Search {
    pub fn new(k: K, max_n: usize) -> Search {
        let mut win: Vec<Vec<bool>> = vec![vec![false]];
        for m in 1..=max_n {
            let mut row = vec![false; m + 1];
            for c in 1..=m {
                // Taking c stones wins when it empties the pile or leaves a lost position.
                let rest = m - c;
                let takes_c_wins =
                    rest == 0 || !win[rest][(k.cap_after(c as u64) as usize).min(rest)];
                row[c] = row[c - 1] || takes_c_wins;
            }
            win.push(row);
        }
        Search { k, win }
    }

    /// Whether taking x from m stones leaves the opponent lost.
    pub fn leaves_lost(&self, m: usize, x: usize) -> bool {
        let rest = m - x;
        rest == 0 || !self.win[rest][(self.k.cap_after(x as u64) as usize).min(rest)]
    }

    /// The judge answer for n: the smallest winning first move (1..=n-1), or `lose`.
    pub fn judge_answer(&self, n: usize) -> String {
        match (1..n).find(|&x| self.leaves_lost(n, x)) {
            Some(x) => x.to_string(),
            None => "lose".to_string(),
        }
    }

    /// Whether the player to move with m stones left and cap c wins.
    pub fn mover_wins(&self, m: usize, cap: u64) -> bool {
        m > 0 && self.win[m][(cap.min(m as u64)) as usize]
    }
}

/// Closed forms for n beyond the search, from the classic cases of the theory (problems.md
/// section 6), computed here with plain arithmetic and no shared code with the solution:
/// k = 1 (and any k < 2): the losing starts are the powers of two, the smallest part of n is
/// its lowest set bit; k = 2: the losing starts are the Fibonacci numbers 1, 2, 3, 5, ..., the
/// smallest part is the smallest term of the Zeckendorf representation (plain greedy).
pub fn lowest_set_bit(n: u64) -> u64 {
    n & n.wrapping_neg()
}

pub fn zeckendorf_smallest(n: u64) -> u64 {
    let mut fib = vec![1u64, 2];
    while *fib.last().unwrap() <= n {
        let next = fib[fib.len() - 1] + fib[fib.len() - 2];
        fib.push(next);
    }
    let mut rest = n;
    let mut smallest = 0;
    for &f in fib.iter().rev() {
        if f <= rest {
            rest -= f;
            smallest = f;
        }
    }
    assert_eq!(rest, 0);
    smallest
}

/// The judge answer from a smallest-part function: the part, or `lose` when it is n itself.
fn answer_from(n: u64, smallest: u64) -> String {
    if smallest == n {
        "lose".into()
    } else {
        smallest.to_string()
    }
}

pub fn power_of_two_answer(n: u64) -> String {
    answer_from(n, lowest_set_bit(n))
}

pub fn zeckendorf_answer(n: u64) -> String {
    answer_from(n, zeckendorf_smallest(n))
}
