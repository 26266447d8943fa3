//! tictactoe — UVa 11534 "Say Goodbye to Tic-Tac-Toe", streamed.
//!
//! Game: a 1×N strip; Alice and Bob alternately put `X` or `O` in an empty cell, never next to
//! the same letter; whoever cannot move loses. For each strip, reached by legal play (that is:
//! no `XX` and no `OO`), print `Possible.` if Alice can still force a win, else `Impossible.`;
//! Alice is to move when the number of marks is even.
//!
//! Theory (docs/problems.md §2–3, checked in games/strip/tests/solution.rs against exhaustive search):
//! the marks cut the strip into runs of empty cells; a run of L ≥ 1 cells is worth L mod 2 between
//! the two strip edges, L between an edge and a mark, 1 between equal marks and 0 between different
//! marks; the position's Grundy value is the xor over the runs.
//!
//! Streaming corollary used here. Between consecutive marks m_j, m_{j+1} the run is worth 1
//! exactly when m_j = m_{j+1} (equal marks are never adjacent, so that run is not empty). With
//! two letters the number of changes m_j ≠ m_{j+1} has the parity of [m_1 ≠ m_k], so the inner
//! runs xor to (k - 1 + [m_1 ≠ m_k]) mod 2 for k ≥ 1 marks. The value of a strip is therefore
//!   g = (cells before m_1) xor (cells after m_k) xor ((k - 1 + [m_1 ≠ m_k]) mod 2),
//! or N mod 2 without marks. A line thus needs only: the parity of k, the first mark and its
//! offset, the last mark and the empty cells after it, gathered block by block in constant
//! memory. Fast path: each 64-byte chunk is classified into bit masks (X, O, ., whitespace,
//! LF, CR) with SSE2 on x86_64 (a byte loop elsewhere), and the strips in it are bit operations
//! (trailing/leading zeros, popcount), line ends counted by popcount for the messages. A chunk
//! holding anything else (a stray byte) or an XX/OO pair goes through the byte-exact path,
//! which also words the error messages.
//!
//! Input: T, then T strips, each one token over `.XO`: tokens are separated by any whitespace
//! (spaces, tabs, blank lines anywhere, LF, CRLF or bare CR line ends; several strips may share
//! a line), and the last line end may be missing. Messages name the line (LF, CRLF and a bare
//! CR each end one) and the column. Letters other than `.XO`, an `XX`/`OO` pair, a strip count
//! other than T and anything after the T strips are errors. Lengths are not capped: memory
//! stays at one input block plus one bit per strip for the answers, which are written out only
//! once the whole input is known valid.
//!
//! `--play` (or a first line `play R`, as a judge runs it without arguments) plays the game
//! move by move against the project's referee: per round the strip line, then moves `c S`
//! (the engine in shared/strip.rs).

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
use protocol::{Referee, Stop};
use std::convert::TryInto;
use std::io::{self, BufRead, Read, Write};
use std::process::ExitCode;

const USAGE: &str = "\
usage: tictactoe < input
       tictactoe --play
UVa 11534: reads T, then T strips over '.', 'X', 'O' (whitespace-separated); prints for each strip
'Possible.' if Alice (to move when the number of marks is even) can force a win, else
'Impossible.'. Streams the input in constant memory; any strip length.
--play: plays the strip game against the referee (protocol in docs/protocol.md): per round
a strip line, then moves `cell X` / `cell O` (cells from 1); each move in O(1).";

/// The empty cell.
const EMPTY: u8 = b'.';

/// The two symbols a move may place.
const SYMBOLS: [u8; 2] = [b'X', b'O'];

fn is_cell(b: u8) -> bool {
    (b == b'.') | (b == b'X') | (b == b'O')
}

/// Bytes classified at once by the fast path.
const CHUNK: usize = 64;

