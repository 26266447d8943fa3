//! coloring — SGU 328 "A Coloring Game", streamed.
//!
//! Game: a path of N vertices, some coloured 1 or 2 (a proper colouring); the players
//! alternately colour an uncoloured vertex 1 or 2 keeping the colouring proper; whoever cannot
//! move loses. Print `FIRST` if the player to move wins, else `SECOND`.
//!
//! Theory (project problems.md §2–3, checked in tests/strip.rs against exhaustive search): the
//! coloured vertices cut the path into runs of uncoloured ones; a run of L ≥ 1 is worth L mod 2
//! between the two path ends, L between an end and a colour, 1 between equal colours and 0
//! between different colours; the position's Grundy value is the xor over the runs.
//!
//! Streaming corollary used here. Between consecutive colours c_j, c_{j+1} the run is worth 1
//! exactly when c_j = c_{j+1} (equal colours are never adjacent, so that run is not empty). With
//! two colours the number of changes c_j ≠ c_{j+1} has the parity of [c_1 ≠ c_k], so the inner
//! runs xor to (k - 1 + [c_1 ≠ c_k]) mod 2 for k ≥ 1 coloured vertices. Hence
//!   g = (digits before c_1) xor (digits after c_k) xor ((k - 1 + [c_1 ≠ c_k]) mod 2),
//! or N mod 2 with nothing coloured. The digit string needs only: the parity of k, the first
//! colour and its offset, the last colour and the zeros after it — data-parallel reductions
//! over the bytes, done block by block in constant memory.
//!
//! Input: N ≥ 1 alone on its line (blank lines before it are skipped), then the next line holds
//! exactly N digits over 0/1/2 as one unbroken string. Spaces, tabs and CR around the digits
//! (CRLF line ends, trailing blanks) and whitespace after that line are ignored; a blank or a
//! line break inside the digits, another digit count, other characters, two equal adjacent
//! colours, and anything after the digit line are errors. N is not capped: memory stays at one
//! input block.

use std::io::{self, Read, Write};
use std::process::ExitCode;

const USAGE: &str = "\
usage: coloring < input
SGU 328: reads N, then a line of N digits (0 uncoloured, 1 and 2 the colours, properly
coloured); prints FIRST if the player to move wins, else SECOND. Streams the input in
constant memory; any N.";

/// Bytes read from stdin at a time; the buffer is always filled completely (or to the end of
/// input) so block boundaries sit at fixed offsets.
const BLOCK: usize = 1 << 16;

/// The uncoloured vertex.
const EMPTY: u8 = b'0';

fn is_cell(b: u8) -> bool {
    b.wrapping_sub(b'0') < 3
}

/// Spaces, tabs and CR: tolerated around a line's content (CR ends CRLF lines).
fn is_blank(b: u8) -> bool {
    (b == b' ') | (b == b'\t') | (b == b'\r')
}

/// A malformed input: the line where it shows and what is wrong.
struct Malformed {
    line: u64,
    what: String,
}

fn malformed(line: u64, what: impl Into<String>) -> Malformed {
    Malformed { line, what: what.into() }
}

/// How a byte reads in a message.
fn describe(b: u8) -> String {
    if b.is_ascii_graphic() {
        format!("'{}'", b as char)
    } else {
        format!("byte 0x{b:02x}")
    }
}

/// stdin read in whole blocks, with the current line number.
struct Input<R: Read> {
    src: R,
    buf: Vec<u8>,
    pos: usize,
    end: usize,
    line: u64,
}

impl<R: Read> Input<R> {
    fn new(src: R) -> Self {
        Input { src, buf: vec![0; BLOCK], pos: 0, end: 0, line: 1 }
    }

    /// Makes sure unread bytes are buffered; `false` at the end of input.
    fn fill(&mut self) -> Result<bool, Malformed> {
        if self.pos < self.end {
            return Ok(true);
        }
        self.pos = 0;
        self.end = 0;
        while self.end < self.buf.len() {
            match self.src.read(&mut self.buf[self.end..]) {
                Ok(0) => break,
                Ok(n) => self.end += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(malformed(self.line, format!("cannot read input: {e}"))),
            }
        }
        Ok(self.end > 0)
    }

    fn peek(&mut self) -> Result<Option<u8>, Malformed> {
        Ok(if self.fill()? { Some(self.buf[self.pos]) } else { None })
    }

    /// Skips whitespace, newlines included; returns the first other byte (not consumed).
    fn skip_whitespace(&mut self) -> Result<Option<u8>, Malformed> {
        while let Some(b) = self.peek()? {
            if b == b'\n' {
                self.line += 1;
            } else if !is_blank(b) {
                return Ok(Some(b));
            }
            self.pos += 1;
        }
        Ok(None)
    }

