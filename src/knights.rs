//! knights (CEOI 2008 knight game, problems.md section 4): judge-side rules and theory.
//!
//! - [`SuspenseBoard`]: the suspense DP over a whole N×N board, straight from the definition
//!   (Winning Ways ch. 9, continued conjunctive compounds). It is the reference the O(1) rule
//!   is proven against, and [`derive_correction_table`] regenerates the rule's table from it.
//! - The O(1) rule itself ([`suspense`], [`best_move`], [`moves`]) and the input parser live in
//!   the solution file, which must stay one std-only file for the judge. Rather than keep a
//!   second copy by hand, this module compiles that file as its submodule `solution` (via
//!   `#[path]`) and re-exports its rule; the solution's `main` is then just unused here.
//! - [`judge`]: the checker's logic (`checkers/check_knights.rs` only adds file reading).

use anyhow::{bail, ensure, Result};

#[path = "../solutions/knights.rs"]
#[allow(dead_code)]
mod solution;

pub use solution::rule::{
    best_move, coordinate_class, moves, suspense, CLASSES, CORRECTION, FAR_BAND, STEPS,
};
pub use solution::{parse_input, solve, Game, MAX_KNIGHTS, MAX_SIDE};

/// Suspense numbers of every square of an N×N board, by dynamic programming.
pub struct SuspenseBoard {
    n: usize,
    /// By anti-diagonal: the squares with x + y = d, by increasing x, start at
    /// `diagonal_start[d]`. Every option of a square lies on one of the two diagonals before
    /// it (x + y drops by 1 or 3), so the DP reads memory it has just written (row-major order
    /// made it ten times slower on 3000×3000 by cache misses).
    /// u16: a suspense number is at most the length of a game from its square, under
    /// x + y < 2N (each move lowers x + y), and compute() takes N ≤ 32767; half the memory
    /// of u32 for the referee's cached boards.
    cells: Vec<u16>,
    diagonal_start: Vec<usize>,
}

impl SuspenseBoard {
    /// Runs the DP; every move lowers x + y, so squares are filled by increasing x + y.
    /// O(N²) time and 2·N² bytes, no allocation per square (the referee runs it on boards
    /// up to 3000×3000).
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

/// The rule's correction table, `[N mod 4][class of x][class of y]` of s − (⌊x/2⌋ + ⌊y/2⌋),
/// measured on every square of every board with side 1..=max_n. Fails if two squares of the
/// same class disagree (the classes would not capture the pattern) or if a cell is never seen.
pub fn derive_correction_table(max_n: usize) -> Result<[[[i8; CLASSES]; CLASSES]; 4]> {
    let mut table = [[[None::<i64>; CLASSES]; CLASSES]; 4];
    for n in 1..=max_n {
        let board = SuspenseBoard::compute(n);
        let side = n as u64;
        for x in 1..=n {
            for y in 1..=n {
                let correction = i64::from(board.get(x, y)) - (x / 2 + y / 2) as i64;
                let cx = coordinate_class(side, x as u64);
                let cy = coordinate_class(side, y as u64);
                let cell = &mut table[n % 4][cx][cy];
                match *cell {
                    None => *cell = Some(correction),
                    Some(seen) => ensure!(
                        seen == correction,
                        "N = {n}, square ({x}, {y}): correction {correction}, but {seen} elsewhere in its class"
                    ),
                }
            }
        }
    }
    let mut out = [[[0i8; CLASSES]; CLASSES]; 4];
    for r in 0..4 {
        for cx in 0..CLASSES {
            for cy in 0..CLASSES {
                let Some(value) = table[r][cx][cy] else {
                    bail!("class (N mod 4 = {r}, {cx}, {cy}) never occurs up to N = {max_n}");
                };
                out[r][cx][cy] = i8::try_from(value)?;
            }
        }
    }
    Ok(out)
}

/// Whether the player to move wins with knights on `squares` of the n×n board (O(1) rule).
pub fn first_player_wins(n: u64, squares: &[(u64, u64)]) -> bool {
    squares
        .iter()
        .map(|&(x, y)| suspense(n, x, y))
        .max()
        .unwrap_or(0)
        % 2
        == 1
}

/// A checker verdict, testlib style.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Accepted(String),
    WrongAnswer(String),
    PresentationError(String),
    /// The jury's fault: bad input or answer file, or a jury answer that is wrong.
    Fail(String),
}

impl Verdict {
    /// testlib exit codes: 0 ok, 1 wrong answer, 2 presentation error, 3 checker failure.
    pub fn exit_code(&self) -> u8 {
        match self {
            Verdict::Accepted(_) => 0,
            Verdict::WrongAnswer(_) => 1,
            Verdict::PresentationError(_) => 2,
            Verdict::Fail(_) => 3,
        }
    }

