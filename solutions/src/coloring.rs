//! coloring — SGU 328 "A Coloring Game", streamed.
//!
//! Game: a path of N vertices, some coloured 1 or 2 (a proper colouring); the players
//! alternately colour an uncoloured vertex 1 or 2 keeping the colouring proper; whoever cannot
//! move loses. Print `FIRST` if the player to move wins, else `SECOND`.
//!
//! Theory (docs/problems.md §2–3, checked in games/strip/tests/solution.rs against exhaustive search):
//! the coloured vertices cut the path into runs of uncoloured ones; a run of L ≥ 1 is worth L mod 2
//! between the two path ends, L between an end and a colour, 1 between equal colours and 0 between
//! different colours; the position's Grundy value is the xor over the runs.
//!
//! Streaming corollary used here. Between consecutive colours c_j, c_{j+1} the run is worth 1
//! exactly when c_j = c_{j+1} (equal colours are never adjacent, so that run is not empty). With
//! two colours the number of changes c_j ≠ c_{j+1} has the parity of [c_1 ≠ c_k], so the inner
//! runs xor to (k - 1 + [c_1 ≠ c_k]) mod 2 for k ≥ 1 coloured vertices. Hence
//!   g = (digits before c_1) xor (digits after c_k) xor ((k - 1 + [c_1 ≠ c_k]) mod 2),
//! or N mod 2 with nothing coloured. The digit string needs only: the parity of k, the first
//! colour and its offset, the last colour and the zeros after it — data-parallel reductions
//! over the bytes, done block by block in constant memory.
//!
//! Input: N ≥ 1, then exactly N digits over 0/1/2 as one token (one unbroken string). Tokens
//! are separated by any whitespace (spaces, tabs, blank lines anywhere, LF, CRLF or bare CR
//! line ends; `5 00100` on one line is fine), and the last line end may be missing. Messages
//! name the line (LF, CRLF and a bare CR each end one) and the column. A string of another
//! length (a blank inside it splits it), other characters, two equal adjacent colours and
//! anything after the string are errors. N is not capped: memory stays at one input block.
//!
//! `--play` (or a first line `play R`, as a judge runs it without arguments) plays the game
//! move by move against the project's referee: per round `N` and the digit line, then moves
//! `c S` (the engine in shared/strip.rs).

// The shared modules this program is built from (the bundler inlines each into
// solutions/<game>.rs); alike across the programs on purpose: a module list, not logic.
#[path = "shared/blocks.rs"]
mod blocks;
#[path = "shared/cli.rs"]
mod cli;
#[path = "shared/protocol.rs"]
mod protocol;
#[path = "shared/strip.rs"]
mod strip;
#[path = "shared/summary.rs"]
mod summary;

use blocks::{describe, is_space, malformed, Input, Malformed};
use protocol::{fault, number, show, Referee, Stop};
use std::io::{BufRead, Read, Write};
use std::process::ExitCode;

const USAGE: &str = "\
usage: coloring < input
       coloring --play
SGU 328: reads N, then a string of N digits (0 uncoloured, 1 and 2 the colours, properly
coloured); prints FIRST if the player to move wins, else SECOND. Streams the input in
constant memory; any N.
--play: plays the game against the referee (protocol in docs/protocol.md): per round N and
the digit line, then moves `cell 1` / `cell 2` (cells from 1); each move in O(1).";

/// The uncoloured vertex.
const EMPTY: u8 = b'0';

/// The two symbols a move may place.
const SYMBOLS: [u8; 2] = [b'1', b'2'];

fn is_cell(b: u8) -> bool {
    b.wrapping_sub(b'0') < 3
}

