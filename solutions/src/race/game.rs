// The body of `pub mod game` of solutions/src/race.rs, which includes it here (its docs
// are there; tools/bundle.rs puts the text back in its place).
/// A board: `free[r * n + c]`, the start squares `a` and `b` (both free, distinct).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    pub n: usize,
    pub free: Vec<bool>,
    pub a: usize,
    pub b: usize,
}

const UNSEEN: u32 = u32::MAX;

/// How a game was decided (for the tests and the benchmark).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// d odd: A wins by walking any shortest path.
    OddDistance,
    /// d even: the interval DP.
    Intervals,
    /// d even, an interval check failed: the exact pair DP.
    PairFallback,
}

/// The winner, `'A'` or `'B'`, or None when B's start cannot be reached from A's.
pub fn winner(grid: &Grid) -> Option<char> {
    decide(grid).map(|(w, _)| w)
}

/// The winner and how it was found (None when the board is not connected).
pub fn decide(grid: &Grid) -> Option<(char, Method)> {
    let layers = Layers::new(grid)?;
    if layers.d % 2 == 1 {
        return Some(('A', Method::OddDistance));
    }
    Some(match interval_dp(&layers) {
        Some(b_wins) => (if b_wins { 'B' } else { 'A' }, Method::Intervals),
        None => (
            if pair_dp(&layers) { 'B' } else { 'A' },
            Method::PairFallback,
        ),
    })
}

/// The winner by the exact pair DP over the same layers (the official solution's
/// state space), for the tests and the benchmark's comparison.
pub fn winner_by_pairs(grid: &Grid) -> Option<char> {
    let layers = Layers::new(grid)?;
    Some(if layers.d % 2 == 1 || !pair_dp(&layers) {
        'A'
    } else {
        'B'
    })
}

/// Layer sizes of a connected board: (d, squares per depth on A's side 0..=d/2,
/// squares per depth on B's side 0..d/2); the sides are empty when d is odd.
pub fn layer_sizes(grid: &Grid) -> Option<(u32, Vec<usize>, Vec<usize>)> {
    let layers = Layers::new(grid)?;
    let sizes = |start: &[usize]| start.windows(2).map(|w| w[1] - w[0]).collect();
    Some((layers.d, sizes(&layers.a_start), sizes(&layers.b_start)))
}

/// The shortest-path layers. Squares are indexed on the board padded with a ring of
/// walls (side w = n + 2), so the four neighbours of v are v − w, v + 1, v + w, v − 1.
struct Layers {
    w: usize,
    d: u32,
    a: usize,
    b: usize,
    /// Distance from A's start of a square on a shortest A–B path, UNSEEN for the rest.
    depth: Vec<u32>,
    /// A's squares of depth s = 0..=d/2, concatenated; `a_start[s]..a_start[s+1]`.
    a_squares: Vec<u32>,
    a_start: Vec<usize>,
    /// B's squares at distance k = 0..d/2 from B's start, each layer in its cyclic order.
    b_squares: Vec<u32>,
    b_start: Vec<usize>,
    /// Position of a B-side square in its layer's order.
    b_pos: Vec<u32>,
    /// Direction (0..4, clockwise from up) from a B-side square to its BFS parent.
    b_parent_dir: Vec<u8>,
}

/// Breadth-first distances from `from` over the padded free squares.
fn distances(free: &[bool], w: usize, from: usize) -> Vec<u32> {
    let mut dist = vec![UNSEEN; free.len()];
    let mut queue = Vec::with_capacity(free.len());
    dist[from] = 0;
    queue.push(from as u32);
    let mut head = 0;
    while head < queue.len() {
        let v = queue[head] as usize;
        head += 1;
        for u in [v - w, v + 1, v + w, v - 1] {
            if free[u] && dist[u] == UNSEEN {
                dist[u] = dist[v] + 1;
                queue.push(u as u32);
            }
        }
    }
    dist
}

