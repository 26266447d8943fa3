// The body of `pub mod parse` of solutions/src/race.rs, which includes it here (its docs
// are there; tools/bundle.rs puts the text back in its place).
use super::game::Grid;
use super::tokens::Tokens;
use super::{MAX_GAMES, MAX_N};

/// One game of the input and the line its `n` stands on.
pub struct Game {
    pub grid: Grid,
    pub line: usize,
}

/// The next token and its line, or the last line that holds anything where the input
/// ends (a final line end opens no new line).
fn next<'a>(t: &mut Tokens<'a>) -> Result<(&'a [u8], usize), usize> {
    t.next().ok_or_else(|| {
        if t.ends_with_line_end() {
            t.line() - 1
        } else {
            t.line()
        }
        .max(1)
    })
}

fn show(token: &[u8]) -> String {
    super::tokens::shown_up_to(token, 20)
}

/// A decimal number in `lo..=hi`, named `what` in the error.
fn number(t: &mut Tokens, what: &str, lo: u64, hi: u64) -> Result<(u64, usize), String> {
    let (tok, line) =
        next(t).map_err(|l| format!("line {l}: expected {what}, got end of input"))?;
    let mut v: u64 = 0;
    if tok.is_empty() || !tok.iter().all(u8::is_ascii_digit) {
        return Err(format!(
            "line {line}: expected {what}, got \"{}\"",
            show(tok)
        ));
    }
    for &c in tok {
        v = v
            .checked_mul(10)
            .and_then(|v| v.checked_add(u64::from(c - b'0')))
            .ok_or_else(|| {
                format!(
                    "line {line}: {what} {} is out of range {lo} to {hi}",
                    show(tok)
                )
            })?;
    }
    if v < lo || v > hi {
        return Err(format!(
            "line {line}: {what} {v} is out of range {lo} to {hi}"
        ));
    }
    Ok((v, line))
}

/// Every game of the input; rejects anything that is not exactly the judge format
/// (whether B's start can be reached is checked when the game is solved).
pub fn games(input: &[u8]) -> Result<Vec<Game>, String> {
    let mut t = Tokens::new(input);
    let (count, _) = number(&mut t, "the number of games G", 1, MAX_GAMES)?;
    let mut games = Vec::new();
    for g in 1..=count {
        let (n, line) = number(
            &mut t,
            &format!("the board size n of game {g}"),
            2,
            MAX_N as u64,
        )?;
        let grid = board(&mut t, n as usize, g, line)?;
        games.push(Game { grid, line });
    }
    if let Ok((tok, line)) = next(&mut t) {
        return Err(format!(
            "line {line}: unexpected \"{}\" after the last game",
            show(tok)
        ));
    }
    Ok(games)
}

fn board(t: &mut Tokens, n: usize, g: u64, n_line: usize) -> Result<Grid, String> {
    let mut free = vec![false; n * n];
    let (mut a, mut b) = (None, None);
    for r in 0..n {
        let (row, line) = next(t).map_err(|l| {
            format!(
                "line {l}: expected row {} of game {g} ({n} cells), got end of input",
                r + 1
            )
        })?;
        if let Some(bad) = row.iter().position(|&c| !b".#AB".contains(&c)) {
            // Name the character, not the byte (the row may not be ASCII).
            let text = String::from_utf8_lossy(row);
            let column = text.char_indices().take_while(|&(i, _)| i < bad).count();
            let cell = text.chars().nth(column).unwrap_or('?');
            return Err(format!(
                "line {line}: bad cell {:?} in column {} (expected one of .#AB)",
                cell.to_string(),
                column + 1
            ));
        }
        if row.len() != n {
            return Err(format!(
                "line {line}: expected a row of {n} cells, got {}",
                row.len()
            ));
        }
        for (c, &cell) in row.iter().enumerate() {
            let at = r * n + c;
            match cell {
                b'.' => free[at] = true,
                b'A' | b'B' => {
                    free[at] = true;
                    let slot = if cell == b'A' { &mut a } else { &mut b };
                    if slot.is_some() {
                        return Err(format!(
                            "line {line}: a second '{}' square in game {g}",
                            cell as char
                        ));
                    }
                    *slot = Some(at);
                }
                _ => {} // '#', a wall: every other byte was rejected above
            }
        }
    }
    let a = a.ok_or_else(|| format!("line {n_line}: game {g} has no 'A' square"))?;
    let b = b.ok_or_else(|| format!("line {n_line}: game {g} has no 'B' square"))?;
    Ok(Grid { n, free, a, b })
}
