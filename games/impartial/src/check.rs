//! The impartial problem's checker, the program `check-impartial`: any winning answer is accepted,
//! judged by this crate's evaluator. Each case's answer is `Second`, or `First` and a move
//! `i a b ...` that the evaluator (the plain mex recurrence and exhaustive misère search, never
//! the solution's periods) finds legal and leaving a lost position; `First` alone where the player to move has no move (misère play).
//!
//! Both judge contracts of `combgames_core::checker` (testlib: `check-impartial <input> <output>
//! <answer> [<report> [-appes]]`, exit 0/1/2/3; Kattis: `check-impartial <input> <answer>
//! <feedback_dir> < output`, exit 42/43). The jury's files are settled first (the input read,
//! every jury answer's side and move checked by the evaluator): their faults are FAIL, never
//! the contestant's.

use std::path::Path;
use std::process::ExitCode;

use crate::{after, Evaluator, Move, Spec};
use combgames_core::checker::{
    output_cap, read_answer, run, show, Capped, Outcome, OutputSource, Token, TokenStream, BOM,
};

const ABOUT: &str = "Judges an impartial output: per position `Second`, or `First` and a move
`i a b ...` (heap i becomes the non-empty heaps a, b, ...) that leaves a lost position (any
winning move is accepted, not only the jury's); `First` alone where there is no move (misere).
Tokens may be separated by spaces, tabs, CR and LF. WA: a wrong side, an illegal move, a move
that does not win. PE: anything that is not of that form.";

/// One answer: the side, and the move's numbers after `First`.
struct Answer<'a> {
    first: bool,
    numbers: Vec<Token<'a>>,
    at: Token<'a>,
}

/// Reads one answer from `tokens` (a side word and the numbers after it, at most four).
fn next_answer<'a>(tokens: &[Token<'a>], pos: &mut usize) -> Result<Answer<'a>, String> {
    let at = *tokens
        .get(*pos)
        .ok_or_else(|| "unexpected end of the output".to_owned())?;
    *pos += 1;
    let first = match at.bytes {
        b"First" => true,
        b"Second" => false,
        other => {
            return Err(format!(
                "{}: expected `First` or `Second`, found {}",
                at.place(),
                show(other)
            ))
        }
    };
    let mut numbers = Vec::new();
    while let Some(t) = tokens.get(*pos).filter(|t| t.bytes[0].is_ascii_digit()) {
        numbers.push(*t);
        *pos += 1;
    }
    if !first && !numbers.is_empty() {
        return Err(format!("{}: a number after `Second`", numbers[0].place()));
    }
    if numbers.len() > 4 {
        return Err(format!(
            "{}: a move is a heap and at most three parts",
            numbers[4].place()
        ));
    }
    Ok(Answer { first, numbers, at })
}

/// The move an answer's numbers write, read strictly (plain numbers).
fn answer_move(answer: &Answer) -> Result<Option<Move>, String> {
    if answer.numbers.is_empty() {
        return Ok(None);
    }
    let text: Vec<String> = answer
        .numbers
        .iter()
        .map(|t| String::from_utf8_lossy(t.bytes).into_owned())
        .collect();
    Move::parse(&text.join(" ")).map(Some)
}

/// The jury's input: the spec and the positions.
fn read_input(input: &[u8]) -> Result<(Spec, Vec<Vec<u64>>), String> {
    let text = std::str::from_utf8(input).map_err(|_| "the input is not UTF-8".to_owned())?;
    let mut lines = text.lines();
    let spec = Spec::parse(lines.next().unwrap_or("").trim_end())?;
    let rest: Vec<u64> = lines
        .flat_map(str::split_whitespace)
        .map(|w| w.parse().map_err(|_| format!("{w:?} is not a number")))
        .collect::<Result<_, _>>()?;
    let (&t, mut rest) = rest.split_first().ok_or("no T in the input")?;
    let mut positions = Vec::new();
    for case in 1..=t {
        let (&k, tail) = rest
            .split_first()
            .ok_or(format!("position {case} is missing"))?;
        if k == 0 || tail.len() < k as usize {
            return Err(format!("position {case} is cut short"));
        }
        // A heap of 0 is no game: dropped at once, so moves number the heaps without it
        // (games/impartial/docs/impartial.md).
        let heaps: Vec<u64> = tail[..k as usize]
            .iter()
            .copied()
            .filter(|&h| h > 0)
            .collect();
        spec.check_position(&heaps)
            .map_err(|e| format!("position {case}: {e}"))?;
        positions.push(heaps);
        rest = &tail[k as usize..];
    }
    if !rest.is_empty() {
        return Err("numbers after the last position".into());
    }
    Ok((spec, positions))
}

