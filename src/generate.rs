//! Test generators: one valid judge input per call, random or adversarial, for each problem.
//!
//! Reproducible by construction: the only source of randomness is [`Rng`] (SplitMix64), a fixed,
//! tiny algorithm seeded by the caller, so the same [`Spec`] always gives the same bytes, on
//! every platform and every version of this crate's dependencies (a general-purpose RNG
//! crate does not promise a stable stream across its releases).
//!
//! What each problem's kinds make (`size` bounds the main dimension, `count` the number of
//! cases where the format has several):
//!
//! | problem | kinds |
//! |---|---|
//! | pawns | `random` N (log-uniform up to size); `exceptional` N: the values where the Grundy sequence of 0.137 breaks its period, those plus multiples of 34 and of 136, and N near the size |
//! | tictactoe, coloring | `random` strips; `ends`: long empty runs touching both ends; `empty`; `full`; `mixed` (each line a random one of those) |
//! | subtraction | `random` (k as integer, decimal or fraction); `integer` (judge-style integer k); `losing`: n next to a losing start for its k |
//! | knights | `random` knights; `border`: knights on every class of rows and columns near both edges and one of each residue mod 4 inside, N of any residue mod 4 |
//! | race | `random` walls (connectivity checked by BFS, retried); `open` (no walls); `pipes`: tanks joined by one-wide pipes along a serpentine path |

use crate::registry::Game;
use crate::rng::Rng;
use std::collections::VecDeque;
use std::io::{self, Write};

// ---------------------------------------------------------------------------------------------
// What to generate.

/// One problem's generator: its kinds, its limits and the writer. Each problem's section
/// below defines one; the registry (`crate::registry`) lists them.
pub struct Generator {
    /// The `--kind` values; the first is the default.
    pub kinds: &'static [&'static str],
    pub min_size: u64,
    pub max_size: u64,
    pub default_size: u64,
    /// What `--size` bounds, for gen's help.
    pub size_is: &'static str,
    /// `None` for single-case formats.
    pub max_count: Option<u64>,
    pub default_count: u64,
    /// A bound on size × count (the file as a whole), where the format has one.
    pub max_cells: Option<u64>,
    pub write: fn(&Spec, &mut Rng, &mut dyn Write) -> io::Result<()>,
}

impl Generator {
    /// The smallest size and the default (largest typical) size `--size` takes.
    pub fn size_bounds(&self) -> (u64, u64) {
        (self.min_size, self.default_size)
    }
}

const STRIP_KINDS: &[&str] = &["random", "ends", "empty", "full", "mixed"];

/// One generated test, fully determined by these fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pub problem: Game,
    pub kind: &'static str,
    pub size: u64,
    /// The number of cases, knights or games; `None` for the kind's default.
    pub count: Option<u64>,
    pub seed: u64,
}

impl Spec {
    /// Checks the options against the problem's limits; `None` means the default.
    pub fn new(
        problem: Game,
        kind: Option<&str>,
        size: Option<u64>,
        count: Option<u64>,
        seed: u64,
    ) -> Result<Spec, String> {
        let limits = problem.gen();
        let name = problem.name();
        let kind = match kind {
            None => "random",
            Some(k) => limits
                .kinds
                .iter()
                .copied()
                .find(|&known| known == k)
                .ok_or_else(|| {
                    format!(
                        "{name} has no kind `{k}` (kinds: {})",
                        limits.kinds.join(", ")
                    )
                })?,
        };
        let size = size.unwrap_or(limits.default_size);
        if !(limits.min_size..=limits.max_size).contains(&size) {
            return Err(format!(
                "{name}: --size must be in {}..={}, got {size}",
                limits.min_size, limits.max_size
            ));
        }
        match (count, limits.max_count) {
            (Some(_), None) => return Err(format!("{name} has one case per input: no --count")),
            (Some(c), Some(max)) if !(1..=max).contains(&c) => {
                return Err(format!("{name}: --count must be in 1..={max}, got {c}"))
            }
            _ => {}
        }
        let cells = size.saturating_mul(count.unwrap_or(limits.default_count));
        if let Some(max) = limits.max_cells.filter(|&max| cells > max) {
            return Err(format!(
                "{name}: --size × --count must stay within {} cells, got {cells}",
                power_of_ten(max)
            ));
        }
        Ok(Spec {
            problem,
            kind,
            size,
            count,
            seed,
        })
    }

