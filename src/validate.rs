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

use crate::impartial::{Spec as ImpartialSpec, MAX_HEAPS, MISERE_MAX_HEAPS, MISERE_MAX_SUM};
use crate::subtraction::{runs_bound, Ratio, MAX_RUNS};
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

type Result<T> = std::result::Result<T, Reject>;

/// The numbers behind [`Limits`], per problem.
pub mod limits {
    /// pawns N: a 32-bit int on the judge, 10^18 in the project.
    pub const PAWNS_N: [u64; 2] = [i32::MAX as u64, 1_000_000_000_000_000_000];
    /// tictactoe T: 10^4 on the judge; in the project only the input size bounds it.
    pub const TICTACTOE_T: [u64; 2] = [10_000, 100_000_000];
    /// tictactoe strip length.
    pub const TICTACTOE_LEN: [u64; 2] = [100, 1_000_000];
    /// tictactoe total input in the project: 100 MiB (the judge's limits bound it anyway).
    pub const TICTACTOE_BYTES: u64 = 100 << 20;
    /// coloring N.
    pub const COLORING_N: [u64; 2] = [100_000, 100_000_000];
    /// knights K: CEOI 2008's 10^5 on the judge, the statement's 10^6 in the project.
    pub const KNIGHTS_K: [u64; 2] = [100_000, 1_000_000];
    /// knights N, the same on both.
    pub const KNIGHTS_N: [u64; 2] = [1_000_000_000, 1_000_000_000];
    /// race games G, the same on both.
    pub const RACE_G: [u64; 2] = [10, 10];
    /// race board side n (at least 2).
    pub const RACE_N: [u64; 2] = [300, 2000];
    /// subtraction cases t.
    pub const SUBTRACTION_T: [u64; 2] = [20, 1_000_000];
    /// subtraction pile n (at least 2).
    pub const SUBTRACTION_N: [u64; 2] = [100_000_000, 1_000_000_000_000_000_000];
    /// subtraction under `--project`: the runs of losing starts the input's distinct k may need
    /// in all, each k to its largest n (`runs_bound` summed). The solution builds about 5·10^8
    /// bound units a second (300 distinct k near 10^5 with n = 10^18, about 9·10^8 units: 1.9 s
    /// on the shared 2-core machine), so this keeps a whole input to about 2 s.
    pub const SUBTRACTION_TOTAL_RUNS: u64 = 1_000_000_000;
    /// impartial positions T.
    pub const IMPARTIAL_T: [u64; 2] = [1000, 100_000];
    /// subtraction k on the judge: an integer 1..=10^5 (the project's rational k is bounded by
    /// `Ratio::parse`: at most 18 decimals, parts within 10^18 in lowest terms).
    pub const SUBTRACTION_K: u64 = 100_000;
}

impl Limits {
    fn pick(self, pair: [u64; 2]) -> u64 {
        match self {
            Limits::Judge => pair[0],
            Limits::Project => pair[1],
        }
    }
}

