//! Shrinking a failing test to a smallest failing input, as property-testing libraries do
//! (QuickCheck, proptest, Hypothesis): from the failing input, try smaller inputs of the same
//! problem, keep the first one that still fails the same way, and start again from it, until
//! no candidate fails or the budget is spent.
//!
//! [`shrink_candidates`] is the one place that knows each problem's reductions, a reducer per
//! game in one `match`; [`shrink`] is the greedy loop around it, which validates each candidate
//! with the problem's strict validator (so the shrunk input is one a judge could have given)
//! and leaves the judging to its caller.
//!
//! The reductions, most aggressive first, so that a success removes the most:
//! - fewer cases, where the format has several (halves, then quarters, ..., then one case);
//! - then, case by case, smaller values: shorter strips (cells deleted, then marks erased),
//!   smaller N, fewer knights and smaller boards, race boards cut by rows and columns (then
//!   walls removed), smaller n and simpler k, fewer and smaller heaps (the impartial spec
//!   line is kept as it is).
//!
//! Every candidate is smaller than its input in a well-founded order (fewer cases, then
//! shorter or fewer, then smaller numbers), so the loop ends even without its budget.
//!
//! The input is read by whitespace-separated tokens (the solutions' own reading), and every
//! candidate is written in the strict format; so an input with CRLF line ends or extra blanks
//! shrinks too, into strict inputs.

use crate::registry::Game;
use crate::validate::{self, Limits};
use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::time::{Duration, Instant};

/// Most candidates one call of [`shrink_candidates`] makes, and most bytes in all: the loop
/// stops at its first failing candidate, so a long list is mostly never run; the caps keep a
/// 10^5-cell coloring from making 10^5 copies of itself.
const MAX_CANDIDATES: usize = 4000;
const MAX_CANDIDATE_BYTES: usize = 64 << 20;

/// The candidates being collected, up to the caps.
#[derive(Default)]
struct Candidates {
    list: Vec<Vec<u8>>,
    bytes: usize,
}

impl Candidates {
    fn full(&self) -> bool {
        self.list.len() >= MAX_CANDIDATES || self.bytes >= MAX_CANDIDATE_BYTES
    }

    fn push(&mut self, candidate: Vec<u8>) {
        if !self.full() {
            self.bytes += candidate.len();
            self.list.push(candidate);
        }
    }
}

/// The smaller inputs to try after `input` of `problem`, most aggressive first. Some may be
/// invalid (a deleted cell can put two equal marks side by side): [`shrink`] validates each.
/// Empty when the input cannot be read as the problem's format.
pub fn shrink_candidates(problem: Game, input: &[u8]) -> Vec<Vec<u8>> {
    let Ok(text) = std::str::from_utf8(input) else {
        return Vec::new();
    };
    let mut out = Candidates::default();
    // None: the input does not read as the format; no candidate.
    let _: Option<()> = match problem {
        Game::Pawns => pawns(text, &mut out),
        Game::Tictactoe => tictactoe(text, &mut out),
        Game::Coloring => coloring(text, &mut out),
        Game::Knights => knights(text, &mut out),
        Game::Race => race(text, &mut out),
        Game::Subtraction => subtraction(text, &mut out),
        Game::Impartial => impartial(text, &mut out),
    };
    out.list
}

// ---------------------------------------------------------------------------------------------
// Reductions shared by the problems.