/// Which bytes of a chunk are a newline, `X`, `O`, `.`, CR or any whitespace (bit i for byte i).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Masks {
    newline: u64,
    x: u64,
    o: u64,
    dot: u64,
    cr: u64,
    /// Space, tab, LF, vertical tab, form feed, CR: what separates strips.
    space: u64,
}

/// Classifies a chunk with SSE2, which every x86_64 CPU has: one compare and one byte-mask
/// extraction per class and 16 bytes (whitespace: a space, or 9..=13 by a subtraction and an
/// unsigned minimum).
#[cfg(target_arch = "x86_64")]
fn classify(chunk: &[u8; CHUNK]) -> Masks {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_min_epu8, _mm_movemask_epi8, _mm_or_si128,
        _mm_set1_epi8, _mm_sub_epi8,
    };
    let mut m = Masks::default();
    for quarter in 0..CHUNK / 16 {
        // SAFETY: the load reads bytes 16q..16q+16 of the 64-byte array (unaligned load allowed);
        // SSE2 is part of the x86_64 baseline, so the intrinsics are always available.
        let ([newline, x, o, dot, cr], space) = unsafe {
            let v = _mm_loadu_si128(chunk.as_ptr().add(16 * quarter).cast::<__m128i>());
            let eq = [b'\n', b'X', b'O', b'.', b'\r'].map(|c| {
                _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(c as i8))) as u16 as u64
            });
            let from_tab = _mm_sub_epi8(v, _mm_set1_epi8(b'\t' as i8));
            let control = _mm_cmpeq_epi8(_mm_min_epu8(from_tab, _mm_set1_epi8(4)), from_tab);
            let blank = _mm_cmpeq_epi8(v, _mm_set1_epi8(b' ' as i8));
            (
                eq,
                _mm_movemask_epi8(_mm_or_si128(control, blank)) as u16 as u64,
            )
        };
        let shift = 16 * quarter;
        m.newline |= newline << shift;
        m.x |= x << shift;
        m.o |= o << shift;
        m.dot |= dot << shift;
        m.cr |= cr << shift;
        m.space |= space << shift;
    }
    m
}

/// Classifies a chunk byte by byte (other targets; also the reference for the SSE2 version).
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn classify_portable(chunk: &[u8; CHUNK]) -> Masks {
    let mut m = Masks::default();
    for (i, &b) in chunk.iter().enumerate() {
        let bit = 1u64 << i;
        match b {
            b'\n' => m.newline |= bit,
            b'X' => m.x |= bit,
            b'O' => m.o |= bit,
            b'.' => m.dot |= bit,
            b'\r' => m.cr |= bit,
            _ => {}
        }
        if is_space(b) {
            m.space |= bit;
        }
    }
    m
}

#[cfg(not(target_arch = "x86_64"))]
fn classify(chunk: &[u8; CHUNK]) -> Masks {
    classify_portable(chunk)
}

/// Bits `start..end` of a u64 (`start ≤ end ≤ 64`).
fn bit_range(start: u32, end: u32) -> u64 {
    let below_end = u64::MAX.checked_shr(64 - end).unwrap_or(0);
    below_end & u64::MAX.checked_shl(start).unwrap_or(0)
}

/// What is known about the current strip (one token), fed piece by piece.
type Strip = summary::Summary;

impl Strip {
    /// Whether the strip's first cell has been seen.
    fn started(&self) -> bool {
        self.cells > 0
    }

    /// Takes one cell (the byte-exact path).
    fn push(&mut self, b: u8) {
        if b == EMPTY {
            self.empty_after_last += 1;
        } else {
            if self.first_mark.is_none() {
                self.first_mark = Some((self.cells, b));
            }
            self.last_mark = b;
            self.empty_after_last = 0;
            self.odd_marks ^= true;
        }
        self.prev = b;
        self.cells += 1;
    }