/// Bytes shown in a message: escaped, cut after 20 characters.
fn shown(bytes: &[u8]) -> String {
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
    fn invalid<T>(&self, why: impl std::fmt::Display) -> Result<T> {
        Err(Reject::Invalid(format!("line {}: {why}", self.line)))
    }

    /// Makes sure a byte is buffered unless the input has ended.
    fn fill(&mut self) -> Result<()> {
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

    fn peek(&mut self) -> Result<Option<u8>> {
        self.fill()?;
        Ok((self.pos < self.len).then(|| self.buf[self.pos]))
    }

    /// Moves past the byte [`peek`](Self::peek) returned.
    fn bump(&mut self) {
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
                "{name} = {} is outside {}..={}",
                String::from_utf8_lossy(&digits),
                range.start(),
                range.end()
            )),
        }
    }

    /// A token of at most 64 bytes that ends at a space, a line end or the end of the input
    /// (not consumed); longer tokens are cut for the message.
    fn token(&mut self, name: &str) -> Result<Vec<u8>> {
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
fn stray(b: u8, allowed: &str) -> String {
    match b {
        b' ' => format!("a space among the cells (cells are {allowed}, nothing between them)"),
        b'\r' => "a CR (`\\r`; line ends must be LF only)".to_owned(),
        b'\t' => "a tab among the cells".to_owned(),
        _ => format!("{} is not a cell ({allowed})", shown(&[b])),
    }
}

fn pawns(input: &mut Input, limits: Limits) -> Result<()> {
    input.number("N", 1..=limits.pick(limits::PAWNS_N))?;
    input.newline()?;
    input.end("N")
}

fn tictactoe(input: &mut Input, limits: Limits) -> Result<()> {
    let t = input.number("T", 1..=limits.pick(limits::TICTACTOE_T))?;
    input.newline()?;
    let max_len = limits.pick(limits::TICTACTOE_LEN);
    for strip in 1..=t {
        if input.at_end()? {
            return input.invalid(format!("expected strip {strip} of {t}, found end of input"));
        }
        let (mut len, mut previous) = (0u64, b'.');
        input.line_bytes(|cells| {
            for &b in cells {
                if !matches!(b, b'.' | b'X' | b'O') {
                    return Err(format!("cell {}: {}", len + 1, stray(b, "`.`, `X`, `O`")));
                }
                if b != b'.' && b == previous {
                    let pair = b as char;
                    return Err(format!(
                        "cells {len} and {}: `{pair}{pair}`, equal marks side by side (not reachable by legal play)",
                        len + 1
                    ));
                }
                previous = b;
                len += 1;
                if len > max_len {
                    return Err(format!("strip {strip} is longer than {max_len} cells"));
                }
            }
            Ok(())
        })?;
        if len == 0 {
            return Err(Reject::Invalid(format!(
                "line {}: strip {strip} is empty (a strip has 1..={max_len} cells)",
                input.line() - 1
            )));
        }
    }
    input.end(&format!("the {t} strip(s)"))
}

fn coloring(input: &mut Input, limits: Limits) -> Result<()> {
    let n = input.number("N", 1..=limits.pick(limits::COLORING_N))?;
    input.newline()?;
    if input.at_end()? {
        return input.invalid(format!("expected {n} digits, found end of input"));
    }
    let (mut count, mut previous) = (0u64, b'0');
    input.line_bytes(|digits| {
        for &b in digits {
            if !matches!(b, b'0' | b'1' | b'2') {
                return Err(format!(
                    "vertex {}: {}",
                    count + 1,
                    stray(b, "`0`, `1`, `2`")
                ));
            }
            if b != b'0' && b == previous {
                return Err(format!(
                    "vertices {count} and {} both have colour {}: the colouring is not proper",
                    count + 1,
                    b as char
                ));
            }
            previous = b;
            count += 1;
            if count > n {
                return Err(format!("more than N = {n} digits"));
            }
        }
        Ok(())
    })?;
    if count < n {
        return Err(Reject::Invalid(format!(
            "line {}: expected {n} digits, got {count}",
            input.line() - 1
        )));
    }
    input.end("the digits")
}

fn knights(input: &mut Input, limits: Limits) -> Result<()> {
    let k = input.number("K", 1..=limits.pick(limits::KNIGHTS_K))?;
    input.space("N")?;
    let n = input.number("N", 1..=limits.pick(limits::KNIGHTS_N))?;
    input.newline()?;
    for knight in 1..=k {
        if input.at_end()? {
            return input.invalid(format!(
                "expected knight {knight} of {k}, found end of input"
            ));
        }
        input.number(&format!("x of knight {knight}"), 1..=n)?;
        input.space("y")?;
        input.number(&format!("y of knight {knight}"), 1..=n)?;
        input.newline()?;
    }
    input.end(&format!("the {k} knight(s)"))
}

/// Whether `to` is reachable from `from` over the free squares (not `#`) of an n×n board.
fn reachable(cells: &[u8], n: usize, from: usize, to: usize) -> bool {
    let mut seen = vec![false; cells.len()];
    let mut stack = vec![from];
    seen[from] = true;
    while let Some(at) = stack.pop() {
        if at == to {
            return true;
        }
        let (r, c) = (at / n, at % n);
        let mut visit = |next: usize| {
            if !seen[next] && cells[next] != b'#' {
                seen[next] = true;
                stack.push(next);
            }
        };
        if r > 0 {
            visit(at - n);
        }
        if r + 1 < n {
            visit(at + n);
        }
        if c > 0 {
            visit(at - 1);
        }
        if c + 1 < n {
            visit(at + 1);
        }
    }
    false
}

fn race(input: &mut Input, limits: Limits) -> Result<()> {
    let g = input.number("G", 1..=limits.pick(limits::RACE_G))?;
    input.newline()?;
    let max_n = limits.pick(limits::RACE_N);
    let more_rows = |game: u64, n: u64, input: &mut Input| -> Result<()> {
        if matches!(input.peek()?, Some(b'.' | b'#' | b'A' | b'B')) {
            return input.invalid(format!(
                "game {game} has more than n = {n} rows: a board is n rows of n cells"
            ));
        }
        Ok(())
    };
    for game in 1..=g {
        if input.at_end()? {
            return input.invalid(format!("expected game {game} of {g}, found end of input"));
        }
        let n = input.number(&format!("n (the side of game {game})"), 2..=max_n)?;
        input.newline()?;
        let first = input.line();
        let side = n as usize;
        let mut cells = Vec::with_capacity(side * side);
        let mut starts: [Option<usize>; 2] = [None, None];
        for row in 1..=side {
            if input.at_end()? {
                return input.invalid(format!(
                    "game {game}: expected row {row} of {n}, found end of input"
                ));
            }
            let row_start = cells.len();
            input.line_bytes(|chunk| {
                for &b in chunk {
                    let at = cells.len();
                    let column = at - row_start + 1;
                    let player = match b {
                        b'.' | b'#' => None,
                        b'A' => Some(0),
                        b'B' => Some(1),
                        _ => {
                            return Err(format!(
                                "row {row} of game {game}, column {column}: {}",
                                stray(b, "`.`, `#`, `A`, `B`")
                            ))
                        }
                    };
                    if column > side {
                        return Err(format!(
                            "row {row} of game {game} has more than n = {n} cells: a board is n rows of n cells"
                        ));
                    }
                    if let Some(p) = player {
                        if let Some(before) = starts[p] {
                            return Err(format!(
                                "a second `{}` in game {game} (the first is at row {}, column {})",
                                b as char,
                                before / side + 1,
                                before % side + 1
                            ));
                        }
                        starts[p] = Some(at);
                    }
                    cells.push(b);
                }
                Ok(())
            })?;
            let got = cells.len() - row_start;
            if got < side {
                return Err(Reject::Invalid(format!(
                    "line {}: row {row} of game {game} has {got} cells, expected n = {n}: a board is n rows of n cells",
                    input.line() - 1
                )));
            }
        }
        let last = input.line() - 1;
        let whole =
            |why: String| Reject::Invalid(format!("lines {first}-{last}: game {game}: {why}"));
        let (a, b) = match starts {
            [Some(a), Some(b)] => (a, b),
            [None, _] => return Err(whole("no `A` on the board".to_owned())),
            [_, None] => return Err(whole("no `B` on the board".to_owned())),
        };
        if !reachable(&cells, side, a, b) {
            return Err(whole(
                "B's start is unreachable from A's start (such a game has no winner)".to_owned(),
            ));
        }
        more_rows(game, n, input)?;
    }
    input.end(&format!("the {g} game(s)"))
}

/// Project k: `[1-9][0-9]*`, `[1-9][0-9]*.[0-9]+` or `[1-9][0-9]*/[1-9][0-9]*`.
fn k_syntax(k: &[u8]) -> bool {
    let natural = |s: &[u8]| !s.is_empty() && s[0] != b'0' && s.iter().all(u8::is_ascii_digit);
    let digits = |s: &[u8]| !s.is_empty() && s.iter().all(u8::is_ascii_digit);
    if let Some(slash) = k.iter().position(|&b| b == b'/') {
        natural(&k[..slash]) && natural(&k[slash + 1..])
    } else if let Some(point) = k.iter().position(|&b| b == b'.') {
        natural(&k[..point]) && digits(&k[point + 1..])
    } else {
        natural(k)
    }
}

fn subtraction(input: &mut Input, limits: Limits) -> Result<()> {
    let t = input.number("t", 1..=limits.pick(limits::SUBTRACTION_T))?;
    input.newline()?;
    let max_n = limits.pick(limits::SUBTRACTION_N);
    // The largest n of each distinct k (the solution builds one sequence per k, to its
    // largest n): the input's total cost, checked after the last case.
    let mut largest: std::collections::HashMap<(u64, u64), u64> = std::collections::HashMap::new();
    for case in 1..=t {
        if input.at_end()? {
            return input.invalid(format!("expected case {case} of {t}, found end of input"));
        }
        let n = input.number(&format!("n of case {case}"), 2..=max_n)?;
        input.space("k")?;
        let name = format!("k of case {case}");
        match limits {
            Limits::Judge => {
                let k = input.token(&name)?;
                let max = limits::SUBTRACTION_K;
                if k_syntax(&k) && k.iter().any(|&b| b == b'.' || b == b'/') {
                    return input.invalid(format!(
                        "{name} = {} is not an integer (a rational k needs --project)",
                        shown(&k)
                    ));
                }
                if !k.iter().all(u8::is_ascii_digit) {
                    return input.invalid(format!(
                        "{name} = {} is not an integer (digits, no sign)",
                        shown(&k)
                    ));
                }
                if k.len() > 1 && k[0] == b'0' {
                    return input.invalid(format!("{name} = {} has a leading zero", shown(&k)));
                }
                let value = std::str::from_utf8(&k)
                    .ok()
                    .and_then(|t| t.parse::<u64>().ok());
                if !value.is_some_and(|v| (1..=max).contains(&v)) {
                    return input.invalid(format!("{name} = {} is outside 1..={max}", shown(&k)));
                }
            }
            Limits::Project => {
                let k = input.token(&name)?;
                if !k_syntax(&k) {
                    return input.invalid(format!(
                        "{name} = {} is not an integer, a decimal or a fraction (digits, no sign, no leading zero)",
                        shown(&k)
                    ));
                }
                let text = String::from_utf8_lossy(&k);
                let k = match Ratio::parse(&text) {
                    Ok(k) => k,
                    Err(why) => return input.invalid(format!("case {case}: {why}")),
                };
                // The project's cost limit: past it the solution refuses the case.
                if runs_bound(k, n) > MAX_RUNS {
                    return input.invalid(format!(
                        "case {case}: k = {k} with n = {n} may need more than {MAX_RUNS} runs \
                         of losing starts (the project's cost limit)"
                    ));
                }
                let most = largest.entry((k.num, k.den)).or_insert(n);
                *most = (*most).max(n);
            }
        }
        input.newline()?;
    }
    input.end(&format!("the {t} case(s)"))?;
    let total = largest.iter().fold(0u64, |sum, (&(num, den), &n)| {
        sum.saturating_add(runs_bound(Ratio { num, den }, n))
    });
    if total > limits::SUBTRACTION_TOTAL_RUNS {
        return Err(Reject::Invalid(format!(
            "the {} distinct k of the input, each to its largest n, may need {total} runs of losing starts in all, more than {} (the project's cost limit on a whole input: about 2 s of the solution)",
            largest.len(),
            limits::SUBTRACTION_TOTAL_RUNS
        )));
    }
    Ok(())
}

/// impartial: the spec line (docs/impartial.md's grammar, as `combgames::impartial::Spec`
/// reads it), T, then T lines `k h1 ... hk` with 1 ≤ hi ≤ the spec's largest heap (1000; 300
/// for codes with three-heap splits), k ≤ 100, and for misère play k ≤ 8 and at most 40
/// tokens in all (the judge side's exhaustive search).
fn impartial(input: &mut Input, limits: Limits) -> Result<()> {
    if input.at_end()? {
        return input.invalid("expected the spec line, found end of input");
    }
    let mut line = Vec::new();
    input.line_bytes(|chunk| {
        if line.len() + chunk.len() > 200 {
            return Err("the spec line is longer than 200 bytes".to_owned());
        }
        line.extend_from_slice(chunk);
        Ok(())
    })?;
    let spec = match std::str::from_utf8(&line)
        .map_err(|_| "not UTF-8".to_owned())
        .and_then(ImpartialSpec::parse)
    {
        Ok(spec) => spec,
        Err(why) => {
            return Err(Reject::Invalid(format!("line 1: the spec: {why}")));
        }
    };
    let t = input.number("T", 1..=limits.pick(limits::IMPARTIAL_T))?;
    input.newline()?;
    let (max_k, max_sum) = if spec.misere {
        (MISERE_MAX_HEAPS as u64, MISERE_MAX_SUM)
    } else {
        (MAX_HEAPS as u64, u64::MAX)
    };
    for case in 1..=t {
        if input.at_end()? {
            return input.invalid(format!(
                "expected position {case} of {t}, found end of input"
            ));
        }
        let k = input.number(&format!("k of position {case}"), 1..=max_k)?;
        let mut sum = 0u64;
        for i in 1..=k {
            input.space("a heap")?;
            sum += input.number(&format!("heap {i} of position {case}"), 0..=spec.max_heap())?;
        }
        if sum > max_sum {
            return input.invalid(format!(
                "position {case} has {sum} tokens: a misère position has at most {max_sum}"
            ));
        }
        input.newline()?;
    }
    input.end(&format!("the {t} position(s)"))
}

/// One problem's validator: each problem's section above defines one, and the registry
/// (`crate::registry`) names it. Self-contained (the validators are bundled into judge
/// packages with plain `rustc`, apart from the rest of the library).
pub struct Validator {
    pub name: &'static str,
    check: fn(&mut Input, Limits) -> Result<()>,
    /// The format line of `--help`.
    format: fn(Limits) -> String,
    /// A cap on the whole input under `--project`, where the format has one.
    project_max_bytes: Option<u64>,
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
    check: fn(&str, &str) -> std::result::Result<(), String>,
}

pub const PAWNS: Validator = Validator {
    name: "pawns",
    check: pawns,
    format: |limits| format!("N (1..={})", limits.pick(limits::PAWNS_N)),
    project_max_bytes: None,
    restriction: None,
};

pub const TICTACTOE: Validator = Validator {
    name: "tictactoe",
    check: tictactoe,
    format: |limits| {
        format!(
            "T (1..={}), then T strips over `.XO` of 1..={} cells, no `XX` or `OO`{}",
            limits.pick(limits::TICTACTOE_T),
            limits.pick(limits::TICTACTOE_LEN),
            if limits == Limits::Project {
                format!("; at most {} bytes in all", limits::TICTACTOE_BYTES)
            } else {
                String::new()
            }
        )
    },
    project_max_bytes: Some(limits::TICTACTOE_BYTES),
    restriction: None,
};

pub const COLORING: Validator = Validator {
    name: "coloring",
    check: coloring,
    format: |limits| {
        format!(
            "N (1..={}), then exactly N digits `0`/`1`/`2`, no two neighbours coloured alike",
            limits.pick(limits::COLORING_N)
        )
    },
    project_max_bytes: None,
    restriction: None,
};

pub const KNIGHTS: Validator = Validator {
    name: "knights",
    check: knights,
    format: |limits| {
        format!(
            "`K N` (K 1..={}, N 1..={}), then K lines `x y` with 1 <= x, y <= N",
            limits.pick(limits::KNIGHTS_K),
            limits.pick(limits::KNIGHTS_N)
        )
    },
    project_max_bytes: None,
    restriction: None,
};

pub const RACE: Validator = Validator {
    name: "race",
    check: race,
    format: |limits| {
        format!(
            "G (1..={}), then per game n (2..={}) and n rows of n cells over `.#AB`, one `A`, one `B`, B reachable from A",
            limits.pick(limits::RACE_G),
            limits.pick(limits::RACE_N)
        )
    },
    project_max_bytes: None,
    restriction: None,
};

pub const SUBTRACTION: Validator = Validator {
    name: "subtraction",
    check: subtraction,
    format: |limits| {
        match limits {
        Limits::Judge => format!(
            "t (1..={}), then t lines `n k`: 2 <= n <= {}, integer 1 <= k <= {}",
            limits.pick(limits::SUBTRACTION_T),
            limits.pick(limits::SUBTRACTION_N),
            limits::SUBTRACTION_K
        ),
        Limits::Project => format!(
            "t (1..={}), then t lines `n k`: 2 <= n <= {}, k >= 1 written `7`, `1.5` or `3/2` (at most 18 decimals, parts within 10^18 in lowest terms)",
            limits.pick(limits::SUBTRACTION_T),
            limits.pick(limits::SUBTRACTION_N)
        ),
    }
    },
    project_max_bytes: None,
    restriction: None,
};

pub const IMPARTIAL: Validator = Validator {
    name: "impartial",
    check: impartial,
    format: |limits| {
        format!(
            "a spec line (docs/impartial.md), T (1..={}), then T lines `k h1 ... hk`: k 1..={MAX_HEAPS}, heaps 0..=1000 (300 for three-heap splits); misere: k <= {MISERE_MAX_HEAPS}, at most {MISERE_MAX_SUM} tokens",
            limits.pick(limits::IMPARTIAL_T)
        )
    },
    project_max_bytes: None,
    restriction: Some(Restriction {
        flag: "--family",
        values: &crate::impartial::FAMILY_NAMES,
        what: "only games of the family NAME (their misere forms too)",
        check: |line, family| {
            let spec = ImpartialSpec::parse(line)?;
            let found = spec.rules.family();
            if found == family {
                Ok(())
            } else {
                Err(format!(
                    "the spec {line:?} is a game of the family {found}, not {family}"
                ))
            }
        },
    }),
};

/// Validates `source` as an input of `problem` under `limits`.
pub fn validate(problem: &Validator, limits: Limits, mut source: impl Read) -> Result<()> {
    let max_bytes = match limits {
        Limits::Project => problem.project_max_bytes,
        Limits::Judge => None,
    };
    let mut input = Input::new(&mut source, max_bytes);
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