impl Layers {
    /// Distances and layers, or None if B's start cannot be reached; the layers are
    /// only built when d is even (with d odd the answer needs nothing more).
    fn new(grid: &Grid) -> Option<Layers> {
        let (n, w) = (grid.n, grid.n + 2);
        let pad = |v: usize| (v / n + 1) * w + v % n + 1;
        let mut free = vec![false; w * w];
        for (v, &f) in grid.free.iter().enumerate() {
            free[pad(v)] = f;
        }
        let (a, b) = (pad(grid.a), pad(grid.b));
        let mut depth = distances(&free, w, a);
        let d = depth[b];
        if d == UNSEEN {
            return None;
        }
        let dist_b = distances(&free, w, b);
        for (x, &y) in depth.iter_mut().zip(&dist_b) {
            if *x != UNSEEN && *x + y != d {
                *x = UNSEEN;
            }
        }
        drop(dist_b);
        let mut layers = Layers {
            w,
            d,
            a,
            b,
            depth,
            a_squares: Vec::new(),
            a_start: Vec::new(),
            b_squares: Vec::new(),
            b_start: Vec::new(),
            b_pos: Vec::new(),
            b_parent_dir: Vec::new(),
        };
        if d % 2 == 0 {
            layers.group_a_side();
            layers.order_b_side();
        }
        Some(layers)
    }

    /// The four neighbours of v, clockwise from up (they may be walls: depth UNSEEN).
    #[inline]
    fn around(&self, v: usize) -> [usize; 4] {
        [v - self.w, v + 1, v + self.w, v - 1]
    }

    fn m(&self) -> usize {
        (self.d / 2) as usize
    }

    /// Whether v is a path square at distance k from B's start.
    #[inline]
    fn b_depth_is(&self, v: usize, k: usize) -> bool {
        self.depth[v] != UNSEEN && (self.d - self.depth[v]) as usize == k
    }

    /// Counting sort of the path squares with depth ≤ d/2 by depth.
    fn group_a_side(&mut self) {
        let m = self.m();
        let mut count = vec![0usize; m + 2];
        for &x in &self.depth {
            if (x as usize) <= m {
                count[x as usize + 1] += 1;
            }
        }
        for s in 0..=m {
            count[s + 1] += count[s];
        }
        self.a_start = count.clone();
        self.a_squares = vec![0; count[m + 1]];
        for (v, &x) in self.depth.iter().enumerate() {
            if (x as usize) <= m {
                self.a_squares[count[x as usize]] = v as u32;
                count[x as usize] += 1;
            }
        }
    }

    /// B's layers k = 0..d/2 in cyclic order. Layer k+1 lists its squares in the order of
    /// the frontier edges leaving layer k, and each square's own frontier edges in clockwise
    /// order after the edge to its parent: an Euler tour around a BFS tree of the squares
    /// nearer to B, i.e. the rotation of the frontier around that contracted region.
    fn order_b_side(&mut self) {
        let m = self.m();
        self.b_pos = vec![UNSEEN; self.depth.len()];
        self.b_parent_dir = vec![0; self.depth.len()];
        self.b_squares.push(self.b as u32);
        self.b_pos[self.b] = 0;
        self.b_start = vec![0, 1];
        for k in 0..m.saturating_sub(1) {
            let (lo, hi) = (self.b_start[k], self.b_start[k + 1]);
            let mut next = 0u32;
            for i in lo..hi {
                let c = self.b_squares[i] as usize;
                let around = self.around(c);
                let first = if k == 0 {
                    0
                } else {
                    self.b_parent_dir[c] as usize + 1
                };
                for turn in 0..(if k == 0 { 4 } else { 3 }) {
                    let dir = (first + turn) % 4;
                    let v = around[dir];
                    if self.b_pos[v] == UNSEEN && self.b_depth_is(v, k + 1) {
                        self.b_pos[v] = next;
                        next += 1;
                        self.b_parent_dir[v] = ((dir + 2) % 4) as u8;
                        self.b_squares.push(v as u32);
                    }
                }
            }
            self.b_start.push(self.b_squares.len());
        }
    }