    /// Reads a count alone on its line (after any blank lines) and the end of that line.
    /// `name` is the count's letter, `meaning` what it counts (for messages). Returns the
    /// count and its line.
    fn read_count(&mut self, name: &str, meaning: &str) -> Result<(u64, u64), Malformed> {
        let first = self.skip_whitespace()?;
        let line = self.line;
        if !first.is_some_and(|b| b.is_ascii_digit()) {
            let got = first.map_or("the end of input".to_owned(), describe);
            return Err(malformed(self.line, format!("expected {meaning} {name}, got {got}")));
        }
        let mut value: u64 = 0;
        while let Some(b) = self.peek()? {
            if !b.is_ascii_digit() {
                break;
            }
            value = value
                .checked_mul(10)
                .and_then(|v| v.checked_add(u64::from(b - b'0')))
                .ok_or_else(|| malformed(self.line, format!("{name} is too large (over 64 bits)")))?;
            self.pos += 1;
        }
        while let Some(b) = self.peek()? {
            self.pos += 1;
            if b == b'\n' {
                self.line += 1;
                break;
            }
            if !is_blank(b) {
                return Err(malformed(
                    self.line,
                    format!("unexpected {} after {name} ({name} stands alone on its line)", describe(b)),
                ));
            }
        }
        Ok((value, line))
    }
}

/// Position of the first newline in `s`; checks 32 bytes at a time without early exit inside
/// a chunk so the compiler can vectorise the test.
fn find_newline(s: &[u8]) -> Option<usize> {
    let mut chunks = s.chunks_exact(32);
    let mut base = 0;
    for chunk in &mut chunks {
        if chunk.iter().fold(false, |found, &b| found | (b == b'\n')) {
            return chunk.iter().position(|&b| b == b'\n').map(|i| base + i);
        }
        base += 32;
    }
    chunks.remainder().iter().position(|&b| b == b'\n').map(|i| base + i)
}

/// Reductions over a stretch of cells, `prev` being the cell before it (EMPTY at the start of
/// a strip): whether a byte is no cell, the parity of the number of marks, and whether some
/// mark equals the cell before it. No early exit, so it vectorises.
fn scan_cells(cells: &[u8], prev: u8) -> (bool, bool, bool) {
    let Some(&first) = cells.first() else { return (false, false, false) };
    let mut bad = !is_cell(first);
    let mut odd = first != EMPTY;
    let mut twin = (first != EMPTY) & (first == prev);
    // The pairs (cells[i-1], cells[i]) as two zipped slices.
    for (&a, &b) in cells.iter().zip(&cells[1..]) {
        bad |= !is_cell(b);
        odd ^= b != EMPTY;
        twin |= (b != EMPTY) & (a == b);
    }
    (bad, odd, twin)
}

/// Bytes tested at once when looking for a mark.
const STEP: usize = 32;

/// Index of the first mark: STEP bytes tested at a time without early exit (so the test
/// vectorises), then the byte within the step. Long empty stretches cost a fraction of a
/// cycle per byte instead of a scalar scan.
fn first_mark(cells: &[u8]) -> Option<usize> {
    let mut start = 0;
    for step in cells.chunks(STEP) {
        if step.iter().fold(false, |any, &b| any | (b != EMPTY)) {
            return step.iter().position(|&b| b != EMPTY).map(|i| start + i);
        }
        start += step.len();
    }
    None
}

/// Index of the last mark, found like `first_mark` from the end.
fn last_mark(cells: &[u8]) -> Option<usize> {
    let mut start = cells.len();
    for step in cells.rchunks(STEP) {
        start -= step.len();
        if step.iter().fold(false, |any, &b| any | (b != EMPTY)) {
            return step.iter().rposition(|&b| b != EMPTY).map(|i| start + i);
        }
    }
    None
}

/// What is known about the digit string on the current line, fed piece by piece.
struct Strip {
    /// Bytes of this line seen so far (for column numbers).
    seen: u64,
    /// Whether the strip's first cell has been seen.
    started: bool,
    /// Column of the first blank after the cells, once the cells have ended (0: not yet).
    blank_after: u64,
    cells: u64,
    odd_marks: bool,
    /// Offset and letter of the first mark.
    first_mark: Option<(u64, u8)>,
    last_mark: u8,
    /// Empty cells after the last mark (all cells while there is no mark).
    empty_after_last: u64,
    /// The last cell seen.
    prev: u8,
}

impl Strip {
    fn new() -> Self {
        Strip {
            seen: 0,
            started: false,
            blank_after: 0,
            cells: 0,
            odd_marks: false,
            first_mark: None,
            last_mark: EMPTY,
            empty_after_last: 0,
            prev: EMPTY,
        }
    }

    /// Takes the next piece of the line (no newline in it).
    fn feed(&mut self, piece: &[u8], line: u64) -> Result<(), Malformed> {
        let base = self.seen;
        self.seen += piece.len() as u64;
        let mut start = 0;
        if !self.started {
            start = piece.iter().position(|&b| !is_blank(b)).unwrap_or(piece.len());
            if start == piece.len() {
                return Ok(());
            }
            self.started = true;
        }
        let rest = &piece[start..];
        if self.blank_after != 0 {
            // The cells have ended: only blanks may follow.
            return match rest.iter().position(|&b| !is_blank(b)) {
                None => Ok(()),
                Some(i) => Err(self.stray(rest[i], base + (start + i) as u64 + 1, line)),
            };
        }
        let blanks = rest.iter().rev().take_while(|&&b| is_blank(b)).count();
        let cells = &rest[..rest.len() - blanks];
        self.absorb(cells, base + start as u64, line)?;
        if blanks > 0 {
            self.blank_after = base + (start + cells.len()) as u64 + 1;
        }
        Ok(())
    }

