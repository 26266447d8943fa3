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
//!
//! # Where it is
//!
//! - `outcome`: [`Outcome`], a verdict with its message, and the exit of `main`;
//! - `read`: reading files and the output with a cap;
//! - `tokens`: testlib's tokens over bytes, with lines and indices;
//! - `compare`: what an answer may look like and the token-by-token comparison;
//! - `line`: [`LineChecker`], a whole token-by-token checker;
//! - `contract`: the testlib and Kattis command lines and the program around a judge.

mod compare;
mod contract;
mod line;
mod outcome;
mod read;
mod tokens;

/// The outcome of a check: the crate's one verdict type (testlib's exit codes 0..3).
pub use crate::verdict::{Verdict, KATTIS_ACCEPT, KATTIS_ERROR, KATTIS_REJECT};
pub use compare::{compare_tokens, TokenKind};
pub use contract::{parse_contract, run, usage, Contract, ContractError};
pub use line::{read_answer, CaseCount, LineChecker};
pub use outcome::{finish, quit, Outcome};
pub use read::{output_cap, read_capped, read_capped_from, Capped, OutputSource, ANSWER_CAP};
pub use tokens::{is_blank, show, Token, TokenStream, BOM};
