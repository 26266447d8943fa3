//! What an answer may look like ([`TokenKind`]), the jury answer's own check (a malformed one
//! is FAIL) and the token-by-token comparison that gives PE, WA or OK ([`compare_tokens`]).

use super::{is_blank, show, Outcome, TokenStream, BOM};
use crate::words::counted;
use std::fmt;

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
pub(super) enum AnswerError {
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
pub(super) fn answer_cases(answer: &[u8], shape: &[TokenKind]) -> Result<usize, AnswerError> {
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
/// output (see [`read_capped`](super::read_capped)); its last, possibly cut, token is then not
/// judged.
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