    /// The number of cases (or knights, or games) to write.
    pub fn cases(&self) -> u64 {
        self.count.unwrap_or(self.problem.gen().default_count)
    }
}

/// `10^k` for an exact power of ten from 1000 up, else the number (for messages).
pub fn power_of_ten(n: u64) -> String {
    match n.checked_ilog10() {
        Some(k) if k >= 3 && 10u64.pow(k) == n => format!("10^{k}"),
        _ => n.to_string(),
    }
}

/// Writes the test described by `spec` to `out`.
pub fn generate(spec: &Spec, out: &mut dyn Write) -> io::Result<()> {
    let mut rng = Rng::new(spec.seed);
    (spec.problem.gen().write)(spec, &mut rng, out)
}

/// [`generate`] into memory.
pub fn generate_bytes(spec: &Spec) -> Vec<u8> {
    let mut bytes = Vec::new();
    generate(spec, &mut bytes).expect("writing to memory cannot fail");
    bytes
}

// ---------------------------------------------------------------------------------------------
// pawns

/// Grundy values of the octal game 0.137 for 0..len, by the recurrence of the problem
/// statement (Dawson's chess): a move takes 3 columns out of a row, or 2 at its end.
pub fn dawson_grundy(len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    for n in 0..len {
        let mut seen = vec![false; n + 2];
        if n >= 2 {
            seen[g[n - 2] as usize] = true;
        }
        for i in 2..n {
            let v = (g[i - 2] ^ g[n - i - 1]) as usize;
            if v < seen.len() {
                seen[v] = true;
            }
        }
        let value = if n == 1 {
            1
        } else {
            seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
        };
        g.push(value);
    }
    g
}

/// The N below 300 whose Grundy value differs from the value its residue mod 34 settles on,
/// found from the sequence itself rather than copied from a table.
pub fn dawson_exceptions() -> Vec<u64> {
    let g = dawson_grundy(700);
    let settled = |n: usize| g[600 + (n + 34 - 600 % 34) % 34];
    (1..300)
        .filter(|&n| g[n] != settled(n))
        .map(|n| n as u64)
        .collect()
}

/// The project's limits from the problem statements.
pub const PAWNS: Generator = Generator {
    kinds: &["random", "exceptional"],
    min_size: 1,
    max_size: 1_000_000_000_000_000_000,
    default_size: 1_000_000_000_000_000_000,
    size_is: "N",
    max_count: None,
    default_count: 1,
    max_cells: None,
    write: pawns,
};

fn pawns(spec: &Spec, rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    let n = match spec.kind {
        "exceptional" => exceptional_pawns(spec.size, rng),
        _ => rng.log_uniform(1, spec.size),
    };
    writeln!(out, "{n}")
}

/// An N where a wrong period or a wrong modulus shows: an exception itself, an exception
/// shifted by a multiple of 34 (the period) or of 136 (a wrong period some solutions use),
/// or an N at the top of the range (the size itself, or just below it).
fn exceptional_pawns(size: u64, rng: &mut Rng) -> u64 {
    let mut bases = dawson_exceptions();
    // The list, in case the computed one were ever shorter.
    bases.extend([14, 16, 17, 31, 34, 51, 52, 136]);
    bases.retain(|&b| b <= size);
    if bases.is_empty() {
        return rng.between(1, size);
    }
    let base = *rng.pick(&bases);
    let shifted = |period: u64, rng: &mut Rng| {
        let max_m = (size - base) / period;
        if max_m == 0 {
            base
        } else {
            base + period * rng.log_uniform(1, max_m)
        }
    };
    match rng.below(6) {
        0 => base,
        1 => shifted(34, rng),
        2 => shifted(136, rng),
        // The largest N allowed (10^18 by default): overflow in a solution shows here.
        3 => size,
        4 => size - rng.below(size.min(200)),
        // The largest N with an exceptional residue mod 34.
        _ => base + (size - base) / 34 * 34,
    }
}