    /// The one line the checker prints (testlib wording).
    pub fn line(&self) -> String {
        match self {
            Verdict::Accepted(m) => format!("ok {m}"),
            Verdict::WrongAnswer(m) => format!("wrong answer {m}"),
            Verdict::PresentationError(m) => format!("wrong output format {m}"),
            Verdict::Fail(m) => format!("FAIL {m}"),
        }
    }
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

/// A token for a message: lossy UTF-8, cut short.
fn shown(token: &[u8]) -> String {
    const LIMIT: usize = 24;
    let text = String::from_utf8_lossy(&token[..token.len().min(LIMIT)]).into_owned();
    if token.len() > LIMIT {
        text + "..."
    } else {
        text
    }
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
pub fn jury_case(input: &[u8], answer: &[u8]) -> Result<JuryCase, Verdict> {
    let game = parse_input(input).map_err(|e| Verdict::Fail(format!("input file: {e}")))?;
    let wins = first_player_wins(game.n, &game.knights);
    let jury_says_yes = match tokens(answer).next() {
        Some(b"YES") => true,
        Some(b"NO") => false,
        other => {
            let got = other.map_or("end of file".to_owned(), |t| format!("\"{}\"", shown(t)));
            return Err(Verdict::Fail(format!(
                "answer file: expected YES or NO, got {got}"
            )));
        }
    };
    if jury_says_yes != wins {
        return Err(Verdict::Fail(format!(
            "answer file says {} but the first player {}",
            verdict_word(jury_says_yes),
            if wins { "wins" } else { "loses" }
        )));
    }
    Ok(JuryCase { game, wins })
}

/// Judges contestant `output` for jury `input` with jury `answer`: [`jury_case`], then
/// [`judge_output`].
pub fn judge(input: &[u8], output: &[u8], answer: &[u8]) -> Verdict {
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
pub fn judge_output(case: &JuryCase, output: &[u8]) -> Verdict {
    let (game, wins) = (&case.game, case.wins);
    let n = game.n;
    let mut out = tokens(output);
    let says_yes = match out.next() {
        Some(b"YES") => true,
        Some(b"NO") => false,
        Some(t) => {
            return Verdict::PresentationError(format!("expected YES or NO, got \"{}\"", shown(t)))
        }
        None => return Verdict::PresentationError("empty output".to_owned()),
    };
    if says_yes != wins {
        return Verdict::WrongAnswer(format!(
            "answered {}, expected {}",
            verdict_word(says_yes),
            verdict_word(wins)
        ));
    }
    if !wins {
        return match out.next() {
            Some(t) => Verdict::PresentationError(format!("unexpected \"{}\" after NO", shown(t))),
            None => Verdict::Accepted("NO".to_owned()),
        };
    }

    let mut destinations = Vec::with_capacity(game.knights.len());
    for (i, &(x, y)) in game.knights.iter().enumerate() {
        let knight = i + 1;
        let mut coordinate = |name: &str| match out.next() {
            None => Err(Verdict::PresentationError(format!(
                "knight {knight}: expected {name}, got end of output"
            ))),
            Some(t) => integer(t).ok_or_else(|| {
                Verdict::PresentationError(format!(
                    "knight {knight}: expected integer {name}, got \"{}\"",
                    shown(t)
                ))
            }),
        };
        let (a, b) = match (coordinate("x"), coordinate("y")) {
            (Ok(a), Ok(b)) => (a, b),
            (Err(v), _) | (_, Err(v)) => return v,
        };
        let on_board = |c: i64| c >= 1 && c as u64 <= n;
        if !on_board(a) || !on_board(b) {
            return Verdict::WrongAnswer(format!(
                "knight {knight}: destination ({a}, {b}) is off the {n}x{n} board"
            ));
        }
        let to = (a as u64, b as u64);
        let movable = moves(n, x, y).next().is_some();
        if !movable && to != (x, y) {
            return Verdict::WrongAnswer(format!(
                "knight {knight} on ({x}, {y}) cannot move, but was moved to ({a}, {b})"
            ));
        }
        if movable && to == (x, y) {
            return Verdict::WrongAnswer(format!(
                "knight {knight} on ({x}, {y}) can move, but stayed"
            ));
        }
        if movable && !moves(n, x, y).any(|m| m == to) {
            return Verdict::WrongAnswer(format!(
                "knight {knight}: ({x}, {y}) -> ({a}, {b}) is not a legal move"
            ));
        }
        destinations.push(to);
    }
    if let Some(t) = out.next() {
        return Verdict::PresentationError(format!(
            "unexpected \"{}\" after the {} destinations",
            shown(t),
            game.knights.len()
        ));
    }
    // The opponent now moves; the turn wins iff the position left is lost for them.
    let worst = destinations
        .iter()
        .enumerate()
        .map(|(i, &(a, b))| (suspense(n, a, b), i + 1))
        .max();
    match worst {
        Some((s, knight)) if s % 2 == 1 => Verdict::WrongAnswer(format!(
            "the position left is won for the opponent (knight {knight} stands on suspense {s}, odd and largest)"
        )),
        _ => Verdict::Accepted(format!("YES, {} knights, position left lost for the opponent", game.knights.len())),
    }
}
