//! A small testlib-like toolkit for the checkers in `checkers/`.
//!
//! # Two contracts, one binary
//!
//! Every `check-<problem>` speaks two judge interfaces and tells them apart by its arguments:
//!
//! - **testlib** (Polygon, Codeforces, ejudge, PCMS2 and anything that runs testlib checkers):
//!   `check-<p> <input> <output> <answer> [<report> [-appes]]`, with `--testset T` and
//!   `--group G` allowed anywhere (read and ignored, as testlib's standard checkers do). Exit
//!   0 OK, 1 WA, 2 PE, 3 FAIL. One result line on stderr (`ok ...`, `wrong answer ...`,
//!   `presentation error ...`, `FAIL ...`). With a report file, the comment goes there as
//!   testlib writes it: the message alone, or with `-appes` testlib's XML
//!   `<?xml version="1.0" encoding="windows-1251"?><result outcome = "wrong-answer">...</result>`
//!   (outcomes `accepted`, `wrong-answer`, `presentation-error`, `fail`).
//! - **Kattis / DOMjudge output validator**:
//!   `check-<p> <input> <answer> <feedback_dir> [flags...] < team_output`. Exit 42 accepted,
//!   43 rejected (WA and PE alike), 1 for a judging error (FAIL). The result line goes to
//!   `<feedback_dir>/judgemessage.txt` (and stderr). The flags (`output_validator_flags`) are
//!   ignored: there is nothing to tune.
//!
//! The call is Kattis's when there are at least three arguments, the third is an existing
//! directory and neither of the first two is `--testset` or `--group`; otherwise it is
//! testlib's. testlib's third argument is the answer file, never a directory, so the plain
//! three-file call behaves as it always has.
//!
//! # Whose fault: PE, WA and FAIL
//!
//! The output is read as testlib's checkers read it: a sequence of tokens separated by any
//! run of spaces, tabs, CR and LF (testlib's blanks); a UTF-8 byte order mark at the very start
//! is skipped (testlib's `skipBom`). So leading spaces, blank lines, CRLF, several answers on
//! one line or one answer over several lines, trailing blanks and a missing final newline are
//! all accepted. The answers are compared token by token, in order, and the first difference
//! decides:
//!
//! - **FAIL** is the jury's fault or the judge's: a wrong command line, an input or answer
//!   file that cannot be read, is too large, or is malformed (a token of the answer that is
//!   not a valid answer token, an answer whose case count disagrees with the input), a report
//!   or feedback file that cannot be written. Nothing in the contestant's output can ever
//!   cause FAIL: the jury files are checked first, before the output is looked at.
//! - **PE** (presentation error): the output is not a sequence of answers. A token of the wrong
//!   kind or spelling (`possible.`, `04`, `Case 3 :`, bytes that are not UTF-8 or ASCII
//!   control characters, which are not blanks), an output that ends too early (testlib's
//!   "unexpected end of file"), tokens after the last answer (testlib's "extra information in
//!   the output file"), an empty, unreadable or oversized output.
//! - **WA** (wrong answer): every token read so far is well-formed, but one says something
//!   different from the jury's answer (`Impossible.` for `Possible.`, `3:` for `2:`, `4` for
//!   `lose`).
//!
//! The message names where (the output's line and the token's index on it, counted from 1),
//! what was expected and what was found, with long or binary tokens escaped and truncated so
//! the message stays one short line.
//!
//! # Memory
//!
//! Contestant output may be gigabytes. It is read up to a cap derived from the answer's size
//! ([`output_cap`]); tokens wholly inside the cap are still compared, so a wrong answer before
//! the flood is reported as such, and otherwise the verdict is PE "output too large".

use crate::words::counted;
use std::ffi::OsString;
use std::fmt;
use std::fs::File;
use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The outcome of a check: the crate's one verdict type (testlib's exit codes 0..3).
pub use crate::verdict::{Verdict, KATTIS_ACCEPT, KATTIS_ERROR, KATTIS_REJECT};

