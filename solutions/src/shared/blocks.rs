//! Input read in whole blocks, for the solutions that stream it in constant memory
//! (tictactoe, coloring): tokens are separated by any ASCII whitespace, and the current line
//! and column are kept for messages, with LF, CRLF and a bare CR each ending one line.

use std::io::{self, Read};

/// Bytes read from stdin at a time; the buffer is always filled completely (or to the end of
/// input) so block boundaries sit at fixed offsets.
pub const BLOCK: usize = 1 << 16;

/// A malformed input: the line where it shows and what is wrong.
pub struct Malformed {
    pub line: u64,
    pub what: String,
}

pub fn malformed(line: u64, what: impl Into<String>) -> Malformed {
    Malformed {
        line,
        what: what.into(),
    }
}

/// How a byte reads in a message.
pub fn describe(b: u8) -> String {
    if b.is_ascii_graphic() {
        format!("'{}'", b as char)
    } else {
        format!("byte 0x{b:02x}")
    }
}

/// Any ASCII whitespace separates tokens: space, tab, LF, vertical tab, form feed, CR.
pub fn is_space(b: u8) -> bool {
    (b == b' ') | (b.wrapping_sub(b'\t') < 5)
}

/// stdin read in whole blocks, with the current line: LF, CRLF and a bare CR each end one.
pub struct Input<R: Read> {
    pub src: R,
    pub buf: Vec<u8>,
    pub pos: usize,
    pub end: usize,
    /// Offset in the whole input of `buf[0]`.
    pub offset: u64,
    pub line: u64,
    /// Offset in the whole input of the current line's first byte (for column numbers).
    pub line_start: u64,
    /// Whether the last byte consumed was a CR (an LF right after it ends no other line).
    pub after_cr: bool,
}

impl<R: Read> Input<R> {
    pub fn new(src: R) -> Self {
        Input {
            src,
            buf: vec![0; BLOCK],
            pos: 0,
            end: 0,
            offset: 0,
            line: 1,
            line_start: 0,
            after_cr: false,
        }
    }

    /// Makes sure unread bytes are buffered; `false` at the end of input.
    pub fn fill(&mut self) -> Result<bool, Malformed> {
        if self.pos < self.end {
            return Ok(true);
        }
        self.offset += self.end as u64;
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
        // A UTF-8 byte-order mark (an editor's, Notepad's) opening the input is no part of it.
        const BOM: &[u8] = b"\xEF\xBB\xBF";
        if self.offset == 0 && self.buf[..self.end].starts_with(BOM) {
            self.pos = BOM.len();
            self.line_start = BOM.len() as u64;
        }
        Ok(self.pos < self.end)
    }

    pub fn peek(&mut self) -> Result<Option<u8>, Malformed> {
        Ok(if self.fill()? {
            Some(self.buf[self.pos])
        } else {
            None
        })
    }

    /// The offset in the whole input of the next unread byte.
    pub fn at(&self) -> u64 {
        self.offset + self.pos as u64
    }

    /// Skips whitespace, line ends included; returns the first other byte (not consumed).
    pub fn skip_whitespace(&mut self) -> Result<Option<u8>, Malformed> {
        while let Some(b) = self.peek()? {
            if !is_space(b) {
                self.after_cr = false;
                return Ok(Some(b));
            }
            if b == b'\r' || (b == b'\n' && !self.after_cr) {
                self.line += 1;
            }
            if b == b'\r' || b == b'\n' {
                self.line_start = self.at() + 1;
            }
            self.after_cr = b == b'\r';
            self.pos += 1;
        }
        Ok(None)
    }

    /// Reads a count token after any whitespace; whitespace or the end of input must follow
    /// it. `name` is the count's letter, `meaning` what it counts (for messages). Returns the
    /// count and its line.
    pub fn read_count(&mut self, name: &str, meaning: &str) -> Result<(u64, u64), Malformed> {
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
                if !is_space(b) {
                    return Err(malformed(
                        self.line,
                        format!("unexpected {} after {name}", describe(b)),
                    ));
                }
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
        // Both counts (tictactoe's T, coloring's N) are at least 1 in their statements.
        if value == 0 {
            return Err(malformed(line, format!("{name} must be at least 1")));
        }
        Ok((value, line))
    }
}
