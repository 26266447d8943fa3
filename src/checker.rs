//! A small testlib-like toolkit for the checkers in `checkers/`.
//!
//! # Interface
//!
//! A checker is run as `check-<problem> <input> <output> <answer>`: the judge input, the
//! contestant's output and the jury's answer, three file paths (testlib's order). It prints
//! exactly **one line on stderr** — where testlib writes its result line, and where
//! Polygon-style judges take the checker's comment from — and exits with the verdict's code:
//!
//! | verdict | exit | the line starts with |
//! |---|---|---|
//! | [`Verdict::Ok`] | 0 | `ok` |
//! | [`Verdict::WrongAnswer`] | 1 | `wrong answer` |
//! | [`Verdict::PresentationError`] | 2 | `presentation error` |
//! | [`Verdict::Fail`] | 3 | `FAIL` |
//!
//! Nothing is written on stdout except by `--help`.
//!
//! # Whose fault: PE, WA and FAIL
//!
//! - **FAIL** is the jury's fault or the judge's: a wrong command line, an input or answer
//!   file that cannot be read, is too large, or is malformed (a line of the answer that is
//!   not a valid answer line, an answer whose line count disagrees with the input).
//!   Nothing in the contestant's output can ever cause FAIL: the jury files are checked
//!   first, before the output is looked at.
//! - **PE** (presentation error): the output does not have the *shape* of an answer. A line
//!   that is not a well-formed answer line (a token of the wrong kind or spelling, such as
//!   `possible.` or `04`, bytes that are not UTF-8, leading whitespace, two spaces or a tab
//!   between tokens, an empty line), a missing line, an extra line, an unreadable or
//!   oversized output file.
//! - **WA** (wrong answer): every line is well-formed, but a line says something different
//!   from the jury's answer (`Impossible.` for `Possible.`, `Case 3:` on line 2, `4` for `lose`).
//!
//! What is tolerated everywhere: trailing spaces and tabs at the end of a line, CRLF line ends,
//! a missing final newline, and blank lines after the last answer line.
//!
//! The first difference in line order decides the verdict; the message names the line
//! (and the token, counted from 1), what was expected and what was found, with long or
//! binary tokens escaped and truncated so the message stays one short line.
//!
//! # Memory
//!
//! Contestant output may be gigabytes. It is read up to a cap derived from the answer's size
//! ([`output_cap`]); lines wholly inside the cap are still compared, so a wrong line before
//! the flood is reported as such, and otherwise the verdict is PE "output too large".

use std::fmt;
use std::fs::File;
use std::io::{self, Read};
use std::path::Path;
use std::process::ExitCode;

/// The outcome of a check, with testlib's exit codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Ok,
    WrongAnswer,
    PresentationError,
    Fail,
}

impl Verdict {
    /// The process exit code: 0 OK, 1 WA, 2 PE, 3 FAIL (testlib's `_ok`, `_wa`, `_pe`, `_fail`).
    pub fn exit_code(self) -> u8 {
        match self {
            Verdict::Ok => 0,
            Verdict::WrongAnswer => 1,
            Verdict::PresentationError => 2,
            Verdict::Fail => 3,
        }
    }

    /// The word(s) that start the result line.
    pub fn tag(self) -> &'static str {
        match self {
            Verdict::Ok => "ok",
            Verdict::WrongAnswer => "wrong answer",
            Verdict::PresentationError => "presentation error",
            Verdict::Fail => "FAIL",
        }
    }
}

/// A verdict with the sentence that explains it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub verdict: Verdict,
    pub message: String,
}

impl Outcome {
    pub fn new(verdict: Verdict, message: impl Into<String>) -> Self {
        Outcome {
            verdict,
            message: message.into(),
        }
    }
    pub fn ok(message: impl Into<String>) -> Self {
        Self::new(Verdict::Ok, message)
    }
    pub fn wa(message: impl Into<String>) -> Self {
        Self::new(Verdict::WrongAnswer, message)
    }
    pub fn pe(message: impl Into<String>) -> Self {
        Self::new(Verdict::PresentationError, message)
    }
    pub fn fail(message: impl Into<String>) -> Self {
        Self::new(Verdict::Fail, message)
    }
}

impl fmt::Display for Outcome {
    /// `<tag> <message>` on one line: any line break in the message is shown escaped.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let one_line = self.message.replace('\r', "\\r").replace('\n', "\\n");
        write!(f, "{} {}", self.verdict.tag(), one_line)
    }
}

/// Prints the result line on stderr and returns the verdict's exit code, for `main`.
pub fn quit(verdict: Verdict, message: &str) -> ExitCode {
    finish(Outcome::new(verdict, message))
}

