//! The suspense DP over a whole N×N board, straight from the definition (Winning Ways ch. 9,
//! continued conjunctive compounds): the compression's small boards and the tests' reference.

/// Suspense numbers of every square of an N×N board, by dynamic programming.
pub struct SuspenseBoard {
    n: usize,
    /// By anti-diagonal: the squares with x + y = d, by increasing x, start at
    /// `diagonal_start[d]`. Every option of a square lies on one of the two diagonals before
    /// it (x + y drops by 1 or 3), so the DP reads memory it has just written (row-major order
    /// made it ten times slower on 3000×3000 by cache misses).
    /// u16: a suspense number is at most the length of a game from its square, under
    /// x + y < 2N (each move lowers x + y), and compute() takes N ≤ 32767; half the memory
    /// of u32.
    cells: Vec<u16>,
    diagonal_start: Vec<usize>,
}

impl SuspenseBoard {
    /// Runs the DP; every move lowers x + y, so squares are filled by increasing x + y.
    /// O(N²) time and 2·N² bytes, no allocation per square (the tests run it on boards up to
    /// a few thousand lines; the evaluator only on boards up to 35×35).
    pub fn compute(n: usize) -> Self {
        // A game from (x, y) lasts fewer than x + y < 2N moves, so suspense fits u16.
        assert!(
            n <= u16::MAX as usize / 2,
            "the suspense DP stores u16 values: N ≤ 32767"
        );
        let mut diagonal_start = vec![0; 2 * n + 2];
        for d in 2..=2 * n {
            diagonal_start[d + 1] = diagonal_start[d] + Self::diagonal_x_range(n, d).count();
        }
        let mut board = SuspenseBoard {
            n,
            cells: vec![0; n * n],
            diagonal_start,
        };
        for sum in 2..=2 * n {
            let x_lo = sum.saturating_sub(n).max(1);
            let x_hi = (sum - 1).min(n);
            for x in x_lo..=x_hi {
                let y = sum - x;
                let value = board.suspense_from_options(x, y);
                let i = board.index(x, y);
                board.cells[i] = value as u16;
            }
        }
        board
    }

    /// The x of the squares on diagonal x + y = d of the n×n board.
    fn diagonal_x_range(n: usize, d: usize) -> std::ops::RangeInclusive<usize> {
        d.saturating_sub(n).max(1)..=(d - 1).min(n)
    }

    /// Where (x, y), 1-based, is stored in `cells`.
    fn index(&self, x: usize, y: usize) -> usize {
        let d = x + y;
        self.diagonal_start[d] + x - d.saturating_sub(self.n).max(1)
    }

    /// The options of (x, y) as an array with a count, for the DP's inner loop.
    fn option_array(&self, x: usize, y: usize) -> ([(usize, usize); 4], usize) {
        let n = self.n as i64;
        let mut out = [(0, 0); 4];
        let mut count = 0;
        for (dx, dy) in [(-2i64, 1i64), (-2, -1), (1, -2), (-1, -2)] {
            let (a, b) = (x as i64 + dx, y as i64 + dy);
            if (1..=n).contains(&a) && (1..=n).contains(&b) {
                out[count] = (a as usize, b as usize);
                count += 1;
            }
        }
        (out, count)
    }

    pub fn side(&self) -> usize {
        self.n
    }

    /// The suspense number of (x, y), 1-based.
    pub fn get(&self, x: usize, y: usize) -> u32 {
        u32::from(self.cells[self.index(x, y)])
    }

    /// The squares reachable from (x, y), 1-based (written here again, independently of the rule).
    pub fn options(&self, x: usize, y: usize) -> Vec<(usize, usize)> {
        let n = self.n as i64;
        [(-2i64, 1i64), (-2, -1), (1, -2), (-1, -2)]
            .iter()
            .map(|&(dx, dy)| (x as i64 + dx, y as i64 + dy))
            .filter(|&(a, b)| (1..=n).contains(&a) && (1..=n).contains(&b))
            .map(|(a, b)| (a as usize, b as usize))
            .collect()
    }

    /// The definition: 0 when stuck; 1 + the largest even option if any; else 1 + the smallest.
    fn suspense_from_options(&self, x: usize, y: usize) -> u32 {
        let (options, count) = self.option_array(x, y);
        if count == 0 {
            return 0;
        }
        // Written without branches on the values (their parity is unpredictable): one more
        // than an even value is odd, so `largest_even_plus_one` 0 means "no even option".
        let mut largest_even_plus_one = 0;
        let mut smallest = u32::MAX;
        for &(a, b) in &options[..count] {
            let v = self.get(a, b);
            let even_candidate = (v + 1) * (1 - v % 2);
            largest_even_plus_one = largest_even_plus_one.max(even_candidate);
            smallest = smallest.min(v);
        }
        if largest_even_plus_one > 0 {
            largest_even_plus_one
        } else {
            1 + smallest
        }
    }

    /// The mover's best option from (x, y), None when stuck: the option with the largest even
    /// suspense if there is one, else one with the smallest (ties: any).
    pub fn best_move(&self, x: usize, y: usize) -> Option<(usize, usize)> {
        let options = self.options(x, y);
        let value = |&(a, b): &(usize, usize)| self.get(a, b);
        let largest_even = options
            .iter()
            .filter(|sq| value(sq) % 2 == 0)
            .max_by_key(|sq| value(sq));
        largest_even
            .or_else(|| options.iter().min_by_key(|sq| value(sq)))
            .copied()
    }

    /// The suspense number of the mover's best option from (x, y), None when stuck.
    pub fn best_option_suspense(&self, x: usize, y: usize) -> Option<u32> {
        self.best_move(x, y).map(|(a, b)| self.get(a, b))
    }
}
