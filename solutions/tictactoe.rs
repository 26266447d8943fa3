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
//!
//! `--play` plays the game move by move against the project's referee (play-mode notes below).

use std::io::{self, BufRead, Read, Write};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "\
usage: tictactoe < input
       tictactoe --play
       tictactoe --bench-play N [MOVES]
UVa 11534: reads T, then T strips over '.', 'X', 'O' (one per line); prints for each strip
'Possible.' if Alice (to move when the number of marks is even) can force a win, else
'Impossible.'. Streams the input in constant memory; any strip length.
--play: plays the strip game against the referee (protocol in docs/protocol.md): per round
a strip line, then moves `cell X` / `cell O` (cells from 1); each move in O(1).
--bench-play: times the play engine in-process against a random opponent on N cells.";

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
    Malformed {
        line,
        what: what.into(),
    }
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
        Input {
            src,
            buf: vec![0; BLOCK],
            pos: 0,
            end: 0,
            line: 1,
        }
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
        Ok(if self.fill()? {
            Some(self.buf[self.pos])
        } else {
            None
        })
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
            return Err(malformed(
                self.line,
                format!("expected {meaning} {name}, got {got}"),
            ));
        }
        let mut value: u64 = 0;
        while let Some(b) = self.peek()? {
            if !b.is_ascii_digit() {
                break;
            }
            value = value
                .checked_mul(10)
                .and_then(|v| v.checked_add(u64::from(b - b'0')))
                .ok_or_else(|| {
                    malformed(self.line, format!("{name} is too large (over 64 bits)"))
                })?;
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
                    format!(
                        "unexpected {} after {name} ({name} stands alone on its line)",
                        describe(b)
                    ),
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
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8,
    };
    let mut m = Masks {
        newline: 0,
        x: 0,
        o: 0,
        dot: 0,
        cr: 0,
    };
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
    let mut m = Masks {
        newline: 0,
        x: 0,
        o: 0,
        dot: 0,
        cr: 0,
    };
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
    let Some(&first) = cells.first() else {
        return (false, false, false);
    };
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
            start = piece
                .iter()
                .position(|&b| !is_blank(b))
                .unwrap_or(piece.len());
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
            malformed(
                line,
                format!("blank inside the strip at column {}", self.blank_after),
            )
        } else {
            malformed(
                line,
                format!(
                    "{} at column {column} is not a cell ('.', 'X', 'O')",
                    describe(b)
                ),
            )
        }
    }

    /// Takes cells that start at 0-based column `at` and continue the strip without a gap.
    fn absorb(&mut self, cells: &[u8], at: u64, line: u64) -> Result<(), Malformed> {
        let Some(&last) = cells.last() else {
            return Ok(());
        };
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
                return malformed(
                    line,
                    format!(
                        "{} at column {column} is not a cell ('.', 'X', 'O')",
                        describe(b)
                    ),
                );
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
                format!(
                    "empty line where strip {k} of {total} belongs (a strip has at least one cell)"
                ),
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
            let end = if newlines == 0 {
                len
            } else {
                newlines.trailing_zeros()
            };
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
    let mut strips = Strips {
        total,
        done: 0,
        line: input.line,
        strip: Strip::new(),
        alice_wins: Vec::new(),
    };
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
        return Err(malformed(
            input.line,
            format!(
                "unexpected {} after the last strip (T = {total})",
                describe(b)
            ),
        ));
    }
    Ok(Answers {
        alice_wins: strips.alice_wins,
        count: strips.done,
    })
}

