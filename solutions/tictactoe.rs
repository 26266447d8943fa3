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
//! offset, the last mark and the empty cells after it, gathered block by block in constant
//! memory. Fast path: each 64-byte chunk is classified into bit masks (newline, X, O, ., CR)
//! with SSE2 on x86_64 (a byte loop elsewhere), and the line pieces in it are bit operations
//! (trailing/leading zeros, popcount). A chunk holding anything else (blanks, a CR not before a
//! newline, stray bytes) or an XX/OO pair goes through the byte-exact path, which also words
//! the error messages.
//!
//! Input: T, then T lines, one strip per line. Leading blank lines, spaces, tabs and CR around
//! a line's content are ignored; whitespace inside a strip, an empty strip line (a strip has at
//! least one cell), letters other than `.XO`, an `XX`/`OO` pair, a line count other than T and
//! anything but whitespace after the T strips are errors. Lengths are not capped: memory stays
//! at one input block plus one bit per strip for the answers, which are written out only once
//! the whole input is known valid.

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

/// Bytes classified at once by the fast path.
const CHUNK: usize = 64;

/// Which bytes of a chunk are a newline, `X`, `O`, `.` or CR (bit i for byte i).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Masks {
    newline: u64,
    x: u64,
    o: u64,
    dot: u64,
    cr: u64,
}

/// Classifies a chunk with SSE2, which every x86_64 CPU has: one compare and one byte-mask
/// extraction per class and 16 bytes.
#[cfg(target_arch = "x86_64")]
fn classify(chunk: &[u8; CHUNK]) -> Masks {
    use std::arch::x86_64::{__m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8};
    let mut m = Masks { newline: 0, x: 0, o: 0, dot: 0, cr: 0 };
    for quarter in 0..CHUNK / 16 {
        // SAFETY: the load reads bytes 16q..16q+16 of the 64-byte array (unaligned load allowed);
        // SSE2 is part of the x86_64 baseline, so the intrinsics are always available.
        let [newline, x, o, dot, cr] = unsafe {
            let v = _mm_loadu_si128(chunk.as_ptr().add(16 * quarter).cast::<__m128i>());
            [b'\n', b'X', b'O', b'.', b'\r']
                .map(|c| _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(c as i8))) as u16 as u64)
        };
        let shift = 16 * quarter;
        m.newline |= newline << shift;
        m.x |= x << shift;
        m.o |= o << shift;
        m.dot |= dot << shift;
        m.cr |= cr << shift;
    }
    m
}

/// Classifies a chunk byte by byte (other targets; also the reference for the SSE2 version).
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn classify_portable(chunk: &[u8; CHUNK]) -> Masks {
    let mut m = Masks { newline: 0, x: 0, o: 0, dot: 0, cr: 0 };
    for (i, &b) in chunk.iter().enumerate() {
        let bit = 1u64 << i;
        match b {
            b'\n' => m.newline |= bit,
            b'X' => m.x |= bit,
            b'O' => m.o |= bit,
            b'.' => m.dot |= bit,
            b'\r' => m.cr |= bit,
            _ => {}
        }
    }
    m
}

#[cfg(not(target_arch = "x86_64"))]
fn classify(chunk: &[u8; CHUNK]) -> Masks {
    classify_portable(chunk)
}

