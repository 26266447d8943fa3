//! knights (CEOI 2008 knight game, games/knights/README.md, the problem): judge-side rules and theory.
//!
//! - [`SuspenseBoard`]: the suspense DP over a whole N×N board, straight from the definition
//!   (Winning Ways ch. 9, continued conjunctive compounds).
//! - [`Evaluator`]: the suspense number of any square of any board up to N = 10^9, exactly,
//!   from the DP on one small board of the same side mod 4 (the compression of
//!   games/knights/docs/compression.md: the board's middle rows and columns are cut out four at a
//!   time, which changes every suspense number beyond the cut by 2 per four lines). Nothing
//!   here comes from the solution: this module is the referee's and the checker's own, and the
//!   solution's O(1) rule is tested against it.
//! - [`judge`]: the checker's logic (`checkers/check_knights.rs` only adds file reading).

pub mod board;
pub mod check;
pub mod coverage;
pub mod coverage_rounds;
pub mod gen;
pub mod play;
pub mod shrink;
pub mod validate;

/// The problem of this game, as the registry lists it.
pub const KNIGHTS: combgames_core::problem::Problem = combgames_core::problem::Problem {
    name: "knights",
    gen: &gen::GEN,
    validator: &validate::KNIGHTS,
    play: &play::PLAY,
    shrink: shrink::knights,
    judge_sized: (1_000_000_000, Some(500)),
    largest: Some(combgames_core::problem::Largest {
        kind: "random",
        size: 1_000_000_000,
        count: Some(100_000),
    }),
    board: board::board,
    notation: board::NOTATION,
    sides: ["the first player", "the second player"],
    human: board::HUMAN,
    replay: include_str!("replay.js"),
};

use combgames_core::checker::Outcome;
use combgames_core::verdict::Verdict;
use std::fmt;
use std::sync::OnceLock;

/// Largest number of knights in an input: the statement's (project) limit, the same as the
/// solution's and `validate-knights --project`'s, so the checker never refuses a test those
/// accept (the judge's stricter 10^5 is the input validator's default).
pub const MAX_KNIGHTS: u64 = 1_000_000;
/// Largest board side.
pub const MAX_SIDE: u64 = 1_000_000_000;

/// The moves of the statement: (x−2, y+1), (x−2, y−1), (x+1, y−2), (x−1, y−2). Each lowers
/// x + y, so every game ends.
pub const STEPS: [(i64, i64); 4] = [(-2, 1), (-2, -1), (1, -2), (-1, -2)];

/// The squares a knight on (x, y) can move to on the n×n board.
pub fn moves(n: u64, x: u64, y: u64) -> impl Iterator<Item = (u64, u64)> {
    STEPS.iter().filter_map(move |&(dx, dy)| {
        let a = x.checked_add_signed(dx)?;
        let b = y.checked_add_signed(dy)?;
        ((1..=n).contains(&a) && (1..=n).contains(&b)).then_some((a, b))
    })
}

/// A knights position: the board side and the knights' squares in input order (a validated
/// judge input, a generated test or round).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub n: u64,
    pub knights: Vec<(u64, u64)>,
}

/// The judge format, the one writer of a position (gen's tests, the referee's rounds): `K N`,
/// then one line `x y` per knight, no newline after the last.
impl std::fmt::Display for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{} {}", self.knights.len(), self.n)?;
        for (x, y) in &self.knights {
            write!(f, "\n{x} {y}")?;
        }
        Ok(())
    }
}

/// Why a judge input is not a knights game; `what` names the number (`K`, `x of knight 2`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputError {
    /// The input ends before the number.
    Missing { what: String },
    /// A token that is not a decimal number (shown escaped and cut).
    NotANumber { what: String, got: String },
    OutOfRange {
        what: String,
        value: u64,
        lo: u64,
        hi: u64,
    },
    /// A token after the K knights (shown as in `NotANumber`).
    Extra { k: u64, got: String },
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Missing { what } => write!(f, "expected {what}, got end of file"),
            InputError::NotANumber { what, got } => write!(f, "expected {what}, got \"{got}\""),
            InputError::OutOfRange {
                what,
                value,
                lo,
                hi,
            } => {
                write!(f, "{what} {value} is out of range {lo} to {hi}")
            }
            InputError::Extra { k, got } => {
                write!(f, "unexpected \"{got}\" after knight {k}, the last")
            }
        }
    }
}