/// [`quit`] for an [`Outcome`].
pub fn finish(outcome: Outcome) -> ExitCode {
    eprintln!("{outcome}");
    ExitCode::from(outcome.verdict.exit_code())
}

// ---------------------------------------------------------------------------------------------
// Reading files with a cap.

/// What [`read_capped`] found.
#[derive(Debug)]
pub enum Capped {
    /// The whole file, at most `cap` bytes.
    Whole(Vec<u8>),
    /// The file is longer than `cap`: its first `cap` bytes.
    Truncated(Vec<u8>),
}

/// Reads at most `cap` bytes of `path` (and one more to learn whether there was more), so a
/// file of any size costs at most `cap + 1` bytes of memory.
pub fn read_capped(path: &Path, cap: u64) -> io::Result<Capped> {
    let file = File::open(path)?;
    let mut bytes = Vec::new();
    file.take(cap.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > cap {
        bytes.truncate(cap as usize);
        Ok(Capped::Truncated(bytes))
    } else {
        Ok(Capped::Whole(bytes))
    }
}

/// The largest jury answer a checker accepts to read (the project's largest answers, a
/// million `Case i: x` lines, are about 20 MB).
pub const ANSWER_CAP: u64 = 512 << 20;

/// How much of the contestant's output is read for an answer of `answer_len` bytes: every
/// line may carry generous trailing whitespace and CR, so four times the answer plus 1 MiB.
/// An output longer than that cannot be a tolerated variant of the answer.
pub fn output_cap(answer_len: usize) -> u64 {
    (answer_len as u64)
        .saturating_mul(4)
        .saturating_add(1 << 20)
}

// ---------------------------------------------------------------------------------------------
// Lines and tokens over bytes.

/// Is `b` whitespace that may trail a line (space, tab, the CR of a CRLF)?
fn is_trailing_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r')
}

/// One line of a file: its 1-based number and its bytes without the line end and without
/// trailing blanks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line<'a> {
    pub number: usize,
    pub text: &'a [u8],
}

/// The lines of `bytes` split at `\n`, each stripped of trailing spaces, tabs and CR. A final
/// line without `\n` is still a line; the empty piece after a final `\n` is not.
pub fn lines(bytes: &[u8]) -> impl Iterator<Item = Line<'_>> {
    let body = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let pieces = if bytes.is_empty() {
        None
    } else {
        Some(body.split(|&b| b == b'\n'))
    };
    pieces.into_iter().flatten().enumerate().map(|(i, raw)| {
        let keep = raw
            .iter()
            .rposition(|&b| !is_trailing_blank(b))
            .map_or(0, |p| p + 1);
        Line {
            number: i + 1,
            text: &raw[..keep],
        }
    })
}

/// A token with where it stands: 1-based line number and 1-based index within its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    pub line: usize,
    pub index: usize,
    pub bytes: &'a [u8],
}