    /// Takes the clean cells `start..end` of a classified chunk (no fault; they continue the
    /// strip without a gap): `marks` has the bits of both letters, `x` those of `X`.
    fn absorb_bits(&mut self, marks: u64, x: u64, start: u32, end: u32) {
        let len = u64::from(end - start);
        if len == 0 {
            return;
        }
        let marks = marks & bit_range(start, end);
        // Letters and the last cell by arithmetic, not branches (random on random input).
        let letter = |bit: u32| b'O' + (b'X' - b'O') * (x >> bit & 1) as u8;
        let last_is_mark = (marks >> (end - 1) & 1) as u8;
        self.prev = EMPTY + last_is_mark * (letter(end - 1) - EMPTY);
        if marks == 0 {
            self.empty_after_last += len;
        } else {
            let (first, last) = (marks.trailing_zeros(), 63 - marks.leading_zeros());
            if self.first_mark.is_none() {
                self.first_mark = Some((self.cells + u64::from(first - start), letter(first)));
            }
            self.last_mark = letter(last);
            self.empty_after_last = u64::from(end - 1 - last);
            self.odd_marks ^= marks.count_ones() % 2 == 1;
        }
        self.cells += len;
    }

    /// Whether Alice, to move on an even number of marks, wins.
    fn alice_wins(&self) -> bool {
        (self.grundy() != 0) != self.odd_marks
    }
}

/// Reads the T strips after the count and answers them.
struct Strips {
    total: u64,
    done: u64,
    /// Where the input stands: its line, the offset of the line's first byte, whether the
    /// last byte was a CR (see `Input`).
    line: u64,
    line_start: u64,
    after_cr: bool,
    strip: Strip,
    /// Bit k set when Alice wins strip k: 1 bit per answer until the input is known valid.
    alice_wins: Vec<u64>,
}

impl Strips {
    /// Ends the current (started) strip at whitespace or at the end of input; `true` once all
    /// are done.
    fn end_strip(&mut self) -> bool {
        let (word, bit) = ((self.done / 64) as usize, self.done % 64);
        if word == self.alice_wins.len() {
            self.alice_wins.push(0);
        }
        if let Some(w) = self.alice_wins.get_mut(word) {
            *w |= u64::from(self.strip.alice_wins()) << bit;
        }
        self.strip = Strip::new(EMPTY);
        self.done += 1;
        self.done == self.total
    }

    /// Takes the next bytes of input, the first at offset `base` of the whole input. Returns
    /// how many were used when the last strip ended in them (just after the whitespace that
    /// ends it), or `None` when all were used.
    fn take(&mut self, bytes: &[u8], base: u64) -> Result<Option<usize>, Malformed> {
        let mut padded = [0u8; CHUNK];
        for (i, piece) in bytes.chunks(CHUNK).enumerate() {
            let chunk: &[u8; CHUNK] = match piece.try_into() {
                Ok(whole) => whole,
                Err(_) => {
                    // The last, partial chunk (once per call): padding is masked out in `clean`.
                    padded[..piece.len()].copy_from_slice(piece);
                    &padded
                }
            };
            let masks = classify(chunk);
            let at = base + (i * CHUNK) as u64;
            let used = if self.clean(masks, piece.len()) {
                self.take_clean(masks, piece.len() as u32, at)
            } else {
                self.take_bytes(piece, at)?
            };
            if let Some(used) = used {
                return Ok(Some(i * CHUNK + used));
            }
        }
        Ok(None)
    }

    /// Whether the first `len` bytes of a classified chunk are cells and whitespace only, with
    /// no equal letters side by side (also across the chunk's start): then the fast path
    /// applies.
    fn clean(&self, m: Masks, len: usize) -> bool {
        let valid = bit_range(0, len as u32);
        let other = valid & !(m.space | m.x | m.o | m.dot);
        let x_before = (m.x << 1) | u64::from(self.strip.prev == b'X');
        let o_before = (m.o << 1) | u64::from(self.strip.prev == b'O');
        let twins = (m.x & x_before) | (m.o & o_before);
        other == 0 && twins == 0
    }

