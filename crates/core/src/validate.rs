//! Input validators: `validate-<problem>` for the problems (problems.md), strict where
//! the solutions are lenient.
//!
//! # Contract (Kattis / DOMjudge input validators)
//!
//! `validate-<problem> [--project] [--testlib] [flags...] < input`: exit 42 when the input is
//! valid, 43 when it is not, with one line on stderr saying why (`validate-coloring: line 2:
//! expected 5 digits, got 4`); exit 1 if stdin cannot be read. Nothing is printed for a valid
//! input. Any other argument (Kattis `input_validator_flags`, a `--`, `key=value`) is ignored.
//!
//! # Contract (testlib / Polygon input validators), `--testlib`
//!
//! The same checks and message, but exit 0 when the input is valid and 3 when it is not: what a
//! testlib validator (`registerValidation`) does, since testlib turns every error on the input
//! stream into `_fail`, exit code 3, and Polygon takes any non-zero exit as "invalid".
//!
//! # Format
//!
//! Exactly the format of problems.md: one record per line as shown, fields separated by one
//! space, LF line ends (no CR), a final newline, nothing after the last record (no blank line),
//! no leading or trailing spaces, tabs or byte order mark. Integers are plain decimal digits
//! without sign or leading zeros.
//!
//! # Limits
//!
//! By default the judge's limits (the original problems'), or with `--project` the project's
//! larger ones; [`Limits`] lists both. Beyond the format, each validator checks what the
//! statement promises: a tictactoe strip reachable by legal play (no `XX`, no `OO`), a proper
//! colouring with exactly N digits, knights on the board, square race boards with one `A` and
//! one `B` and B's start reachable from A's, subtraction's k an integer (judge) or a rational
//! k ≥ 1 (project).

// In the prelude from edition 2021 only; the bundled validators also build with 2018.
use std::convert::TryFrom;
use std::io::{self, Read, Write};
use std::ops::RangeInclusive;
use std::process::ExitCode;

/// Exit codes of a Kattis input validator.
pub const VALID: u8 = 42;
pub const INVALID: u8 = 43;
/// The input could not be read (not the input's fault).
pub const ERROR: u8 = 1;
/// Exit codes of a testlib input validator (`--testlib`): 0, and testlib's `_fail` (3).
pub const TESTLIB_VALID: u8 = 0;
pub const TESTLIB_INVALID: u8 = 3;

/// Which limits a validator holds the input to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limits {
    /// The original judges' limits (the default).
    Judge,
    /// The project's larger limits (`--project`).
    Project,
}

/// Why an input is not accepted.
#[derive(Debug)]
pub enum Reject {
    /// The input breaks the format or a limit: one line why.
    Invalid(String),
    /// Reading stdin failed.
    Io(io::Error),
}

/// A validator step: the input so far is valid, or why not.
pub type Result<T> = std::result::Result<T, Reject>;

impl Limits {
    /// The judge's or the project's number of a `[judge, project]` pair.
    pub fn pick(self, pair: [u64; 2]) -> u64 {
        match self {
            Limits::Judge => pair[0],
            Limits::Project => pair[1],
        }
    }
}

/// Bytes shown in a message: escaped, cut after 20 characters.
pub fn shown(bytes: &[u8]) -> String {
    format!("`{}`", crate::escape::head(bytes, 20))
}

/// What a byte found where something else was expected is, for a message.
fn describe(b: Option<u8>) -> String {
    match b {
        None => "end of input".to_owned(),
        Some(b'\n') => "the end of the line".to_owned(),
        Some(b' ') => "a space".to_owned(),
        Some(b'\t') => "a tab".to_owned(),
        Some(b'\r') => "a CR (`\\r`; line ends must be LF only)".to_owned(),
        Some(b) => shown(&[b]),
    }
}

/// A strict reader over the input: a 64 KiB buffer, the current line number, and an optional
/// cap on the total size.
pub struct Input<'a> {
    source: &'a mut dyn Read,
    buf: Vec<u8>,
    pos: usize,
    len: usize,
    eof: bool,
    line: u64,
    read: u64,
    max_bytes: Option<u64>,
}