impl std::error::Error for InputError {}

/// Parses a judge input (`K N`, then K lines `x y`; whitespace is free), as the checker reads
/// the jury's input file: every number in range (1 ≤ K ≤ [`MAX_KNIGHTS`], 1 ≤ N ≤
/// [`MAX_SIDE`], 1 ≤ x, y ≤ N) and nothing after the K knights.
pub fn parse_input(input: &[u8]) -> Result<Game, InputError> {
    let mut tokens = tokens(input);
    let mut number = |what: &dyn Fn() -> String, lo: u64, hi: u64| -> Result<u64, InputError> {
        let token = tokens
            .next()
            .ok_or_else(|| InputError::Missing { what: what() })?;
        let value = std::str::from_utf8(token)
            .ok()
            .filter(|t| t.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|t| t.parse::<u64>().ok())
            .ok_or_else(|| InputError::NotANumber {
                what: what(),
                got: shown(token),
            })?;
        if !(lo..=hi).contains(&value) {
            return Err(InputError::OutOfRange {
                what: what(),
                value,
                lo,
                hi,
            });
        }
        Ok(value)
    };
    let k = number(&|| "K".to_owned(), 1, MAX_KNIGHTS)?;
    let n = number(&|| "N".to_owned(), 1, MAX_SIDE)?;
    let mut knights = Vec::with_capacity(k as usize);
    for i in 1..=k {
        let x = number(&|| format!("x of knight {i}"), 1, n)?;
        let y = number(&|| format!("y of knight {i}"), 1, n)?;
        knights.push((x, y));
    }
    if let Some(extra) = tokens.next() {
        return Err(InputError::Extra {
            k,
            got: shown(extra),
        });
    }
    Ok(Game { n, knights })
}

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

/// Lines kept as they are next to each edge by the compression ([`Evaluator`]).
pub const EDGE_BAND: u64 = 8;
/// The small boards of the compression have sides `BASE_SIDE + N mod 4` (32..=35).
pub const BASE_SIDE: u64 = 32;

/// The DP boards of sides 1..=BASE_SIDE + 3, computed once: every board up to that side is
/// evaluated on itself, every larger one on the board of side BASE_SIDE + N mod 4.
fn small_board(side: u64) -> &'static SuspenseBoard {
    static BOARDS: OnceLock<Vec<SuspenseBoard>> = OnceLock::new();
    let boards = BOARDS.get_or_init(|| {
        (1..=BASE_SIDE as usize + 3)
            .map(SuspenseBoard::compute)
            .collect()
    });
    &boards[side as usize - 1]
}

/// The side of the small board that evaluates boards of side n (itself if n ≤ BASE_SIDE + 3).
pub fn base_side(n: u64) -> u64 {
    if n <= BASE_SIDE + 3 {
        n
    } else {
        BASE_SIDE + n % 4
    }
}

/// Where coordinate c (1 ≤ c ≤ n) of the n×n board lands on the small board of side m =
/// [`base_side`]`(n)`: unchanged within [`EDGE_BAND`] of the near edge; at the same distance from
/// the far edge within EDGE_BAND of it; otherwise on the one line of EDGE_BAND + 1..=EDGE_BAND + 4
/// with c's residue mod 4. c − compress(c) is always a multiple of 4 (m ≡ n mod 4).
pub fn compress(n: u64, c: u64) -> u64 {
    let m = base_side(n);
    if m == n || c <= EDGE_BAND {
        c
    } else if n - c < EDGE_BAND {
        m - (n - c)
    } else {
        EDGE_BAND + 1 + (c - EDGE_BAND - 1) % 4
    }
}

/// Exact suspense numbers of one board side, for any side up to u64 (the problem's is 10^9):
/// s_N(x, y) = s_m(x', y') + (x − x')/2 + (y − y')/2, with m = [`base_side`]`(N)` and x', y'
/// from [`compress`]. Why that holds for every N is in games/knights/docs/compression.md; the
/// finite fact it rests on ([`check_translation_lemma`]) and the formula itself against the
/// whole-board DP (every square of every board up to N = 300, the borders of larger ones) are
/// checked in games/knights/tests/solution.rs. O(1) per square after a one-time DP of 35 boards up to 35×35.
#[derive(Clone, Copy)]
pub struct Evaluator {
    n: u64,
    board: &'static SuspenseBoard,
}