/// A stream of whitespace-separated tokens over arbitrary bytes (not necessarily UTF-8),
/// tracking line and token numbers, for checkers that read free-form output (testlib's
/// `readToken` style). Whitespace is space, tab, CR, LF, vertical tab and form feed.
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
            if !b.is_ascii_whitespace() && b != 0x0b {
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
            if b.is_ascii_whitespace() || b == 0x0b {
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

    /// Is there nothing but whitespace left?
    pub fn at_end(&mut self) -> bool {
        self.skip_blanks();
        self.pos >= self.bytes.len()
    }
}

/// Bytes shown in a message: printable ASCII as is, anything else escaped (`\xff`, `\t`),
/// cut after a few dozen characters with the full length appended.
pub fn show(bytes: &[u8]) -> String {
    const SHOWN: usize = 40;
    let head = &bytes[..bytes.len().min(SHOWN)];
    let mut text = format!("`{}`", head.escape_ascii());
    if bytes.len() > SHOWN {
        text = format!("`{}...` ({} bytes)", head.escape_ascii(), bytes.len());
    }
    text
}

// ---------------------------------------------------------------------------------------------
// What an answer line may look like.

/// One kind of token an answer line may hold.
#[derive(Clone, Copy, Debug)]
pub enum TokenKind {
    /// Exactly one of these words (case-sensitive).
    OneOf(&'static [&'static str]),
    /// A positive decimal integer without sign or leading zeros, followed by `:` (`7:`).
    CaseLabel,
    /// A positive decimal integer without sign or leading zeros, or the given word.
    PositiveOr(&'static str),
}

/// A positive decimal integer written canonically: digits only, no leading zero. Any length
/// (the checker compares bytes, it never converts, so nothing can overflow).
fn is_positive_decimal(t: &[u8]) -> bool {
    !t.is_empty() && t[0] != b'0' && t.iter().all(u8::is_ascii_digit)
}

impl TokenKind {
    /// Does token `t` have this kind?
    pub fn admits(&self, t: &[u8]) -> bool {
        match *self {
            TokenKind::OneOf(words) => words.iter().any(|w| w.as_bytes() == t),
            TokenKind::CaseLabel => t.strip_suffix(b":").is_some_and(is_positive_decimal),
            TokenKind::PositiveOr(word) => t == word.as_bytes() || is_positive_decimal(t),
        }
    }

    /// Names the kind for a message.
    pub fn describe(&self) -> String {
        match *self {
            TokenKind::OneOf(words) => {
                let quoted: Vec<String> = words.iter().map(|w| format!("`{w}`")).collect();
                quoted.join(" or ")
            }
            TokenKind::CaseLabel => "a case label like `1:`".to_owned(),
            TokenKind::PositiveOr(word) => format!("a positive integer or `{word}`"),
        }
    }
}

/// Why line `line` is not a well-formed answer line, as `line L[ token T]: what is wrong`.
fn malformation(line: &Line<'_>, shape: &[TokenKind]) -> Option<String> {
    let (text, number) = (line.text, line.number);
    if text.is_empty() {
        return Some(format!("line {number}: empty line"));
    }
    if text[0] == b' ' || text[0] == b'\t' {
        return Some(format!("line {number}: leading whitespace"));
    }
    if text.windows(2).any(|w| w == b"  ") || text.contains(&b'\t') {
        return Some(format!(
            "line {number}: tokens must be separated by a single space"
        ));
    }
    let tokens: Vec<&[u8]> = text.split(|&b| b == b' ').collect();
    for (i, (token, kind)) in tokens.iter().zip(shape).enumerate() {
        if !kind.admits(token) {
            return Some(format!(
                "line {number} token {}: expected {}, found {}",
                i + 1,
                kind.describe(),
                show(token)
            ));
        }
    }
    if tokens.len() != shape.len() {
        return Some(format!(
            "line {number}: expected {} token(s), found {}",
            shape.len(),
            tokens.len()
        ));
    }
    None
}

/// An answer file's lines, without the blank lines that may trail it.
fn answer_lines(bytes: &[u8]) -> Vec<Line<'_>> {
    let mut all: Vec<Line<'_>> = lines(bytes).collect();
    while all.last().is_some_and(|l| l.text.is_empty()) {
        all.pop();
    }
    all
}

/// Compares the contestant's output with the jury's answer line by line; every line of both
/// must have `shape`. `output_truncated` says that `output` is only a prefix of the real
/// output (see [`read_capped`]); its last, possibly cut, line is then not judged.
///
/// The jury's answer is checked first: a malformed answer line is FAIL.
pub fn compare_lines(
    answer: &[u8],
    output: &[u8],
    output_truncated: bool,
    shape: &[TokenKind],
) -> Outcome {
    let expected = answer_lines(answer);
    if expected.is_empty() {
        return Outcome::fail("the answer file holds no line");
    }
    if let Some(why) = expected.iter().find_map(|l| malformation(l, shape)) {
        return Outcome::fail(format!("answer {why}"));
    }
    let judged = if output_truncated {
        // Only lines ended by a newline inside the prefix are complete.
        output
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(&output[..0], |p| &output[..=p])
    } else {
        output
    };
    let too_large = |line: usize| {
        Outcome::pe(format!(
            "line {line}: output too large (more than {} bytes; the answer has {})",
            output.len(),
            answer.len()
        ))
    };
    let mut found = lines(judged);
    for want in &expected {
        let Some(got) = found.next() else {
            if output_truncated {
                return too_large(want.number);
            }
            return Outcome::pe(format!(
                "line {}: expected {}, found end of output",
                want.number,
                show(want.text)
            ));
        };
        if let Some(why) = malformation(&got, shape) {
            return Outcome::pe(why);
        }
        let pairs = want
            .text
            .split(|&b| b == b' ')
            .zip(got.text.split(|&b| b == b' '));
        if let Some((i, (w, g))) = pairs.enumerate().find(|(_, (w, g))| w != g) {
            return Outcome::wa(format!(
                "line {} token {}: expected {}, found {}",
                got.number,
                i + 1,
                show(w),
                show(g)
            ));
        }
    }
    if let Some(extra) = found.find(|l| !l.text.is_empty()) {
        return Outcome::pe(format!(
            "line {}: extra output {}",
            extra.number,
            show(extra.text)
        ));
    }
    if output_truncated {
        return too_large(expected.len() + 1);
    }
    Outcome::ok(format!("{} line(s)", expected.len()))
}

// ---------------------------------------------------------------------------------------------
// A whole line-by-line checker.

