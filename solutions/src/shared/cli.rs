//! The command line every solution shares: `--help`, `--play`, the solution's own options,
//! and, with no arguments, the mode found from the input itself. A judge runs a submission
//! without arguments, for a batch problem and for an interactive one alike; the referee opens
//! a session with the line `play R` while a batch input starts with a number, so one file
//! serves both (docs/protocol.md).

// The streaming solutions (tictactoe, coloring) read and write their own way; the helpers
// they leave unused are not dead for the others.
#![allow(dead_code)]

use super::protocol::{Referee, Stop, HEADER_WORD};
use std::io::{self, BufRead, Cursor, Read, Write};
use std::process::ExitCode;

/// How the mode is chosen, the same for every solution (printed after its own usage).
const MODES: &str = "\
Run without arguments, the program reads its first token: the word `play` (the referee's
header `play R`) starts a play session as --play does, anything else is the batch input, so
one file serves a batch problem and its interactive twin (docs/protocol.md).
Exit codes: 0 answered (also when the reader of the output closed it early, `| head`);
1 bad input or arguments (one line on stderr, nothing on stdout), or an output that cannot
be written.";

/// What a solution plugs into the shared `main`; a value of it lives through one play session
/// (what rounds share, such as a table built for one round and kept for the next).
pub trait Solution: Default {
    /// The program's name, the prefix of its error messages.
    const NAME: &'static str;
    /// The text `--help` prints.
    const USAGE: &'static str;
    /// Batch mode: answers the judge input; Err is the one-line reason the input is refused.
    fn batch<R: Read, W: Write>(input: R, out: &mut W) -> Result<(), String>;
    /// Play mode: one round, from its position to the `end` that closes it.
    fn round<R: BufRead, W: Write>(
        &mut self,
        referee: &mut Referee<R>,
        out: &mut W,
    ) -> Result<(), Stop>;
    /// The solution's own options (benchmarks); None when `arg` is none of them.
    fn option(_arg: &str, _rest: &[String]) -> Option<Result<(), String>> {
        None
    }
}

/// Whether the program was started with its standard output closed. The Rust runtime then
/// opens /dev/null on descriptor 1 before `main` (so every write would succeed and the answer
/// be lost without a word), and opens it read-write, which a shell's `> /dev/null` never does
/// (write-only): that is the sign, read from Linux's /proc (elsewhere it is never seen). A
/// program started with `1<>/dev/null` is taken for closed too.
fn stdout_closed() -> bool {
    let on_null = std::fs::read_link("/proc/self/fd/1")
        .is_ok_and(|target| target == std::path::Path::new("/dev/null"));
    on_null
        && std::fs::read_to_string("/proc/self/fdinfo/1").is_ok_and(|info| {
            info.lines()
                .find_map(|l| l.strip_prefix("flags:"))
                .and_then(|flags| u32::from_str_radix(flags.trim(), 8).ok())
                .is_some_and(|flags| flags & 3 == 2)
        })
}

