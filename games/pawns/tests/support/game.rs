//! Test-side pawn game for judge_mode.rs, play_mode.rs, the mutation suite and the example
//! `pawns_play_bench` (games/pawns/bench/pawns.sh), sharing no code with solutions/pawns.rs:
//! - the chess rules on the real 3×N board and a plain exhaustive game search (no theory);
//! - the octal game 0.137 by its mex recurrence, written out again here;
//! - a driver that plays the solution's `--play` mode over pipes with random legal moves.
//!
//! Each of its users takes part of it (the benchmark neither the search nor the board's checks).
#![allow(dead_code)]

use std::collections::{BTreeSet, HashMap};
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

// ---------------------------------------------------------------------------------------
// The rules, as the statement gives them. Rows are numbered 1..=3 from White's side and
// columns 1..=n, as in docs/protocol.md; index 0 of both is unused padding.

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    pub fn opponent(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
    /// +1 for White (towards row 3), -1 for Black.
    fn step(self) -> i64 {
        match self {
            Colour::White => 1,
            Colour::Black => -1,
        }
    }
}

/// A half-move: the pawn on (row, column) goes to (row', column').
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: (i64, i64),
    pub to: (i64, i64),
}

impl Move {
    pub fn text(&self) -> String {
        format!(
            "{} {} {} {}",
            self.from.0, self.from.1, self.to.0, self.to.1
        )
    }
    pub fn is_capture(&self) -> bool {
        self.from.1 != self.to.1
    }
}

/// The board: `cells[row][column]`, None for an empty square.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    pub n: i64,
    cells: Vec<[Option<Colour>; 4]>,
}

impl Board {
    /// The start position: White on row 1, Black on row 3.
    pub fn start(n: i64) -> Board {
        let mut cells = vec![[None; 4]; n as usize + 1];
        for column in cells.iter_mut().skip(1) {
            column[1] = Some(Colour::White);
            column[3] = Some(Colour::Black);
        }
        Board { n, cells }
    }

    pub fn get(&self, (r, c): (i64, i64)) -> Option<Colour> {
        if (1..=3).contains(&r) && (1..=self.n).contains(&c) {
            self.cells[c as usize][r as usize]
        } else {
            None
        }
    }

    fn on_board(&self, (r, c): (i64, i64)) -> bool {
        (1..=3).contains(&r) && (1..=self.n).contains(&c)
    }

    /// Every move of the pawn on `from` (which must be `who`'s): (captures, pushes).
    fn pawn_moves(
        &self,
        who: Colour,
        from: (i64, i64),
        captures: &mut Vec<Move>,
        pushes: &mut Vec<Move>,
    ) {
        let row = from.0 + who.step();
        for dc in [-1, 1] {
            let to = (row, from.1 + dc);
            if self.on_board(to) && self.get(to) == Some(who.opponent()) {
                captures.push(Move { from, to });
            }
        }
        let to = (row, from.1);
        if self.on_board(to) && self.get(to).is_none() {
            pushes.push(Move { from, to });
        }
    }

    /// All legal moves of `who` in the columns `columns`: its captures if it has any there,
    /// else its pushes. Over all columns this is the rule "capturing is mandatory".
    fn moves_in(&self, who: Colour, columns: impl Iterator<Item = i64>) -> (Vec<Move>, Vec<Move>) {
        let (mut captures, mut pushes) = (Vec::new(), Vec::new());
        for c in columns {
            for r in 1..=3 {
                if self.get((r, c)) == Some(who) {
                    self.pawn_moves(who, (r, c), &mut captures, &mut pushes);
                }
            }
        }
        (captures, pushes)
    }

    /// The legal moves of `who`, found by scanning the whole board.
    pub fn legal_moves(&self, who: Colour) -> Vec<Move> {
        let (captures, pushes) = self.moves_in(who, 1..=self.n);
        if captures.is_empty() {
            pushes
        } else {
            captures
        }
    }

    pub fn apply(&mut self, m: Move) {
        let pawn = self.cells[m.from.1 as usize][m.from.0 as usize].take();
        self.cells[m.to.1 as usize][m.to.0 as usize] = pawn;
    }

