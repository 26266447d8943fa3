//! tictactoe — UVa 11534 "Say Goodbye to Tic-Tac-Toe", streamed.
//!
//! Game: a 1×N strip; Alice and Bob alternately put `X` or `O` in an empty cell, never next to
//! the same letter; whoever cannot move loses. For each strip, reached by legal play (that is:
//! no `XX` and no `OO`), print `Possible.` if Alice can still force a win, else `Impossible.`;
//! Alice is to move when the number of marks is even.
//!
//! Theory (project problems.md §2–3, checked in tests/strip.rs against exhaustive search): the
//! marks cut the strip into runs of empty cells; a run of L ≥ 1 cells is worth L mod 2 between
//! the two strip edges, L between an edge and a mark, 1 between equal marks and 0 between
//! different marks; the position's Grundy value is the xor over the runs.
//!
//! Streaming corollary used here. Between consecutive marks m_j, m_{j+1} the run is worth 1
//! exactly when m_j = m_{j+1} (equal marks are never adjacent, so that run is not empty). With
//! two letters the number of changes m_j ≠ m_{j+1} has the parity of [m_1 ≠ m_k], so the inner
//! runs xor to (k - 1 + [m_1 ≠ m_k]) mod 2 for k ≥ 1 marks. The value of a strip is therefore
//!   g = (cells before m_1) xor (cells after m_k) xor ((k - 1 + [m_1 ≠ m_k]) mod 2),
//! or N mod 2 without marks. A line thus needs only: the parity of k, the first mark and its
//! offset, the last mark and the empty cells after it — data-parallel reductions over the
//! bytes, done block by block in constant memory.
//!
//! Input: T, then T lines, one strip per line. Leading blank lines, spaces, tabs and CR around
//! a line's content are ignored; whitespace inside a strip, an empty strip line (a strip has at
//! least one cell), letters other than `.XO`, an `XX`/`OO` pair, a line count other than T and
//! anything but whitespace after the T strips are errors. Lengths are not capped: memory stays
//! at one input block plus the output (12 bytes per strip).

use std::io::{self, Read, Write};
use std::process::ExitCode;

const USAGE: &str = "\
usage: tictactoe < input
UVa 11534: reads T, then T strips over '.', 'X', 'O' (one per line); prints for each strip
'Possible.' if Alice (to move when the number of marks is even) can force a win, else
'Impossible.'. Streams the input in constant memory; any strip length.";

/// Bytes read from stdin at a time; the buffer is always filled completely (or to the end of
/// input) so block boundaries sit at fixed offsets.
const BLOCK: usize = 1 << 16;

/// The empty cell.
const EMPTY: u8 = b'.';

fn is_cell(b: u8) -> bool {
    (b == b'.') | (b == b'X') | (b == b'O')
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

/// What is known about the strip on the current line, fed piece by piece.
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
            malformed(line, format!("blank inside the strip at column {}", self.blank_after))
        } else {
            malformed(line, format!("{} at column {column} is not a cell ('.', 'X', 'O')", describe(b)))
        }
    }

    /// Takes cells that start at 0-based column `at` and continue the strip without a gap.
    fn absorb(&mut self, cells: &[u8], at: u64, line: u64) -> Result<(), Malformed> {
        let Some(&last) = cells.last() else { return Ok(()) };
        let (bad, odd, twin) = scan_cells(cells, self.prev);
        if bad || twin {
            return Err(self.locate(cells, at, line));
        }
        if self.first_mark.is_none() {
            if let Some(i) = cells.iter().position(|&b| b != EMPTY) {
                self.first_mark = Some((self.cells + i as u64, cells[i]));
            }
        }
        match cells.iter().rposition(|&b| b != EMPTY) {
            Some(i) => {
                self.last_mark = cells[i];
                self.empty_after_last = (cells.len() - 1 - i) as u64;
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
                return malformed(line, format!("blank inside the strip at column {column}"));
            }
            if !is_cell(b) {
                return malformed(line, format!("{} at column {column} is not a cell ('.', 'X', 'O')", describe(b)));
            }
            if b != EMPTY && b == before {
                let (earlier, pair) = (column - 1, format!("{0}{0}", b as char));
                return malformed(
                    line,
                    format!("'{pair}' at columns {earlier}-{column}: no legal play puts equal marks side by side"),
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

    /// Whether Alice, to move on an even number of marks, wins.
    fn alice_wins(&self) -> bool {
        (self.grundy() != 0) != self.odd_marks
    }
}

/// How a strip line ended.
enum LineEnd {
    Newline,
    EndOfInput,
}

/// Reads one line into a `Strip`, consuming its newline.
fn read_strip<R: Read>(input: &mut Input<R>) -> Result<(Strip, LineEnd), Malformed> {
    let mut strip = Strip::new();
    loop {
        if !input.fill()? {
            return Ok((strip, LineEnd::EndOfInput));
        }
        let avail = &input.buf[input.pos..input.end];
        match find_newline(avail) {
            Some(i) => {
                strip.feed(&avail[..i], input.line)?;
                input.pos += i + 1;
                input.line += 1;
                return Ok((strip, LineEnd::Newline));
            }
            None => {
                strip.feed(avail, input.line)?;
                input.pos = input.end;
            }
        }
    }
}

/// Reads the whole input and returns the answers, one line per strip.
fn solve<R: Read>(src: R) -> Result<Vec<u8>, Malformed> {
    let mut input = Input::new(src);
    let (strips, _) = input.read_count("T", "the number of strips")?;
    let mut out = Vec::new();
    for k in 1..=strips {
        let line = input.line;
        let (strip, end) = read_strip(&mut input)?;
        if !strip.started {
            let what = match end {
                LineEnd::EndOfInput if strip.seen == 0 => {
                    format!("expected {strips} strips, got {} (input ends)", k - 1)
                }
                _ => format!("empty line where strip {k} of {strips} belongs (a strip has at least one cell)"),
            };
            return Err(malformed(line, what));
        }
        out.extend_from_slice(if strip.alice_wins() { b"Possible.\n" } else { b"Impossible.\n" });
    }
    if let Some(b) = input.skip_whitespace()? {
        return Err(malformed(input.line, format!("unexpected {} after the last strip (T = {strips})", describe(b))));
    }
    Ok(out)
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    if let Some(arg) = args.next() {
        if arg == "--help" || arg == "-h" {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        eprintln!("tictactoe: unexpected argument {arg:?} (try --help)");
        return ExitCode::FAILURE;
    }
    match solve(io::stdin().lock()) {
        Ok(out) => {
            let mut stdout = io::stdout().lock();
            if let Err(e) = stdout.write_all(&out).and_then(|()| stdout.flush()) {
                eprintln!("tictactoe: cannot write output: {e}");
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        Err(Malformed { line, what }) => {
            eprintln!("tictactoe: line {line}: {what}");
            ExitCode::FAILURE
        }
    }
}