// ---------------------------------------------------------------------------------------------
// strips: tictactoe and coloring

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum StripKind {
    Random,
    Ends,
    Empty,
    Full,
}

fn strip_kind(kind: &str, rng: &mut Rng) -> StripKind {
    match kind {
        "ends" => StripKind::Ends,
        "empty" => StripKind::Empty,
        "full" => StripKind::Full,
        "mixed" => *rng.pick(&[
            StripKind::Random,
            StripKind::Ends,
            StripKind::Empty,
            StripKind::Full,
        ]),
        _ => StripKind::Random,
    }
}

/// A length up to `size`: anything for random strips, at least half of `size` otherwise so
/// that a large size gives large tests.
fn strip_length(kind: StripKind, size: u64, rng: &mut Rng) -> u64 {
    match kind {
        StripKind::Random => rng.between(1, size),
        _ => rng.between((size + 1) / 2, size),
    }
}

/// Writes a strip of `len` cells using `symbols` = [empty, mark 1, mark 2]; no two neighbours
/// hold the same mark, which is every position reachable by legal play (any subset of a
/// proper marking is proper, so the marks can be placed in any order).
fn write_strip(
    kind: StripKind,
    len: u64,
    symbols: [u8; 3],
    rng: &mut Rng,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (left_run, right_run) = match kind {
        // Runs of 20..45 % of the strip at each end.
        StripKind::Ends => (
            len * rng.between(20, 45) / 100,
            len * rng.between(20, 45) / 100,
        ),
        _ => (0, 0),
    };
    let fill_percent = match kind {
        StripKind::Random | StripKind::Ends => *rng.pick(&[1, 5, 20, 50, 80, 100]),
        StripKind::Empty => 0,
        StripKind::Full => 100,
    };
    let mut chunk = Vec::with_capacity(1 << 16);
    let mut previous = 0u8; // 0 empty, 1 or 2 a mark
    for i in 0..len {
        let in_end_run = i < left_run || i >= len - right_run;
        let cell = if in_end_run || !rng.chance(fill_percent) {
            0
        } else if previous == 0 {
            1 + rng.below(2) as u8
        } else {
            3 - previous
        };
        chunk.push(symbols[cell as usize]);
        previous = cell;
        if chunk.len() == chunk.capacity() {
            out.write_all(&chunk)?;
            chunk.clear();
        }
    }
    chunk.push(b'\n');
    out.write_all(&chunk)
}

pub const TICTACTOE: Generator = Generator {
    kinds: STRIP_KINDS,
    min_size: 1,
    max_size: 1_000_000,
    default_size: 100,
    size_is: "strip length",
    max_count: Some(1_000_000),
    default_count: 20,
    // 10^8 cells: the largest file a judge takes (100 MB).
    max_cells: Some(100_000_000),
    write: tictactoe,
};

pub const COLORING: Generator = Generator {
    kinds: STRIP_KINDS,
    min_size: 1,
    max_size: 100_000_000,
    default_size: 100_000,
    size_is: "strip length",
    max_count: None,
    default_count: 1,
    max_cells: None,
    write: coloring,
};

fn tictactoe(spec: &Spec, rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "{}", spec.cases())?;
    for _ in 0..spec.cases() {
        let kind = strip_kind(spec.kind, rng);
        let len = strip_length(kind, spec.size, rng);
        write_strip(kind, len, *b".XO", rng, out)?;
    }
    Ok(())
}

fn coloring(spec: &Spec, rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    let kind = strip_kind(spec.kind, rng);
    let len = strip_length(kind, spec.size, rng);
    writeln!(out, "{len}")?;
    write_strip(kind, len, *b"012", rng, out)
}

// ---------------------------------------------------------------------------------------------
// subtraction

/// A rational k ≥ 1 with the text it is written as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Multiplier {
    pub num: u64,
    pub den: u64,
    pub text: String,
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

impl Multiplier {
    pub fn integer(k: u64) -> Self {
        Multiplier {
            num: k,
            den: 1,
            text: k.to_string(),
        }
    }

