//! The "pipes and tanks" boards ([`PipesAndTanks`]): the paper's boards that break the
//! official O(n³) bound.

use crate::Board;

/// The "pipes and tanks" boards of Cao Qinxiang (2009) against the official solution: many
/// squares of one shortest-path layer and a long A–B distance, so the pair DP over
/// (A square, B square) of equal depth costs far more than n³ while the interval DP stays
/// O(n²).
///
/// Shape: 2^`band_levels` identical horizontal bands, fed from A's side by a binary
/// corridor tree down the left edge and drained by its mirror image on the right edge. In
/// each band a feed corridor reaches a binary corridor tree (both halves of every split
/// have the same length) with 2^`levels` leaves on one row, all at the same distance from
/// A; under every leaf hangs a tank of `2·leaf_offset − 1` columns and `tank_height` rows,
/// entered at its top-left square and left at its bottom-right one into the mirrored tree
/// that leads to B. Every tank of every band lies on a shortest A–B path at the same depth,
/// so a layer through the tanks holds (tanks per band) × (bands) × (tank diagonal) squares,
/// Θ(n²/log n) for the widest trees (≥ n^1.5), against O(n) on an open board. Above and
/// below, `lead` corridor rows (even; 0 for none) of a serpentine pipe lead from A's start
/// to the left tree and from the right tree to B's start: with `lead` ≈ n/8 the distance is
/// Θ(n²). B's start moves one square back along its pipe when needed to make the distance
/// even (with an odd distance A wins at once and there is nothing to compute).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PipesAndTanks {
    pub band_levels: u32,
    pub levels: u32,
    pub leaf_offset: usize,
    pub tank_height: usize,
    pub lead: usize,
}

impl PipesAndTanks {
    /// The member with the longest layer that fits an n×n board (square tanks of side
    /// 2·leaf_offset − 1, whose diagonals add up to the layer). With `long`, the bands get
    /// about half of the rows and the two serpentine pipes the rest (distance Θ(n²));
    /// otherwise the bands fill the board (longest layers, distance Θ(n)). None when n is
    /// too small (below 20, or 40 with `long`).
    pub fn fitting(n: usize, long: bool) -> Option<PipesAndTanks> {
        let mut chosen: Option<(usize, PipesAndTanks)> = None;
        for leaf_offset in 1..=8 {
            for band_levels in 0..12 {
                for levels in 1..12 {
                    let tank_height = (2 * leaf_offset - 1).max(2);
                    let mut p = PipesAndTanks {
                        band_levels,
                        levels,
                        leaf_offset,
                        tank_height,
                        lead: 0,
                    };
                    if long {
                        if 2 * p.height() > n + 2 {
                            continue;
                        }
                        // Two serpentines of 2·lead − 1 rows and a wall row each: the rest.
                        p.lead = (n.saturating_sub(p.height()) / 4) & !1;
                        if p.lead < 2 {
                            continue;
                        }
                    }
                    let layer = (1usize << (levels + band_levels)) * (2 * leaf_offset - 1);
                    if p.side() <= n && chosen.map_or(true, |(best, _)| best < layer) {
                        chosen = Some((layer, p));
                    }
                }
            }
        }
        chosen.map(|(_, p)| p)
    }

    fn tree_width(&self) -> usize {
        2 * self.leaf_offset * ((1 << self.levels) - 1) + 1
    }

    fn shift(&self) -> usize {
        2 * self.leaf_offset - 2
    }

    fn band_width(&self) -> usize {
        self.tree_width() + self.shift()
    }

    fn band_height(&self) -> usize {
        4 * self.levels as usize + self.tank_height + 6
    }

    /// Row distance between band tops (even, so the master trees can split evenly).
    fn pitch(&self) -> usize {
        (self.band_height() + 2) & !1
    }

    /// Columns left of the bands: the pipe's column, a wall column, the left tree.
    fn margin(&self) -> usize {
        2 + 2 * self.band_levels as usize + 1
    }

    fn width(&self) -> usize {
        2 * self.margin() + self.band_width()
    }

    /// Rows of the bands.
    fn height(&self) -> usize {
        (1usize << self.band_levels) * self.pitch()
    }

    /// Rows taken by one serpentine and the wall row under it.
    fn lead_rows(&self) -> usize {
        if self.lead == 0 {
            0
        } else {
            2 * self.lead
        }
    }

    /// The side of the square board.
    pub fn side(&self) -> usize {
        self.width().max(self.height() + 2 * self.lead_rows())
    }