/// The whole `main` of a solution.
pub fn main<S: Solution>() -> ExitCode {
    if stdout_closed() {
        eprintln!(
            "{}: the standard output is closed: no answer can be written",
            S::NAME
        );
        return ExitCode::FAILURE;
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    let stdin = io::stdin();
    let input = stdin.lock();
    let result = match args.first().map(String::as_str) {
        None => match detect(input) {
            Ok(Start::Play(referee)) => play::<S, _>(referee),
            Ok(Start::Batch(seen, input)) => batch::<S, _>(seen.chain(input)),
            Err(e) => Err(format!("cannot read the input: {e}")),
        },
        Some("--help") | Some("-h") => {
            let mut out = io::stdout().lock();
            writeln!(out, "{}\n{MODES}", S::USAGE).map_err(write_error)
        }
        Some("--play") if args.len() == 1 => play::<S, _>(Referee::new(input)),
        Some(arg) => match S::option(arg, &args[1..]) {
            Some(result) => result,
            None => {
                eprintln!("{}: unknown argument {arg:?} (try --help)", S::NAME);
                return ExitCode::FAILURE;
            }
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // `... | head`: the reader has what it wanted, no error of ours.
        Err(e) if e == READER_GONE => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{}: {e}", S::NAME);
            ExitCode::FAILURE
        }
    }
}

/// The longest token `read_all` takes: far beyond any valid one (a race row of 1000 cells, a
/// number of 40 digits), so that a gigabyte token is refused as it streams in, not held.
pub const MAX_TOKEN: usize = 1 << 16;

/// The whole input, for the solutions that parse it at once, in memory bounded by the input's
/// tokens and line ends: a run of blanks inside a line is kept as its first byte (the parsers
/// skip blanks alike; LF and CR stay, each, for the parsers' line numbers), and a token longer
/// than [`MAX_TOKEN`] is an error naming its line (counted in LFs).
pub fn read_all(mut input: impl Read) -> Result<Vec<u8>, String> {
    let mut text = Vec::new();
    let mut chunk = vec![0u8; 1 << 16];
    let (mut line, mut token, mut in_blanks) = (1u64, 0usize, false);
    loop {
        let n = match input.read(&mut chunk) {
            // A UTF-8 byte-order mark (an editor's, Notepad's) opening the input is no part
            // of it.
            Ok(0) => {
                if text.starts_with(b"\xEF\xBB\xBF") {
                    text.drain(..3);
                }
                return Ok(text);
            }
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(format!("cannot read the input: {e}")),
        };
        for &b in &chunk[..n] {
            if b == b'\n' || b == b'\r' {
                // Kept, each: a parser may take a lone CR for a line end.
                line += u64::from(b == b'\n');
                (token, in_blanks) = (0, false);
                text.push(b);
            } else if b.is_ascii_whitespace() || b == 0x0b {
                token = 0;
                if !in_blanks {
                    text.push(b);
                }
                in_blanks = true;
            } else {
                token += 1;
                if token > MAX_TOKEN {
                    return Err(format!(
                        "line {line}: a token longer than {MAX_TOKEN} bytes"
                    ));
                }
                in_blanks = false;
                text.push(b);
            }
        }
    }
}

/// Writes the answer.
pub fn write(out: &mut impl Write, answer: &[u8]) -> Result<(), String> {
    out.write_all(answer).map_err(write_error)
}

/// The error of a write to a pipe whose reader has closed it (`... | head -1`): the program
/// ends quietly with exit 0 ([`main`]).
pub const READER_GONE: &str = "the reader of the output is gone";

/// A write error as the message [`main`] prints, or [`READER_GONE`].
pub fn write_error(e: io::Error) -> String {
    if e.kind() == io::ErrorKind::BrokenPipe {
        READER_GONE.to_owned()
    } else {
        format!("cannot write the output: {e}")
    }
}

fn batch<S: Solution, R: Read>(input: R) -> Result<(), String> {
    let mut out = io::stdout().lock();
    S::batch(input, &mut out)?;
    out.flush().map_err(write_error)
}

/// A play session: the header, then R rounds. It ends after the R-th round's `end` without
/// reading on: a judge may keep its copy of our input open until its validator exits.
fn play<S: Solution, R: BufRead>(mut referee: Referee<R>) -> Result<(), String> {
    let mut out = io::stdout().lock();
    let mut solution = S::default();
    let session = referee
        .rounds()
        .and_then(|rounds| (0..rounds).try_for_each(|_| solution.round(&mut referee, &mut out)));
    match session {
        Ok(()) | Err(Stop::Abort) => Ok(()),
        Err(Stop::Fault(e)) => Err(e),
    }
}

/// How the input starts.
enum Start<R> {
    /// With the word `play`: a session, its header line held by the referee.
    Play(Referee<R>),
    /// With anything else: what was read so far, to be read again before the rest.
    Batch(Seen, R),
}

/// What the mode check read, to be read again: the line ends among the leading blanks (the
/// other blanks dropped: a reader skips blanks alike, and only line ends count for its line
/// numbers) and the first bytes of the first token. A count, not the bytes, so a gigabyte of
/// blank lines costs no memory.
struct Seen {
    newlines: u64,
    token: Cursor<Vec<u8>>,
}

impl Read for Seen {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.newlines > 0 && !buf.is_empty() {
            let n = if self.newlines < buf.len() as u64 {
                self.newlines as usize
            } else {
                buf.len()
            };
            buf[..n].fill(b'\n');
            self.newlines -= n as u64;
            return Ok(n);
        }
        self.token.read(buf)
    }
}

/// Reads the leading blanks and at most the first few bytes of the first token: no more than
/// `play` needs to be recognised, so a batch input is not held in memory here.
fn detect<R: BufRead>(mut input: R) -> io::Result<Start<R>> {
    let mut newlines = 0u64;
    let mut token = Vec::new();
    let mut ended = false;
    while !ended {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            break;
        }
        let mut used = 0;
        for &b in buf {
            used += 1;
            let blank = b.is_ascii_whitespace() || b == 0x0b;
            if token.is_empty() && blank {
                newlines += u64::from(b == b'\n');
                continue;
            }
            token.push(b);
            ended = blank || token.len() > HEADER_WORD.len();
            if ended {
                break;
            }
        }
        input.consume(used);
    }
    let word = match token.last() {
        Some(b) if b.is_ascii_whitespace() || *b == 0x0b => &token[..token.len() - 1],
        _ => &token[..],
    };
    if word != HEADER_WORD {
        let seen = Seen {
            newlines,
            token: Cursor::new(token),
        };
        return Ok(Start::Batch(seen, input));
    }
    let line = 1 + newlines;
    let mut header = token;
    if header.last() != Some(&b'\n') {
        input.read_until(b'\n', &mut header)?;
    }
    Ok(Start::Play(Referee::with_first_line(input, header, line)))
}
