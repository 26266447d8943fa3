//! The referee's own exact evaluator of every race position (games/race/docs/evaluator.md).
//!
//! Write p for the mover's distance to its goal and q for the opponent's distance to its
//! goal, δ = p − q, and D for the distance between the starts. Two facts (argued in the
//! doc, checked position by position against [`super::retrograde`] in games/race/tests/eval.rs):
//!
//! - Parity: the board is a grid, so two adjacent squares x, y always have
//!   δ ≡ D + 1 (mod 2); a jump (progress 2) is only possible at that parity.
//! - The race lemma: with D odd the mover wins iff δ ≤ 0; with D even the mover wins when
//!   δ ≤ −1 and loses when δ ≥ 2, and in the band δ ∈ {0, 1} only moves that bring the mover
//!   one or two squares nearer its goal can win.
//!
//! So only band positions of boards with D even need a search, and there every useful move
//! lowers p + q: the band is solved bottom-up in increasing p + q, one pair of distance
//! levels at a time, as bit matrices (a row per square of the mover, a bit per square of
//! the opponent): "A to move wins at (x, ·)" is the OR over A's steps x → w of "B to move
//! loses at (w, ·)", 64 opponent squares per word. The few rows' bits where the players
//! stand next to each other (where the step onto the opponent is a jump) are then
//! recomputed move by move with the rules engine. Nothing here knows of layers of shortest
//! A–B paths or of the solution's intervals.

use super::{legal_moves, Board, Outcome, Player, Position, Rules};

/// Distance marker for squares cut off from a start.
const FAR: u32 = u32::MAX;

/// A bit matrix: `rows` rows of `words` u64 each.
#[derive(Clone, Debug, Default)]
struct Bits {
    words: usize,
    data: Vec<u64>,
}

impl Bits {
    fn new(rows: usize, cols: usize) -> Bits {
        let words = (cols + 63) / 64;
        Bits {
            words,
            data: vec![0; rows * words],
        }
    }

    fn get(&self, row: usize, col: usize) -> bool {
        self.data[row * self.words + col / 64] >> (col % 64) & 1 == 1
    }

    fn set(&mut self, row: usize, col: usize, on: bool) {
        let w = &mut self.data[row * self.words + col / 64];
        if on {
            *w |= 1 << (col % 64);
        } else {
            *w &= !(1 << (col % 64));
        }
    }

    fn row_mut(&mut self, row: usize) -> &mut [u64] {
        &mut self.data[row * self.words..(row + 1) * self.words]
    }

    fn row(&self, row: usize) -> &[u64] {
        &self.data[row * self.words..(row + 1) * self.words]
    }
}

/// Transposes a 64×64 bit block in place: bit j of word i goes to bit i of word j.
fn transpose64(a: &mut [u64; 64]) {
    let mut j = 32;
    let mut m: u64 = 0x0000_0000_FFFF_FFFF;
    while j != 0 {
        let mut k = 0;
        while k < 64 {
            let t = ((a[k] >> j) ^ a[k + j]) & m;
            a[k + j] ^= t;
            a[k] ^= t << j;
            k = (k + j + 1) & !j;
        }
        j >>= 1;
        m ^= m << j;
    }
}

/// The complement of the transpose of `m` (`rows` × `cols`): a `cols` × `rows` matrix
/// whose bit (c, r) is NOT bit (r, c) of `m`; bits past `rows` stay 0.
fn transpose_not(m: &Bits, rows: usize, cols: usize) -> Bits {
    let mut out = Bits::new(cols, rows);
    let mut block = [0u64; 64];
    for rb in 0..(rows + 63) / 64 {
        let valid_rows = (rows - rb * 64).min(64);
        let keep = if valid_rows == 64 {
            u64::MAX
        } else {
            (1u64 << valid_rows) - 1
        };
        for wc in 0..m.words {
            for (i, slot) in block.iter_mut().enumerate() {
                *slot = if i < valid_rows {
                    m.data[(rb * 64 + i) * m.words + wc]
                } else {
                    0
                };
            }
            transpose64(&mut block);
            for (j, &word) in block.iter().enumerate().take((cols - wc * 64).min(64)) {
                out.data[(wc * 64 + j) * out.words + rb] = !word & keep;
            }
        }
    }
    out
}

/// The squares at each distance from a goal, and every square's rank within its level.
#[derive(Clone, Debug, Default)]
struct Levels {
    squares: Vec<Vec<u32>>,
    rank: Vec<u32>,
}