// ---------------------------------------------------------------- play mode
//
// `--play` speaks the protocol of the project's docs/protocol.md: the referee sends the number
// of rounds R, then per round the position (the strip line, like `..X.O`); we answer
// `first` or `second` (first = the player to move in that position), then the moves
// alternate, one line each, `c S`: a 1-based cell and its symbol. `end` closes a round, `-1` aborts the session (we exit
// at once, status 0), and the end of input after the last round ends it. Anything else from
// the referee is an error: one line on stderr, exit status 1.
//
// How each move is answered without rescanning the strip: O(1) amortized bookkeeping, plus
// the two nearest marks around the cell played, found in `MarkTree` (one word step per level,
// at most 4 levels up to 2^24 cells: a constant for the sizes played, log64 N in general).
// By the theory above, the Grundy value of a position with marks is
//   g = a xor b xor (e mod 2),
// where a and b are the lengths of the empty runs at the two strip ends (0 when the strip
// starts or ends with a mark) and e is the number of inner runs between two equal symbols
// (worth 1 each; inner runs between different symbols are worth 0); without marks g = N mod 2.
// So the strip's state is a, b, e and, to find a move quickly, some inner run between equal
// symbols. A winning move (g ≠ 0) is one of:
// - g ≥ 2: the top bit of g is set in a or in b (e mod 2 is a single bit); say in a. Then
//   a' = a xor g < a: put, at cell a' (0-based: a' empty cells remain before it), the symbol
//   other than the first mark's. What remains of that run is a' empty cells at the edge
//   (worth a') and an inner run between different symbols (worth 0): g becomes 0. Likewise
//   for b from the right end.
// - g = 1 and a or b odd: the same move with a' = a xor 1 (or b' = b xor 1).
// - g = 1 with a and b even: then e is odd, so an inner run between equal symbols s…s exists;
//   put the other symbol next to its left mark: it leaves s|t (empty, 0) and t…s (0), so
//   e drops by one and g becomes 0.
// - no marks and N odd: the middle cell, either symbol, leaves two equal edge runs.
// The runs between equal symbols are kept in a stack of their left marks, pushed when a move
// creates one and checked when popped (the next mark after it must still carry the same
// symbol, else the run has been split and the entry is dropped). Every entry is pushed once
// and popped once: O(1) amortized.

/// The two symbols a move may place.
const SYMBOLS: [u8; 2] = [b'X', b'O'];

/// The marks as a 64-ary tree of bit sets: level 0 has one bit per cell, each level above one
/// bit per non-zero word of the level below, up to a single word. The nearest mark on either
/// side of a cell costs one word operation per level, ⌈log64 N⌉ levels: 4 for the project's
/// 10^6 cells (and up to 2^24), a constant for the strips played.
struct MarkTree {
    levels: Vec<Vec<u64>>,
}

impl MarkTree {
    // `(x + 63) / 64` rather than `div_ceil` (Rust 1.73) keeps older judge compilers happy.
    #[allow(clippy::manual_div_ceil)]
    fn new(cells: usize) -> Self {
        let mut levels = vec![vec![0u64; (cells + 63) / 64]];
        while levels.last().map_or(0, Vec::len) > 1 {
            let below = levels.last().map_or(0, Vec::len);
            levels.push(vec![0u64; (below + 63) / 64]);
        }
        MarkTree { levels }
    }

    fn insert(&mut self, cell: usize) {
        let mut index = cell;
        for level in &mut self.levels {
            level[index / 64] |= 1 << (index % 64);
            index /= 64;
        }
    }

    /// The first mark at or after `cell`.
    fn next_from(&self, cell: usize) -> Option<usize> {
        let (mut level, mut index) = (0, cell);
        loop {
            let word = *self.levels[level].get(index / 64)?;
            let bits = word & (u64::MAX << (index % 64));
            if bits != 0 {
                index = index / 64 * 64 + bits.trailing_zeros() as usize;
                break;
            }
            // Nothing at or after `index` in its word: go on from the next word, one level up.
            if level + 1 == self.levels.len() {
                return None;
            }
            index = index / 64 + 1;
            level += 1;
        }
        // Down again, taking the lowest set bit of each word.
        while level > 0 {
            level -= 1;
            index = index * 64 + self.levels[level][index].trailing_zeros() as usize;
        }
        Some(index)
    }

    /// The last mark at or before `cell` (`cell` within the board).
    fn prev_from(&self, cell: usize) -> Option<usize> {
        let (mut level, mut index) = (0, cell);
        loop {
            let word = *self.levels[level].get(index / 64)?;
            let bits = word & (u64::MAX >> (63 - index % 64));
            if bits != 0 {
                index = index / 64 * 64 + 63 - bits.leading_zeros() as usize;
                break;
            }
            if level + 1 == self.levels.len() || index < 64 {
                return None;
            }
            index = index / 64 - 1;
            level += 1;
        }
        while level > 0 {
            level -= 1;
            index = index * 64 + 63 - self.levels[level][index].leading_zeros() as usize;
        }
        Some(index)
    }
}

