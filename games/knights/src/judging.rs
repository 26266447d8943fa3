//! The checker's judgement (`check-knights` reads the files, src/check.rs): the jury's files
//! validated, then a contestant's output judged move by move against the evaluator.

use crate::{first_player_wins, moves, parse_input, shown, tokens, Evaluator, Game};
use combgames_core::checker::Outcome;
use combgames_core::verdict::Verdict;

/// How many bytes of contestant output the checker reads at most for K knights: far more
/// than any sensible answer (a line is at most 22 bytes), little enough to never run out of memory.
pub fn output_size_cap(knights: usize) -> usize {
    (1 << 20) + 64 * knights
}

/// An integer token: `-?[0-9]+`. Its value saturates, since anything beyond i64 is off the
/// board anyway. None when the token is not an integer at all (a format error).
fn integer(token: &[u8]) -> Option<i64> {
    let (negative, digits) = match token.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, token),
    };
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let magnitude = digits.iter().fold(0i64, |v, &d| {
        v.saturating_mul(10).saturating_add(i64::from(d - b'0'))
    });
    Some(if negative { -magnitude } else { magnitude })
}

/// A test case the checker has validated: the game and whether the first player wins.
pub struct JuryCase {
    pub game: Game,
    pub wins: bool,
}

fn verdict_word(wins: bool) -> &'static str {
    if wins {
        "YES"
    } else {
        "NO"
    }
}

/// Validates the jury's files: a well-formed `input`, and an `answer` whose first token is
/// YES or NO and agrees with the theory (its moves, if any, are not used). An error is the
/// jury's fault, [`Verdict::Fail`]; the checker settles this before it reads contestant output.
pub fn jury_case(input: &[u8], answer: &[u8]) -> Result<JuryCase, Outcome> {
    let game =
        parse_input(input).map_err(|e| Outcome::new(Verdict::Fail, format!("input file: {e}")))?;
    let wins = first_player_wins(game.n, &game.knights);
    let jury_says_yes = match tokens(answer).next() {
        Some(b"YES") => true,
        Some(b"NO") => false,
        other => {
            let got = other.map_or("end of file".to_owned(), |t| format!("\"{}\"", shown(t)));
            return Err(Outcome::new(
                Verdict::Fail,
                format!("answer file: expected YES or NO, got {got}"),
            ));
        }
    };
    if jury_says_yes != wins {
        return Err(Outcome::new(
            Verdict::Fail,
            format!(
                "answer file says {} but the first player {}",
                verdict_word(jury_says_yes),
                if wins { "wins" } else { "loses" }
            ),
        ));
    }
    let case = JuryCase { game, wins };
    // The jury's answer is its word alone (any winning turn is accepted, so the jury need not
    // give one) or a right output (a winning turn of legal moves on the board, nothing after
    // it): anything else is the judge's fault, never the contestant's.
    let word_alone = tokens(answer).nth(1).is_none();
    let own = judge_output(&case, answer);
    if !word_alone && own.verdict != Verdict::Ok {
        return Err(Outcome::new(
            Verdict::Fail,
            format!("answer file: {}", own.message),
        ));
    }
    Ok(case)
}

/// Judges contestant `output` for jury `input` with jury `answer`: [`jury_case`], then
/// [`judge_output`].
pub fn judge(input: &[u8], output: &[u8], answer: &[u8]) -> Outcome {
    match jury_case(input, answer) {
        Ok(case) => judge_output(&case, output),
        Err(fail) => fail,
    }
}