    /// The fast path over a clean chunk of `len` bytes at offset `at`: whole strip pieces by
    /// bit operations.
    fn take_clean(&mut self, m: Masks, len: u32, at: u64) -> Option<usize> {
        let valid = bit_range(0, len);
        let space = m.space & valid;
        let marks = m.x | m.o;
        let mut start = 0;
        let used = loop {
            // Cells from `start` (a cell, or the chunk's start) up to the next whitespace.
            let spaces_on = space & bit_range(start, 64);
            let end = if spaces_on == 0 {
                len
            } else {
                spaces_on.trailing_zeros()
            };
            self.strip.absorb_bits(marks, m.x, start, end);
            if spaces_on == 0 {
                break None;
            }
            if self.strip.started() && self.end_strip() {
                break Some(end + 1);
            }
            // The next cell after this run of whitespace.
            let cells_on = valid & !space & bit_range(end, 64);
            if cells_on == 0 {
                break None;
            }
            start = cells_on.trailing_zeros();
        };
        // Lines of the bytes used: every CR ends one, and every LF not right after a CR.
        let upto = bit_range(0, used.unwrap_or(len));
        let cr_before = (m.cr << 1) | u64::from(self.after_cr);
        let ends = (m.cr | (m.newline & !cr_before)) & upto;
        self.line += u64::from(ends.count_ones());
        let breaks = (m.cr | m.newline) & upto;
        if breaks != 0 {
            self.line_start = at + u64::from(64 - breaks.leading_zeros());
        }
        let last = used.unwrap_or(len);
        self.after_cr = last > 0 && m.cr >> (last - 1) & 1 == 1;
        used.map(|u| u as usize)
    }

    /// The byte-exact path (a chunk holding a fault, or bytes after the last strip): returns
    /// like `take`, or the first fault with its line and column.
    fn take_bytes(&mut self, bytes: &[u8], at: u64) -> Result<Option<usize>, Malformed> {
        for (i, &b) in bytes.iter().enumerate() {
            let offset = at + i as u64;
            if is_space(b) {
                if b == b'\r' || (b == b'\n' && !self.after_cr) {
                    self.line += 1;
                }
                if b == b'\r' || b == b'\n' {
                    self.line_start = offset + 1;
                }
                self.after_cr = b == b'\r';
                if self.strip.started() && self.end_strip() {
                    return Ok(Some(i + 1));
                }
                continue;
            }
            self.after_cr = false;
            let column = offset - self.line_start + 1;
            if !is_cell(b) {
                return Err(malformed(
                    self.line,
                    format!(
                        "{} at column {column} is not a cell ('.', 'X', 'O')",
                        describe(b)
                    ),
                ));
            }
            if b != EMPTY && b == self.strip.prev {
                let pair = format!("{0}{0}", b as char);
                return Err(malformed(
                    self.line,
                    format!(
                        "'{pair}' at columns {}-{column}: no legal play puts equal marks side by side",
                        column - 1
                    ),
                ));
            }
            self.strip.push(b);
        }
        Ok(None)
    }
}

/// The verdicts of all strips, one bit each.
struct Answers {
    alice_wins: Vec<u64>,
    count: u64,
}

/// The answer lines padded to one length, with their true lengths: [Bob wins, Alice wins].
const ANSWER_LINES: [(&[u8; 12], usize); 2] = [(b"Impossible.\n", 12), (b"Possible.\n\0\0", 10)];

impl Answers {
    /// Writes one line per strip through a small buffer. No branch on the verdict (a coin flip
    /// on random input): each line is copied at full width and the end advances by its length.
    fn write_to(&self, mut out: impl Write) -> io::Result<()> {
        let mut buf = vec![0u8; 1 << 16];
        let mut len = 0;
        for k in 0..self.count {
            let word = self.alice_wins.get((k / 64) as usize).copied().unwrap_or(0);
            let (text, text_len) = ANSWER_LINES[(word >> (k % 64) & 1) as usize];
            buf[len..len + text.len()].copy_from_slice(text);
            len += text_len;
            if len + text.len() > buf.len() {
                out.write_all(&buf[..len])?;
                len = 0;
            }
        }
        out.write_all(&buf[..len])?;
        out.flush()
    }
}