/// A verdict with the sentence that explains it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub verdict: Verdict,
    pub message: String,
}

impl Outcome {
    /// The process exit code of the verdict (testlib's).
    pub fn exit_code(&self) -> u8 {
        self.verdict.exit_code()
    }

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
        Self::new(Verdict::Wa, message)
    }
    pub fn pe(message: impl Into<String>) -> Self {
        Self::new(Verdict::Pe, message)
    }
    pub fn fail(message: impl Into<String>) -> Self {
        Self::new(Verdict::Fail, message)
    }

    /// The message on one line: any line break in it is shown escaped.
    pub fn one_line_message(&self) -> String {
        self.message.replace('\r', "\\r").replace('\n', "\\n")
    }

    /// What a testlib report file holds: the message alone (testlib writes the verdict's word
    /// only on stderr), or with `-appes` testlib's XML result.
    pub fn testlib_report(&self, appes: bool) -> String {
        let message = self.one_line_message();
        if !appes {
            return message;
        }
        let mut escaped = String::with_capacity(message.len());
        for c in message.chars() {
            match c {
                '&' => escaped.push_str("&amp;"),
                '<' => escaped.push_str("&lt;"),
                '>' => escaped.push_str("&gt;"),
                '"' => escaped.push_str("&quot;"),
                // testlib writes control characters as dots; anything beyond ASCII becomes `?`
                // here, so the declared single-byte encoding is never a lie.
                c if c.is_ascii_control() => escaped.push('.'),
                c if !c.is_ascii() => escaped.push('?'),
                c => escaped.push(c),
            }
        }
        format!(
            "<?xml version=\"1.0\" encoding=\"windows-1251\"?><result outcome = \"{}\">{escaped}</result>\n",
            self.verdict.appes_outcome()
        )
    }
}

impl fmt::Display for Outcome {
    /// `<tag> <message>` on one line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.verdict.tag(), self.one_line_message())
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

/// Reads at most `cap` bytes of `source` (and one more to learn whether there was more), so
/// a stream of any size costs at most `cap + 1` bytes of memory.
pub fn read_capped_from(source: impl Read, cap: u64) -> io::Result<Capped> {
    let mut bytes = Vec::new();
    source.take(cap.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > cap {
        bytes.truncate(cap as usize);
        Ok(Capped::Truncated(bytes))
    } else {
        Ok(Capped::Whole(bytes))
    }
}

/// [`read_capped_from`] a file.
pub fn read_capped(path: &Path, cap: u64) -> io::Result<Capped> {
    read_capped_from(File::open(path)?, cap)
}

/// Where the contestant's output is: a file (testlib) or the checker's stdin (Kattis).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutputSource {
    File(PathBuf),
    Stdin,
}

impl OutputSource {
    /// [`read_capped`] from the file or from stdin.
    pub fn read_capped(&self, cap: u64) -> io::Result<Capped> {
        match self {
            OutputSource::File(path) => read_capped(path, cap),
            OutputSource::Stdin => read_capped_from(io::stdin().lock(), cap),
        }
    }