/// Judges contestant `output` on a validated case.
///
/// Reading is sequential and the first problem met decides, so the verdict is well defined:
/// - presentation error: the output is not of the form `YES`/`NO` (exact case), then, after a
///   YES, exactly 2·K integer tokens (`-?[0-9]+`), then nothing. Whitespace is free.
/// - wrong answer: a wrong YES/NO (judged before anything after it is read); a knight's
///   destination off the board (any integer outside 1..=N, however large), not a legal move,
///   a movable knight left in place, a stuck knight moved; or a final position that is not
///   lost for the opponent (its largest suspense is odd).
pub fn judge_output(case: &JuryCase, output: &[u8]) -> Outcome {
    let (game, wins) = (&case.game, case.wins);
    let n = game.n;
    let mut out = tokens(output);
    let says_yes = match out.next() {
        Some(b"YES") => true,
        Some(b"NO") => false,
        Some(t) => {
            return Outcome::new(
                Verdict::Pe,
                format!("expected YES or NO, got \"{}\"", shown(t)),
            )
        }
        None => return Outcome::new(Verdict::Pe, "empty output".to_owned()),
    };
    if says_yes != wins {
        return Outcome::new(
            Verdict::Wa,
            format!(
                "answered {}, expected {}",
                verdict_word(says_yes),
                verdict_word(wins)
            ),
        );
    }
    if !wins {
        return match out.next() {
            Some(t) => Outcome::new(Verdict::Pe, format!("unexpected \"{}\" after NO", shown(t))),
            None => Outcome::new(Verdict::Ok, "NO".to_owned()),
        };
    }

    let mut destinations = Vec::with_capacity(game.knights.len());
    for (i, &(x, y)) in game.knights.iter().enumerate() {
        let knight = i + 1;
        let mut coordinate = |name: &str| match out.next() {
            None => Err(Outcome::new(
                Verdict::Pe,
                format!("knight {knight}: expected {name}, got end of output"),
            )),
            Some(t) => integer(t).ok_or_else(|| {
                Outcome::new(
                    Verdict::Pe,
                    format!(
                        "knight {knight}: expected integer {name}, got \"{}\"",
                        shown(t)
                    ),
                )
            }),
        };
        let (a, b) = match (coordinate("x"), coordinate("y")) {
            (Ok(a), Ok(b)) => (a, b),
            (Err(v), _) | (_, Err(v)) => return v,
        };
        let on_board = |c: i64| c >= 1 && c as u64 <= n;
        if !on_board(a) || !on_board(b) {
            return Outcome::new(
                Verdict::Wa,
                format!("knight {knight}: destination ({a}, {b}) is off the {n}x{n} board"),
            );
        }
        let to = (a as u64, b as u64);
        let movable = moves(n, x, y).next().is_some();
        if !movable && to != (x, y) {
            return Outcome::new(
                Verdict::Wa,
                format!("knight {knight} on ({x}, {y}) cannot move, but was moved to ({a}, {b})"),
            );
        }
        if movable && to == (x, y) {
            return Outcome::new(
                Verdict::Wa,
                format!("knight {knight} on ({x}, {y}) can move, but stayed"),
            );
        }
        if movable && !moves(n, x, y).any(|m| m == to) {
            return Outcome::new(
                Verdict::Wa,
                format!("knight {knight}: ({x}, {y}) -> ({a}, {b}) is not a legal move"),
            );
        }
        destinations.push(to);
    }
    if let Some(t) = out.next() {
        return Outcome::new(
            Verdict::Pe,
            format!(
                "unexpected \"{}\" after the {} destinations",
                shown(t),
                game.knights.len()
            ),
        );
    }
    // The opponent now moves; the turn wins iff the position left is lost for them.
    let eval = Evaluator::new(n);
    let worst = destinations
        .iter()
        .enumerate()
        .map(|(i, &(a, b))| (eval.suspense(a, b), i + 1))
        .max();
    match worst {
        Some((s, knight)) if s % 2 == 1 => Outcome::new(Verdict::Wa, format!(
            "the position left is won for the opponent (knight {knight} stands on suspense {s}, odd and largest)"
        )),
        _ => Outcome::new(Verdict::Ok, format!("YES, {} knights, position left lost for the opponent", game.knights.len())),
    }
}