impl Levels {
    fn new(dist: &[u32]) -> Levels {
        let top = dist
            .iter()
            .filter(|&&d| d != FAR)
            .max()
            .copied()
            .unwrap_or(0);
        let mut squares = vec![Vec::new(); top as usize + 1];
        let mut rank = vec![0u32; dist.len()];
        for (v, &d) in dist.iter().enumerate() {
            if d != FAR {
                rank[v] = squares[d as usize].len() as u32;
                squares[d as usize].push(v as u32);
            }
        }
        Levels { squares, rank }
    }

    fn len(&self, level: u32) -> usize {
        self.squares.get(level as usize).map_or(0, Vec::len)
    }
}

/// How big the band tables of a board are, for figures and limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BandSize {
    /// Band positions stored (one bit each).
    pub bits: u64,
    /// Free squares reachable from the starts.
    pub free: usize,
}

/// The exact value of every position of one board under one rule reading.
pub struct Evaluator {
    board: Board,
    rules: Rules,
    /// `dist[0]`: distance to A's goal (B's start); `dist[1]`: to B's goal (A's start).
    dist: [Vec<u32>; 2],
    d_even: bool,
    /// Distance levels towards A's goal and towards B's goal.
    levels: [Levels; 2],
    /// `ta[s]`: A to move, A at distance a, B at distance b, a + b = s, a − b ∈ {0, 1}:
    /// a row per square of A's level a, a bit per square of B's level b; set = A wins.
    ta: Vec<Option<Bits>>,
    /// `tb[s]`: B to move, b − a ∈ {0, 1}: a row per square of B's level b, a bit per
    /// square of A's level a; set = B wins.
    tb: Vec<Option<Bits>>,
}

fn index(p: Player) -> usize {
    usize::from(p == Player::B)
}

impl Evaluator {
    /// Builds the evaluator (the band tables when D is even). `board` must be connected.
    pub fn new(board: &Board, rules: Rules) -> Evaluator {
        let dist = [board.distances(board.b), board.distances(board.a)];
        let d = dist[0][board.a];
        assert!(d != FAR, "the starts must be connected");
        let levels = [Levels::new(&dist[0]), Levels::new(&dist[1])];
        let mut e = Evaluator {
            board: board.clone(),
            rules,
            d_even: d % 2 == 0,
            dist,
            levels,
            ta: Vec::new(),
            tb: Vec::new(),
        };
        if e.d_even {
            e.build();
        }
        e
    }