    /// For messages: the file's path or `stdin`.
    pub fn describe(&self) -> String {
        match self {
            OutputSource::File(path) => path.display().to_string(),
            OutputSource::Stdin => "stdin".to_owned(),
        }
    }
}

/// The largest jury answer a checker accepts to read (the project's largest answers, a
/// million `Case i: x` lines, are about 20 MB).
pub const ANSWER_CAP: u64 = 512 << 20;

/// How much of the contestant's output is read for an answer of `answer_len` bytes: every
/// line may carry generous whitespace and CR, so four times the answer plus 1 MiB. An output
/// longer than that is PE "output too large", whatever it holds.
pub fn output_cap(answer_len: usize) -> u64 {
    (answer_len as u64)
        .saturating_mul(4)
        .saturating_add(1 << 20)
}

// ---------------------------------------------------------------------------------------------
// Tokens over bytes.

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

// ---------------------------------------------------------------------------------------------
// What an answer may look like.

/// One kind of token an answer may hold.
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

/// The jury's answer without a leading byte order mark.
fn answer_body(answer: &[u8]) -> &[u8] {
    answer.strip_prefix(BOM).unwrap_or(answer)
}

/// Why the jury's answer file is malformed (a FAIL: the jury's fault).
#[derive(Clone, Debug, PartialEq, Eq)]
enum AnswerError {
    /// A token of the wrong kind: where, what was expected, what was found (all for the
    /// message).
    Token {
        place: String,
        expected: String,
        found: String,
    },
    /// No token at all.
    Empty,
    /// The tokens end inside a case: how many, and how many a case has.
    Partial { tokens: usize, per_case: usize },
}

impl fmt::Display for AnswerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnswerError::Token {
                place,
                expected,
                found,
            } => write!(f, "answer {place}: expected {expected}, found {found}"),
            AnswerError::Empty => f.write_str("the answer file holds no answer"),
            AnswerError::Partial { tokens, per_case } => write!(
                f,
                "the answer file ends inside an answer ({}, {per_case} per case)",
                counted(*tokens as u64, "token")
            ),
        }
    }
}

/// Checks the jury answer's tokens against `shape` (each case is `shape.len()` tokens) and
/// counts its cases; the reason why not, for a FAIL. Nothing is stored: the comparison reads
/// the answer again.
fn answer_cases(answer: &[u8], shape: &[TokenKind]) -> Result<usize, AnswerError> {
    let mut stream = TokenStream::new(answer_body(answer));
    let mut count = 0;
    while let Some(t) = stream.next_token() {
        let kind = &shape[count % shape.len()];
        if !kind.admits(t.bytes) {
            return Err(AnswerError::Token {
                place: t.place(),
                expected: kind.describe(),
                found: show(t.bytes),
            });
        }
        count += 1;
    }
    if count == 0 {
        return Err(AnswerError::Empty);
    }
    if count % shape.len() != 0 {
        return Err(AnswerError::Partial {
            tokens: count,
            per_case: shape.len(),
        });
    }
    Ok(count / shape.len())
}