/// `items` cut down, never to nothing: at each chunk size from half the items down to one,
/// first each chunk alone, then the items without it (delta debugging's subsets and
/// complements), so a failure that needs only one case or a few cells anywhere is reached in
/// one step. Lazy: a strip of 10^5 cells has 2·10^5 of them, of which a shrink runs a few.
fn fewer<T: Clone>(items: &[T]) -> impl Iterator<Item = Vec<T>> + '_ {
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
fn smaller(v: u64, min: u64) -> Vec<u64> {
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

/// Every case list from `cases` by the shared plan: fewer cases, then each case replaced by
/// each of its smaller versions, which `smaller_case` hands one by one to its callback until
/// that returns false (the candidates are full); each list rendered by `render`.
fn cases_then_values<C: Clone>(
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
fn each<C>(all: impl IntoIterator<Item = C>, emit: &mut dyn FnMut(C) -> bool) {
    for c in all {
        if !emit(c) {
            return;
        }
    }
}

/// A strip of cells shortened (runs of cells deleted, longest first) or, at the same length,
/// with one mark fewer (`blank` written over it, leftmost first).
fn smaller_strips(cells: &[u8], blank: u8) -> impl Iterator<Item = Vec<u8>> + '_ {
    let erased = (0..cells.len())
        .filter(move |&i| cells[i] != blank)
        .map(move |i| {
            let mut erased = cells.to_vec();
            erased[i] = blank;
            erased
        });
    fewer(cells).chain(erased)
}

fn number(token: Option<&str>) -> Option<u64> {
    token?.parse().ok()
}

fn lines(parts: impl IntoIterator<Item = String>) -> Vec<u8> {
    let mut text = String::new();
    for line in parts {
        text.push_str(&line);
        text.push('\n');
    }
    text.into_bytes()
}

// ---------------------------------------------------------------------------------------------
// One reducer per problem: read the input by tokens, push the candidates.

/// `N`: smaller N; first those with N's residue modulo 34, 68, 136, ... (Dawson's chess
/// repeats with period 34 from N = 52 on, [`crate::pawns::octal`]), which keep the right answer
/// and so often keep a wrong one that comes from a wrong table or period; then any smaller N.
fn pawns(text: &str, out: &mut Candidates) -> Option<()> {
    let n = number(text.split_ascii_whitespace().next())?;
    if let Some((start, period)) = crate::pawns::octal().period() {
        let (start, period) = (start as u64, period as u64);
        for shift in 0..8 {
            let modulus = period << shift;
            if n > start {
                let m = start + (n - start) % modulus;
                if m < n {
                    out.push(format!("{m}\n").into_bytes());
                }
            }
        }
    }
    for m in smaller(n, 1) {
        out.push(format!("{m}\n").into_bytes());
    }
    Some(())
}

/// `T`, then T strips: fewer strips, then shorter strips, then fewer marks.
fn tictactoe(text: &str, out: &mut Candidates) -> Option<()> {
    let mut tokens = text.split_ascii_whitespace();
    let t = number(tokens.next())? as usize;
    let strips: Vec<Vec<u8>> = tokens.map(|s| s.as_bytes().to_vec()).collect();
    if strips.len() != t {
        return None;
    }
    let render = |strips: &[Vec<u8>]| {
        lines(
            std::iter::once(strips.len().to_string()).chain(
                strips
                    .iter()
                    .map(|s| String::from_utf8_lossy(s).into_owned()),
            ),
        )
    };
    cases_then_values(
        &strips,
        |s, emit| each(smaller_strips(s, b'.'), emit),
        render,
        out,
    );
    Some(())
}

/// `N`, then N digits: a shorter colouring (N follows), then fewer coloured vertices.
fn coloring(text: &str, out: &mut Candidates) -> Option<()> {
    let mut tokens = text.split_ascii_whitespace();
    let n = number(tokens.next())? as usize;
    let digits: Vec<u8> = tokens.flat_map(|t| t.bytes()).collect();
    if digits.len() != n {
        return None;
    }
    for shorter in smaller_strips(&digits, b'0') {
        if out.full() {
            break;
        }
        out.push(lines([
            shorter.len().to_string(),
            String::from_utf8_lossy(&shorter).into_owned(),
        ]));
    }
    Some(())
}

/// `K N`, then K knights `x y`: fewer knights; then the board cut on its far sides (N down to
/// the largest coordinate) or on its near sides (every knight moved towards square (1, 1) and
/// N with them, so each keeps its distance to the far edges); then each knight moved alone.
fn knights(text: &str, out: &mut Candidates) -> Option<()> {
    let mut tokens = text.split_ascii_whitespace();
    let k = number(tokens.next())? as usize;
    let n = number(tokens.next())?;
    let coords: Vec<u64> = tokens.map(|t| t.parse().ok()).collect::<Option<_>>()?;
    if coords.len() != 2 * k {
        return None;
    }
    let knights: Vec<(u64, u64)> = coords.chunks(2).map(|p| (p[0], p[1])).collect();
    let render = |n: u64, knights: &[(u64, u64)]| {
        lines(
            std::iter::once(format!("{} {n}", knights.len()))
                .chain(knights.iter().map(|(x, y)| format!("{x} {y}"))),
        )
    };
    for kept in fewer(&knights) {
        out.push(render(n, &kept));
    }
    let largest = coords.iter().copied().max()?;
    if largest > n {
        return None;
    }
    for m in smaller(n, largest) {
        out.push(render(m, &knights));
    }
    let nearest = coords.iter().copied().min()?;
    for shift in smaller(nearest, 1).into_iter().map(|v| nearest - v) {
        let moved: Vec<(u64, u64)> = knights
            .iter()
            .map(|&(x, y)| (x - shift, y - shift))
            .collect();
        out.push(render(n - shift, &moved));
    }
    for (i, &(x, y)) in knights.iter().enumerate() {
        let moves = smaller(x, 1)
            .into_iter()
            .map(|x| (x, y))
            .chain(smaller(y, 1).into_iter().map(|y| (x, y)));
        for moved in moves {
            if out.full() {
                return Some(());
            }
            let mut changed = knights.clone();
            changed[i] = moved;
            out.push(render(n, &changed));
        }
    }
    Some(())
}

/// A race board: its rows.
type Board = Vec<Vec<u8>>;

/// The board without the rows and columns for which `cut` holds (a square board stays square
/// when as many rows as columns are cut).
fn without(
    board: &Board,
    cut_row: impl Fn(usize) -> bool,
    cut_col: impl Fn(usize) -> bool,
) -> Board {
    board
        .iter()
        .enumerate()
        .filter(|&(r, _)| !cut_row(r))
        .map(|(_, row)| {
            row.iter()
                .enumerate()
                .filter(|&(c, _)| !cut_col(c))
                .map(|(_, &cell)| cell)
                .collect()
        })
        .collect()
}

/// Smaller race boards: a block of s rows and s columns cut out (s = n - 2, then n/2, n/4, ...;
/// the rows and the columns each at any multiple of s or at the far end, as long as the block
/// pairs stay few, [`MAX_BLOCKS`]), then, at the same size, the walls of the whole board, then
/// of one row, removed. A cut that takes A or B away, or separates them, is left to the
/// validator to refuse.
fn smaller_boards(board: &Board) -> impl Iterator<Item = Board> + '_ {
    let n = board.len();
    let mut sizes = vec![n.saturating_sub(2)];
    sizes.extend((1..).map(|j| n >> j).take_while(|&s| s > 0));
    sizes.dedup();
    // The cuts are listed first (cheap), the boards made only as they are asked for.
    let mut cuts = Vec::new();
    for s in sizes.into_iter().filter(|&s| s > 0 && s + 2 <= n) {
        let mut starts: Vec<usize> = (0..=n - s).step_by(s).collect();
        if starts.last() != Some(&(n - s)) {
            starts.push(n - s);
        }
        if starts.len() * starts.len() > MAX_BLOCKS {
            break;
        }
        for &r in &starts {
            for &c in &starts {
                cuts.push((s, r, c));
            }
        }
    }
    let blocks = cuts.into_iter().map(move |(s, r, c)| {
        without(
            board,
            |i| (r..r + s).contains(&i),
            |j| (c..c + s).contains(&j),
        )
    });
    let unwalled = |row: &Vec<u8>| -> Vec<u8> {
        row.iter()
            .map(|&c| if c == b'#' { b'.' } else { c })
            .collect()
    };
    let walled_rows: Vec<usize> = (0..n).filter(|&i| board[i].contains(&b'#')).collect();
    let whole = (!walled_rows.is_empty()).then(move || board.iter().map(unwalled).collect());
    let rows = walled_rows.into_iter().map(move |i| {
        let mut changed = board.clone();
        changed[i] = unwalled(&board[i]);
        changed
    });
    blocks.chain(whole).chain(rows)
}