impl Evaluator {
    /// The evaluator of the n×n board, n ≥ 1.
    pub fn new(n: u64) -> Evaluator {
        assert!(n >= 1, "a board has a side of at least 1");
        Evaluator {
            n,
            board: small_board(base_side(n)),
        }
    }

    pub fn side(&self) -> u64 {
        self.n
    }

    /// The suspense number of (x, y), 1 ≤ x, y ≤ N.
    pub fn suspense(&self, x: u64, y: u64) -> u64 {
        debug_assert!((1..=self.n).contains(&x) && (1..=self.n).contains(&y));
        let (a, b) = (compress(self.n, x), compress(self.n, y));
        u64::from(self.board.get(a as usize, b as usize)) + (x - a) / 2 + (y - b) / 2
    }

    /// The mover's best option from (x, y), None when stuck: the option with the largest even
    /// suspense if there is one, else one with the smallest (ties: the first in [`STEPS`]).
    /// The solution has its own copy on purpose (solutions/src/knights.rs, `best_move`): the
    /// referee never judges with a solution's code.
    pub fn best_move(&self, x: u64, y: u64) -> Option<(u64, u64)> {
        let mut best: Option<((u64, u64), u64)> = None;
        for to in moves(self.n, x, y) {
            let s = self.suspense(to.0, to.1);
            let better = match best {
                None => true,
                Some((_, t)) => match (s % 2 == 0, t % 2 == 0) {
                    (true, true) => s > t,
                    (true, false) => true,
                    (false, true) => false,
                    (false, false) => s < t,
                },
            };
            if better {
                best = Some((to, s));
            }
        }
        best.map(|(to, _)| to)
    }

    /// The option from (x, y) a player picks who wants a suspense of `parity` (0: even, the
    /// mover's best; 1: odd, a blunder): the largest such suspense (the last of equals in
    /// [`STEPS`] order), else the smallest one (the first of equals); None when stuck. For
    /// parity 0 it is [`Evaluator::best_move`] up to ties; the referee's moves and the
    /// generated lost starts take this one, whose ties their fixed seeds depend on.
    pub fn option_by_parity(&self, x: u64, y: u64, parity: u64) -> Option<(u64, u64)> {
        let options = || moves(self.n, x, y).map(|to| (to, self.suspense(to.0, to.1)));
        options()
            .filter(|&(_, s)| s % 2 == parity)
            .max_by_key(|&(_, s)| s)
            .or_else(|| options().min_by_key(|&(_, s)| s))
            .map(|(to, _)| to)
    }

    /// The largest suspense number over `squares` (0 for none).
    pub fn largest(&self, squares: &[(u64, u64)]) -> u64 {
        squares
            .iter()
            .map(|&(x, y)| self.suspense(x, y))
            .max()
            .unwrap_or(0)
    }
}

/// A counterexample to the finite fact of [`check_translation_lemma`], in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LemmaBroken(pub String);

impl fmt::Display for LemmaBroken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LemmaBroken {}

/// The finite fact the compression rests on, on each small board of side m = BASE_SIDE + r:
/// (a) s_m(a + 4, b) = s_m(a, b) + 2 and s_m(b, a + 4) = s_m(b, a) + 2 for every b and every
/// a with EDGE_BAND − 1 ≤ a and a + 4 ≤ m − EDGE_BAND + 1 (the lines a compressed option can
/// land on, games/knights/docs/compression.md); (b) every stuck square lies within EDGE_BAND of both
/// near edges (where the compression moves nothing).
pub fn check_translation_lemma() -> Result<(), LemmaBroken> {
    for m in BASE_SIDE..BASE_SIDE + 4 {
        let board = small_board(m);
        let m = m as usize;
        let band = EDGE_BAND as usize;
        for a in band - 1..=m - band - 3 {
            for b in 1..=m {
                if board.get(a + 4, b) != board.get(a, b) + 2 {
                    return Err(LemmaBroken(format!(
                        "m = {m}: s({}, {b}) ≠ s({a}, {b}) + 2",
                        a + 4
                    )));
                }
                if board.get(b, a + 4) != board.get(b, a) + 2 {
                    return Err(LemmaBroken(format!(
                        "m = {m}: s({b}, {}) ≠ s({b}, {a}) + 2",
                        a + 4
                    )));
                }
            }
        }
        for x in 1..=m {
            for y in 1..=m {
                if board.options(x, y).is_empty() && !(x <= band && y <= band) {
                    return Err(LemmaBroken(format!(
                        "m = {m}: stuck square ({x}, {y}) outside the near band"
                    )));
                }
            }
        }
    }
    Ok(())
}