/// Compares the contestant's output with the jury's answer token by token; every case of both
/// must have `shape`. `output_truncated` says that `output` is only a prefix of the real
/// output (see [`read_capped`]); its last, possibly cut, token is then not judged.
///
/// The jury's answer is checked first: a malformed answer is FAIL.
pub fn compare_tokens(
    answer: &[u8],
    output: &[u8],
    output_truncated: bool,
    shape: &[TokenKind],
) -> Outcome {
    let cases = match answer_cases(answer, shape) {
        Ok(cases) => cases,
        Err(why) => return Outcome::fail(why.to_string()),
    };
    let mut expected = TokenStream::new(answer_body(answer));
    let output = output.strip_prefix(BOM).unwrap_or(output);
    let judged = if output_truncated {
        // Only tokens followed by a blank inside the prefix are complete.
        output
            .iter()
            .rposition(|&b| is_blank(b))
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
    let mut found = TokenStream::new(judged);
    for i in 0..cases * shape.len() {
        let want = expected
            .next_token()
            .expect("answer_cases counted the tokens");
        let (case, kind) = (i / shape.len() + 1, &shape[i % shape.len()]);
        let Some(got) = found.next_token() else {
            if output_truncated {
                return too_large(found.line());
            }
            if i == 0 {
                return Outcome::pe(format!(
                    "empty output: expected {}, the first {}, found end of output",
                    counted(cases as u64, "case"),
                    show(want.bytes)
                ));
            }
            return Outcome::pe(format!(
                "line {}: the output ends inside case {case} of {cases}: expected {}, found end of output",
                found.line(),
                show(want.bytes)
            ));
        };
        if !kind.admits(got.bytes) {
            return Outcome::pe(format!(
                "{}: expected {}, found {}",
                got.place(),
                kind.describe(),
                show(got.bytes)
            ));
        }
        if got.bytes != want.bytes {
            return Outcome::wa(format!(
                "{} (case {case}): expected {}, found {}",
                got.place(),
                show(want.bytes),
                show(got.bytes)
            ));
        }
    }
    if let Some(extra) = found.next_token() {
        return Outcome::pe(format!(
            "{}: extra output {} after the last case",
            extra.place(),
            show(extra.bytes)
        ));
    }
    if output_truncated {
        return too_large(found.line());
    }
    Outcome::ok(counted(cases as u64, "case"))
}

// ---------------------------------------------------------------------------------------------
// A whole token-by-token checker.

/// How many answers a judge input implies.
#[derive(Clone, Copy, Debug)]
pub enum CaseCount {
    /// The input is one case: one answer.
    One,
    /// The input starts with the number of cases (T, t, G): one answer per case.
    FirstNumber,
}

/// Everything that tells one token-by-token checker from another.
#[derive(Clone, Copy, Debug)]
pub struct LineChecker {
    /// The program's name, e.g. `check-tictactoe`.
    pub name: &'static str,
    /// The problem, for `--help`.
    pub problem: &'static str,
    /// What every answer looks like.
    pub shape: &'static [TokenKind],
    /// How many answers the input implies (checked against the answer: FAIL if they differ).
    pub cases: CaseCount,
}

/// The number of answers `input` implies: FAIL if the input's first token is not a count.
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
    // Every input starts with a number (N, T, G, t): the count, or the one case's size. An
    // input that does not (empty, garbage) is the jury's fault, also where it holds one case.
    let first = TokenStream::new(&head).next_token();
    let number = first.and_then(|t| std::str::from_utf8(t.bytes).ok()?.parse::<usize>().ok());
    let number = number.ok_or_else(|| {
        Outcome::fail(format!(
            "input line 1: expected a number, found {}",
            first.map_or("end of input".to_owned(), |t| show(t.bytes))
        ))
    })?;
    match cases {
        CaseCount::One => Ok(1),
        CaseCount::FirstNumber => Ok(number),
    }
}

/// Reads the jury's answer whole (FAIL if it cannot be read or is too large).
pub fn read_answer(answer: &Path) -> Result<Vec<u8>, Outcome> {
    match read_capped(answer, ANSWER_CAP) {
        Ok(Capped::Whole(b)) => Ok(b),
        Ok(Capped::Truncated(_)) => Err(Outcome::fail(format!(
            "the answer file is larger than {ANSWER_CAP} bytes"
        ))),
        Err(e) => Err(Outcome::fail(format!(
            "cannot read the answer {}: {e}",
            answer.display()
        ))),
    }
}

impl LineChecker {
    /// Judges an output: FAIL for anything wrong on the jury's side, then the output.
    pub fn judge(&self, input: &Path, answer: &Path, output: &OutputSource) -> Outcome {
        let cases = match cases_in_input(input, self.cases) {
            Ok(n) => n,
            Err(fail) => return fail,
        };
        let answer_bytes = match read_answer(answer) {
            Ok(b) => b,
            Err(fail) => return fail,
        };
        match answer_cases(&answer_bytes, self.shape) {
            Err(why) => return Outcome::fail(why.to_string()),
            Ok(answered) if answered != cases => {
                return Outcome::fail(format!(
                    "the input has {} but the answer {answered}",
                    counted(cases as u64, "case")
                ))
            }
            Ok(_) => {}
        }
        let (output_bytes, truncated) = match output.read_capped(output_cap(answer_bytes.len())) {
            Ok(Capped::Whole(b)) => (b, false),
            Ok(Capped::Truncated(b)) => (b, true),
            // The output is the contestant's side (testlib: a missing output is PE).
            Err(e) => {
                return Outcome::pe(format!("cannot read the output {}: {e}", output.describe()))
            }
        };
        compare_tokens(&answer_bytes, &output_bytes, truncated, self.shape)
    }