/// How many answer lines a judge input implies.
#[derive(Clone, Copy, Debug)]
pub enum CaseCount {
    /// The input is one case: one answer line.
    One,
    /// The input starts with the number of cases (T, t, G): one answer line per case.
    FirstNumber,
}

/// Everything that tells one line-by-line checker from another.
#[derive(Clone, Copy, Debug)]
pub struct LineChecker {
    /// The program's name, e.g. `check-tictactoe`.
    pub name: &'static str,
    /// The problem, for `--help`.
    pub problem: &'static str,
    /// What every answer line looks like.
    pub shape: &'static [TokenKind],
    /// How many answer lines the input implies (checked against the answer: FAIL if they differ).
    pub cases: CaseCount,
}

/// The number of answer lines `input` implies: FAIL if the input's first token is not a count.
fn cases_in_input(path: &Path, cases: CaseCount) -> Result<usize, Outcome> {
    // The count is the first token; a few kilobytes hold it even after leading whitespace.
    let head = match read_capped(path, 1 << 16) {
        Ok(Capped::Whole(b) | Capped::Truncated(b)) => b,
        Err(e) => {
            return Err(Outcome::fail(format!(
                "cannot read the input {}: {e}",
                path.display()
            )))
        }
    };
    match cases {
        CaseCount::One => Ok(1),
        CaseCount::FirstNumber => {
            let first = TokenStream::new(&head).next_token();
            let count =
                first.and_then(|t| std::str::from_utf8(t.bytes).ok()?.parse::<usize>().ok());
            count.ok_or_else(|| {
                Outcome::fail(format!(
                    "input line 1: expected the number of cases, found {}",
                    first.map_or("end of input".to_owned(), |t| show(t.bytes))
                ))
            })
        }
    }
}

impl LineChecker {
    /// Judges the three files: FAIL for anything wrong on the jury's side, then the output.
    pub fn judge(&self, input: &Path, output: &Path, answer: &Path) -> Outcome {
        let cases = match cases_in_input(input, self.cases) {
            Ok(n) => n,
            Err(fail) => return fail,
        };
        let answer_bytes = match read_capped(answer, ANSWER_CAP) {
            Ok(Capped::Whole(b)) => b,
            Ok(Capped::Truncated(_)) => {
                return Outcome::fail(format!("the answer file is larger than {ANSWER_CAP} bytes"))
            }
            Err(e) => {
                return Outcome::fail(format!("cannot read the answer {}: {e}", answer.display()))
            }
        };
        let answer_count = answer_lines(&answer_bytes).len();
        if answer_count != cases {
            return Outcome::fail(format!(
                "the input has {cases} case(s) but the answer {answer_count} line(s)"
            ));
        }
        let (output_bytes, truncated) = match read_capped(output, output_cap(answer_bytes.len())) {
            Ok(Capped::Whole(b)) => (b, false),
            Ok(Capped::Truncated(b)) => (b, true),
            // The output file is the contestant's side (testlib: a missing output is PE).
            Err(e) => {
                return Outcome::pe(format!("cannot read the output {}: {e}", output.display()))
            }
        };
        compare_lines(&answer_bytes, &output_bytes, truncated, self.shape)
    }

    fn usage(&self) -> String {
        let shape: Vec<String> = self.shape.iter().map(TokenKind::describe).collect();
        format!(
            "usage: {name} <input> <output> <answer>\n\
             \n\
             Judges an output for {problem}\n\
             against the jury's answer, line by line. Every line must be\n\
             \x20 {shape}\n\
             (tokens separated by single spaces) and equal the answer's line. Tolerated:\n\
             trailing spaces and tabs, CRLF, no final newline, blank lines at the end.\n\
             \n\
             Prints one line on stderr and exits with the verdict (testlib's codes):\n\
             \x20 0 ok, 1 wrong answer (a well-formed line that differs),\n\
             \x20 2 presentation error (malformed, missing or extra lines, oversized output),\n\
             \x20 3 FAIL (bad command line, unreadable or malformed input/answer).",
            name = self.name,
            problem = self.problem,
            shape = shape.join(", then "),
        )
    }

    /// The whole program: arguments, `--help`, judging, the result line and the exit code.
    pub fn main(&self) -> ExitCode {
        let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
        if args.iter().any(|a| a == "--help" || a == "-h") {
            println!("{}", self.usage());
            return ExitCode::SUCCESS;
        }
        let [input, output, answer] = args.as_slice() else {
            return quit(
                Verdict::Fail,
                &format!(
                    "{}: expected 3 arguments <input> <output> <answer>, got {}",
                    self.name,
                    args.len()
                ),
            );
        };
        finish(self.judge(Path::new(input), Path::new(output), Path::new(answer)))
    }
}