/// The other symbol.
fn other(symbol: u8) -> u8 {
    if symbol == SYMBOLS[0] {
        SYMBOLS[1]
    } else {
        SYMBOLS[0]
    }
}

/// A strip during play, with what the winning move needs (see the play-mode notes above).
struct Board {
    cells: Vec<u8>,
    marks: MarkTree,
    /// Inner runs between two equal symbols (e above).
    equal_runs: usize,
    /// Left marks of inner runs that were between equal symbols when pushed.
    equal_stack: Vec<usize>,
    empty: usize,
    /// Empty cells with no legal move: one cell between two different symbols.
    dead: usize,
}

impl Board {
    /// The strip from proper cells (no two equal symbols side by side): one pass.
    fn new(cells: Vec<u8>) -> Board {
        let mut board = Board {
            marks: MarkTree::new(cells.len()),
            equal_runs: 0,
            equal_stack: Vec::new(),
            empty: 0,
            dead: 0,
            cells,
        };
        let mut previous: Option<usize> = None;
        for at in 0..board.cells.len() {
            let symbol = board.cells[at];
            if symbol == EMPTY {
                board.empty += 1;
                continue;
            }
            board.marks.insert(at);
            if let Some(p) = previous {
                board.note_inner_run(p, at);
            }
            previous = Some(at);
        }
        board
    }

    /// Counts the inner run between the marks at `left` and `right` (nothing between them
    /// but empty cells).
    fn note_inner_run(&mut self, left: usize, right: usize) {
        if self.cells[left] == self.cells[right] {
            self.equal_runs += 1;
            self.equal_stack.push(left);
        } else if right - left == 2 {
            self.dead += 1;
        }
    }

    fn len(&self) -> usize {
        self.cells.len()
    }

    /// The Grundy value of the position (play-mode notes above).
    fn grundy(&self) -> usize {
        let n = self.len();
        match (self.marks.next_from(0), self.marks.prev_from(n - 1)) {
            (Some(first), Some(last)) => first ^ (n - 1 - last) ^ (self.equal_runs & 1),
            _ => n % 2,
        }
    }

    fn has_move(&self) -> bool {
        self.empty > self.dead
    }

    fn is_legal(&self, at: usize, symbol: u8) -> bool {
        let beside = |i: Option<usize>| i.and_then(|i| self.cells.get(i)) == Some(&symbol);
        self.cells.get(at) == Some(&EMPTY)
            && !beside(at.checked_sub(1))
            && !beside(at.checked_add(1))
    }

    /// Puts `symbol` in cell `at` (a legal move): the run around it is split in two.
    fn place(&mut self, at: usize, symbol: u8) {
        let left = at.checked_sub(1).and_then(|i| self.marks.prev_from(i));
        let right = self.marks.next_from(at + 1);
        if let (Some(l), Some(r)) = (left, right) {
            if self.cells[l] == self.cells[r] {
                self.equal_runs -= 1;
            }
        }
        self.cells[at] = symbol;
        self.marks.insert(at);
        self.empty -= 1;
        if let Some(l) = left {
            self.note_inner_run(l, at);
        }
        if let Some(r) = right {
            self.note_inner_run(at, r);
        }
    }

    /// A move to a position of Grundy value 0, in O(1) amortized (play-mode notes above);
    /// `None` when the value is already 0.
    fn winning_move(&mut self) -> Option<(usize, u8)> {
        let n = self.len();
        let (Some(first), Some(last)) = (self.marks.next_from(0), self.marks.prev_from(n - 1))
        else {
            return (n % 2 == 1).then_some((n / 2, SYMBOLS[0]));
        };
        let (a, b) = (first, n - 1 - last);
        let g = a ^ b ^ (self.equal_runs & 1);
        if g == 0 {
            return None;
        }
        if a ^ g < a {
            return Some((a ^ g, other(self.cells[first])));
        }
        if b ^ g < b {
            return Some((n - 1 - (b ^ g), other(self.cells[last])));
        }
        // g = 1, a and b even, e odd: a run between equal symbols is on the stack.
        while let Some(left) = self.equal_stack.pop() {
            if let Some(right) = self.marks.next_from(left + 1) {
                if self.cells[right] == self.cells[left] {
                    return Some((left + 1, other(self.cells[left])));
                }
            }
        }
        None
    }