/// Most (row block, column block) pairs of one size tried on a race board: every single row
/// and column of a board of side 50.
const MAX_BLOCKS: usize = 2500;

/// `G`, then G games `n` and n rows: fewer games, then smaller boards.
fn race(text: &str, out: &mut Candidates) -> Option<()> {
    let mut tokens = text.split_ascii_whitespace();
    let g = number(tokens.next())?;
    let mut boards: Vec<Board> = Vec::new();
    for _ in 0..g {
        let n = number(tokens.next())? as usize;
        let rows: Board = (0..n)
            .map(|_| tokens.next().map(|r| r.as_bytes().to_vec()))
            .collect::<Option<_>>()?;
        boards.push(rows);
    }
    if tokens.next().is_some() {
        return None;
    }
    let render = |boards: &[Board]| {
        let mut parts = vec![boards.len().to_string()];
        for board in boards {
            parts.push(board.len().to_string());
            parts.extend(
                board
                    .iter()
                    .map(|r| String::from_utf8_lossy(r).into_owned()),
            );
        }
        lines(parts)
    };
    cases_then_values(
        &boards,
        |b, emit| each(smaller_boards(b), emit),
        render,
        out,
    );
    Some(())
}

/// Simpler values of subtraction's k, written as the input has it: a fraction becomes its
/// integer part (at least 1), a decimal its integer part or one decimal shorter, an integer a
/// smaller integer (at least 1).
fn simpler_k(k: &str) -> Vec<String> {
    if let Some((p, q)) = k.split_once('/') {
        let floor = match (p.parse::<u128>(), q.parse::<u128>()) {
            (Ok(p), Ok(q)) if q > 0 => (p / q).max(1),
            _ => return Vec::new(),
        };
        vec![floor.to_string()]
    } else if let Some((whole, decimals)) = k.split_once('.') {
        let mut out = vec![whole.to_owned()];
        if decimals.len() > 1 {
            out.push(format!("{whole}.{}", &decimals[..decimals.len() - 1]));
        }
        out
    } else {
        k.parse::<u64>()
            .map(|k| smaller(k, 1).iter().map(u64::to_string).collect())
            .unwrap_or_default()
    }
}