    /// `whole.frac` with `digits` fraction digits, the last one not zero.
    fn decimal(whole: u64, frac: u64, digits: u32) -> Self {
        let den = 10u64.pow(digits);
        Multiplier {
            num: whole * den + frac,
            den,
            text: format!("{whole}.{frac:0width$}", width = digits as usize),
        }
    }

    fn random_integer(rng: &mut Rng) -> Self {
        Multiplier::integer(rng.log_uniform(1, 100_000))
    }

    fn random_decimal(rng: &mut Rng) -> Self {
        let whole = rng.log_uniform(1, 1000);
        let digits = rng.between(1, 3) as u32;
        let mut frac = rng.between(1, 10u64.pow(digits) - 1);
        if frac % 10 == 0 {
            frac += 1; // no trailing zero: `1.50` is written `1.5`
        }
        Multiplier::decimal(whole, frac, digits)
    }

    /// `p/q` in lowest terms with q ≥ 2 and p > q.
    fn random_fraction(rng: &mut Rng) -> Self {
        loop {
            let den = rng.between(2, 12);
            let num = den * rng.log_uniform(1, 1000) + rng.between(1, den - 1);
            if gcd(num, den) == 1 {
                return Multiplier {
                    num,
                    den,
                    text: format!("{num}/{den}"),
                };
            }
        }
    }

    fn random_any(rng: &mut Rng) -> Self {
        match rng.below(3) {
            0 => Multiplier::random_integer(rng),
            1 => Multiplier::random_decimal(rng),
            _ => Multiplier::random_fraction(rng),
        }
    }
}

/// The losing starts of the k-times dynamic subtraction game up to `limit`, for k = num/den,
/// exact in integers. From the statement's theory: a0 = 1 and a(i+1) = b(i) + 1, where b(i),
/// the largest sum of terms up to a(i) each more than k times the next smaller, is a(i)
/// plus b(j) for the largest j with k·a(j) < a(i) (or a(i) alone if there is none).
/// "More than k times" is exact: x > k·y ⇔ x·den > y·num, and removals are integers so
/// the floor in the rules changes nothing. Checked against a game search in tests/gen.rs.
pub fn losing_starts(k: &Multiplier, limit: u64) -> Vec<u64> {
    let (num, den) = (u128::from(k.num), u128::from(k.den));
    let below_k_times = |small: u128, big: u128| small * num < big * den;
    let mut a: Vec<u128> = vec![1];
    let mut b: Vec<u128> = vec![1];
    // a[..smaller] are the terms whose k-multiple stays below the newest term; the newest
    // term only grows, so this only grows.
    let mut smaller = 0;
    loop {
        let next = b[b.len() - 1] + 1;
        if next > u128::from(limit) {
            break;
        }
        while smaller < a.len() && below_k_times(a[smaller], next) {
            smaller += 1;
        }
        let tail = if smaller == 0 { 0 } else { b[smaller - 1] };
        b.push(next + tail);
        a.push(next);
    }
    a.into_iter().map(|v| v as u64).collect()
}

pub const SUBTRACTION: Generator = Generator {
    kinds: &["random", "integer", "losing"],
    min_size: 2,
    max_size: 1_000_000_000_000_000_000,
    default_size: 100_000_000,
    size_is: "n",
    max_count: Some(1_000_000),
    default_count: 20,
    max_cells: None,
    write: subtraction,
};

