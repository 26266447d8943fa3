//! The whole judge input as tokens, read as leniently as real judge data needs: tokens are
//! separated by any ASCII whitespace (vertical tab included), blank lines may stand anywhere,
//! records may be split across lines or joined on one, and a line ends at LF, CRLF or a bare
//! CR, each counted once, so messages name the line as an editor shows it. Strictness belongs
//! to the input validators (checkers/validate_*.rs), not to the solutions.

// Each solution reports a missing token its own way (the last token's line, or where the
// input ends): what one leaves unused is not dead for the others.
#![allow(dead_code)]

/// Whitespace between tokens.
pub fn is_space(b: u8) -> bool {
    b.is_ascii_whitespace() || b == 0x0b
}

/// A token as an error message shows it: its first 24 characters, `...` after a longer one,
/// control characters escaped (`\u{1b}`, `\0`) and bytes that are no UTF-8 shown as `\xaf`, so
/// a message never writes raw control bytes or replacement marks to a terminal.
pub fn shown(token: &[u8]) -> String {
    shown_up_to(token, 24)
}

/// [`shown`] with another length: the first `limit` characters (a byte that is no UTF-8
/// counts as one).
pub fn shown_up_to(token: &[u8], limit: usize) -> String {
    let mut out = String::new();
    let mut count = 0;
    // 4 bytes hold any character: enough bytes for `limit` characters and one more.
    let mut rest = &token[..token.len().min(4 * limit + 4)];
    while !rest.is_empty() {
        let (valid, bad, after) = match std::str::from_utf8(rest) {
            Ok(text) => (text, &[][..], &[][..]),
            Err(e) => {
                let (head, tail) = rest.split_at(e.valid_up_to());
                let n = e.error_len().unwrap_or(tail.len());
                let head = std::str::from_utf8(head).unwrap_or("");
                (head, &tail[..n], &tail[n..])
            }
        };
        for c in valid.chars() {
            if count == limit {
                out.push_str("...");
                return out;
            }
            count += 1;
            if c.is_control() {
                out.extend(c.escape_debug());
            } else {
                out.push(c);
            }
        }
        for b in bad {
            if count == limit {
                out.push_str("...");
                return out;
            }
            count += 1;
            out.push_str(&format!("\\x{b:02x}"));
        }
        rest = after;
    }
    out
}

/// A reader of tokens that knows its line.
pub struct Tokens<'a> {
    data: &'a [u8],
    pos: usize,
    line: usize,
    last_line: usize,
}

impl<'a> Tokens<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Tokens {
            data,
            pos: 0,
            line: 1,
            last_line: 1,
        }
    }

    /// The next token and the line it stands on; None at the end of input.
    pub fn next(&mut self) -> Option<(&'a [u8], usize)> {
        while let Some(&b) = self.data.get(self.pos) {
            if !is_space(b) {
                break;
            }
            if b == b'\r' || (b == b'\n' && (self.pos == 0 || self.data[self.pos - 1] != b'\r')) {
                self.line += 1;
            }
            self.pos += 1;
        }
        let start = self.pos;
        while self.data.get(self.pos).is_some_and(|&b| !is_space(b)) {
            self.pos += 1;
        }
        if self.pos == start {
            return None;
        }
        self.last_line = self.line;
        Some((&self.data[start..self.pos], self.line))
    }

    /// The line of the read position; at the end of input, the line the input ends on (a final
    /// line end opens a new one).
    pub fn line(&self) -> usize {
        self.line
    }

    /// The line of the last token read (1 before any): where a missing token is reported.
    pub fn last_line(&self) -> usize {
        self.last_line
    }

    /// Whether the input ends with a line end (then `line()` at the end is one past the last
    /// line that holds anything).
    pub fn ends_with_line_end(&self) -> bool {
        matches!(self.data.last(), Some(b'\n' | b'\r'))
    }
}