/// Position of the first byte at or below a space (whitespace, or a control byte that is no
/// cell) in `s`: one compare a byte, 32 bytes at a time without early exit inside a chunk so
/// the compiler can vectorise the test.
fn find_low(s: &[u8]) -> Option<usize> {
    let mut chunks = s.chunks_exact(32);
    let mut base = 0;
    for chunk in &mut chunks {
        if chunk.iter().fold(false, |found, &b| found | (b <= b' ')) {
            return chunk.iter().position(|&b| b <= b' ').map(|i| base + i);
        }
        base += 32;
    }
    chunks
        .remainder()
        .iter()
        .position(|&b| b <= b' ')
        .map(|i| base + i)
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

/// What is known about the digit string (one token), fed piece by piece.
struct Strip {
    /// The line of the digit string and the 0-based column of its first digit.
    line: u64,
    first_column: u64,
    runs: summary::Summary,
}

impl Strip {
    fn new(line: u64, first_column: u64) -> Self {
        Strip {
            line,
            first_column,
            runs: summary::Summary::new(EMPTY),
        }
    }

    /// Takes the next bytes of the token (no whitespace in them).
    fn absorb(&mut self, cells: &[u8]) -> Result<(), Malformed> {
        let Some(&last) = cells.last() else {
            return Ok(());
        };
        let (bad, odd, twin) = scan_cells(cells, self.runs.prev);
        if bad || twin {
            return Err(self.locate(cells));
        }
        // The last mark first: when there is none, the first need not be searched (an empty
        // stretch costs two passes, not three).
        match last_mark(cells) {
            Some(last) => {
                if self.runs.first_mark.is_none() {
                    let first = first_mark(cells).unwrap_or(last);
                    self.runs.first_mark = Some((self.runs.cells + first as u64, cells[first]));
                }
                self.runs.last_mark = cells[last];
                self.runs.empty_after_last = (cells.len() - 1 - last) as u64;
            }
            None => self.runs.empty_after_last += cells.len() as u64,
        }
        self.runs.cells += cells.len() as u64;
        self.runs.odd_marks ^= odd;
        self.runs.prev = last;
        Ok(())
    }

    /// The first fault in `cells` (known to hold one), as an error.
    fn locate(&self, cells: &[u8]) -> Malformed {
        let mut before = self.runs.prev;
        let line = self.line;
        for (i, &b) in cells.iter().enumerate() {
            let column = self.first_column + self.runs.cells + i as u64 + 1;
            if !is_cell(b) {
                return malformed(
                    line,
                    format!(
                        "{} at column {column} is not a digit 0, 1 or 2",
                        describe(b)
                    ),
                );
            }
            if b != EMPTY && b == before {
                let vertex = self.runs.cells + i as u64 + 1;
                let (earlier, colour) = (vertex - 1, b as char);
                return malformed(
                    line,
                    format!("vertices {earlier} and {vertex} are both coloured {colour}: the colouring must be proper"),
                );
            }
            before = b;
        }
        malformed(line, "internal error: fault not found")
    }

    /// Whether the player to move wins.
    fn first_wins(&self) -> bool {
        self.runs.grundy() != 0
    }
}

/// Reads the digit string: the token that starts at the next unread byte.
fn read_strip<R: Read>(input: &mut Input<R>) -> Result<Strip, Malformed> {
    let mut strip = Strip::new(input.line, input.at() - input.line_start);
    loop {
        if !input.fill()? {
            return Ok(strip);
        }
        let avail = &input.buf[input.pos..input.end];
        match find_low(avail) {
            Some(i) if is_space(avail[i]) => {
                strip.absorb(&avail[..i])?;
                input.pos += i;
                return Ok(strip);
            }
            Some(i) => {
                // A control byte inside the token: no cell, so `absorb` reports it.
                let fault = strip.absorb(&avail[..=i]).err();
                return Err(fault.unwrap_or_else(|| malformed(strip.line, "internal error")));
            }
            None => {
                strip.absorb(avail)?;
                input.pos = input.end;
            }
        }
    }
}

/// Reads the whole input and returns the answer line.
fn solve<R: Read>(src: R) -> Result<Vec<u8>, Malformed> {
    let mut input = Input::new(src);
    let (n, _) = input.read_count("N", "the number of vertices")?;
    if input.skip_whitespace()?.is_none() {
        return Err(malformed(
            input.line,
            format!("expected {n} digits after N, got the end of input"),
        ));
    }
    let strip = read_strip(&mut input)?;
    if strip.runs.cells != n {
        return Err(malformed(
            strip.line,
            format!("expected {n} digits, got {}", strip.runs.cells),
        ));
    }
    if let Some(b) = input.skip_whitespace()? {
        return Err(malformed(
            input.line,
            format!("unexpected {} after the digit string", describe(b)),
        ));
    }
    Ok(if strip.first_wins() {
        b"FIRST\n".to_vec()
    } else {
        b"SECOND\n".to_vec()
    })
}

/// The position: the judge input, `N` on one line and the N digits on the next.
fn read_position<R: BufRead>(referee: &mut Referee<R>) -> Result<Vec<u8>, Stop> {
    let (line, text) = referee.read("N")?;
    let n = match number(text) {
        Some(n) if n >= 1 => n,
        _ => return Err(fault(line, format!("expected N ≥ 1, got {}", show(text)))),
    };
    let (line, text) = referee.read("the digit line")?;
    let cells = strip::parse_strip(text, line)?;
    if cells.len() as u64 != n {
        return Err(fault(
            line,
            format!("expected {n} digits, got {}", cells.len()),
        ));
    }
    Ok(cells)
}

#[derive(Default)]
struct Coloring;

impl cli::Solution for Coloring {
    const NAME: &'static str = "coloring";
    const USAGE: &'static str = USAGE;

    fn batch<R: Read, W: Write>(input: R, out: &mut W) -> Result<(), String> {
        let answer =
            solve(input).map_err(|Malformed { line, what }| format!("line {line}: {what}"))?;
        cli::write(out, &answer)
    }

    fn round<R: BufRead, W: Write>(
        &mut self,
        referee: &mut Referee<R>,
        out: &mut W,
    ) -> Result<(), Stop> {
        let cells = read_position(referee)?;
        strip::round(referee, out, cells)
    }

    fn option(arg: &str, rest: &[String]) -> Option<Result<(), String>> {
        (arg == "--bench-play").then(|| strip::bench(rest))
    }
}

fn main() -> ExitCode {
    cli::main::<Coloring>()
}