    /// The board (side [`Self::side`]), or the same shape padded with walls to `n` rows.
    pub fn board(&self, n: usize) -> Board {
        assert!(self.levels >= 1 && self.leaf_offset >= 1 && self.tank_height >= 1);
        assert!(
            self.lead % 2 == 0,
            "the serpentine needs an even number of rows"
        );
        let n = n.max(self.side());
        let mut free = vec![false; n * n];
        let (oy, width) = (self.lead_rows(), self.width());
        let mut open = |r: usize, c: usize| free[(oy + r) * n + c] = true;
        let (margin, pitch) = (self.margin(), self.pitch());
        let bands = 1usize << self.band_levels;
        let xc = self.leaf_offset * ((1 << self.levels) - 1);
        let shift = self.shift();
        let tw = 2 * self.leaf_offset - 1;
        let h = self.tank_height;
        let l = self.levels as usize;
        let bottom = 3 + 2 * l + h; // row of B's leaves, in band coordinates
        for band in 0..bands {
            let top = band * pitch;
            let left = margin;
            for c in 0..=xc {
                open(top, left + c);
            }
            open(top + 1, left + xc);
            // A's tree downwards from row 2, B's mirror upwards from row bottom + 2l.
            let mut nodes = vec![xc];
            for level in 0..l {
                let o = self.leaf_offset << (l - 1 - level);
                let mut children = Vec::new();
                for &x in &nodes {
                    for c in x - o..=x + o {
                        open(top + 2 + 2 * level, left + c);
                        open(top + bottom + 2 * (l - level), left + shift + c);
                    }
                    for child in [x - o, x + o] {
                        open(top + 3 + 2 * level, left + child);
                        open(top + bottom + 2 * (l - level) - 1, left + shift + child);
                        children.push(child);
                    }
                }
                nodes = children;
            }
            for &x in &nodes {
                open(top + 2 + 2 * l, left + x);
                open(top + bottom, left + shift + x);
                for r in 0..h {
                    for c in 0..tw {
                        open(top + 3 + 2 * l + r, left + x + c);
                    }
                }
            }
            open(top + bottom + 2 * l + 1, left + shift + xc);
            for c in shift + xc..self.band_width() {
                open(top + bottom + 2 * l + 2, left + c);
            }
        }
        // The master trees: leaves next to the feed rows (left) and the drain rows (right),
        // roots on the outer tree columns, joined through a gap in the wall column to the
        // pipe columns 0 and width − 1.
        let drain_row = self.band_height() - 1;
        let right = margin + self.band_width();
        let half = pitch / 2;
        let centre = half * (bands - 1);
        let mut nodes = vec![centre];
        let jl = self.band_levels as usize;
        for level in 0..jl {
            let o = half << (jl - 1 - level);
            let mut children = Vec::new();
            for &y in &nodes {
                for r in y - o..=y + o {
                    open(r, 2 + 2 * level);
                    open(drain_row + r, right + 2 * (jl - level));
                }
                for child in [y - o, y + o] {
                    open(child, 2 + 2 * level + 1);
                    open(drain_row + child, right + 2 * (jl - level) - 1);
                    children.push(child);
                }
            }
            nodes = children;
        }
        for &y in &nodes {
            open(y, margin - 1);
            open(drain_row + y, right);
        }
        for c in 0..2 {
            open(centre, c);
            open(drain_row + centre, width - 1 - c);
        }
        // The pipes: A's from the top-left corner down to the left root, B's from the right
        // root down to the bottom-left corner.
        let (a, b_end) = if self.lead == 0 {
            ((oy + centre) * n, (oy + drain_row + centre) * n + width - 1)
        } else {
            let rows = 2 * self.lead - 1;
            let base = oy + self.height() + 1; // first row of B's serpentine
            for r in 0..rows {
                for c in 0..width {
                    let link_col = if r / 2 % 2 == 0 { width - 1 } else { 0 };
                    if r % 2 == 0 || c == link_col {
                        free[r * n + c] = true;
                        free[(base + r) * n + (width - 1 - c)] = true;
                    }
                }
            }
            for r in rows..oy + centre {
                free[r * n] = true;
            }
            for r in oy + drain_row + centre..base {
                free[r * n + width - 1] = true;
            }
            (0, (base + rows - 1) * n + width - 1)
        };
        let mut board = Board {
            n,
            free,
            a,
            b: b_end,
        };
        if board.distances(board.a)[board.b] % 2 == 1 {
            // One square back along B's pipe.
            let back = board
                .neighbours(b_end)
                .next()
                .expect("B's start has a neighbour");
            board.b = back;
            board.free[b_end] = false;
        }
        board
    }
}