/// Bits `start..end` of a u64 (`start ≤ end ≤ 64`).
fn bit_range(start: u32, end: u32) -> u64 {
    let below_end = u64::MAX.checked_shr(64 - end).unwrap_or(0);
    below_end & u64::MAX.checked_shl(start).unwrap_or(0)
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

    /// Takes the clean cells `start..end` of a classified chunk (no blank, no fault; they
    /// continue the strip without a gap): `marks` has the bits of both letters, `x` those of `X`.
    fn absorb_bits(&mut self, marks: u64, x: u64, start: u32, end: u32) {
        let len = u64::from(end - start);
        if len == 0 {
            return;
        }
        let marks = marks & bit_range(start, end);
        // Letters and the last cell by arithmetic, not branches (random on random input).
        let letter = |bit: u32| b'O' + (b'X' - b'O') * (x >> bit & 1) as u8;
        let last_is_mark = (marks >> (end - 1) & 1) as u8;
        self.prev = EMPTY + last_is_mark * (letter(end - 1) - EMPTY);
        if marks == 0 {
            self.empty_after_last += len;
        } else {
            let (first, last) = (marks.trailing_zeros(), 63 - marks.leading_zeros());
            if self.first_mark.is_none() {
                self.first_mark = Some((self.cells + u64::from(first - start), letter(first)));
            }
            self.last_mark = letter(last);
            self.empty_after_last = u64::from(end - 1 - last);
            self.odd_marks ^= marks.count_ones() % 2 == 1;
        }
        self.started = true;
        self.seen += len;
        self.cells += len;
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

/// Reads the T strips after the count line and answers them.
struct Strips {
    total: u64,
    done: u64,
    /// The line of the current strip.
    line: u64,
    strip: Strip,
    /// Bit k set when Alice wins strip k: 1 bit per answer until the input is known valid.
    alice_wins: Vec<u64>,
}

impl Strips {
    /// Ends the current strip at a newline or at the end of input; `true` once all are done.
    fn end_strip(&mut self) -> Result<bool, Malformed> {
        if !self.strip.started {
            let (k, total) = (self.done + 1, self.total);
            return Err(malformed(
                self.line,
                format!("empty line where strip {k} of {total} belongs (a strip has at least one cell)"),
            ));
        }
        let (word, bit) = ((self.done / 64) as usize, self.done % 64);
        if word == self.alice_wins.len() {
            self.alice_wins.push(0);
        }
        if let Some(w) = self.alice_wins.get_mut(word) {
            *w |= u64::from(self.strip.alice_wins()) << bit;
        }
        self.strip = Strip::new();
        self.done += 1;
        Ok(self.done == self.total)
    }

    /// Takes the next bytes of input. Returns how many were used when the last strip ended in
    /// them (just after its newline), or `None` when all were used.
    fn take(&mut self, bytes: &[u8]) -> Result<Option<usize>, Malformed> {
        let mut padded = [0u8; CHUNK];
        for (i, piece) in bytes.chunks(CHUNK).enumerate() {
            let chunk: &[u8; CHUNK] = match piece.try_into() {
                Ok(whole) => whole,
                Err(_) => {
                    // The last, partial chunk (once per call): padding is masked out in `clean`.
                    padded[..piece.len()].copy_from_slice(piece);
                    &padded
                }
            };
            let masks = classify(chunk);
            let used = if self.clean(masks, piece.len()) {
                self.take_clean(masks, piece.len() as u32)?
            } else {
                self.take_bytes(piece)?
            };
            if let Some(used) = used {
                return Ok(Some(i * CHUNK + used));
            }
        }
        Ok(None)
    }

    /// Whether the first `len` bytes of a classified chunk are cells and line ends (LF or CRLF)
    /// only, with no equal letters side by side (also across the chunk's start), and no blank
    /// has ended the current strip's cells: then the fast path applies.
    fn clean(&self, m: Masks, len: usize) -> bool {
        let valid = bit_range(0, len as u32);
        let crlf = m.cr & (m.newline >> 1);
        let other = valid & !(m.newline | m.x | m.o | m.dot | crlf);
        let x_before = (m.x << 1) | u64::from(self.strip.prev == b'X');
        let o_before = (m.o << 1) | u64::from(self.strip.prev == b'O');
        let twins = (m.x & x_before) | (m.o & o_before);
        other == 0 && twins == 0 && self.strip.blank_after == 0
    }

    /// The fast path over a clean chunk of `len` bytes: whole line pieces by bit operations.
    fn take_clean(&mut self, m: Masks, len: u32) -> Result<Option<usize>, Malformed> {
        let marks = m.x | m.o;
        let mut newlines = m.newline;
        let mut start = 0;
        loop {
            let end = if newlines == 0 { len } else { newlines.trailing_zeros() };
            // In a clean chunk every CR is the first half of a CRLF.
            let cr_before = end.checked_sub(1).map_or(0, |i| (m.cr >> i & 1) as u32);
            self.strip.absorb_bits(marks, m.x, start, end - cr_before);
            if newlines == 0 {
                return Ok(None);
            }
            if self.end_strip()? {
                return Ok(Some(end as usize + 1));
            }
            self.line += 1;
            newlines &= newlines - 1;
            start = end + 1;
        }
    }

    /// The general path, byte exact in its error messages: line pieces through `Strip::feed`.
    fn take_bytes(&mut self, bytes: &[u8]) -> Result<Option<usize>, Malformed> {
        let mut used = 0;
        let mut rest = bytes;
        while let Some(i) = rest.iter().position(|&b| b == b'\n') {
            self.strip.feed(&rest[..i], self.line)?;
            used += i + 1;
            if self.end_strip()? {
                return Ok(Some(used));
            }
            self.line += 1;
            rest = &rest[i + 1..];
        }
        self.strip.feed(rest, self.line)?;
        Ok(None)
    }
}

/// The verdicts of all strips, one bit each.
struct Answers {
    alice_wins: Vec<u64>,
    count: u64,
}

/// The answer lines padded to one length, with their true lengths: [Bob wins, Alice wins].
const ANSWER_LINES: [(&[u8; 12], usize); 2] = [(b"Impossible.\n", 12), (b"Possible.\n\0\0", 10)];

impl Answers {
    /// Writes one line per strip through a small buffer. No branch on the verdict (a coin flip
    /// on random input): each line is copied at full width and the end advances by its length.
    fn write_to(&self, mut out: impl Write) -> io::Result<()> {
        let mut buf = vec![0u8; 1 << 16];
        let mut len = 0;
        for k in 0..self.count {
            let word = self.alice_wins.get((k / 64) as usize).copied().unwrap_or(0);
            let (text, text_len) = ANSWER_LINES[(word >> (k % 64) & 1) as usize];
            buf[len..len + text.len()].copy_from_slice(text);
            len += text_len;
            if len + text.len() > buf.len() {
                out.write_all(&buf[..len])?;
                len = 0;
            }
        }
        out.write_all(&buf[..len])?;
        out.flush()
    }
}

/// Reads the whole input and returns the answers.
fn solve<R: Read>(src: R) -> Result<Answers, Malformed> {
    let mut input = Input::new(src);
    let (total, _) = input.read_count("T", "the number of strips")?;
    let mut strips = Strips { total, done: 0, line: input.line, strip: Strip::new(), alice_wins: Vec::new() };
    while strips.done < total {
        if !input.fill()? {
            // The end of input ends the current strip if it has begun.
            if strips.strip.seen > 0 {
                strips.end_strip()?;
            }
            if strips.done < total {
                let what = format!("expected {total} strips, got {} (input ends)", strips.done);
                return Err(malformed(strips.line, what));
            }
            break;
        }
        match strips.take(&input.buf[input.pos..input.end])? {
            Some(used) => {
                input.pos += used;
                strips.line += 1;
            }
            None => input.pos = input.end,
        }
    }
    input.line = strips.line;
    if let Some(b) = input.skip_whitespace()? {
        return Err(malformed(input.line, format!("unexpected {} after the last strip (T = {total})", describe(b))));
    }
    Ok(Answers { alice_wins: strips.alice_wins, count: strips.done })
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
        Ok(answers) => {
            if let Err(e) = answers.write_to(io::stdout().lock()) {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The SSE2 classifier agrees with the byte-by-byte one on chunks mixing every class with
    /// other bytes, at every position.
    #[test]
    fn classify_matches_portable() {
        let alphabet = [b'\n', b'X', b'O', b'.', b' ', b'\r', 0, 0xff, b'x', b'0', 0x80];
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            let mut chunk = [0u8; CHUNK];
            for b in chunk.iter_mut() {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                *b = alphabet[(state % alphabet.len() as u64) as usize];
            }
            assert_eq!(classify(&chunk), classify_portable(&chunk), "{chunk:?}");
        }
    }

    #[test]
    fn bit_range_covers_the_edges() {
        assert_eq!(bit_range(0, 64), u64::MAX);
        assert_eq!(bit_range(64, 64), 0);
        assert_eq!(bit_range(0, 0), 0);
        assert_eq!(bit_range(3, 5), 0b11000);
        assert_eq!(bit_range(63, 64), 1 << 63);
    }
}