/// Reads the whole input and returns the answers.
fn solve<R: Read>(src: R) -> Result<Answers, Malformed> {
    let mut input = Input::new(src);
    let (total, _) = input.read_count("T", "the number of strips")?;
    let mut strips = Strips {
        total,
        done: 0,
        line: input.line,
        line_start: input.line_start,
        after_cr: input.after_cr,
        strip: Strip::new(EMPTY),
        alice_wins: Vec::new(),
    };
    while strips.done < total {
        if !input.fill()? {
            // The end of input ends the current strip if it has begun.
            if strips.strip.started() {
                strips.end_strip();
            }
            if strips.done < total {
                let strips_word = if total == 1 { "strip" } else { "strips" };
                let what = format!(
                    "expected {total} {strips_word}, got {} (input ends)",
                    strips.done
                );
                return Err(malformed(strips.line, what));
            }
            break;
        }
        let base = input.at();
        match strips.take(&input.buf[input.pos..input.end], base)? {
            Some(used) => input.pos += used,
            None => input.pos = input.end,
        }
    }
    input.line = strips.line;
    input.line_start = strips.line_start;
    input.after_cr = strips.after_cr;
    if let Some(b) = input.skip_whitespace()? {
        return Err(malformed(
            input.line,
            format!(
                "unexpected {} after the last strip (T = {total})",
                describe(b)
            ),
        ));
    }
    Ok(Answers {
        alice_wins: strips.alice_wins,
        count: strips.done,
    })
}

#[derive(Default)]
struct Tictactoe;

impl cli::Solution for Tictactoe {
    const NAME: &'static str = "tictactoe";
    const USAGE: &'static str = USAGE;

    fn batch<R: Read, W: Write>(input: R, out: &mut W) -> Result<(), String> {
        let answers =
            solve(input).map_err(|Malformed { line, what }| format!("line {line}: {what}"))?;
        answers.write_to(out).map_err(cli::write_error)
    }

    /// The position is the strip line alone: one case of the judge input, without the count
    /// T that heads the judge's list of cases (a round is one case, as `n k` is for
    /// subtraction).
    fn round<R: BufRead, W: Write>(
        &mut self,
        referee: &mut Referee<R>,
        out: &mut W,
    ) -> Result<(), Stop> {
        let (line, text) = referee.read("a strip")?;
        let cells = strip::parse_strip(text, line)?;
        strip::round(referee, out, cells)
    }

    fn option(arg: &str, rest: &[String]) -> Option<Result<(), String>> {
        (arg == "--bench-play").then(|| strip::bench(rest))
    }
}

fn main() -> ExitCode {
    cli::main::<Tictactoe>()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The SSE2 classifier agrees with the byte-by-byte one on chunks mixing every class with
    /// other bytes, at every position.
    #[test]
    fn classify_matches_portable() {
        let alphabet = [
            b'\n', b'X', b'O', b'.', b' ', b'\r', b'\t', 0x0b, 0x0c, 0x0e, 0x08, 0, 0xff, b'x',
            b'0', 0x80, 0x89,
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            let mut chunk = [0u8; CHUNK];
            for b in chunk.iter_mut() {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                *b = alphabet[(state % alphabet.len() as u64) as usize];
            }
            assert_eq!(classify(&chunk), classify_portable(&chunk), "{chunk:?}");
        }
    }

    #[test]
    fn bit_range_covers_the_edges() {
        assert_eq!(bit_range(0, 64), u64::MAX);
        assert_eq!(bit_range(64, 64), 0);
        assert_eq!(bit_range(0, 0), 0);
        assert_eq!(bit_range(3, 5), 0b11000);
        assert_eq!(bit_range(63, 64), 1 << 63);
    }
}
