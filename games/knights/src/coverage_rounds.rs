//! The knights of the coverage rounds past the tiny sides (games/knights/README.md, coverage
//! classes): the level rounds (every cell of one parity at one suspense), the edge level rounds
//! and edge rival rounds (the squares near the edges, level by level), the rival rounds and
//! corner rival rounds (a lone knight one above a level). Every square is found and checked
//! with the library's evaluator; the seed draws only among the squares found.

use crate::Evaluator;
use combgames_core::rng::Rng;

/// Lines from an edge that get a class of their own ("a few steps": a knight step moves a
/// coordinate by 1 or 2).
pub(crate) const EDGE_LINES: u64 = 3;

/// The table class of coordinate `c` on the board of side `n` (N ≥ 36): its residue mod 4
/// (0..=3), or 4 for the line N − 1 and 5 for the line N.
pub(crate) fn table_class(n: u64, c: u64) -> usize {
    match n - c {
        d @ (0 | 1) => 5 - d as usize,
        _ => (c % 4) as usize,
    }
}

/// A square of the table's cell (cx, cy) on the board of `eval`, with suspense `m`, if the
/// seed's tries find one: a coordinate of a far line is fixed, else x is drawn (up to 40
/// tries), and the other solved for (a step of 4 along a line of one class adds 2 to the
/// suspense), every square checked with the evaluator.
fn square_at(
    eval: &Evaluator,
    (cx, cy): (usize, usize),
    m: u64,
    rng: &mut Rng,
) -> Option<(u64, u64)> {
    let n = eval.side();
    if cy >= 4 && cx < 4 {
        // The free coordinate is solved for: the board is symmetric.
        return square_at(eval, (cy, cx), m, rng).map(|(x, y)| (y, x));
    }
    // The lines of a class: a far line, or the residue's lines up to N − 2.
    let first = |c: usize| match c {
        4 => n - 1,
        5 => n,
        r => {
            if r == 0 {
                4
            } else {
                r as u64
            }
        }
    };
    let fixed = |c: usize| c >= 4;
    // With x given, the y of class cy with suspense m (None if there is none).
    let solve_y = |x: u64| -> Option<u64> {
        let y0 = first(cy);
        let s0 = eval.suspense(x, y0);
        let y = if fixed(cy) {
            y0
        } else {
            if m < s0 || (m - s0) % 2 != 0 {
                return None;
            }
            y0 + 2 * (m - s0)
        };
        (y <= n && table_class(n, y) == cy && eval.suspense(x, y) == m).then_some(y)
    };
    if fixed(cx) {
        let x = first(cx);
        return solve_y(x).map(|y| (x, y));
    }
    // The lines of class cx: first(cx) + 4k up to N − 2.
    let lines = (n - 2 - first(cx)) / 4 + 1;
    for _ in 0..40 {
        let x = first(cx) + 4 * rng.range(0, lines - 1);
        if let Some(y) = solve_y(x) {
            return Some((x, y));
        }
    }
    None
}

/// The level round of residue `r` and parity `p` on the board of `eval`: one knight in every
/// cell of the suspense rule's table whose suspense numbers have parity p (each cell's have
/// one: ⌊x/2⌋ + ⌊y/2⌋ plus the cell's entry), but the far corner's four squares (their values
/// are about N, above the others'; the edge level rounds read them), all at one suspense m
/// drawn near 3N/4. The largest is m, reached by every knight, so the side taken reads every
/// one of these cells: an entry too large by one in any of them takes the wrong side. None
/// when some cell has no square at a level the seed tries.
pub fn level_knights(eval: &Evaluator, p: u64, rng: &mut Rng) -> Option<Vec<(u64, u64)>> {
    let n = eval.side();
    let cells: Vec<(usize, usize)> = (0..6)
        .flat_map(|x| (0..6).map(move |y| (x, y)))
        .filter(|&(x, y)| x < 4 || y < 4)
        .filter(|&(x, y)| {
            let first = |c: usize| match c {
                4 => n - 1,
                5 => n,
                0 => 4,
                r => r as u64,
            };
            eval.suspense(first(x), first(y)) % 2 == p
        })
        .collect();
    for _ in 0..20 {
        let mut m = n / 2 + rng.range(n / 8, n / 4 + 1);
        if m % 2 != p {
            m += 1;
        }
        let mut knights = Vec::new();
        for &cell in &cells {
            match square_at(eval, cell, m, rng) {
                Some(sq) => knights.push(sq),
                None => break,
            }
        }
        if knights.len() == cells.len() {
            return Some(knights);
        }
    }
    None
}