    /// Any legal move, by a scan: only for a lost position, which the solution never has to
    /// move in (it takes its side by the Grundy value and leaves 0 after each of its moves).
    fn any_move(&self) -> Option<(usize, u8)> {
        (0..self.len())
            .flat_map(|at| SYMBOLS.map(|s| (at, s)))
            .find(|&(at, s)| self.is_legal(at, s))
    }
}

/// Reads the referee's lines, counting them for messages.
struct Referee<R> {
    input: R,
    line: u64,
    buf: Vec<u8>,
}

/// A line from the referee: the abort line `-1`, or anything else (bytes, so that garbage is
/// reported as such), without its line end and surrounding blanks.
enum Said<'a> {
    Abort,
    Line(&'a [u8]),
}

impl<R: BufRead> Referee<R> {
    fn read(&mut self, expected: &str) -> Result<(u64, Said<'_>), Malformed> {
        self.buf.clear();
        self.line += 1;
        match self.input.read_until(b'\n', &mut self.buf) {
            Ok(0) => Err(malformed(
                self.line,
                format!("expected {expected}, got the end of input"),
            )),
            Err(e) => Err(malformed(self.line, format!("cannot read {expected}: {e}"))),
            Ok(_) => {
                let text = trim_blanks(&self.buf);
                Ok((
                    self.line,
                    if text == b"-1" {
                        Said::Abort
                    } else {
                        Said::Line(text)
                    },
                ))
            }
        }
    }
}

/// A line without its line end and the blanks around it.
fn trim_blanks(line: &[u8]) -> &[u8] {
    let keep = |b: &u8| !(is_blank(*b) || *b == b'\n');
    let start = line.iter().position(keep).unwrap_or(line.len());
    let end = line.iter().rposition(keep).map_or(start, |i| i + 1);
    &line[start..end]
}

/// A line for messages: its first 40 bytes, escaped.
fn show(text: &[u8]) -> String {
    let head = String::from_utf8_lossy(&text[..text.len().min(40)]).into_owned();
    if text.len() > 40 {
        format!("{head:?}... ({} bytes)", text.len())
    } else {
        format!("{head:?}")
    }
}

/// A decimal count of at most 20 digits, no sign.
fn parse_number(text: &[u8]) -> Option<u64> {
    if text.is_empty() || !text.iter().all(u8::is_ascii_digit) {
        return None;
    }
    text.iter().try_fold(0u64, |v, &d| {
        v.checked_mul(10)?.checked_add(u64::from(d - b'0'))
    })
}

/// Checks a strip line from the referee: cells only, at least one, no equal symbols side by side.
fn parse_strip(text: &[u8], line: u64) -> Result<Vec<u8>, Malformed> {
    if text.is_empty() {
        return Err(malformed(line, "expected a board, got an empty line"));
    }
    for (i, &b) in text.iter().enumerate() {
        if !is_cell(b) {
            return Err(malformed(
                line,
                format!("{} at column {} is not a cell", describe(b), i + 1),
            ));
        }
        if i > 0 && b != EMPTY && text[i - 1] == b {
            return Err(malformed(
                line,
                format!("equal symbols side by side at columns {}-{}", i, i + 1),
            ));
        }
    }
    Ok(text.to_vec())
}

/// Parses the referee's move `c S` and checks it is legal.
fn parse_move(board: &Board, text: &[u8], line: u64) -> Result<(usize, u8), Malformed> {
    let bad = || {
        malformed(
            line,
            format!("expected a move `cell symbol`, got {}", show(text)),
        )
    };
    let mut tokens = text.split(|b| is_blank(*b)).filter(|t| !t.is_empty());
    let (Some(cell), Some(&[symbol]), None) = (tokens.next(), tokens.next(), tokens.next()) else {
        return Err(bad());
    };
    let cell = parse_number(cell).ok_or_else(bad)?;
    if !SYMBOLS.contains(&symbol) {
        return Err(bad());
    }
    let at = usize::try_from(cell)
        .ok()
        .and_then(|c| c.checked_sub(1))
        .filter(|&at| at < board.len());
    match at {
        Some(at) if board.is_legal(at, symbol) => Ok((at, symbol)),
        _ => Err(malformed(
            line,
            format!("the move {} is not legal here", show(text)),
        )),
    }
}