/// Whether the player to move wins with knights on `squares` of the n×n board.
pub fn first_player_wins(n: u64, squares: &[(u64, u64)]) -> bool {
    Evaluator::new(n).largest(squares) % 2 == 1
}

/// How many bytes of contestant output the checker reads at most for K knights: far more
/// than any sensible answer (a line is at most 22 bytes), little enough to never run out of memory.
pub fn output_size_cap(knights: usize) -> usize {
    (1 << 20) + 64 * knights
}

/// Whitespace-separated tokens of contestant or jury output, as raw bytes (no UTF-8 needed).
fn tokens(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    bytes
        .split(u8::is_ascii_whitespace)
        .filter(|t| !t.is_empty())
}

/// A token for a message: escaped, cut short.
fn shown(token: &[u8]) -> String {
    combgames_core::escape::head(token, 24)
}

/// An integer token: `-?[0-9]+`. Its value saturates, since anything beyond i64 is off the
/// board anyway. None when the token is not an integer at all (a format error).
fn integer(token: &[u8]) -> Option<i64> {
    let (negative, digits) = match token.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, token),
    };
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let magnitude = digits.iter().fold(0i64, |v, &d| {
        v.saturating_mul(10).saturating_add(i64::from(d - b'0'))
    });
    Some(if negative { -magnitude } else { magnitude })
}

/// A test case the checker has validated: the game and whether the first player wins.
pub struct JuryCase {
    pub game: Game,
    pub wins: bool,
}

fn verdict_word(wins: bool) -> &'static str {
    if wins {
        "YES"
    } else {
        "NO"
    }
}

/// Validates the jury's files: a well-formed `input`, and an `answer` whose first token is
/// YES or NO and agrees with the theory (its moves, if any, are not used). An error is the
/// jury's fault, [`Verdict::Fail`]; the checker settles this before it reads contestant output.
pub fn jury_case(input: &[u8], answer: &[u8]) -> Result<JuryCase, Outcome> {
    let game =
        parse_input(input).map_err(|e| Outcome::new(Verdict::Fail, format!("input file: {e}")))?;
    let wins = first_player_wins(game.n, &game.knights);
    let jury_says_yes = match tokens(answer).next() {
        Some(b"YES") => true,
        Some(b"NO") => false,
        other => {
            let got = other.map_or("end of file".to_owned(), |t| format!("\"{}\"", shown(t)));
            return Err(Outcome::new(
                Verdict::Fail,
                format!("answer file: expected YES or NO, got {got}"),
            ));
        }
    };
    if jury_says_yes != wins {
        return Err(Outcome::new(
            Verdict::Fail,
            format!(
                "answer file says {} but the first player {}",
                verdict_word(jury_says_yes),
                if wins { "wins" } else { "loses" }
            ),
        ));
    }
    let case = JuryCase { game, wins };
    // The jury's answer is its word alone (any winning turn is accepted, so the jury need not
    // give one) or a right output (a winning turn of legal moves on the board, nothing after
    // it): anything else is the judge's fault, never the contestant's.
    let word_alone = tokens(answer).nth(1).is_none();
    let own = judge_output(&case, answer);
    if !word_alone && own.verdict != Verdict::Ok {
        return Err(Outcome::new(
            Verdict::Fail,
            format!("answer file: {}", own.message),
        ));
    }
    Ok(case)
}

/// Judges contestant `output` for jury `input` with jury `answer`: [`jury_case`], then
/// [`judge_output`].
pub fn judge(input: &[u8], output: &[u8], answer: &[u8]) -> Outcome {
    match jury_case(input, answer) {
        Ok(case) => judge_output(&case, output),
        Err(fail) => fail,
    }
}