    /// The board packed into 2 bits per square (fits for n ≤ 21).
    fn key(&self) -> u128 {
        let mut key = 0u128;
        for column in self.cells.iter().skip(1) {
            for cell in &column[1..] {
                key = key << 2
                    | match cell {
                        None => 0,
                        Some(Colour::White) => 1,
                        Some(Colour::Black) => 2,
                    };
            }
        }
        key
    }
}

/// Exhaustive game search: does the player to move (`who`) win? Memoised on the board.
pub struct BruteForce {
    memo: HashMap<(i64, u128, Colour), bool>,
}

impl BruteForce {
    pub fn new() -> BruteForce {
        BruteForce {
            memo: HashMap::new(),
        }
    }

    pub fn wins(&mut self, board: &Board, who: Colour) -> bool {
        assert!(board.n <= 21, "the memo key holds 21 columns");
        let key = (board.n, board.key(), who);
        if let Some(&known) = self.memo.get(&key) {
            return known;
        }
        // No legal move: the loop finds no winning move, so the player loses.
        let mut result = false;
        for m in board.legal_moves(who) {
            let mut next = board.clone();
            next.apply(m);
            if !self.wins(&next, who.opponent()) {
                result = true;
                break;
            }
        }
        self.memo.insert(key, result);
        result
    }

    /// Whether White wins the 3×n start position.
    pub fn white_wins_start(&mut self, n: i64) -> bool {
        self.wins(&Board::start(n), Colour::White)
    }
}

// ---------------------------------------------------------------------------------------
// The octal game 0.137, written out from its definition (problems.md, section 1):
// from a heap of n take 1 if n = 1, 2 from an end of the heap, or 3 from anywhere.

/// g(0..=limit) by the mex recurrence.
pub fn octal_0137(limit: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(limit + 1);
    for n in 0..=limit {
        let mut options = BTreeSet::new();
        if n == 1 {
            options.insert(0);
        }
        if n >= 2 {
            options.insert(g[n - 2]);
        }
        if n >= 3 {
            for left in 0..=n - 3 {
                options.insert(g[left] ^ g[n - 3 - left]);
            }
        }
        g.push((0..).find(|v| !options.contains(v)).unwrap());
    }
    g
}

/// g(n) for huge n from the recurrence's values, through the period: g(52 + (n-52) mod 34).
pub fn octal_0137_at(table: &[u32], n: u64) -> u32 {
    if n < 52 {
        table[n as usize]
    } else {
        table[(52 + (n - 52) % 34) as usize]
    }
}

// ---------------------------------------------------------------------------------------
// The crate's seeded generator, so failures replay.

pub use combgames_core::rng::Rng;

// ---------------------------------------------------------------------------------------
// Legal moves kept per column, so that random play on N = 10^5 costs O(1) per move. Each
// pawn's moves depend on the squares one row ahead in its own and the adjacent columns, so
// a move changes the move lists of the columns next to the squares it touched, only.

pub struct Game {
    pub board: Board,
    /// Per colour and column: that column's pawns' captures and pushes.
    captures: [Vec<Vec<Move>>; 2],
    pushes: [Vec<Vec<Move>>; 2],
    /// Per colour: the columns holding a capture.
    capture_columns: [BTreeSet<i64>; 2],
    /// Per colour: the columns holding a push, as a vector with positions for O(1) removal.
    push_columns: [Vec<i64>; 2],
    push_slot: [Vec<Option<usize>>; 2],
}

fn slot(who: Colour) -> usize {
    match who {
        Colour::White => 0,
        Colour::Black => 1,
    }
}

impl Game {
    pub fn new(n: i64) -> Game {
        let width = n as usize + 1;
        let mut game = Game {
            board: Board::start(n),
            captures: [vec![Vec::new(); width], vec![Vec::new(); width]],
            pushes: [vec![Vec::new(); width], vec![Vec::new(); width]],
            capture_columns: [BTreeSet::new(), BTreeSet::new()],
            push_columns: [Vec::new(), Vec::new()],
            push_slot: [vec![None; width], vec![None; width]],
        };
        for c in 1..=n {
            game.recompute(c);
        }
        game
    }