    /// The error for byte `b` at `column` after the cells ended at a blank.
    fn stray(&self, b: u8, column: u64, line: u64) -> Malformed {
        if is_cell(b) {
            malformed(line, format!("blank inside the digit string at column {}", self.blank_after))
        } else {
            malformed(line, format!("{} at column {column} is not a digit 0, 1 or 2", describe(b)))
        }
    }

    /// Takes cells that start at 0-based column `at` and continue the strip without a gap.
    fn absorb(&mut self, cells: &[u8], at: u64, line: u64) -> Result<(), Malformed> {
        let Some(&last) = cells.last() else { return Ok(()) };
        let (bad, odd, twin) = scan_cells(cells, self.prev);
        if bad || twin {
            return Err(self.locate(cells, at, line));
        }
        // The last mark first: when there is none, the first need not be searched (an empty
        // stretch costs two passes, not three).
        match last_mark(cells) {
            Some(last) => {
                if self.first_mark.is_none() {
                    let first = first_mark(cells).unwrap_or(last);
                    self.first_mark = Some((self.cells + first as u64, cells[first]));
                }
                self.last_mark = cells[last];
                self.empty_after_last = (cells.len() - 1 - last) as u64;
            }
            None => self.empty_after_last += cells.len() as u64,
        }
        self.cells += cells.len() as u64;
        self.odd_marks ^= odd;
        self.prev = last;
        Ok(())
    }

    /// The first fault in `cells` (known to hold one), as an error.
    fn locate(&self, cells: &[u8], at: u64, line: u64) -> Malformed {
        let mut before = self.prev;
        for (i, &b) in cells.iter().enumerate() {
            let column = at + i as u64 + 1;
            if is_blank(b) {
                return malformed(line, format!("blank inside the digit string at column {column}"));
            }
            if !is_cell(b) {
                return malformed(line, format!("{} at column {column} is not a digit 0, 1 or 2", describe(b)));
            }
            if b != EMPTY && b == before {
                let vertex = self.cells + i as u64 + 1;
                let (earlier, colour) = (vertex - 1, b as char);
                return malformed(
                    line,
                    format!("vertices {earlier} and {vertex} are both coloured {colour}: the colouring must be proper"),
                );
            }
            before = b;
        }
        malformed(line, "internal error: fault not found")
    }

    /// Grundy value of the strip (see the module docs).
    fn grundy(&self) -> u64 {
        match self.first_mark {
            None => self.cells % 2,
            Some((before_first, first)) => {
                let inner = u64::from(!self.odd_marks ^ (first != self.last_mark));
                before_first ^ self.empty_after_last ^ inner
            }
        }
    }

    /// Whether the player to move wins.
    fn first_wins(&self) -> bool {
        self.grundy() != 0
    }
}

/// Reads one line into a `Strip`, consuming its newline.
fn read_strip<R: Read>(input: &mut Input<R>) -> Result<Strip, Malformed> {
    let mut strip = Strip::new();
    loop {
        if !input.fill()? {
            return Ok(strip);
        }
        let avail = &input.buf[input.pos..input.end];
        match find_newline(avail) {
            Some(i) => {
                strip.feed(&avail[..i], input.line)?;
                input.pos += i + 1;
                input.line += 1;
                return Ok(strip);
            }
            None => {
                strip.feed(avail, input.line)?;
                input.pos = input.end;
            }
        }
    }
}

/// Reads the whole input and returns the answer line.
fn solve<R: Read>(src: R) -> Result<Vec<u8>, Malformed> {
    let mut input = Input::new(src);
    let (n, n_line) = input.read_count("N", "the number of vertices")?;
    if n == 0 {
        return Err(malformed(n_line, "N must be at least 1"));
    }
    let line = input.line;
    let strip = read_strip(&mut input)?;
    if !strip.started {
        return Err(malformed(line, format!("expected {n} digits on the line after N, got an empty line")));
    }
    if strip.cells != n {
        return Err(malformed(line, format!("expected {n} digits, got {}", strip.cells)));
    }
    if let Some(b) = input.skip_whitespace()? {
        return Err(malformed(input.line, format!("unexpected {} after the digit string", describe(b))));
    }
    Ok(if strip.first_wins() { b"FIRST\n".to_vec() } else { b"SECOND\n".to_vec() })
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    if let Some(arg) = args.next() {
        if arg == "--help" || arg == "-h" {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        eprintln!("coloring: unexpected argument {arg:?} (try --help)");
        return ExitCode::FAILURE;
    }
    match solve(io::stdin().lock()) {
        Ok(out) => {
            let mut stdout = io::stdout().lock();
            if let Err(e) = stdout.write_all(&out).and_then(|()| stdout.flush()) {
                eprintln!("coloring: cannot write output: {e}");
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        Err(Malformed { line, what }) => {
            eprintln!("coloring: line {line}: {what}");
            ExitCode::FAILURE
        }
    }
}