    /// Band table size of `board` (without building it).
    pub fn band_size(board: &Board) -> BandSize {
        let dist = [board.distances(board.b), board.distances(board.a)];
        let levels = [Levels::new(&dist[0]), Levels::new(&dist[1])];
        let mut bits = 0u64;
        if dist[0][board.a] % 2 == 0 {
            let top = levels[0].squares.len() + levels[1].squares.len();
            for s in 2..top as u32 {
                let (a, b) = ((s + 1) / 2, s / 2);
                bits += (levels[0].len(a) * levels[1].len(b)) as u64;
                let (a, b) = (s / 2, (s + 1) / 2);
                bits += (levels[0].len(a) * levels[1].len(b)) as u64;
            }
        }
        BandSize {
            bits,
            free: dist[0].iter().filter(|&&d| d != FAR).count(),
        }
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Distance of `square` to `p`'s goal (u32::MAX when cut off).
    pub fn to_goal(&self, p: Player, square: usize) -> u32 {
        self.dist[index(p)][square]
    }

    /// δ = p − q for the player to move at `pos`.
    pub fn delta(&self, pos: Position) -> i64 {
        let me = pos.to_move;
        self.to_goal(me, pos.square(me)) as i64
            - self.to_goal(me.other(), pos.square(me.other())) as i64
    }

    /// Whether the player to move at `pos` wins with best play. `pos` must be a position of
    /// play: distinct squares connected to the starts, neither player on its own goal.
    pub fn mover_wins(&self, pos: Position) -> bool {
        let delta = self.delta(pos);
        if !self.d_even {
            return delta <= 0;
        }
        match delta {
            ..=-1 => true,
            2.. => false,
            _ => self.band(pos),
        }
    }

    /// The band tables' bit for `pos` (D even, δ ∈ {0, 1}).
    fn band(&self, pos: Position) -> bool {
        let (a, b) = (self.dist[0][pos.a], self.dist[1][pos.b]);
        let s = (a + b) as usize;
        match pos.to_move {
            Player::A => self.ta[s]
                .as_ref()
                .expect("band table computed before use")
                .get(
                    self.levels[0].rank[pos.a] as usize,
                    self.levels[1].rank[pos.b] as usize,
                ),
            Player::B => self.tb[s]
                .as_ref()
                .expect("band table computed before use")
                .get(
                    self.levels[1].rank[pos.b] as usize,
                    self.levels[0].rank[pos.a] as usize,
                ),
        }
    }

    /// Whether the mover at `pos` wins, move by move from the rules (used where the step
    /// onto the opponent is a jump).
    fn by_moves(&self, pos: Position) -> bool {
        legal_moves(&self.board, pos, self.rules)
            .into_iter()
            .any(|(_, o)| match o {
                Outcome::Wins => true,
                Outcome::Continues(next) => !self.mover_wins(next),
            })
    }

    fn build(&mut self) {
        let top = self.levels[0].squares.len() + self.levels[1].squares.len();
        self.ta = vec![None; top + 1];
        self.tb = vec![None; top + 1];
        for s in 2..=top as u32 {
            // A to move: a = ⌈s/2⌉, b = ⌊s/2⌋; B to move: b = ⌈s/2⌉, a = ⌊s/2⌋.
            let ta = self.table(Player::A, (s + 1) / 2, s / 2);
            self.ta[s as usize] = ta;
            let tb = self.table(Player::B, (s + 1) / 2, s / 2);
            self.tb[s as usize] = tb;
        }
    }

    /// The table of `mover` at distance `mine` from its goal, the opponent at `theirs`.
    fn table(&self, mover: Player, mine: u32, theirs: u32) -> Option<Bits> {
        let (me, them) = (index(mover), index(mover.other()));
        let (rows, cols) = (self.levels[me].len(mine), self.levels[them].len(theirs));
        if rows == 0 || cols == 0 || theirs == 0 {
            return None;
        }
        let mut t = Bits::new(rows, cols);
        if mine == 1 {
            // The goal is next door: every row wins.
            for w in &mut t.data {
                *w = u64::MAX;
            }
        } else if let Some(child) = self.child_table(mover, mine - 1, theirs) {
            // "The opponent to move loses at (w, y)" for the mover's squares w one nearer.
            let lose = transpose_not(
                child,
                self.levels[them].len(theirs),
                self.levels[me].len(mine - 1),
            );
            for (r, &x) in self.levels[me].squares[mine as usize].iter().enumerate() {
                for w in self.board.neighbours(x as usize) {
                    if self.dist[me][w] == mine - 1 {
                        let src = lose.row(self.levels[me].rank[w] as usize);
                        for (d, &s) in t.row_mut(r).iter_mut().zip(src) {
                            *d |= s;
                        }
                    }
                }
            }
        }
        // Next to the opponent: the step onto it is a jump (or not a move at all).
        for (r, &x) in self.levels[me].squares[mine as usize].iter().enumerate() {
            for y in self.board.neighbours(x as usize) {
                if self.dist[them][y] == theirs {
                    let (a, b) = match mover {
                        Player::A => (x as usize, y),
                        Player::B => (y, x as usize),
                    };
                    let pos = Position {
                        a,
                        b,
                        to_move: mover,
                    };
                    let wins = self.by_moves(pos);
                    t.set(r, self.levels[them].rank[y] as usize, wins);
                }
            }
        }
        Some(t)
    }

    /// The opponent's table after the mover stepped to distance `mine` (rows: the
    /// opponent's squares at `theirs`, bits: the mover's squares at `mine`).
    fn child_table(&self, mover: Player, mine: u32, theirs: u32) -> Option<&Bits> {
        let s = (mine + theirs) as usize;
        let t = match mover {
            Player::A => self.tb.get(s)?,
            Player::B => self.ta.get(s)?,
        };
        t.as_ref()
    }

    /// Bits stored in the band tables.
    pub fn stored_bits(&self) -> u64 {
        self.ta
            .iter()
            .chain(&self.tb)
            .flatten()
            .map(|t| t.data.len() as u64 * 64)
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transpose_matches_the_plain_loop() {
        let mut seed = 12345u64;
        for (rows, cols) in [(1, 1), (3, 70), (64, 64), (65, 130), (200, 7), (129, 129)] {
            let mut m = Bits::new(rows, cols);
            for r in 0..rows {
                for c in 0..cols {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    m.set(r, c, seed >> 62 & 1 == 1);
                }
            }
            let t = transpose_not(&m, rows, cols);
            for r in 0..rows {
                for c in 0..cols {
                    assert_eq!(t.get(c, r), !m.get(r, c), "{rows}x{cols} at {r},{c}");
                }
            }
            for c in 0..cols {
                for r in rows..t.words * 64 {
                    assert!(!t.get(c, r), "bits past the rows stay clear");
                }
            }
        }
    }
}