/// Judges contestant `output` on a validated case.
///
/// Reading is sequential and the first problem met decides, so the verdict is well defined:
/// - presentation error: the output is not of the form `YES`/`NO` (exact case), then, after a
///   YES, exactly 2·K integer tokens (`-?[0-9]+`), then nothing. Whitespace is free.
/// - wrong answer: a wrong YES/NO (judged before anything after it is read); a knight's
///   destination off the board (any integer outside 1..=N, however large), not a legal move,
///   a movable knight left in place, a stuck knight moved; or a final position that is not
///   lost for the opponent (its largest suspense is odd).
pub fn judge_output(case: &JuryCase, output: &[u8]) -> Outcome {
    let (game, wins) = (&case.game, case.wins);
    let n = game.n;
    let mut out = tokens(output);
    let says_yes = match out.next() {
        Some(b"YES") => true,
        Some(b"NO") => false,
        Some(t) => {
            return Outcome::new(
                Verdict::Pe,
                format!("expected YES or NO, got \"{}\"", shown(t)),
            )
        }
        None => return Outcome::new(Verdict::Pe, "empty output".to_owned()),
    };
    if says_yes != wins {
        return Outcome::new(
            Verdict::Wa,
            format!(
                "answered {}, expected {}",
                verdict_word(says_yes),
                verdict_word(wins)
            ),
        );
    }
    if !wins {
        return match out.next() {
            Some(t) => Outcome::new(Verdict::Pe, format!("unexpected \"{}\" after NO", shown(t))),
            None => Outcome::new(Verdict::Ok, "NO".to_owned()),
        };
    }

    let mut destinations = Vec::with_capacity(game.knights.len());
    for (i, &(x, y)) in game.knights.iter().enumerate() {
        let knight = i + 1;
        let mut coordinate = |name: &str| match out.next() {
            None => Err(Outcome::new(
                Verdict::Pe,
                format!("knight {knight}: expected {name}, got end of output"),
            )),
            Some(t) => integer(t).ok_or_else(|| {
                Outcome::new(
                    Verdict::Pe,
                    format!(
                        "knight {knight}: expected integer {name}, got \"{}\"",
                        shown(t)
                    ),
                )
            }),
        };
        let (a, b) = match (coordinate("x"), coordinate("y")) {
            (Ok(a), Ok(b)) => (a, b),
            (Err(v), _) | (_, Err(v)) => return v,
        };
        let on_board = |c: i64| c >= 1 && c as u64 <= n;
        if !on_board(a) || !on_board(b) {
            return Outcome::new(
                Verdict::Wa,
                format!("knight {knight}: destination ({a}, {b}) is off the {n}x{n} board"),
            );
        }
        let to = (a as u64, b as u64);
        let movable = moves(n, x, y).next().is_some();
        if !movable && to != (x, y) {
            return Outcome::new(
                Verdict::Wa,
                format!("knight {knight} on ({x}, {y}) cannot move, but was moved to ({a}, {b})"),
            );
        }
        if movable && to == (x, y) {
            return Outcome::new(
                Verdict::Wa,
                format!("knight {knight} on ({x}, {y}) can move, but stayed"),
            );
        }
        if movable && !moves(n, x, y).any(|m| m == to) {
            return Outcome::new(
                Verdict::Wa,
                format!("knight {knight}: ({x}, {y}) -> ({a}, {b}) is not a legal move"),
            );
        }
        destinations.push(to);
    }
    if let Some(t) = out.next() {
        return Outcome::new(
            Verdict::Pe,
            format!(
                "unexpected \"{}\" after the {} destinations",
                shown(t),
                game.knights.len()
            ),
        );
    }
    // The opponent now moves; the turn wins iff the position left is lost for them.
    let eval = Evaluator::new(n);
    let worst = destinations
        .iter()
        .enumerate()
        .map(|(i, &(a, b))| (eval.suspense(a, b), i + 1))
        .max();
    match worst {
        Some((s, knight)) if s % 2 == 1 => Outcome::new(Verdict::Wa, format!(
            "the position left is won for the opponent (knight {knight} stands on suspense {s}, odd and largest)"
        )),
        _ => Outcome::new(Verdict::Ok, format!("YES, {} knights, position left lost for the opponent", game.knights.len())),
    }
}
