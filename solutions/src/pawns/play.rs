// A part of solutions/src/pawns.rs, included there in its place:
// the bundle (tools/bundle.rs) is that file's text with this one put back.

// ---------------------------------------------------------------------------------------
// Play mode: the real board, kept exactly under the chess rules, plus the segment model
// that picks the moves.
//
// The board checks the referee's moves (legality, mandatory capture) and says when a side
// has no move; it never decides what to play. The segment model follows every push (ours or
// the referee's) by cutting the columns the capture chain will clear, so during a chain it
// already describes the board the chain ends on. Our move: a capture if one is due, else
// the winning push of Segments::winning_push.
//
// Cost per round: O(N) to set up the board (N ≤ 10^6). Per move: O(1) for the board (a
// fixed neighbourhood is refreshed), O(log S) for the segment map (S segments), and at
// most 15 buckets plus 2·86 table look-ups to find the winning push; no rescans of the
// board. Measured by games/pawns/bench/pawns.sh.

/// The two sides; src/pawns.rs has its own `Side` on purpose: the referee never judges with a
/// solution's code.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
    fn index(self) -> usize {
        self as usize
    }
    /// Row step of a forward move (rows 0..3 internally, White on row 0).
    fn forward(self) -> isize {
        match self {
            Side::White => 1,
            Side::Black => -1,
        }
    }
    fn home_row(self) -> usize {
        match self {
            Side::White => 0,
            Side::Black => 2,
        }
    }
}

const EMPTY: u8 = 0;
const WHITE: u8 = 1;
const BLACK: u8 = 2;

fn piece_of(side: Side) -> u8 {
    match side {
        Side::White => WHITE,
        Side::Black => BLACK,
    }
}

/// A square as (row 0..3, column 0..n); row 0 is White's home row.
pub type Square = (usize, usize);

/// The 3×n board with, for every pawn, what it may do right now, updated locally.
/// A pawn's moves depend only on the three squares one row ahead of it, so after a move only
/// pawns in the columns next to the two squares it touched can change; refreshing those
/// columns (all three rows) after every move keeps every flag and count exact.
pub struct Board {
    n: usize,
    cells: Vec<u8>,
    /// The piece (WHITE or BLACK) of the pawn here if it may push, else EMPTY.
    pusher: Vec<u8>,
    /// Bit 0: the pawn here may capture towards column-1; bit 1: towards column+1.
    captures: Vec<u8>,
    /// Per side: how many of its pawns may push.
    pushers: [usize; 2],
    /// Per side: the squares (as indices) of its pawns that may capture. In play this holds
    /// two squares at most (only the last capture chain has contact), so a Vec is enough.
    capturers: [Vec<usize>; 2],
}

impl Board {
    pub fn new(n: usize) -> Board {
        Board::with_runs(n, &[(0, n)])
    }

    /// A board of n columns whose full columns are the runs (0-based, half-open), every other
    /// column empty: a position with columns already played (their dead pawns, if any, can
    /// never move, so leaving them out changes nothing).
    pub fn with_runs(n: usize, runs: &[(usize, usize)]) -> Board {
        let mut cells = vec![EMPTY; 3 * n];
        for &(a, b) in runs {
            cells[a..b].fill(WHITE);
            cells[2 * n + a..2 * n + b].fill(BLACK);
        }
        let mut board = Board {
            n,
            cells,
            pusher: vec![EMPTY; 3 * n],
            captures: vec![0; 3 * n],
            pushers: [0, 0],
            capturers: [Vec::new(), Vec::new()],
        };
        for c in 0..n {
            board.refresh((0, c));
            board.refresh((2, c));
        }
        board
    }

    fn index(&self, (r, c): Square) -> usize {
        r * self.n + c
    }

    fn square(&self, i: usize) -> Square {
        (i / self.n, i % self.n)
    }

    fn at(&self, sq: Square) -> u8 {
        self.cells[self.index(sq)]
    }

    /// The square one row ahead of `sq` for `side`, shifted by `dc` columns, if on the board.
    fn ahead(&self, side: Side, (r, c): Square, dc: isize) -> Option<Square> {
        let r2 = r.checked_add_signed(side.forward()).filter(|&r2| r2 < 3)?;
        let c2 = c.checked_add_signed(dc).filter(|&c2| c2 < self.n)?;
        Some((r2, c2))
    }

    pub fn has_move(&self, side: Side) -> bool {
        self.pushers[side.index()] > 0 || !self.capturers[side.index()].is_empty()
    }