fn subtraction(spec: &Spec, rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    // Losing starts are computed once per multiplier: a small pool of multipliers per file.
    let pool: Vec<(Multiplier, Vec<u64>)> = if spec.kind == "losing" {
        (0..4)
            .map(|_| {
                let k = if rng.chance(50) {
                    Multiplier::integer(rng.log_uniform(1, 20))
                } else {
                    Multiplier::random_any(rng)
                };
                let starts = losing_starts(&k, spec.size.saturating_add(1));
                (k, starts)
            })
            .collect()
    } else {
        Vec::new()
    };
    writeln!(out, "{}", spec.cases())?;
    for _ in 0..spec.cases() {
        let (n, k) = match spec.kind {
            "losing" => {
                let (k, starts) = rng.pick(&pool);
                let near = *rng.pick(starts) + rng.below(3);
                ((near.saturating_sub(1)).clamp(2, spec.size), k.clone())
            }
            "integer" => (
                rng.log_uniform(2, spec.size),
                Multiplier::random_integer(rng),
            ),
            _ => (rng.log_uniform(2, spec.size), Multiplier::random_any(rng)),
        };
        writeln!(out, "{n} {}", k.text)?;
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// knights

pub const KNIGHTS: Generator = Generator {
    kinds: &["random", "border"],
    min_size: 1,
    max_size: 1_000_000_000,
    default_size: 1_000_000_000,
    size_is: "board side N",
    max_count: Some(100_000),
    default_count: 10,
    max_cells: None,
    write: knights,
};

fn knights(spec: &Spec, rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    if spec.kind == "border" {
        // Any residue of N mod 4: one of the top four sizes up to --size.
        let n = spec.size - rng.below(spec.size.min(4));
        let mut classes = border_squares(n);
        // Fisher–Yates, so that a --count below the number of classes takes a random selection.
        for i in (1..classes.len()).rev() {
            classes.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let want = spec.count.map_or(classes.len(), |c| c as usize);
        let squares: Vec<(u64, u64)> = classes.iter().copied().cycle().take(want).collect();
        return write_knights(n, &squares, out);
    }
    let n = rng.log_uniform(1, spec.size);
    let squares: Vec<(u64, u64)> = (0..spec.cases())
        .map(|_| (rng.between(1, n), rng.between(1, n)))
        .collect();
    write_knights(n, &squares, out)
}

/// One square for every pair of row and column classes: the first 8 and last 8 lines of the
/// board (where the suspense numbers depend on the edges and on N mod 4) and 4 consecutive
/// lines in the middle (one of each residue mod 4).
pub fn border_squares(n: u64) -> Vec<(u64, u64)> {
    let mut lines: Vec<u64> = (1..=8)
        .chain(n.saturating_sub(7)..=n)
        .filter(|&v| (1..=n).contains(&v))
        .collect();
    let middle = n / 2;
    lines.extend((middle..middle + 4).filter(|&v| (1..=n).contains(&v)));
    lines.sort_unstable();
    lines.dedup();
    lines
        .iter()
        .flat_map(|&x| lines.iter().map(move |&y| (x, y)))
        .collect()
}

fn write_knights(n: u64, squares: &[(u64, u64)], out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "{} {n}", squares.len())?;
    for (x, y) in squares {
        writeln!(out, "{x} {y}")?;
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// race

const WALL: u8 = b'#';
const FREE: u8 = b'.';

/// A square board in row-major order.
struct Board {
    n: usize,
    cells: Vec<u8>,
}

impl Board {
    fn filled(n: usize, cell: u8) -> Self {
        Board {
            n,
            cells: vec![cell; n * n],
        }
    }

    /// Is `to` reachable from `from` through non-wall squares (4-neighbour BFS)?
    fn connected(&self, from: usize, to: usize) -> bool {
        let n = self.n;
        let mut seen = vec![false; n * n];
        let mut queue = VecDeque::from([from]);
        seen[from] = true;
        while let Some(at) = queue.pop_front() {
            if at == to {
                return true;
            }
            let (r, c) = (at / n, at % n);
            let neighbours = [
                (r > 0).then(|| at - n),
                (r + 1 < n).then(|| at + n),
                (c > 0).then(|| at - 1),
                (c + 1 < n).then(|| at + 1),
            ];
            for next in neighbours.into_iter().flatten() {
                if !seen[next] && self.cells[next] != WALL {
                    seen[next] = true;
                    queue.push_back(next);
                }
            }
        }
        false
    }

    fn write(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{}", self.n)?;
        for row in self.cells.chunks(self.n) {
            out.write_all(row)?;
            out.write_all(b"\n")?;
        }
        Ok(())
    }
}

/// Two distinct random squares among `candidates`.
fn two_squares(candidates: &[usize], rng: &mut Rng) -> (usize, usize) {
    let a = rng.below(candidates.len() as u64) as usize;
    let mut b = rng.below(candidates.len() as u64 - 1) as usize;
    if b >= a {
        b += 1;
    }
    (candidates[a], candidates[b])
}

/// Random walls; boards where B is cut off from A are thrown away, and every ten failures the
/// wall density drops, down to an empty board, which is always connected.
fn random_board(n: usize, rng: &mut Rng) -> Board {
    let mut density = rng.between(0, 45);
    for attempt in 1.. {
        let mut board = Board::filled(n, FREE);
        for cell in board.cells.iter_mut() {
            if rng.chance(density) {
                *cell = WALL;
            }
        }
        let all: Vec<usize> = (0..n * n).collect();
        let (a, b) = two_squares(&all, rng);
        board.cells[a] = b'A';
        board.cells[b] = b'B';
        if board.connected(a, b) {
            return board;
        }
        if attempt % 10 == 0 {
            density = density * 2 / 3;
        }
    }
    unreachable!("an empty board is connected")
}

fn open_board(n: usize, rng: &mut Rng) -> Board {
    let mut board = Board::filled(n, FREE);
    let all: Vec<usize> = (0..n * n).collect();
    let (a, b) = two_squares(&all, rng);
    board.cells[a] = b'A';
    board.cells[b] = b'B';
    board
}

/// Pipes and tanks: the board is cut into blocks visited in serpentine order; each block is a
/// tank (open inside its one-square wall) or only a pipe, and consecutive blocks are joined by
/// a one-wide pipe between their centres. A starts in the first block, B in the last: the
/// shortest path is long and its layers are wide inside tanks and one square in pipes.
fn pipes_board(n: usize, rng: &mut Rng) -> Board {
    if n < 9 {
        return random_board(n, rng);
    }
    // At least three blocks a side, so that the path turns.
    let block = rng.between(3, (n / 3) as u64) as usize;
    let per_side = n / block;
    let mut board = Board::filled(n, WALL);
    let mut order = Vec::new();
    for r in 0..per_side {
        for i in 0..per_side {
            order.push((r, if r % 2 == 0 { i } else { per_side - 1 - i }));
        }
    }
    let centre = |(r, c): (usize, usize)| (r * block + block / 2, c * block + block / 2);
    let mut block_cells: Vec<Vec<usize>> = Vec::new();
    for (index, &(r, c)) in order.iter().enumerate() {
        let mut cells = Vec::new();
        let tank = rng.chance(50);
        for row in r * block..(r + 1) * block {
            for col in c * block..(c + 1) * block {
                let inside = row > r * block
                    && row + 1 < (r + 1) * block
                    && col > c * block
                    && col + 1 < (c + 1) * block;
                if tank && inside {
                    board.cells[row * n + col] = FREE;
                    cells.push(row * n + col);
                }
            }
        }
        let (cr, cc) = centre((r, c));
        board.cells[cr * n + cc] = FREE;
        if cells.is_empty() {
            cells.push(cr * n + cc);
        }
        if index > 0 {
            // Consecutive blocks share a side, so their centres are on one row or one column.
            let (pr, pc) = centre(order[index - 1]);
            for row in pr.min(cr)..=pr.max(cr) {
                for col in pc.min(cc)..=pc.max(cc) {
                    board.cells[row * n + col] = FREE;
                }
            }
        }
        block_cells.push(cells);
    }
    let first = block_cells.first().map_or(0, |c| *rng.pick(c));
    let last = block_cells.last().map_or(0, |c| *rng.pick(c));
    board.cells[first] = b'A';
    board.cells[last] = b'B';
    debug_assert!(board.connected(first, last));
    board
}

pub const RACE: Generator = Generator {
    kinds: &["random", "open", "pipes"],
    min_size: 2,
    max_size: 2000,
    default_size: 300,
    size_is: "board side",
    max_count: Some(10),
    default_count: 3,
    max_cells: None,
    write: race,
};

fn race(spec: &Spec, rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "{}", spec.cases())?;
    let size = spec.size as usize;
    for _ in 0..spec.cases() {
        let n = match spec.kind {
            "random" => rng.between(2, spec.size) as usize,
            _ => rng.between((size / 2).max(2) as u64, spec.size) as usize,
        };
        let board = match spec.kind {
            "open" => open_board(n, rng),
            "pipes" => pipes_board(n, rng),
            _ => random_board(n, rng),
        };
        board.write(out)?;
    }
    Ok(())
}