/// `t`, then t cases `n k`: fewer cases, then smaller n (at least 2), then simpler k.
fn subtraction(text: &str, out: &mut Candidates) -> Option<()> {
    let mut tokens = text.split_ascii_whitespace();
    let t = number(tokens.next())? as usize;
    let rest: Vec<&str> = tokens.collect();
    if rest.len() != 2 * t {
        return None;
    }
    let cases: Vec<(u64, String)> = rest
        .chunks(2)
        .map(|c| Some((c[0].parse().ok()?, c[1].to_owned())))
        .collect::<Option<_>>()?;
    let render = |cases: &[(u64, String)]| {
        lines(
            std::iter::once(cases.len().to_string())
                .chain(cases.iter().map(|(n, k)| format!("{n} {k}"))),
        )
    };
    let smaller_case = |(n, k): &(u64, String)| -> Vec<(u64, String)> {
        smaller(*n, 2)
            .into_iter()
            .map(|m| (m, k.clone()))
            .chain(simpler_k(k).into_iter().map(|j| (*n, j)))
            .collect()
    };
    cases_then_values(&cases, |c, emit| each(smaller_case(c), emit), render, out);
    Some(())
}

/// The spec line (kept), `T`, then T positions `k h1 ... hk`: fewer positions, then fewer
/// heaps, then smaller heaps (down to 0).
fn impartial(text: &str, out: &mut Candidates) -> Option<()> {
    let (spec, rest) = text.split_once('\n')?;
    let spec = spec.trim();
    let mut tokens = rest.split_ascii_whitespace();
    let t = number(tokens.next())?;
    let mut positions: Vec<Vec<u64>> = Vec::new();
    for _ in 0..t {
        let k = number(tokens.next())?;
        let heaps: Vec<u64> = (0..k)
            .map(|_| number(tokens.next()))
            .collect::<Option<_>>()?;
        positions.push(heaps);
    }
    if tokens.next().is_some() {
        return None;
    }
    let render = |positions: &[Vec<u64>]| {
        let mut parts = vec![spec.to_owned(), positions.len().to_string()];
        for heaps in positions {
            let mut line = heaps.len().to_string();
            for h in heaps {
                line.push_str(&format!(" {h}"));
            }
            parts.push(line);
        }
        lines(parts)
    };
    let smaller_position = |heaps: &Vec<u64>| -> Vec<Vec<u64>> {
        let mut all: Vec<Vec<u64>> = fewer(heaps).collect();
        for (i, &h) in heaps.iter().enumerate() {
            for v in smaller(h, 0) {
                let mut changed = heaps.clone();
                changed[i] = v;
                all.push(changed);
            }
        }
        all
    };
    cases_then_values(
        &positions,
        |p, emit| each(smaller_position(p), emit),
        render,
        out,
    );
    Some(())
}

// ---------------------------------------------------------------------------------------------
// The greedy loop.