    /// Recomputes the flags of the pawn on `sq` (clearing them if the square is empty).
    fn refresh(&mut self, sq: Square) {
        let i = self.index(sq);
        if self.pusher[i] != EMPTY {
            self.pushers[usize::from(self.pusher[i] - 1)] -= 1;
            self.pusher[i] = EMPTY;
        }
        if self.captures[i] != 0 {
            for list in &mut self.capturers {
                list.retain(|&x| x != i);
            }
            self.captures[i] = 0;
        }
        let side = match self.cells[i] {
            WHITE => Side::White,
            BLACK => Side::Black,
            _ => return,
        };
        if self.ahead(side, sq, 0).is_some_and(|t| self.at(t) == EMPTY) {
            self.pusher[i] = piece_of(side);
            self.pushers[side.index()] += 1;
        }
        let enemy = piece_of(side.other());
        let mut mask = 0;
        for (bit, dc) in [(1u8, -1isize), (2, 1)] {
            if self
                .ahead(side, sq, dc)
                .is_some_and(|t| self.at(t) == enemy)
            {
                mask |= bit;
            }
        }
        if mask != 0 {
            self.captures[i] = mask;
            self.capturers[side.index()].push(i);
        }
    }

    /// Why `side` may not move its pawn from `from` to `to`, or None if the move is legal.
    fn illegal(&self, side: Side, from: Square, to: Square) -> Option<String> {
        if self.at(from) != piece_of(side) {
            return Some(format!(
                "no {side:?} pawn on row {} column {}",
                from.0 + 1,
                from.1 + 1
            ));
        }
        if self.ahead(side, from, 0) == Some(to) {
            if self.at(to) != EMPTY {
                return Some("the push is blocked".to_owned());
            }
            if !self.capturers[side.index()].is_empty() {
                return Some("a capture is available, so capturing is mandatory".to_owned());
            }
            return None;
        }
        if self.ahead(side, from, -1) == Some(to) || self.ahead(side, from, 1) == Some(to) {
            if self.at(to) != piece_of(side.other()) {
                return Some("a diagonal step must capture an enemy pawn".to_owned());
            }
            return None;
        }
        Some("a pawn moves one row forward, straight or diagonally".to_owned())
    }

    /// Plays a move already known to be legal.
    fn apply(&mut self, from: Square, to: Square) {
        let piece = self.at(from);
        let (fi, ti) = (self.index(from), self.index(to));
        self.cells[ti] = piece;
        self.cells[fi] = EMPTY;
        let lo = from.1.min(to.1).saturating_sub(1);
        let hi = (from.1.max(to.1) + 1).min(self.n - 1);
        for c in lo..=hi {
            for r in 0..3 {
                self.refresh((r, c));
            }
        }
    }

    /// Some capture for `side`, if it has one.
    fn some_capture(&self, side: Side) -> Option<(Square, Square)> {
        let &i = self.capturers[side.index()].first()?;
        let from = self.square(i);
        let dc = if self.captures[i] & 1 != 0 { -1 } else { 1 };
        Some((from, self.ahead(side, from, dc)?))
    }

    /// Some push for `side` found by a scan; only a fallback, never needed in real play.
    fn some_push_by_scan(&self, side: Side) -> Option<(Square, Square)> {
        let i = self.pusher.iter().position(|&p| p == piece_of(side))?;
        let from = self.square(i);
        Some((from, self.ahead(side, from, 0)?))
    }
}

/// The segments (maximal runs of full columns) as half-open column ranges, grouped by
/// Grundy value so that a winning push is found without scanning the board.
pub struct Segments {
    /// start -> end (exclusive) of every segment.
    ends: BTreeMap<usize, usize>,
    /// Per Grundy value, the starts of the segments with that value.
    buckets: Vec<Vec<usize>>,
    /// By start column: the segment's position in its bucket.
    slot: Vec<usize>,
    /// Xor of the Grundy values of all segments: the value of the whole board.
    xor: u8,
}

impl Segments {
    pub fn new(n: usize) -> Segments {
        Segments::with_runs(n, &[(0, n)])
    }

    /// The segments of a board of n columns whose full columns are the runs (0-based,
    /// half-open, ascending, not touching).
    pub fn with_runs(n: usize, runs: &[(usize, usize)]) -> Segments {
        let mut segments = Segments {
            ends: BTreeMap::new(),
            buckets: vec![Vec::new(); VALUE_LIMIT],
            slot: vec![0; n],
            xor: 0,
        };
        for &(a, b) in runs {
            segments.insert(a, b);
        }
        segments
    }

    fn value(start: usize, end: usize) -> usize {
        usize::from(grundy((end - start) as u64))
    }

    fn insert(&mut self, start: usize, end: usize) {
        if start >= end {
            return;
        }
        let v = Self::value(start, end);
        self.ends.insert(start, end);
        self.slot[start] = self.buckets[v].len();
        self.buckets[v].push(start);
        self.xor ^= v as u8;
    }

