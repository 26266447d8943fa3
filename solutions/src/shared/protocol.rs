//! The player's side of the play protocol (docs/protocol.md), shared by the six solutions and
//! the project's test players: the referee's lines one at a time (never to end of input, since
//! a judge may keep the pipe open), the header `play R` (or a bare `R` from older referees),
//! the abort line `-1`, `end`, and our own lines written and flushed one by one.

// Each program uses its own part of the client (knights reads its long move lines in place,
// the strip games parse `c S`): what one leaves unused is not dead for the others.
#![allow(dead_code)]

use std::io::{BufRead, Write};

/// What ends a session early.
pub enum Stop {
    /// The referee wrote `-1`: the session is over, exit at once with status 0.
    Abort,
    /// A line we cannot take (garbage, an illegal move, end of input where a line is due) or
    /// a broken pipe: one line on stderr, exit status 1.
    Fault(String),
}

/// A fault on the referee's line `line` (1-based).
pub fn fault(line: u64, what: impl Into<String>) -> Stop {
    Stop::Fault(format!("line {line}: {}", what.into()))
}

/// The first word of the header that opens a play session; a batch input starts with a
/// number instead, which is how a solution run without arguments tells the modes apart.
pub const HEADER_WORD: &[u8] = b"play";

/// The referee's side of the pipe: its lines, numbered for messages.
pub struct Referee<R> {
    input: R,
    line: u64,
    buf: Vec<u8>,
    /// A line read ahead while the program looked for the header (returned by the next read).
    pending: Option<Vec<u8>>,
}

impl<R: BufRead> Referee<R> {
    pub fn new(input: R) -> Self {
        Referee {
            input,
            line: 0,
            buf: Vec::new(),
            pending: None,
        }
    }

    /// A referee whose first line was already taken from `input` (its bytes are `first`, and
    /// it ended on line `line`): the next read returns it.
    pub fn with_first_line(input: R, first: Vec<u8>, line: u64) -> Self {
        Referee {
            input,
            line: line.saturating_sub(1),
            buf: Vec::new(),
            pending: Some(first),
        }
    }

    /// The number of the line read last.
    pub fn line(&self) -> u64 {
        self.line
    }

    /// The line read last, without its line end and the blanks around it.
    pub fn text(&self) -> &[u8] {
        trim(&self.buf)
    }

    /// Whether the line read last is `end` (also where a move is due: the round was cut).
    pub fn is_end(&self) -> bool {
        self.text() == b"end"
    }

    /// Takes the next line into `buf`; false at end of input.
    fn fetch(&mut self) -> std::io::Result<bool> {
        self.buf.clear();
        self.line += 1;
        if let Some(first) = self.pending.take() {
            self.buf = first;
            return Ok(true);
        }
        Ok(self.input.read_until(b'\n', &mut self.buf)? > 0)
    }

    /// Reads the next line (`expected` names it in messages). `-1` is Stop::Abort; end of
    /// input is a fault, since the referee says every line it owes us.
    pub fn next(&mut self, expected: &str) -> Result<(), Stop> {
        match self.fetch() {
            Ok(true) if self.text() == b"-1" => Err(Stop::Abort),
            Ok(true) => Ok(()),
            Ok(false) => Err(fault(
                self.line,
                format!("expected {expected}, got end of input"),
            )),
            Err(e) => Err(fault(self.line, format!("cannot read {expected}: {e}"))),
        }
    }

    /// For the test players, which end quietly wherever the referee stops: the next line as
    /// text, or None after `-1` or at end of input.
    pub fn next_or_none(&mut self) -> Result<Option<String>, String> {
        match self.fetch() {
            Ok(true) if self.text() == b"-1" => Ok(None),
            Ok(true) => Ok(Some(String::from_utf8_lossy(self.text()).into_owned())),
            Ok(false) => Ok(None),
            Err(e) => Err(format!("line {}: {e}", self.line)),
        }
    }

    /// Reads the next line and returns its number and trimmed text.
    pub fn read(&mut self, expected: &str) -> Result<(u64, &[u8]), Stop> {
        self.next(expected)?;
        Ok((self.line, trim(&self.buf)))
    }

    /// Reads the session header: `play R`, or a bare `R` as older referees sent it; R ≥ 1.
    pub fn rounds(&mut self) -> Result<u64, Stop> {
        let (line, text) = self.read("the header `play R`")?;
        header(text).ok_or_else(|| {
            fault(
                line,
                format!(
                    "expected the header `play R` with R ≥ 1 rounds, got {}",
                    show(text)
                ),
            )
        })
    }

    /// Reads the `end` that closes a round.
    pub fn end(&mut self) -> Result<(), Stop> {
        let (line, text) = self.read("`end`")?;
        if text == b"end" {
            Ok(())
        } else {
            Err(fault(line, format!("expected `end`, got {}", show(text))))
        }
    }
}

/// The number of rounds R ≥ 1 of a header line `play R` (or of a bare `R`).
pub fn header(text: &[u8]) -> Option<u64> {
    let text = trim(text);
    let count = match text.strip_prefix(HEADER_WORD) {
        Some(rest) if rest.first().is_some_and(|b| is_blank(*b)) => trim(rest),
        _ => text,
    };
    number(count).filter(|&r| r >= 1)
}

/// Writes one line of ours (`text` without its line end) and flushes it.
pub fn say(out: &mut impl Write, text: &[u8]) -> Result<(), Stop> {
    out.write_all(text)
        .and_then(|()| out.write_all(b"\n"))
        .and_then(|()| out.flush())
        .map_err(|e| Stop::Fault(format!("cannot write to the referee: {e}")))
}

/// Our side: `first` when the player to move wins.
pub fn side(first: bool) -> &'static [u8] {
    if first {
        b"first"
    } else {
        b"second"
    }
}

/// Space, tab, CR or LF: what may surround a line's text.
fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
}

/// A line without its line end and the blanks around it.
pub fn trim(line: &[u8]) -> &[u8] {
    let start = line
        .iter()
        .position(|b| !is_blank(*b))
        .unwrap_or(line.len());
    let end = line
        .iter()
        .rposition(|b| !is_blank(*b))
        .map_or(start, |i| i + 1);
    &line[start..end]
}

/// A line for messages: its first 40 bytes, quoted and escaped.
pub fn show(text: &[u8]) -> String {
    let head = String::from_utf8_lossy(&text[..text.len().min(40)]).into_owned();
    if text.len() > 40 {
        format!("{head:?}... ({} bytes)", text.len())
    } else {
        format!("{head:?}")
    }
}

/// A decimal number of plain digits (no sign) that fits in 64 bits.
pub fn number(text: &[u8]) -> Option<u64> {
    if text.is_empty() || !text.iter().all(u8::is_ascii_digit) {
        return None;
    }
    text.iter().try_fold(0u64, |v, &d| {
        v.checked_mul(10)?.checked_add(u64::from(d - b'0'))
    })
}