impl<'a> Input<'a> {
    pub fn new(source: &'a mut dyn Read, max_bytes: Option<u64>) -> Self {
        Input {
            source,
            buf: vec![0; 1 << 16],
            pos: 0,
            len: 0,
            eof: false,
            line: 1,
            read: 0,
            max_bytes,
        }
    }

    /// `line L: why`, as a rejection.
    pub fn invalid<T>(&self, why: impl std::fmt::Display) -> Result<T> {
        Err(Reject::Invalid(format!("line {}: {why}", self.line)))
    }

    /// Makes sure a byte is buffered unless the input has ended.
    pub fn fill(&mut self) -> Result<()> {
        while self.pos == self.len && !self.eof {
            let n = loop {
                match self.source.read(&mut self.buf) {
                    Ok(n) => break n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(Reject::Io(e)),
                }
            };
            self.pos = 0;
            self.len = n;
            self.eof = n == 0;
            self.read += n as u64;
            if let Some(max) = self.max_bytes.filter(|&max| self.read > max) {
                return Err(Reject::Invalid(format!(
                    "the input is larger than {max} bytes"
                )));
            }
        }
        Ok(())
    }

    pub fn peek(&mut self) -> Result<Option<u8>> {
        self.fill()?;
        Ok((self.pos < self.len).then(|| self.buf[self.pos]))
    }

    /// Moves past the byte [`peek`](Self::peek) returned.
    pub fn bump(&mut self) {
        if self.buf[self.pos] == b'\n' {
            self.line += 1;
        }
        self.pos += 1;
    }

    /// A decimal integer `name` in `range`: digits only, no sign, no leading zero.
    pub fn number(&mut self, name: &str, range: RangeInclusive<u64>) -> Result<u64> {
        let mut digits = Vec::new();
        let mut value: u128 = 0;
        while let Some(b) = self.peek()? {
            if !b.is_ascii_digit() {
                break;
            }
            if digits.len() < 40 {
                digits.push(b);
            }
            value = (value * 10 + u128::from(b - b'0')).min(u128::from(u64::MAX) + 1);
            self.bump();
        }
        if digits.is_empty() {
            let found = self.peek()?;
            return match found {
                Some(b'-' | b'+') => self.invalid(format!("{name} has a sign")),
                Some(b' ') => self.invalid(format!(
                    "expected {name}, found a space (fields are separated by one space)"
                )),
                _ => self.invalid(format!(
                    "expected {name} (a decimal integer), found {}",
                    describe(found)
                )),
            };
        }
        if digits.len() > 1 && digits[0] == b'0' {
            return self.invalid(format!("{name} = {} has a leading zero", shown(&digits)));
        }
        match u64::try_from(value) {
            Ok(v) if range.contains(&v) => Ok(v),
            _ => self.invalid(format!(
                "{name} = {} is outside {} to {}",
                String::from_utf8_lossy(&digits),
                range.start(),
                range.end()
            )),
        }
    }

    /// A token of at most 64 bytes that ends at a space, a line end or the end of the input
    /// (not consumed); longer tokens are cut for the message.
    pub fn token(&mut self, name: &str) -> Result<Vec<u8>> {
        let mut token = Vec::new();
        while let Some(b) = self.peek()? {
            if matches!(b, b' ' | b'\n' | b'\r' | b'\t') {
                break;
            }
            if token.len() <= 64 {
                token.push(b);
            }
            self.bump();
        }
        if token.is_empty() {
            let found = self.peek()?;
            let why = match found {
                Some(b' ') => " (fields are separated by one space)",
                _ => "",
            };
            return self.invalid(format!("expected {name}, found {}{why}", describe(found)));
        }
        Ok(token)
    }

    /// Exactly one space before `next`.
    pub fn space(&mut self, next: &str) -> Result<()> {
        match self.peek()? {
            Some(b' ') => {
                self.bump();
                Ok(())
            }
            found => self.invalid(format!(
                "expected one space and then {next}, found {}",
                describe(found)
            )),
        }
    }

