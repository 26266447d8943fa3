//! The race problem's strict input validator (`validate-<problem>`): the format and limits
//! of docs/problems.md; the contract and the reader are [`combgames_core::validate`]'s.

use combgames_core::validate::{stray, Input, Limits, Reject, Result, Validator};

/// The numbers behind [`Limits`]: `[judge, project]`.
pub mod limits {
    /// race games G, the same on both.
    pub const RACE_G: [u64; 2] = [10, 10];
    /// race board side n (at least 2).
    pub const RACE_N: [u64; 2] = [300, 2000];
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
    input.end("the last game")
}

pub const RACE: Validator = Validator {
    name: "race",
    check: race,
    format: |limits| {
        format!(
            "G (1 to {}), then per game n (2 to {}) and n rows of n cells over `.#AB`, one `A`, one `B`, B reachable from A",
            limits.pick(limits::RACE_G),
            limits.pick(limits::RACE_N)
        )
    },
    project_max_bytes: None,
    restriction: None,
};