    fn b_layer_len(&self, k: usize) -> u32 {
        (self.b_start[k + 1] - self.b_start[k]) as u32
    }

    fn a_layer(&self, s: usize) -> &[u32] {
        &self.a_squares[self.a_start[s]..self.a_start[s + 1]]
    }

    fn b_layer(&self, k: usize) -> &[u32] {
        &self.b_squares[self.b_start[k]..self.b_start[k + 1]]
    }
}

/// A cyclic interval of a layer of `size` squares: `len` positions from `start`
/// (`len == size`: the whole layer).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Arc {
    start: u32,
    len: u32,
}

const EMPTY: Arc = Arc { start: 0, len: 0 };

/// The arc holding exactly `positions` (distinct, in a layer of `size`), if they are
/// contiguous: the arc starts after the largest cyclic gap.
fn arc_of(positions: &mut [u32], size: u32) -> Option<Arc> {
    if positions.is_empty() {
        return Some(EMPTY);
    }
    positions.sort_unstable();
    let k = positions.len();
    let mut best = (size - positions[k - 1] + positions[0], 0usize); // gap before index 0
    for i in 1..k {
        let gap = positions[i] - positions[i - 1];
        if gap > best.0 {
            best = (gap, i);
        }
    }
    let start = positions[best.1];
    let len = size - best.0 + 1;
    (len as usize == k).then_some(Arc {
        start,
        len: len.min(size),
    })
}

/// The intersection of two arcs of a layer of `size`, or None if it has two pieces.
fn intersect(x: Arc, y: Arc, size: u32) -> Option<Arc> {
    if x.len == 0 || y.len == 0 {
        return Some(EMPTY);
    }
    if x.len == size {
        return Some(y);
    }
    if y.len == size {
        return Some(x);
    }
    // Shift so that x = [0, x.len); y = [o, o + y.len) may wrap past size.
    let o = (y.start + size - x.start) % size;
    let end = o + y.len;
    let piece_a = (o < x.len).then(|| (o, end.min(x.len)));
    let piece_b = (end > size).then(|| (0, (end - size).min(x.len)));
    let arc = |(from, to): (u32, u32)| Arc {
        start: (x.start + from) % size,
        len: to - from,
    };
    match (piece_a, piece_b) {
        (None, None) => Some(EMPTY),
        (Some(p), None) | (None, Some(p)) => Some(arc(p)),
        (Some(_), Some(_)) => None,
    }
}

/// For B's layer k+1: each square's arc of neighbours in layer k, and the prefix sums that
/// give the union of those arcs over any run of consecutive squares in O(1).
struct Preimage {
    arcs: Vec<Arc>,
    /// prefix[i] = sum of the end advances of the pairs (0,1)..(i-1,i), the last pair
    /// wrapping round; a pair with a whole-layer arc advances 0 (a run through such a
    /// square is the whole layer anyway).
    prefix: Vec<u32>,
    /// whole[i] = how many of the squares 0..i have the whole layer as their arc.
    whole: Vec<u32>,
}