    fn remove(&mut self, start: usize, end: usize) {
        let v = Self::value(start, end);
        self.ends.remove(&start);
        let k = self.slot[start];
        self.buckets[v].swap_remove(k);
        if let Some(&moved) = self.buckets[v].get(k) {
            self.slot[moved] = k;
        }
        self.xor ^= v as u8;
    }

    /// The segment holding column `c`.
    fn containing(&self, c: usize) -> Option<(usize, usize)> {
        let (&start, &end) = self.ends.range(..=c).next_back()?;
        (c < end).then_some((start, end))
    }

    /// A push in column `c` (by either side): after its capture chain the columns c-1, c,
    /// c+1 are out of play, so the segment loses them and may split in two.
    fn push_at(&mut self, c: usize) -> Option<()> {
        let (start, end) = self.containing(c)?;
        self.remove(start, end);
        self.insert(start, c.saturating_sub(1).max(start));
        self.insert((c + 2).min(end), end);
        Some(())
    }

    /// A column whose push leaves the opponent a board of value 0, if the value is not 0.
    /// Why this finds one: Sprague–Grundy says some segment of value v has v xor x < v (any
    /// v with the top bit of x), and that segment has a move to value v xor x. Its moves
    /// are the two ends (leaving len-2, or nothing if len = 1) and the middle splits into
    /// l + r = len-3 columns. A split with l, r ≥ 86 can be shifted to l-34, r+34 without
    /// changing g(l) or g(r) (both stay ≥ 52, the period is 34), so some split with the
    /// wanted value has l < 86 or r < 86: at most 2·86 candidates, O(1) per move.
    fn winning_push(&self) -> Option<usize> {
        let x = usize::from(self.xor);
        let v = (1..VALUE_LIMIT).find(|&v| v ^ x < v && !self.buckets[v].is_empty())?;
        let &start = self.buckets[v].last()?;
        let &end = self.ends.get(&start)?;
        let offset = push_reaching(end - start, (v ^ x) as u8)?;
        Some(start + offset)
    }
}

/// The column (0-based within a segment of `len` columns) whose push leaves value `target`.
fn push_reaching(len: usize, target: u8) -> Option<usize> {
    let g = |k: usize| grundy(k as u64);
    if len == 1 {
        return (target == 0).then_some(0);
    }
    if g(len - 2) == target {
        return Some(0);
    }
    let middle = len.checked_sub(3)?;
    let near = middle.min(TABLE_LEN - 1);
    (0..=near)
        .chain((0..=near).map(|r| middle - r))
        .find(|&l| g(l) ^ g(middle - l) == target)
        .map(|l| l + 1)
}

/// The next line, as text; `what` names it for the error message.
fn read_text<R: BufRead>(referee: &mut Referee<R>, what: &str) -> Result<String, Stop> {
    referee.next(what)?;
    String::from_utf8(referee.text().to_vec())
        .map_err(|_| fault(referee.line(), "the line is not UTF-8"))
}

/// A round's position line: `N` (the start) or `N K a1 b1 ... aK bK` (the runs of full
/// columns ai..=bi, 1-based, left to right; every other column played out). Returns N and
/// the runs, 0-based and half-open.
fn read_position<R: BufRead>(
    referee: &mut Referee<R>,
) -> Result<(usize, Vec<(usize, usize)>), Stop> {
    let text = read_text(referee, "a position")?;
    let line = referee.line();
    let tokens: Vec<&str> = text.split_ascii_whitespace().collect();
    let number = |k: usize, name: &str, max: u64| {
        let token = tokens.get(k).map_or(&b""[..], |t| t.as_bytes());
        // K may be 0 (no full column left); parse_count wants 1 or more.
        if name == "K" && token == b"0" {
            return Ok(0);
        }
        parse_count(token, line as usize, name, max)
            .map(|v| v as usize)
            .map_err(|e| fault(e.line as u64, e.what))
    };
    let n = number(0, "N", MAX_PLAY_N)?;
    if tokens.len() == 1 {
        return Ok((n, vec![(0, n)]));
    }
    let k = number(1, "K", n as u64)?;
    if tokens.len() != 2 + 2 * k {
        return Err(fault(
            line,
            format!(
                "expected `N K` and K runs `a b`, got `{}`",
                shown(text.as_bytes())
            ),
        ));
    }
    let mut runs = Vec::with_capacity(k);
    for i in 0..k {
        let a = number(2 + 2 * i, "a run's first column", n as u64)?;
        let b = number(3 + 2 * i, "a run's last column", n as u64)?;
        if a > b || runs.last().is_some_and(|&(_, end)| a <= end + 1) {
            return Err(fault(
                line,
                format!(
                    "run {} ({a} {b}) is empty or overlaps the run before it",
                    i + 1
                ),
            ));
        }
        runs.push((a - 1, b));
    }
    Ok((n, runs))
}