    /// The end of the line: one LF.
    pub fn newline(&mut self) -> Result<()> {
        match self.peek()? {
            Some(b'\n') => {
                self.bump();
                Ok(())
            }
            None => self.invalid("the last line has no final newline"),
            Some(b' ') => {
                self.bump();
                match self.peek()? {
                    Some(b'\n') | None => self.invalid("trailing space at the end of the line"),
                    Some(b' ') => self.invalid("two spaces (trailing spaces or a double space)"),
                    _ => self.invalid("an extra field after the last one on the line"),
                }
            }
            found => self.invalid(format!(
                "expected the end of the line, found {}",
                describe(found)
            )),
        }
    }

    /// Nothing after the last record.
    pub fn end(&mut self, after: &str) -> Result<()> {
        match self.peek()? {
            None => Ok(()),
            Some(b'\n') => self.invalid(format!("a blank line after {after}")),
            found => self.invalid(format!(
                "expected the end of the input after {after}, found {}",
                describe(found)
            )),
        }
    }

    /// Streams the current line's bytes (its LF excluded) through `visit`, chunk by chunk,
    /// then consumes the LF. `visit` rejects with a reason (`line L: ` is added).
    pub fn line_bytes(
        &mut self,
        mut visit: impl FnMut(&[u8]) -> std::result::Result<(), String>,
    ) -> Result<()> {
        loop {
            self.fill()?;
            if self.pos == self.len {
                return self.invalid("the last line has no final newline");
            }
            let chunk = &self.buf[self.pos..self.len];
            let (body, ends) = match chunk.iter().position(|&b| b == b'\n') {
                Some(p) => (&chunk[..p], true),
                None => (chunk, false),
            };
            let taken = body.len();
            if let Err(why) = visit(body) {
                return self.invalid(why);
            }
            self.pos += taken;
            if ends {
                self.bump();
                return Ok(());
            }
        }
    }

    /// Whether the input has ended.
    pub fn at_end(&mut self) -> Result<bool> {
        Ok(self.peek()?.is_none())
    }

    /// The current line number (1-based).
    pub fn line(&self) -> u64 {
        self.line
    }
}

/// What an unexpected byte inside a line of cells is, for a message.
pub fn stray(b: u8, allowed: &str) -> String {
    match b {
        b' ' => format!("a space among the cells (cells are {allowed}, nothing between them)"),
        b'\r' => "a CR (`\\r`; line ends must be LF only)".to_owned(),
        b'\t' => "a tab among the cells".to_owned(),
        _ => format!("{} is not a cell ({allowed})", shown(&[b])),
    }
}

/// One problem's validator: each game's crate defines one (its `validate` module), and the
/// registry names it. Std only (the validators are bundled into judge packages with plain
/// `rustc`).
pub struct Validator {
    pub name: &'static str,
    /// Reads the whole input, after the byte-level checks [`validate`] makes.
    pub check: fn(&mut Input, Limits) -> Result<()>,
    /// The format line of `--help`.
    pub format: fn(Limits) -> String,
    /// A cap on the whole input under `--project`, where the format has one.
    pub project_max_bytes: Option<u64>,
    /// A narrower input a package may ask for by a flag, where the problem has one.
    pub restriction: Option<Restriction>,
}

/// A package's narrowing of a problem's inputs, asked for by `FLAG VALUE` among the
/// validator's arguments (a package's `input_validator_flags`): `check(first_line, value)`
/// says why an otherwise valid input is outside it.
pub struct Restriction {
    pub flag: &'static str,
    pub values: &'static [&'static str],
    pub what: &'static str,
    pub check: fn(&str, &str) -> std::result::Result<(), String>,
}

/// Validates `source` as an input of `problem` under `limits`.
pub fn validate(problem: &Validator, limits: Limits, mut source: impl Read) -> Result<()> {
    let max_bytes = match limits {
        Limits::Project => problem.project_max_bytes,
        Limits::Judge => None,
    };
    let mut input = Input::new(&mut source, max_bytes);
    // No format starts with a non-ASCII byte; 0xEF opens a UTF-8 byte-order mark (an editor's),
    // which the solutions skip and a judge input must not hold: named as what it likely is.
    if input.peek()? == Some(0xEF) {
        return input.invalid(
            "the input opens with byte `\\xef`, as a UTF-8 byte-order mark does (save it without one)",
        );
    }
    (problem.check)(&mut input, limits)
}