/// What one shrink may spend: candidate runs and wall time.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub runs: u64,
    pub time: Duration,
}

/// Why the loop stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// No candidate of the last input fails: a local minimum.
    Minimal,
    /// The budget of runs was spent.
    Runs,
    /// The time budget was spent.
    Time,
}

#[derive(Clone, Debug)]
pub struct Shrunk {
    /// The smallest failing input found (the original input when no candidate failed).
    pub input: Vec<u8>,
    /// Candidates judged.
    pub runs: u64,
    /// Candidates that failed, each the new input.
    pub steps: u64,
    pub stop: Stop,
    pub elapsed: Duration,
}

fn fingerprint(bytes: &[u8]) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut h);
    h.finish()
}

/// Shrinks `input`, a failing input of `problem`: greedily takes the first candidate
/// ([`shrink_candidates`]) that `limits`' validator accepts and `fails` (the caller judges it
/// as the original test was judged and says whether it still fails the same way), until no
/// candidate fails or `budget` is spent. An input is judged at most once.
///
/// The candidates are gone through in passes: after a success the list of the new input is
/// taken up at the same position rather than from its start (the reductions before it mostly
/// failed to fail a moment ago, and the one that worked may work again: k shrinks while n
/// stays), and a pass that ends after a success starts another from the top; a pass without
/// one ends the shrink.
pub fn shrink(
    problem: Game,
    limits: Limits,
    input: &[u8],
    budget: Budget,
    mut fails: impl FnMut(&[u8]) -> bool,
) -> Shrunk {
    let started = Instant::now();
    let mut current = input.to_vec();
    let mut seen = HashSet::new();
    seen.insert(fingerprint(&current));
    let (mut runs, mut steps) = (0, 0);
    let stop = 'passes: loop {
        let mut candidates = shrink_candidates(problem, &current);
        let mut at = 0;
        let mut progressed = false;
        while at < candidates.len() {
            if runs >= budget.runs {
                break 'passes Stop::Runs;
            }
            if started.elapsed() >= budget.time {
                break 'passes Stop::Time;
            }
            let candidate = std::mem::take(&mut candidates[at]);
            at += 1;
            if !seen.insert(fingerprint(&candidate))
                || validate::validate(problem.validator(), limits, &candidate[..]).is_err()
            {
                continue;
            }
            runs += 1;
            if fails(&candidate) {
                current = candidate;
                steps += 1;
                progressed = true;
                candidates = shrink_candidates(problem, &current);
                at -= 1;
            }
        }
        if !progressed {
            break Stop::Minimal;
        }
    };
    Shrunk {
        input: current,
        runs,
        steps,
        stop,
        elapsed: started.elapsed(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(problem: Game, input: &str) -> Vec<String> {
        shrink_candidates(problem, input.as_bytes())
            .into_iter()
            .map(|c| String::from_utf8(c).unwrap())
            .collect()
    }

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
    fn smaller_goes_from_the_least_towards_the_value() {
        assert_eq!(smaller(10, 1), vec![1, 2, 3, 5, 6, 8, 9]);
        assert_eq!(smaller(100, 50), vec![50, 75, 88, 94, 97, 99]);
        assert_eq!(smaller(2, 2), Vec::<u64>::new());
    }

    #[test]
    fn each_problem_drops_cases_first_and_keeps_its_format() {
        let sub = texts(Game::Subtraction, "3\n10 2\n20 3\n30 1.5\n");
        assert_eq!(sub[0], "1\n10 2\n");
        assert!(sub.contains(&"2\n20 3\n30 1.5\n".to_owned()));
        assert!(sub.contains(&"3\n10 2\n20 3\n30 1\n".to_owned()));
        assert!(sub.contains(&"3\n2 2\n20 3\n30 1.5\n".to_owned()));
        let strips = texts(Game::Tictactoe, "2\nX.O\n..\n");
        assert_eq!(strips[..2], ["1\nX.O\n", "1\n..\n"]);
        assert!(strips.contains(&"2\n.O\n..\n".to_owned()));
        assert!(strips.contains(&"2\n..O\n..\n".to_owned()));
        let colouring = texts(Game::Coloring, "4\n1020\n");
        assert_eq!(colouring[..2], ["2\n10\n", "2\n20\n"]);
        assert!(colouring.contains(&"4\n0020\n".to_owned()));
        let knights = texts(Game::Knights, "2 9\n3 5\n4 4\n");
        assert_eq!(knights[..2], ["1 9\n3 5\n", "1 9\n4 4\n"]);
        assert!(knights.contains(&"2 5\n3 5\n4 4\n".to_owned()));
        assert!(knights.contains(&"2 7\n1 3\n2 2\n".to_owned()));
        let heaps = texts(Game::Impartial, "0.137\n2\n2 5 6\n1 3\n");
        assert_eq!(heaps[..2], ["0.137\n1\n2 5 6\n", "0.137\n1\n1 3\n"]);
        assert!(heaps.contains(&"0.137\n2\n1 6\n1 3\n".to_owned()));
        // 1000 = 52 + 948, and 948 mod 34 = 30, mod 68 = 64, mod 136 = 132, mod 272 = 132.
        let pawns = texts(Game::Pawns, "1000\n");
        assert_eq!(pawns[..4], ["82\n", "116\n", "184\n", "184\n"]);
        assert!(pawns.contains(&"1\n".to_owned()) && pawns.contains(&"999\n".to_owned()));
        let boards = texts(Game::Race, "1\n3\nA..\n.#.\n..B\n");
        assert!(boards.contains(&"1\n2\nA.\n.B\n".to_owned()));
        assert!(boards.contains(&"1\n3\nA..\n...\n..B\n".to_owned()));
        assert!(texts(Game::Subtraction, "2\n10 2\n").is_empty());
    }

    /// The loop keeps the first failing candidate and stops where none fails: a pawns
    /// "solution" wrong for every N that is a multiple of 7 shrinks 7000 to 7.
    #[test]
    fn shrink_reaches_a_local_minimum_and_counts_its_runs() {
        let budget = Budget {
            runs: 1000,
            time: Duration::from_secs(60),
        };
        let fails = |input: &[u8]| {
            let n: u64 = std::str::from_utf8(input).unwrap().trim().parse().unwrap();
            n % 7 == 0
        };
        let shrunk = shrink(Game::Pawns, Limits::Judge, b"7000\n", budget, fails);
        assert_eq!(shrunk.input, b"7\n");
        assert_eq!(shrunk.stop, Stop::Minimal);
        assert!(shrunk.steps >= 1 && shrunk.runs > shrunk.steps);
        let tight = Budget { runs: 3, ..budget };
        let cut = shrink(Game::Pawns, Limits::Judge, b"7000\n", tight, fails);
        assert_eq!((cut.runs, cut.stop), (3, Stop::Runs));
    }

    /// Malformed inputs (as a lenient sample may be) make no candidate or only candidates,
    /// never a panic: a board of side 1, knights off their board, a k of `.5`, and random
    /// bytes over each problem's alphabet.
    #[test]
    fn malformed_inputs_do_not_panic() {
        assert!(texts(Game::Knights, "1 2\n5 5\n").is_empty());
        let _ = texts(Game::Race, "1\n1\nA\n");
        let _ = texts(Game::Race, "1\n3\nA\n.\nB..\n");
        let _ = texts(Game::Subtraction, "1\n5 .5\n");
        let _ = texts(Game::Subtraction, "1\n5 3/0\n");
        let mut rng = crate::rng::Rng::new(1);
        let alphabet = b"0123456789 \n.#ABXO/";
        for &game in Game::ALL {
            for _ in 0..300 {
                let len = rng.index(40);
                let bytes: Vec<u8> = (0..len)
                    .map(|_| alphabet[rng.index(alphabet.len())])
                    .collect();
                let _ = shrink_candidates(game, &bytes);
            }
        }
    }

    /// A candidate the validator refuses is never judged: tictactoe strips never get `XX`.
    #[test]
    fn invalid_candidates_are_not_judged() {
        let budget = Budget {
            runs: 1000,
            time: Duration::from_secs(60),
        };
        let mut judged = Vec::new();
        shrink(Game::Tictactoe, Limits::Judge, b"1\nX.X\n", budget, |c| {
            judged.push(c.to_vec());
            false
        });
        assert!(!judged.is_empty());
        for c in &judged {
            assert!(validate::validate(&validate::TICTACTOE, Limits::Judge, &c[..]).is_ok());
        }
        assert!(!judged.contains(&b"1\nXX\n".to_vec()));
    }
}