/// The lines of the edge bands: 1..=3 and N − 2..=N (N ≥ 36).
pub(crate) fn edge_lines(n: u64) -> [u64; 6] {
    [1, 2, 3, n - 2, n - 1, n]
}

/// The levels of the edge level rounds on the board of `eval` (N ≥ 36): the distinct
/// suspense numbers of the 36 squares whose two lines are both edge lines, increasing.
pub fn edge_levels(eval: &Evaluator) -> Vec<u64> {
    let lines = edge_lines(eval.side());
    let mut levels: Vec<u64> = lines
        .iter()
        .flat_map(|&x| lines.iter().map(move |&y| eval.suspense(x, y)))
        .collect();
    levels.sort_unstable();
    levels.dedup();
    levels
}

/// The middle lines c (EDGE_LINES < c ≤ N − EDGE_LINES) whose square on the edge line `b`,
/// (c, b) if `mid_x` else (b, c), has suspense `m`: the nine lines next to each end tried one
/// by one, between them one line per residue mod 4 solved for (there a step of 4 adds 2 to
/// the suspense), every square checked with the evaluator.
fn mid_lines(eval: &Evaluator, mid_x: bool, b: u64, m: u64) -> Vec<u64> {
    let n = eval.side();
    let s = |c: u64| {
        if mid_x {
            eval.suspense(c, b)
        } else {
            eval.suspense(b, c)
        }
    };
    let (lo, hi) = (EDGE_LINES + 1, n - EDGE_LINES);
    let near = (lo + 8).min(hi);
    let far = (hi - 8).max(near + 1);
    let mut out: Vec<u64> = (lo..=near).chain(far..=hi).filter(|&c| s(c) == m).collect();
    for c0 in (near + 1..far).take(4) {
        let v0 = s(c0);
        if m >= v0 && (m - v0) % 2 == 0 {
            let c = c0 + 2 * (m - v0);
            if c < far && s(c) == m {
                out.push(c);
            }
        }
    }
    out
}

/// The squares whose two lines are edge lines (1..=3, N − 2..=N) with suspense `m`.
fn edge_squares_at(eval: &Evaluator, m: u64) -> Vec<(u64, u64)> {
    let lines = edge_lines(eval.side());
    lines
        .iter()
        .flat_map(|&x| lines.iter().map(move |&y| (x, y)))
        .filter(|&(x, y)| eval.suspense(x, y) == m)
        .collect()
}

/// An edge class along a middle line: the squares (c, b) (`mid_x`, `edge:…,x=mid,y=B`) or
/// (b, c) (`edge:…,x=B,y=mid`) of the edge line b, c a middle line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct MidClass {
    b: u64,
    mid_x: bool,
}

impl MidClass {
    /// The twelve of the board of side `n`: each edge line, along x then along y.
    fn all(n: u64) -> Vec<MidClass> {
        edge_lines(n)
            .iter()
            .flat_map(|&b| [true, false].map(|mid_x| MidClass { b, mid_x }))
            .collect()
    }

    /// The middle lines whose square of this class has suspense `m` ([`mid_lines`]).
    fn lines(self, eval: &Evaluator, m: u64) -> Vec<u64> {
        mid_lines(eval, self.mid_x, self.b, m)
    }

