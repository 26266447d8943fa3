//! Smaller inputs of the race problem's format, for `referee judge`'s shrinking (the shared
//! reductions and the contract: [`combgames_core::shrink`]).

use combgames_core::shrink::*;

/// A race board: its rows.
type Board = Vec<Vec<u8>>;

/// The board without the rows and columns for which `cut` holds (a square board stays square
/// when as many rows as columns are cut).
fn without(
    board: &Board,
    cut_row: impl Fn(usize) -> bool,
    cut_col: impl Fn(usize) -> bool,
) -> Board {
    board
        .iter()
        .enumerate()
        .filter(|&(r, _)| !cut_row(r))
        .map(|(_, row)| {
            row.iter()
                .enumerate()
                .filter(|&(c, _)| !cut_col(c))
                .map(|(_, &cell)| cell)
                .collect()
        })
        .collect()
}

/// Smaller race boards: a block of s rows and s columns cut out (s = n - 2, then n/2, n/4, ...;
/// the rows and the columns each at any multiple of s or at the far end, as long as the block
/// pairs stay few, [`MAX_BLOCKS`]), then, at the same size, the walls of the whole board, then
/// of one row, removed. A cut that takes A or B away, or separates them, is left to the
/// validator to refuse.
fn smaller_boards(board: &Board) -> impl Iterator<Item = Board> + '_ {
    let n = board.len();
    let mut sizes = vec![n.saturating_sub(2)];
    sizes.extend((1..).map(|j| n >> j).take_while(|&s| s > 0));
    sizes.dedup();
    // The cuts are listed first (cheap), the boards made only as they are asked for.
    let mut cuts = Vec::new();
    for s in sizes.into_iter().filter(|&s| s > 0 && s + 2 <= n) {
        let mut starts: Vec<usize> = (0..=n - s).step_by(s).collect();
        if starts.last() != Some(&(n - s)) {
            starts.push(n - s);
        }
        if starts.len() * starts.len() > MAX_BLOCKS {
            break;
        }
        for &r in &starts {
            for &c in &starts {
                cuts.push((s, r, c));
            }
        }
    }
    let blocks = cuts.into_iter().map(move |(s, r, c)| {
        without(
            board,
            |i| (r..r + s).contains(&i),
            |j| (c..c + s).contains(&j),
        )
    });
    let unwalled = |row: &Vec<u8>| -> Vec<u8> {
        row.iter()
            .map(|&c| if c == b'#' { b'.' } else { c })
            .collect()
    };
    let walled_rows: Vec<usize> = (0..n).filter(|&i| board[i].contains(&b'#')).collect();
    let whole = (!walled_rows.is_empty()).then(move || board.iter().map(unwalled).collect());
    let rows = walled_rows.into_iter().map(move |i| {
        let mut changed = board.clone();
        changed[i] = unwalled(&board[i]);
        changed
    });
    blocks.chain(whole).chain(rows)
}

/// Most (row block, column block) pairs of one size tried on a race board: every single row
/// and column of a board of side 50.
const MAX_BLOCKS: usize = 2500;

/// `G`, then G games `n` and n rows: fewer games, then smaller boards.
pub fn race(text: &str, out: &mut Candidates) -> Option<()> {
    let mut tokens = text.split_ascii_whitespace();
    let g = number(tokens.next())?;
    let mut boards: Vec<Board> = Vec::new();
    for _ in 0..g {
        let n = number(tokens.next())? as usize;
        let rows: Board = (0..n)
            .map(|_| tokens.next().map(|r| r.as_bytes().to_vec()))
            .collect::<Option<_>>()?;
        boards.push(rows);
    }
    if tokens.next().is_some() {
        return None;
    }
    let render = |boards: &[Board]| {
        let mut parts = vec![boards.len().to_string()];
        for board in boards {
            parts.push(board.len().to_string());
            parts.extend(
                board
                    .iter()
                    .map(|r| String::from_utf8_lossy(r).into_owned()),
            );
        }
        lines(parts)
    };
    cases_then_values(
        &boards,
        |b, emit| each(smaller_boards(b), emit),
        render,
        out,
    );
    Some(())
}