/// Writes one line to the referee and flushes it.
fn say(out: &mut impl Write, line: u64, text: std::fmt::Arguments) -> Result<(), Malformed> {
    out.write_fmt(text)
        .and_then(|()| out.write_all(b"\n"))
        .and_then(|()| out.flush())
        .map_err(|e| malformed(line, format!("cannot write to the referee: {e}")))
}

/// Plays one round; Ok(false) when the referee aborted with `-1`.
fn play_round<R: BufRead, W: Write>(
    referee: &mut Referee<R>,
    out: &mut W,
) -> Result<bool, Malformed> {
    let Some(cells) = read_position(referee)? else {
        return Ok(false);
    };
    let mut board = Board::new(cells);
    let mut our_turn = board.grundy() != 0;
    say(
        out,
        referee.line,
        format_args!("{}", if our_turn { "first" } else { "second" }),
    )?;
    while board.has_move() {
        if our_turn {
            let Some((at, symbol)) = board.winning_move().or_else(|| board.any_move()) else {
                return Err(malformed(
                    referee.line,
                    "internal error: no move although one is left",
                ));
            };
            say(
                out,
                referee.line,
                format_args!("{} {}", at + 1, symbol as char),
            )?;
            board.place(at, symbol);
        } else {
            let (line, said) = referee.read("the opponent's move")?;
            let Said::Line(text) = said else {
                return Ok(false);
            };
            if text == b"end" {
                // The referee cut the round at its move cap.
                return Ok(true);
            }
            let (at, symbol) = parse_move(&board, text, line)?;
            board.place(at, symbol);
        }
        our_turn = !our_turn;
    }
    match referee.read("`end`")? {
        (_, Said::Abort) => Ok(false),
        (_, Said::Line(b"end")) => Ok(true),
        (line, Said::Line(text)) => Err(malformed(
            line,
            format!("expected `end`, got {}", show(text)),
        )),
    }
}

fn run_play() -> Result<(), Malformed> {
    let stdin = io::stdin();
    let mut referee = Referee {
        input: io::BufReader::with_capacity(1 << 16, stdin.lock()),
        line: 0,
        buf: Vec::new(),
    };
    let mut out = io::stdout().lock();
    let rounds = match referee.read("the number of rounds")? {
        (_, Said::Abort) => return Ok(()),
        (line, Said::Line(text)) => match parse_number(text) {
            Some(r) if r >= 1 => r,
            _ => {
                return Err(malformed(
                    line,
                    format!("expected the number of rounds (≥ 1), got {}", show(text)),
                ))
            }
        },
    };
    for _ in 0..rounds {
        if !play_round(&mut referee, &mut out)? {
            return Ok(());
        }
    }
    // The referee closes our input after the last round; nothing more is read.
    Ok(())
}

/// The position: the strip line alone. That is one case of the judge input, without the count
/// T that heads the judge's list of cases (a round is one case, as `n k` is for subtraction).
fn read_position<R: BufRead>(referee: &mut Referee<R>) -> Result<Option<Vec<u8>>, Malformed> {
    match referee.read("a strip")? {
        (_, Said::Abort) => Ok(None),
        (line, Said::Line(text)) => parse_strip(text, line).map(Some),
    }
}

// ---------------------------------------------------------------- in-process benchmark