    /// One of its squares with suspense `m`, the middle line drawn among those found.
    fn draw(self, eval: &Evaluator, m: u64, rng: &mut Rng) -> Option<(u64, u64)> {
        let cs = self.lines(eval, m);
        let c = *cs.get(rng.index(cs.len().max(1)))?;
        Some(if self.mid_x { (c, self.b) } else { (self.b, c) })
    }
}

/// Where the edge level rounds and the edge rival rounds of one board put their knights (N ≥
/// 36): the levels, and per round the middle-line classes it holds and at which suspense. It
/// depends on the board alone; the seed draws each class's middle line.
pub struct EdgePlan {
    /// The distinct suspense numbers of the 36 squares on two edge lines, increasing.
    levels: Vec<u64>,
    /// Per edge level round: the middle-line classes at its level (their highest level).
    tops: Vec<Vec<MidClass>>,
    /// Per edge level round: the middle-line classes one below its level.
    belows: Vec<Vec<MidClass>>,
    /// The edge rival rounds: the index j of a level with no level one above (the largest
    /// left out), the rival's class (one at levels[j] + 1) and the classes at levels[j].
    rivals: Vec<(usize, MidClass, Vec<MidClass>)>,
}

impl EdgePlan {
    /// The plan of the board of `eval` (N ≥ 36); None when a class finds no place (never on
    /// the sides tested, games/knights/tests/coverage_errors.rs). Each middle-line class is at
    /// the level of the edge level round of its highest level; one below the largest in the
    /// first edge rival round whose level it reaches, else in the highest edge level round
    /// whose level less one it reaches and where it is not at the level.
    pub fn new(eval: &Evaluator) -> Option<EdgePlan> {
        let levels = edge_levels(eval);
        let classes = MidClass::all(eval.side());
        let reaches = |c: &MidClass, m: u64| !c.lines(eval, m).is_empty();
        let mut tops = vec![Vec::new(); levels.len()];
        for c in &classes {
            let j = (0..levels.len()).rev().find(|&j| reaches(c, levels[j]))?;
            tops[j].push(*c);
        }
        let mut rivals = Vec::new();
        for j in 0..levels.len() - 1 {
            if levels[j + 1] != levels[j] + 1 {
                let rival = *classes.iter().find(|c| reaches(c, levels[j] + 1))?;
                rivals.push((j, rival, Vec::new()));
            }
        }
        let mut belows = vec![Vec::new(); levels.len()];
        'class: for c in &classes {
            for (j, rival, at) in rivals.iter_mut() {
                if rival != c && reaches(c, levels[*j]) {
                    at.push(*c);
                    continue 'class;
                }
            }
            for j in (1..levels.len()).rev() {
                if !tops[j].contains(c) && reaches(c, levels[j] - 1) {
                    belows[j].push(*c);
                    continue 'class;
                }
            }
            return None;
        }
        Some(EdgePlan {
            levels,
            tops,
            belows,
            rivals,
        })
    }

    /// How many edge rival rounds the board has.
    pub fn rival_rounds(&self) -> usize {
        self.rivals.len()
    }
}

/// The edge level round `j` on the board of `eval` (N ≥ 36): every square whose two lines are
/// edge lines (1..=3, N − 2..=N) with the j-th of their suspense numbers ([`edge_levels`]), m,
/// and for each class of an edge line and a middle line (`edge:…,x=mid,y=B` and
/// `edge:…,x=B,y=mid`) whose highest level reached is m, one of its squares at suspense m
/// (the seed draws the middle line among those found). These are at the largest, m, so a
/// square of any of their classes valued one too large turns the side; over the levels every
/// edge class of the residue (48) is at the largest of one round. Below them, at m − 1: the
/// squares on two edge lines with that suspense when m − 1 is a level, and the middle-line
/// classes the plan puts there ([`EdgePlan`]), whose squares two too large would lie above
/// the largest and turn the side. None when j is past the levels or a class finds no place.
pub fn edge_level_knights(eval: &Evaluator, j: usize, rng: &mut Rng) -> Option<Vec<(u64, u64)>> {
    let plan = EdgePlan::new(eval)?;
    let m = *plan.levels.get(j)?;
    let mut knights = edge_squares_at(eval, m);
    for c in &plan.tops[j] {
        knights.push(c.draw(eval, m, rng)?);
    }
    if j > 0 && plan.levels[j - 1] + 1 == m {
        knights.extend(edge_squares_at(eval, m - 1));
    }
    for c in &plan.belows[j] {
        knights.push(c.draw(eval, m - 1, rng)?);
    }
    Some(knights)
}