    /// What `--help` says about this problem, after the contracts.
    pub fn about(&self) -> String {
        let shape: Vec<String> = self.shape.iter().map(TokenKind::describe).collect();
        format!(
            "Judges an output for {problem} against the jury's answer. Each case's answer is\n\
             \x20 {shape}\n\
             and must equal the jury's, token for token. Tokens may be separated by any spaces,\n\
             tabs, CR and LF (testlib's blanks). WA: a well-formed token that differs. PE: a\n\
             token of the wrong kind or spelling, too few or too many tokens, an oversized output.",
            problem = self.problem,
            shape = shape.join(", then "),
        )
    }

    /// The whole program: arguments, `--help`, judging, the result and the exit code.
    pub fn main(&self) -> ExitCode {
        run(self.name, &self.about(), |input, answer, output| {
            self.judge(input, answer, output)
        })
    }
}

// ---------------------------------------------------------------------------------------------
// The contracts.

/// How a checker was called.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Contract {
    /// `<input> <output> <answer> [<report> [-appes]]` (testlib), `--testset`/`--group` dropped.
    Testlib {
        input: PathBuf,
        output: PathBuf,
        answer: PathBuf,
        /// The report file, and whether it is testlib's `-appes` XML.
        report: Option<(PathBuf, bool)>,
    },
    /// `<input> <answer> <feedback_dir> [flags...]` with the output on stdin (Kattis).
    Kattis {
        input: PathBuf,
        answer: PathBuf,
        feedback_dir: PathBuf,
        /// `output_validator_flags`: accepted and ignored.
        flags: Vec<OsString>,
    },
}

/// Why a checker's command line is neither contract.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ContractError {
    /// `--testset` without a value.
    NoTestset,
    /// `--group` without a value.
    NoGroup,
    /// A fifth argument other than `-appes`.
    FifthArgument(PathBuf),
    /// Neither 3 to 5 testlib arguments nor Kattis' three.
    ArgumentCount(usize),
}

impl fmt::Display for ContractError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ContractError::NoTestset => f.write_str("expected a testset after --testset"),
            ContractError::NoGroup => f.write_str("expected a group after --group"),
            ContractError::FifthArgument(arg) => write!(
                f,
                "the fifth argument must be -appes, got `{}`",
                arg.display()
            ),
            ContractError::ArgumentCount(n) => write!(
                f,
                "expected <input> <output> <answer> [<report> [-appes]] (testlib) or \
                 <input> <answer> <feedback_dir> (Kattis, an existing directory), got {n} argument{}", if *n == 1 { "" } else { "s" }
            ),
        }
    }
}

impl std::error::Error for ContractError {}

/// Reads the command line (without the program name) as one of the two contracts.
pub fn parse_contract(args: &[OsString]) -> Result<Contract, ContractError> {
    let is_testlib_option = |a: &OsString| a == "--testset" || a == "--group";
    if args.len() >= 3 && !args[..2].iter().any(is_testlib_option) && Path::new(&args[2]).is_dir() {
        return Ok(Contract::Kattis {
            input: PathBuf::from(&args[0]),
            answer: PathBuf::from(&args[1]),
            feedback_dir: PathBuf::from(&args[2]),
            flags: args[3..].to_vec(),
        });
    }
    let mut positional = Vec::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        if arg == "--testset" {
            match rest.next() {
                Some(value) if !value.is_empty() => {}
                _ => return Err(ContractError::NoTestset),
            }
        } else if arg == "--group" {
            if rest.next().is_none() {
                return Err(ContractError::NoGroup);
            }
        } else {
            positional.push(PathBuf::from(arg));
        }
    }
    let report = match positional.len() {
        3 => None,
        4 => Some((positional[3].clone(), false)),
        5 if positional[4] == Path::new("-appes") || positional[4] == Path::new("-APPES") => {
            Some((positional[3].clone(), true))
        }
        5 => return Err(ContractError::FifthArgument(positional[4].clone())),
        n => return Err(ContractError::ArgumentCount(n)),
    };
    Ok(Contract::Testlib {
        input: positional[0].clone(),
        output: positional[1].clone(),
        answer: positional[2].clone(),
        report,
    })
}