    fn recompute(&mut self, c: i64) {
        if !(1..=self.board.n).contains(&c) {
            return;
        }
        for who in [Colour::White, Colour::Black] {
            let s = slot(who);
            let (captures, pushes) = self.board.moves_in(who, std::iter::once(c));
            if captures.is_empty() {
                self.capture_columns[s].remove(&c);
            } else {
                self.capture_columns[s].insert(c);
            }
            let had = self.push_slot[s][c as usize];
            match (had, pushes.is_empty()) {
                (None, false) => {
                    self.push_slot[s][c as usize] = Some(self.push_columns[s].len());
                    self.push_columns[s].push(c);
                }
                (Some(k), true) => {
                    self.push_columns[s].swap_remove(k);
                    if let Some(&moved) = self.push_columns[s].get(k) {
                        self.push_slot[s][moved as usize] = Some(k);
                    }
                    self.push_slot[s][c as usize] = None;
                }
                _ => {}
            }
            self.captures[s][c as usize] = captures;
            self.pushes[s][c as usize] = pushes;
        }
    }

    /// All captures of `who` (the board's few points of contact).
    pub fn all_captures(&self, who: Colour) -> Vec<Move> {
        let s = slot(who);
        self.capture_columns[s]
            .iter()
            .flat_map(|&c| self.captures[s][c as usize].iter().copied())
            .collect()
    }

    pub fn has_move(&self, who: Colour) -> bool {
        let s = slot(who);
        !self.capture_columns[s].is_empty() || !self.push_columns[s].is_empty()
    }

    /// Whether `m` is legal for `who` (captures are mandatory).
    pub fn is_legal(&self, who: Colour, m: Move) -> bool {
        let s = slot(who);
        let c = m.from.1;
        if !(1..=self.board.n).contains(&c) {
            return false;
        }
        if self.capture_columns[s].is_empty() {
            self.pushes[s][c as usize].contains(&m)
        } else {
            self.captures[s][c as usize].contains(&m)
        }
    }

    /// A random legal move: uniform among the captures if there are any, else a push in a
    /// uniformly chosen column.
    pub fn random_move(&self, who: Colour, rng: &mut Rng) -> Option<Move> {
        let captures = self.all_captures(who);
        if !captures.is_empty() {
            return Some(captures[rng.index(captures.len())]);
        }
        let s = slot(who);
        if self.push_columns[s].is_empty() {
            return None;
        }
        let c = self.push_columns[s][rng.index(self.push_columns[s].len())];
        let pushes = &self.pushes[s][c as usize];
        Some(pushes[rng.index(pushes.len())])
    }

    /// Every legal move, from the per-column lists (to compare with Board::legal_moves).
    pub fn legal_moves(&self, who: Colour) -> Vec<Move> {
        let captures = self.all_captures(who);
        if !captures.is_empty() {
            return captures;
        }
        let s = slot(who);
        self.push_columns[s]
            .iter()
            .flat_map(|&c| self.pushes[s][c as usize].iter().copied())
            .collect()
    }

    pub fn apply(&mut self, m: Move) {
        self.board.apply(m);
        let lo = m.from.1.min(m.to.1) - 1;
        let hi = m.from.1.max(m.to.1) + 1;
        for c in lo..=hi {
            self.recompute(c);
        }
    }
}

// ---------------------------------------------------------------------------------------
// The driver: plays the solution's `--play` mode as the referee would, without judging
// anything but legality and the result (the caller's `after_solution_move` adds checks).

pub struct Driver {
    child: Arc<Mutex<Child>>,
    /// Dropped with the driver; until then a watchdog thread kills the solution when the
    /// time limit runs out, so a hung solution fails the test instead of hanging it.
    _watchdog: Sender<()>,
    to_child: BufWriter<ChildStdin>,
    from_child: BufReader<ChildStdout>,
    /// When the driver started writing its last line.
    last_sent: Instant,
    /// For each solution move: from the write of the driver's previous line to the reply.
    pub reply_times: Vec<Duration>,
    pub solution_moves: u64,
    pub driver_moves: u64,
}