/// The edge rival round `g` on the board of `eval` (N ≥ 36): the squares on two edge lines at
/// a level v with no such square at v + 1 (but the largest), the middle-line classes the plan
/// puts at v, and one rival knight at v + 1 on a middle line, the only largest: any of the
/// other knights' classes two too large lies above the rival and turns the side. With the
/// squares at v − 1 of the edge level rounds, every edge class but the board's largest
/// squares is one below a lone largest class in some round. None past the rounds.
pub fn edge_rival_knights(eval: &Evaluator, g: usize, rng: &mut Rng) -> Option<Vec<(u64, u64)>> {
    let plan = EdgePlan::new(eval)?;
    let (j, rival, at) = plan.rivals.get(g)?;
    let v = plan.levels[*j];
    let mut knights = edge_squares_at(eval, v);
    for c in at {
        knights.push(c.draw(eval, v, rng)?);
    }
    knights.push(rival.draw(eval, v + 1, rng)?);
    Some(knights)
}

/// A square with suspense `m` on the board of `eval` (N ≥ 36), if the seed's tries find one:
/// the 36 cells of the rule's table in a drawn order, each tried by [`square_at`].
fn square_with(eval: &Evaluator, m: u64, rng: &mut Rng) -> Option<(u64, u64)> {
    let mut cells: Vec<(usize, usize)> = (0..6).flat_map(|x| (0..6).map(move |y| (x, y))).collect();
    for i in (1..cells.len()).rev() {
        cells.swap(i, rng.index(i + 1));
    }
    cells
        .into_iter()
        .find_map(|cell| square_at(eval, cell, m, rng))
}

/// The rival round of parity `p`: the level round's knights ([`level_knights`], every cell of
/// parity p at one suspense m but the far corner's) and one rival knight at m + 1, the only
/// largest. An entry two too large in any of the level's cells puts its knight at m + 2,
/// above the rival, and turns the side; the level round itself cannot show it (m + 2 is of
/// m's parity). The rival's own cell is read too: one too large or too small, or two too small.
pub fn rival_knights(eval: &Evaluator, p: u64, rng: &mut Rng) -> Option<Vec<(u64, u64)>> {
    let mut knights = level_knights(eval, p, rng)?;
    let m = eval.suspense(knights[0].0, knights[0].1);
    knights.push(square_with(eval, m + 1, rng)?);
    Some(knights)
}

/// The far corner's four squares, (N − 1, N − 1), (N − 1, N), (N, N − 1), (N, N): each one
/// cell of the rule's table.
pub(crate) fn far_corner(n: u64) -> [(u64, u64); 4] {
    [(n - 1, n - 1), (n - 1, n), (n, n - 1), (n, n)]
}

/// The corner rival round `j`: the far corner's square j, at suspense v, and a rival knight
/// at v + 1 (their values are about N, above every level round's): an entry two too large in
/// that cell puts it above the rival and turns the side.
pub fn corner_rival_knights(eval: &Evaluator, j: u64, rng: &mut Rng) -> Option<Vec<(u64, u64)>> {
    let q = far_corner(eval.side())[j as usize];
    let v = eval.suspense(q.0, q.1);
    Some(vec![q, square_with(eval, v + 1, rng)?])
}