impl Preimage {
    /// None if the neighbour sets are not contiguous arcs that chain forward around the
    /// layer (the planarity the interval argument rests on).
    fn new(layers: &Layers, k: usize) -> Option<Preimage> {
        let below = layers.b_layer_len(k);
        let squares = layers.b_layer(k + 1);
        let mut arcs = Vec::with_capacity(squares.len());
        for &c in squares {
            arcs.push(touching(layers, c as usize, k)?);
        }
        let mut prefix = Vec::with_capacity(arcs.len() + 1);
        let mut whole = Vec::with_capacity(arcs.len() + 1);
        prefix.push(0u32);
        whole.push(0u32);
        for i in 0..arcs.len() {
            let (cur, nxt) = (arcs[i], arcs[(i + 1) % arcs.len()]);
            whole.push(whole[i] + u32::from(cur.len == below));
            if cur.len == below || nxt.len == below {
                prefix.push(prefix[i]);
                continue;
            }
            // The next arc starts inside the current one or right after it, and ends
            // no earlier: the union of a run is one arc from its first square's start.
            let step = (nxt.start + below - cur.start) % below;
            if step > cur.len || step + nxt.len < cur.len {
                return None;
            }
            prefix.push(prefix[i] + step + nxt.len - cur.len);
        }
        Some(Preimage {
            arcs,
            prefix,
            whole,
        })
    }

    /// The squares of layer k next to some square of `run` (an arc of layer k+1).
    fn of(&self, run: Arc, below: u32) -> Arc {
        let size = self.arcs.len() as u32;
        if run.len == 0 {
            return EMPTY;
        }
        if run.len == size {
            return Arc {
                start: 0,
                len: below,
            };
        }
        let (x, last) = (run.start as usize, (run.start + run.len - 1) as usize);
        // Sums over the squares x..=last (cyclically) from a prefix table.
        let over = |table: &[u32], upto: usize| {
            if upto < self.arcs.len() {
                table[upto] - table[x]
            } else {
                table[self.arcs.len()] - table[x] + table[upto - self.arcs.len()]
            }
        };
        if over(&self.whole, last + 1) > 0 {
            return Arc {
                start: 0,
                len: below,
            };
        }
        let span = self.arcs[x].len + over(&self.prefix, last);
        if span >= below {
            Arc {
                start: 0,
                len: below,
            }
        } else {
            Arc {
                start: self.arcs[x].start,
                len: span,
            }
        }
    }
}

/// The squares of B's layer k that A's square `v` touches, as an arc.
fn touching(layers: &Layers, v: usize, k: usize) -> Option<Arc> {
    let mut pos = [0u32; 4];
    let mut cnt = 0;
    for w in layers.around(v) {
        if layers.b_depth_is(w, k) {
            pos[cnt] = layers.b_pos[w];
            cnt += 1;
        }
    }
    arc_of(&mut pos[..cnt], layers.b_layer_len(k))
}

/// The interval DP, d even. State before A's (s+1)-th move: A on depth s, B on depth s
/// (from its own start). `arc[v]` holds, for A's square v, the B squares from which B
/// wins. Returns whether B wins, or None if an interval check failed.
fn interval_dp(layers: &Layers) -> Option<bool> {
    interval_arcs(layers, false).map(|(arc, _)| arc[layers.a].len > 0)
}

/// The interval DP's arcs: `arc[v]` ends as the B-to-move arc of A's square v of depth
/// t ≥ 1 (B on its depth t − 1), and for A's start the A-to-move arc; with `keep`, the
/// second vector holds every A-to-move arc (A and B both on depth s < d/2).
fn interval_arcs(layers: &Layers, keep: bool) -> Option<(Vec<Arc>, Vec<Arc>)> {
    let m = layers.m();
    let mut arc = vec![EMPTY; layers.depth.len()];
    let mut a_to_move = if keep {
        vec![EMPTY; layers.depth.len()]
    } else {
        Vec::new()
    };
    for s in (0..m).rev() {
        let size = layers.b_layer_len(s);
        // B to move, A on depth s+1, B on depth s.
        if s + 1 == m {
            for &v in layers.a_layer(m) {
                arc[v as usize] = touching(layers, v as usize, m - 1)?;
            }
        } else {
            let pre = Preimage::new(layers, s)?;
            for &v in layers.a_layer(s + 1) {
                arc[v as usize] = pre.of(arc[v as usize], size);
            }
        }
        // A to move, A on depth s, B on depth s: B wins against every A step.
        for &v in layers.a_layer(s) {
            let mut acc = Arc {
                start: 0,
                len: size,
            };
            for w in layers.around(v as usize) {
                if layers.depth[w] as usize == s + 1 {
                    acc = intersect(acc, arc[w], size)?;
                }
            }
            arc[v as usize] = acc;
            if keep {
                a_to_move[v as usize] = acc;
            }
        }
    }
    Some((arc, a_to_move))
}