/// `--bench-play N [MOVES]` (bench/strip_play.sh): the play engine against a random opponent,
/// both in this process, from the empty strip of N cells again and again until MOVES moves
/// (default 10^7, both sides counted) are made. The engine takes the winning side and must keep
/// it (an error otherwise). The opponent draws a uniform empty cell from a swap-remove list (a cell where neither
/// symbol fits is dropped from the list for good), O(1) per move as well. Prints the time per
/// move, the opponent's draw and the engine's upkeep included, and the N-cell setup per game.
fn run_bench(args: &[String]) -> Result<(), String> {
    let usage = "--bench-play needs N [MOVES] (1 ≤ N ≤ 10^8)";
    let number = |text: &String| parse_number(text.as_bytes()).ok_or(usage);
    let (n, moves) = match args {
        [n] => (number(n)?, 10_000_000),
        [n, m] => (number(n)?, number(m)?),
        _ => return Err(usage.into()),
    };
    if !(1..=100_000_000).contains(&n) {
        return Err(usage.into());
    }
    let n = n as usize;
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut random = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let started = Instant::now();
    let (mut made, mut games, mut checksum) = (0u64, 0u64, 0u64);
    // free[..live] are the cells the opponent may still draw; slot[c] is c's place in it.
    let mut free: Vec<u32> = Vec::new();
    let mut slot: Vec<u32> = Vec::new();
    let mut live;
    while made < moves {
        games += 1;
        let mut board = Board::new(vec![EMPTY; n]);
        free.clear();
        free.extend(0..n as u32);
        slot.clear();
        slot.extend(0..n as u32);
        live = n;
        let mut drop = |cell: usize, free: &mut Vec<u32>, live: &mut usize| {
            let k = slot[cell] as usize;
            if k < *live {
                *live -= 1;
                let last = free[*live];
                free.swap(k, *live);
                slot[last as usize] = k as u32;
                slot[cell] = *live as u32;
            }
        };
        let mut engine = board.grundy() != 0;
        while board.has_move() && made < moves {
            let (at, symbol) = if engine {
                board
                    .winning_move()
                    .ok_or_else(|| format!("the engine lost its win in game {games}"))?
            } else {
                loop {
                    let bits = random();
                    let cell = free[(bits % live as u64) as usize] as usize;
                    let first = SYMBOLS[(bits >> 63) as usize];
                    if board.is_legal(cell, first) {
                        break (cell, first);
                    }
                    if board.is_legal(cell, other(first)) {
                        break (cell, other(first));
                    }
                    drop(cell, &mut free, &mut live);
                }
            };
            drop(at, &mut free, &mut live);
            board.place(at, symbol);
            checksum = checksum.wrapping_add(at as u64);
            made += 1;
            engine = !engine;
        }
        if engine && !board.has_move() {
            return Err(format!(
                "the engine lost game {games}: no move left on its turn"
            ));
        }
    }
    let tenths_ns = started.elapsed().as_nanos() * 10 / u128::from(made.max(1));
    println!(
        "n={n} games={games} moves={made} ns_per_move={}.{} checksum={checksum}",
        tenths_ns / 10,
        tenths_ns % 10
    );
    Ok(())
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    if let Some(arg) = args.next() {
        if arg == "--help" || arg == "-h" {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        if arg == "--bench-play" {
            let rest: Vec<String> = args.collect();
            return match run_bench(&rest) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("tictactoe: {e}");
                    ExitCode::FAILURE
                }
            };
        }
        if arg == "--play" {
            if let Some(extra) = args.next() {
                eprintln!("tictactoe: unexpected argument {extra:?} after --play (try --help)");
                return ExitCode::FAILURE;
            }
            return match run_play() {
                Ok(()) => ExitCode::SUCCESS,
                Err(Malformed { line, what }) => {
                    eprintln!("tictactoe: line {line}: {what}");
                    ExitCode::FAILURE
                }
            };
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

    /// The mark tree finds the nearest marks as a linear scan does, across word and level
    /// boundaries (sizes around 64 and 64², marks inserted in random order).
    #[test]
    fn mark_tree_matches_a_scan() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        for n in [1, 2, 63, 64, 65, 130, 4095, 4096, 4097, 70_000] {
            let mut tree = MarkTree::new(n);
            let mut marked = vec![false; n];
            for step in 0..n.min(300) {
                let at = next(n);
                tree.insert(at);
                marked[at] = true;
                for probe in [0, n - 1, at, next(n), next(n), step % n] {
                    let want_next = (probe..n).find(|&i| marked[i]);
                    let want_prev = (0..=probe).rev().find(|&i| marked[i]);
                    assert_eq!(tree.next_from(probe), want_next, "n={n} probe={probe}");
                    assert_eq!(tree.prev_from(probe), want_prev, "n={n} probe={probe}");
                }
            }
            assert_eq!(tree.next_from(n), None);
        }
    }

    /// The SSE2 classifier agrees with the byte-by-byte one on chunks mixing every class with
    /// other bytes, at every position.
    #[test]
    fn classify_matches_portable() {
        let alphabet = [
            b'\n', b'X', b'O', b'.', b' ', b'\r', 0, 0xff, b'x', b'0', 0x80,
        ];
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