/// The usage text of checker `name`, with `about` describing its problem.
pub fn usage(name: &str, about: &str) -> String {
    format!(
        "usage: {name} <input> <output> <answer> [<report> [-appes]]       (testlib)\n\
         \x20      {name} <input> <answer> <feedback_dir> [flags...] < output  (Kattis, DOMjudge)\n\
         \n\
         {about}\n\
         \n\
         testlib: --testset T and --group G may stand anywhere and are ignored. One result\n\
         line on stderr; exit 0 ok, 1 wrong answer, 2 presentation error, 3 FAIL (the jury's\n\
         or the judge's fault: bad command line, unreadable or malformed input/answer). A report\n\
         file gets the message (with -appes, testlib's XML <result outcome = \"...\">).\n\
         Kattis: chosen when the third argument is an existing directory. The output is read\n\
         from stdin; exit 42 accepted, 43 rejected (wrong answer or presentation error), 1 on a\n\
         judging error; the result line goes to <feedback_dir>/judgemessage.txt. Flags after\n\
         the directory are ignored."
    )
}

/// The whole program of a checker: `--help`, the contract, `judge(input, answer, output)`,
/// and the result where the contract wants it.
pub fn run(
    name: &str,
    about: &str,
    judge: impl Fn(&Path, &Path, &OutputSource) -> Outcome,
) -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        // A closed pipe (`--help | head -1`) is no error of ours: no panic.
        let _ = writeln!(std::io::stdout(), "{}", usage(name, about));
        return ExitCode::SUCCESS;
    }
    match parse_contract(&args) {
        Err(why) => quit(Verdict::Fail, &format!("{name}: {why}")),
        Ok(Contract::Testlib {
            input,
            output,
            answer,
            report,
        }) => {
            let outcome = judge(&input, &answer, &OutputSource::File(output));
            if let Some((path, appes)) = report {
                if let Err(e) = std::fs::write(&path, outcome.testlib_report(appes)) {
                    return quit(
                        Verdict::Fail,
                        &format!(
                            "{name}: cannot write the report {}: {e} (verdict was: {outcome})",
                            path.display()
                        ),
                    );
                }
            }
            finish(outcome)
        }
        Ok(Contract::Kattis {
            input,
            answer,
            feedback_dir,
            flags: _,
        }) => {
            if std::io::stdin().is_terminal() {
                // A Kattis call reads the team's output on stdin; a terminal there is a person
                // who gave a directory as testlib's answer path or forgot `< output`: a judging
                // error at once, not a wait on the keyboard.
                eprintln!(
                    "FAIL {name}: the third argument {} is a directory, so this is the Kattis \
                     contract, which reads the output on stdin, but stdin is a terminal \
                     (testlib: <input> <output> <answer file>)",
                    feedback_dir.display()
                );
                return ExitCode::from(KATTIS_ERROR);
            }
            let outcome = judge(&input, &answer, &OutputSource::Stdin);
            let path = feedback_dir.join("judgemessage.txt");
            if let Err(e) = std::fs::write(&path, format!("{outcome}\n")) {
                eprintln!(
                    "FAIL {name}: cannot write {}: {e} (verdict was: {outcome})",
                    path.display()
                );
                return ExitCode::from(KATTIS_ERROR);
            }
            eprintln!("{outcome}");
            ExitCode::from(outcome.verdict.kattis_exit_code())
        }
    }
}