/// Whether `answer` is right for `heaps`: `Ok(())`, or why not (a WA's message).
fn judge_answer(ev: &mut Evaluator, heaps: &[u64], answer: &Answer) -> Result<(), String> {
    let wins = ev.mover_wins(heaps);
    let side = |first: bool| if first { "First" } else { "Second" };
    if answer.first != wins {
        return Err(format!(
            "{}: expected {}, found {}",
            answer.at.place(),
            side(wins),
            side(answer.first)
        ));
    }
    if !answer.first {
        return Ok(());
    }
    let m = answer_move(answer).map_err(|e| format!("{}: {e}", answer.at.place()))?;
    match m {
        None if ev.has_move(heaps) => Err(format!(
            "{}: `First` without a move, but the position has moves",
            answer.at.place()
        )),
        None => Ok(()),
        Some(m) => {
            ev.is_legal(heaps, &m)
                .map_err(|e| format!("{}: illegal move `{m}`: {e}", answer.at.place()))?;
            if ev.mover_wins(&after(heaps, &m)) {
                return Err(format!(
                    "{}: the move `{m}` leaves a position the opponent wins",
                    answer.at.place()
                ));
            }
            Ok(())
        }
    }
}

fn verdict(input_path: &Path, answer_path: &Path, output: &OutputSource) -> Outcome {
    let input = match std::fs::read(input_path) {
        Ok(bytes) => bytes,
        Err(e) => {
            return Outcome::fail(format!(
                "cannot read input file {}: {e}",
                input_path.display()
            ))
        }
    };
    let answer = match read_answer(answer_path) {
        Ok(bytes) => bytes,
        Err(fail) => return fail,
    };
    let (spec, positions) = match read_input(&input) {
        Ok(read) => read,
        Err(why) => return Outcome::fail(format!("the input: {why}")),
    };
    let mut ev = Evaluator::new(spec);
    // The jury's answers first: a wrong one is the jury's fault.
    let jury: Vec<Token> = TokenStream::new(&answer).tokens().collect();
    let mut pos = 0;
    for (case, heaps) in positions.iter().enumerate() {
        let checked = next_answer(&jury, &mut pos).and_then(|a| judge_answer(&mut ev, heaps, &a));
        if let Err(why) = checked {
            return Outcome::fail(format!("the jury's answer to position {}: {why}", case + 1));
        }
    }
    if pos != jury.len() {
        return Outcome::fail("the jury's answer has tokens after its last position");
    }
    let output = match output.read_capped(output_cap(answer.len())) {
        Ok(Capped::Whole(bytes)) => bytes,
        Ok(Capped::Truncated(_)) => return Outcome::pe("output too large"),
        Err(e) => return Outcome::pe(format!("cannot read output: {e}")),
    };
    let output = output.strip_prefix(BOM).unwrap_or(&output);
    let team: Vec<Token> = TokenStream::new(output).tokens().collect();
    let mut pos = 0;
    for (case, heaps) in positions.iter().enumerate() {
        let answer = match next_answer(&team, &mut pos) {
            Ok(a) => a,
            Err(why) => return Outcome::pe(format!("position {}: {why}", case + 1)),
        };
        if let Some(bad) = answer.numbers.iter().find(|t| !plain_number(t.bytes)) {
            return Outcome::pe(format!(
                "position {}: {}: {} is not a number (digits, no leading zero)",
                case + 1,
                bad.place(),
                show(bad.bytes)
            ));
        }
        if let Err(why) = judge_answer(&mut ev, heaps, &answer) {
            return Outcome::wa(format!("position {}: {why}", case + 1));
        }
    }
    if let Some(extra) = team.get(pos) {
        return Outcome::pe(format!(
            "{}: extra information after the last position: {}",
            extra.place(),
            show(extra.bytes)
        ));
    }
    Outcome::ok(format!("{} positions", positions.len()))
}

fn plain_number(bytes: &[u8]) -> bool {
    !bytes.is_empty()
        && bytes.len() <= 19
        && bytes.iter().all(u8::is_ascii_digit)
        && (bytes.len() == 1 || bytes[0] != b'0')
}

/// The whole program `check-impartial`.
pub fn main() -> ExitCode {
    run("check-impartial", ABOUT, verdict)
}