/// A move line `r c r' c'` on a board of n columns (legality is checked by the caller),
/// or None for `end`: the referee cut the round at its move cap.
fn read_move<R: BufRead>(
    referee: &mut Referee<R>,
    n: usize,
) -> Result<Option<(Square, Square)>, Stop> {
    let text = read_text(referee, "a move")?;
    if text == "end" {
        return Ok(None);
    }
    let line = referee.line();
    let tokens: Vec<&str> = text.split_ascii_whitespace().collect();
    if tokens.len() != 4 {
        return Err(fault(
            line,
            format!(
                "expected a move `r c r' c'`, got `{}`",
                shown(text.as_bytes())
            ),
        ));
    }
    let mut numbers = [0usize; 4];
    for (k, token) in tokens.iter().enumerate() {
        let (name, max) = if k % 2 == 0 {
            ("row", 3)
        } else {
            ("column", n as u64)
        };
        numbers[k] = parse_count(token.as_bytes(), line as usize, name, max).map_err(|e| {
            fault(
                e.line as u64,
                format!("in move `{}`: {}", shown(text.as_bytes()), e.what),
            )
        })? as usize;
    }
    Ok(Some((
        (numbers[0] - 1, numbers[1] - 1),
        (numbers[2] - 1, numbers[3] - 1),
    )))
}

fn move_text((from, to): (Square, Square)) -> String {
    format!("{} {} {} {}", from.0 + 1, from.1 + 1, to.0 + 1, to.1 + 1)
}

/// The solution's move: a capture when one is due (every capture choice in a chain ends on
/// the same board, see the top of the file, so the first one is as good as any), otherwise
/// a push that leaves the opponent a board of Grundy value 0.
pub fn choose_move(board: &Board, segments: &Segments, us: Side) -> Option<(Square, Square)> {
    if let Some(capture) = board.some_capture(us) {
        return Some(capture);
    }
    // A lost or inconsistent position never occurs when we took the winning side; still
    // move legally rather than stall.
    let column = segments
        .winning_push()
        .or_else(|| segments.ends.keys().next().copied());
    match column {
        Some(c) => {
            let from = (us.home_row(), c);
            Some((from, board.ahead(us, from, 0)?))
        }
        None => board.some_push_by_scan(us),
    }
}

/// Plays a move on the board and on the segment model.
pub fn play_move(
    board: &mut Board,
    segments: &mut Segments,
    side: Side,
    mv: (Square, Square),
    line: u64,
) -> Result<(), Stop> {
    let (from, to) = mv;
    if from.1 == to.1 && from.0 == side.home_row() && segments.push_at(from.1).is_none() {
        return Err(fault(
            line,
            format!(
                "internal: push in column {} outside every segment",
                from.1 + 1
            ),
        ));
    }
    board.apply(from, to);
    Ok(())
}

/// Plays one round, from its position to its `end`.
fn play_round<R: BufRead>(referee: &mut Referee<R>, out: &mut impl Write) -> Result<(), Stop> {
    let (n, runs) = read_position(referee)?;
    let mut board = Board::with_runs(n, &runs);
    let mut segments = Segments::with_runs(n, &runs);
    // White, the first player, wins iff the segments' Grundy values XOR to non-zero.
    let us = if segments.xor != 0 {
        Side::White
    } else {
        Side::Black
    };
    say(out, side(us == Side::White))?;
    let mut to_move = Side::White;
    while board.has_move(to_move) {
        let mv = if to_move == us {
            let mv = choose_move(&board, &segments, us)
                .ok_or_else(|| fault(referee.line(), "internal: no move found"))?;
            say(out, move_text(mv).as_bytes())?;
            mv
        } else {
            let Some(mv) = read_move(referee, n)? else {
                return Ok(());
            };
            if let Some(why) = board.illegal(to_move, mv.0, mv.1) {
                return Err(fault(
                    referee.line(),
                    format!("illegal move `{}`: {why}", move_text(mv)),
                ));
            }
            mv
        };
        play_move(&mut board, &mut segments, to_move, mv, referee.line())?;
        to_move = to_move.other();
    }
    let text = read_text(referee, "`end`")?;
    if text != "end" {
        return Err(fault(
            referee.line(),
            format!(
                "expected `end` (the game is over), got `{}`",
                shown(text.as_bytes())
            ),
        ));
    }
    Ok(())
}