/// The usage text of `validate-<problem>`.
pub fn usage(problem: &Validator) -> String {
    let name = problem.name;
    format!(
        "usage: validate-{name} [--project] [--testlib] [flags...] < input\n\
         \n\
         Validates a judge input for {name} (Kattis/DOMjudge input validator): exit 42 if it\n\
         is valid, 43 if not with one line on stderr saying why, 1 if stdin cannot be read\n\
         or a flag is misused.\n\
         --testlib: testlib's validator contract (Polygon) instead: exit 0 if valid, 3 if not.\n\
         {}\
         Other arguments (input_validator_flags, `--`, key=value) are ignored.\n\
         \n\
         Format: one record per line, single spaces, LF line ends, a final newline, nothing\n\
         after the last record; integers without sign or leading zeros.\n\
         \x20 judge limits (default): {}\n\
         \x20 --project:              {}",
        problem
            .restriction
            .as_ref()
            .map_or(String::new(), |r| format!(
                "{} NAME: {}; NAME one of {}.\n",
                r.flag,
                r.what,
                r.values.join(", ")
            )),
        (problem.format)(Limits::Judge),
        (problem.format)(Limits::Project)
    )
}

/// Validates `source` as [`validate`] does, then, with `narrowed` (a restriction's value), that
/// its first line is inside the restriction.
pub fn validate_narrowed(
    problem: &Validator,
    limits: Limits,
    narrowed: Option<&str>,
    mut source: impl Read,
) -> Result<()> {
    let (Some(value), Some(restriction)) = (narrowed, problem.restriction.as_ref()) else {
        return validate(problem, limits, source);
    };
    let mut bytes = Vec::new();
    source.read_to_end(&mut bytes).map_err(Reject::Io)?;
    validate(problem, limits, &bytes[..])?;
    // Valid input: its first line is a whole UTF-8 line.
    let first = bytes.split(|&b| b == b'\n').next().unwrap_or(&[]);
    let line = String::from_utf8_lossy(first);
    (restriction.check)(&line, value).map_err(Reject::Invalid)
}

/// The value of the problem's restriction flag among `args`, or why the flag is misused.
fn narrowed_by(
    problem: &Validator,
    args: &[std::ffi::OsString],
) -> std::result::Result<Option<String>, String> {
    let Some(restriction) = problem.restriction.as_ref() else {
        return Ok(None);
    };
    let Some(at) = args.iter().position(|a| a == restriction.flag) else {
        return Ok(None);
    };
    let value = args.get(at + 1).and_then(|v| v.to_str());
    match value {
        Some(v) if restriction.values.contains(&v) => Ok(Some(v.to_owned())),
        _ => Err(format!(
            "{} takes one of {}",
            restriction.flag,
            restriction.values.join(", ")
        )),
    }
}

/// The whole program `validate-<problem>`.
pub fn main(problem: &Validator) -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        // A closed pipe (`--help | head -1`) is no error of ours: no panic.
        let _ = writeln!(std::io::stdout(), "{}", usage(problem));
        return ExitCode::SUCCESS;
    }
    let limits = if args.iter().any(|a| a == "--project") {
        Limits::Project
    } else {
        Limits::Judge
    };
    // Polygon may add `--testset T --group G`: ignored like every other unknown argument.
    let (valid, invalid) = if args.iter().any(|a| a == "--testlib") {
        (TESTLIB_VALID, TESTLIB_INVALID)
    } else {
        (VALID, INVALID)
    };
    let name = problem.name;
    let narrowed = match narrowed_by(problem, &args) {
        Ok(value) => value,
        Err(e) => {
            eprintln!("validate-{name}: {e}");
            return ExitCode::from(ERROR);
        }
    };
    match validate_narrowed(problem, limits, narrowed.as_deref(), io::stdin().lock()) {
        Ok(()) => ExitCode::from(valid),
        Err(Reject::Invalid(why)) => {
            eprintln!("validate-{name}: {why}");
            ExitCode::from(invalid)
        }
        Err(Reject::Io(e)) => {
            eprintln!("validate-{name}: cannot read stdin: {e}");
            ExitCode::from(ERROR)
        }
    }
}