impl Driver {
    /// Starts `program --play`, to be killed if it still runs after `limit`.
    pub fn spawn(program: &str, limit: Duration) -> Driver {
        let mut child = Command::new(program)
            .arg("--play")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot run {program}: {e}"));
        let to_child = BufWriter::new(child.stdin.take().unwrap());
        let from_child = BufReader::new(child.stdout.take().unwrap());
        let child = Arc::new(Mutex::new(child));
        let (watchdog, stop) = mpsc::channel::<()>();
        let watched = Arc::clone(&child);
        std::thread::spawn(move || {
            if let Err(RecvTimeoutError::Timeout) = stop.recv_timeout(limit) {
                eprintln!("driver: the solution ran over {limit:?}, killing it");
                let _ = watched.lock().unwrap().kill();
            }
        });
        Driver {
            child,
            _watchdog: watchdog,
            to_child,
            from_child,
            last_sent: Instant::now(),
            reply_times: Vec::new(),
            solution_moves: 0,
            driver_moves: 0,
        }
    }

    pub fn send(&mut self, line: &str) {
        self.last_sent = Instant::now();
        writeln!(self.to_child, "{line}")
            .and_then(|_| self.to_child.flush())
            .expect("the solution closed its stdin");
    }

    pub fn receive(&mut self) -> String {
        let mut line = String::new();
        self.from_child
            .read_line(&mut line)
            .expect("reading the solution");
        assert!(
            line.ends_with('\n'),
            "the solution's stdout ended: {line:?}"
        );
        line.trim_end().to_owned()
    }

    /// Plays one round on the 3×n board; `solution_first` is the side the caller expects
    /// the solution to take. Calls `after_solution_move(game, driver_colour)` after each of
    /// the solution's moves. Panics on anything wrong; returns the number of half-moves.
    pub fn play_round(
        &mut self,
        n: i64,
        solution_first: bool,
        rng: &mut Rng,
        mut after_solution_move: impl FnMut(&Game, Colour),
    ) -> u64 {
        self.send(&n.to_string());
        let side = self.receive();
        let expected = if solution_first { "first" } else { "second" };
        assert_eq!(side, expected, "N = {n}: the solution took the wrong side");
        let solution = if solution_first {
            Colour::White
        } else {
            Colour::Black
        };
        let mut game = Game::new(n);
        let mut to_move = Colour::White;
        let mut half_moves = 0;
        while game.has_move(to_move) {
            if to_move == solution {
                let line = self.receive();
                self.reply_times.push(self.last_sent.elapsed());
                let m = parse_move(&line)
                    .unwrap_or_else(|| panic!("N = {n}: unparsable move {line:?}"));
                assert!(
                    game.is_legal(solution, m),
                    "N = {n}: illegal move {line:?} by the solution"
                );
                game.apply(m);
                self.solution_moves += 1;
                after_solution_move(&game, solution.opponent());
            } else {
                let m = game
                    .random_move(to_move, rng)
                    .expect("has_move promised a move");
                self.send(&m.text());
                game.apply(m);
                self.driver_moves += 1;
            }
            half_moves += 1;
            to_move = to_move.opponent();
        }
        assert_eq!(
            to_move,
            solution.opponent(),
            "N = {n}: the solution ran out of moves and lost"
        );
        self.send("end");
        half_moves
    }

    /// Closes the solution's stdin and returns its exit code; anything it still prints is
    /// an error.
    pub fn finish(mut self) -> Option<i32> {
        drop(self.to_child);
        let mut rest = String::new();
        std::io::Read::read_to_string(&mut self.from_child, &mut rest).unwrap();
        assert!(
            rest.is_empty(),
            "the solution printed {rest:?} after the last round"
        );
        loop {
            if let Some(status) = self.child.lock().unwrap().try_wait().unwrap() {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

pub fn parse_move(line: &str) -> Option<Move> {
    let numbers: Vec<i64> = line
        .split(' ')
        .map(|t| t.parse().ok())
        .collect::<Option<_>>()?;
    match numbers.as_slice() {
        &[r, c, r2, c2] => Some(Move {
            from: (r, c),
            to: (r2, c2),
        }),
        _ => None,
    }
}