/// Values of the positions the layer race covers, for the referee: both players on
/// shortest A–B paths, in step (A to move: both s moves from their starts; B to move: A
/// one move further), before they meet in the middle.
pub struct InStep {
    layers: Layers,
    n: usize,
    b_to_move: Vec<Arc>,
    a_to_move: Vec<Arc>,
}

impl InStep {
    /// None if the board is not connected or an interval check failed.
    pub fn new(grid: &Grid) -> Option<InStep> {
        let layers = Layers::new(grid)?;
        let (b_to_move, a_to_move) = if layers.d % 2 == 0 {
            interval_arcs(&layers, true)?
        } else {
            (Vec::new(), Vec::new())
        };
        Some(InStep {
            layers,
            n: grid.n,
            b_to_move,
            a_to_move,
        })
    }

    /// Whether B wins from A on `a`, B on `b` (board indices), or None when the position
    /// is not in step on the layers.
    pub fn b_wins(&self, a: usize, b: usize, a_moves: bool) -> Option<bool> {
        let l = &self.layers;
        let pad = |v: usize| (v / self.n + 1) * l.w + v % self.n + 1;
        let (a, b) = (pad(a), pad(b));
        let (da, db) = (l.depth[a], l.depth[b]);
        if da == UNSEEN || db == UNSEEN || da > l.d || db > l.d {
            return None;
        }
        let s = da as usize; // A's moves so far
        let k = (l.d - db) as usize; // B's
        let in_step = if a_moves { k == s } else { k + 1 == s };
        // Before the middle: B's side of the layers is k < d/2 (d/2 rounded down).
        if !in_step || k >= l.m() || s > l.m() {
            return None;
        }
        if l.d % 2 == 1 {
            return Some(false);
        }
        let arc = if a_moves {
            self.a_to_move[a]
        } else {
            self.b_to_move[a]
        };
        let size = l.b_layer_len(k);
        let pos = l.b_pos[b];
        Some(pos != UNSEEN && (pos + size - arc.start) % size < arc.len)
    }
}

/// The exact DP over pairs of squares of equal depth (the official solution's states).
fn pair_dp(layers: &Layers) -> bool {
    let m = layers.m();
    // wins[v] for A's square v on the current depth: B-winning flags over B's layer.
    let mut wins: Vec<Vec<bool>> = vec![Vec::new(); layers.depth.len()];
    for s in (0..m).rev() {
        let size = layers.b_layer(s).len();
        for &v in layers.a_layer(s + 1) {
            let v = v as usize;
            let next = std::mem::take(&mut wins[v]);
            let mut here = vec![false; size];
            for (i, &b) in layers.b_layer(s).iter().enumerate() {
                here[i] = layers.around(b as usize).iter().any(|&w| {
                    if s + 1 == m {
                        w == v
                    } else {
                        layers.b_depth_is(w, s + 1) && next[layers.b_pos[w] as usize]
                    }
                });
            }
            wins[v] = here;
        }
        for &v in layers.a_layer(s) {
            let mut all = vec![true; size];
            for w in layers.around(v as usize) {
                if layers.depth[w] as usize == s + 1 {
                    for (x, &y) in all.iter_mut().zip(&wins[w]) {
                        *x &= y;
                    }
                }
            }
            wins[v as usize] = all;
        }
        for &v in layers.a_layer(s + 1) {
            wins[v as usize] = Vec::new();
        }
    }
    wins[layers.a][0]
}
