//! Tokens over bytes as testlib reads them: its blanks ([`is_blank`]), the byte order mark it
//! skips ([`BOM`]), a [`TokenStream`] that knows lines and indices, and [`show`] for messages.

/// testlib's blanks (`isBlanks`): space, tab, CR and LF. Anything else, a vertical tab or a
/// NUL included, belongs to a token.
pub fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
}

/// The UTF-8 byte order mark that testlib skips at the start of the output.
pub const BOM: &[u8] = b"\xef\xbb\xbf";

/// A token with where it stands: 1-based line number and 1-based index within its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    pub line: usize,
    pub index: usize,
    pub bytes: &'a [u8],
}

impl Token<'_> {
    /// `line L token T`, for messages.
    pub fn place(&self) -> String {
        format!("line {} token {}", self.line, self.index)
    }
}

/// A stream of blank-separated tokens ([`is_blank`]) over arbitrary bytes (not necessarily
/// UTF-8), tracking line and token numbers: testlib's `readToken` over the output.
pub struct TokenStream<'a> {
    bytes: &'a [u8],
    pos: usize,
    line: usize,
    index_in_line: usize,
}

impl<'a> TokenStream<'a> {
    pub fn new(bytes: &'a [u8]) -> Self {
        TokenStream {
            bytes,
            pos: 0,
            line: 1,
            index_in_line: 0,
        }
    }

    /// The line the stream stands on (1-based): where the next token, or the end, is.
    pub fn line(&self) -> usize {
        self.line
    }

    fn skip_blanks(&mut self) {
        while let Some(&b) = self.bytes.get(self.pos) {
            if !is_blank(b) {
                break;
            }
            if b == b'\n' {
                self.line += 1;
                self.index_in_line = 0;
            }
            self.pos += 1;
        }
    }

    /// The next token, or `None` at the end of the bytes.
    pub fn next_token(&mut self) -> Option<Token<'a>> {
        self.skip_blanks();
        let start = self.pos;
        while let Some(&b) = self.bytes.get(self.pos) {
            if is_blank(b) {
                break;
            }
            self.pos += 1;
        }
        if start == self.pos {
            return None;
        }
        self.index_in_line += 1;
        Some(Token {
            line: self.line,
            index: self.index_in_line,
            bytes: &self.bytes[start..self.pos],
        })
    }

    /// Every token left, in order.
    pub fn tokens(mut self) -> impl Iterator<Item = Token<'a>> {
        std::iter::from_fn(move || self.next_token())
    }

    /// Is there nothing but blanks left?
    pub fn at_end(&mut self) -> bool {
        self.skip_blanks();
        self.pos >= self.bytes.len()
    }
}

/// Bytes shown in a message: printable ASCII as is, anything else escaped (`\xff`, `\t`),
/// cut after a few dozen characters with the full length appended.
pub fn show(bytes: &[u8]) -> String {
    const SHOWN: usize = 40;
    let text = format!("`{}`", crate::escape::head(bytes, SHOWN));
    if bytes.len() > SHOWN {
        format!("{text} ({} bytes)", bytes.len())
    } else {
        text
    }
}
