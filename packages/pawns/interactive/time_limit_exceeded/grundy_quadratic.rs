// Too slow on purpose (interactive): plays perfectly by Dawson's chess (the octal game 0.137:
// a push in a run of full columns, with its forced captures, takes 1 from a run of 1, 2 from
// an end, or 3 anywhere), but computes the Grundy values g(0..=N) by the plain mex recurrence,
// quadratic in N, with no use of their period 34. Fast for small N, hopeless at N = 10^6.
// The play protocol's client is the solutions' (solutions/src/shared/protocol.rs), framed for
// the packages' players by packages/interactive_player.rs.
#[path = "../../../interactive_player.rs"]
mod player;
#[path = "../../../../solutions/src/shared/protocol.rs"]
mod protocol;

use player::{Lines, Out};
use protocol::{say, Stop};

const EMPTY: u8 = 0;
const WHITE: u8 = 1;
const BLACK: u8 = 2;

/// g[n] for every n up to `n`: g(0) = 0, g(1) = 1, g(n) = mex of g(n-2) and g(l) ^ g(n-3-l).
fn grundy(n: usize) -> Vec<u8> {
    let mut g: Vec<u8> = vec![0, 1];
    while g.len() <= n {
        let m = g.len();
        let mut seen = [false; 256];
        seen[g[m - 2] as usize] = true;
        for l in 0..m - 2 {
            seen[(g[l] ^ g[m - 3 - l]) as usize] = true;
        }
        g.push((0..).find(|&v| !seen[v]).unwrap() as u8);
    }
    g
}

/// (from_row, col, to_row, to_col), rows 0..3 from White's side.
type Move = (usize, usize, usize, usize);

/// A capture of `me` if one is open (captures are mandatory; every choice ends the same).
fn capture(board: &[Vec<u8>; 3], n: usize, me: u8) -> Option<Move> {
    let them = WHITE + BLACK - me;
    for r in 0..3usize {
        let ahead = if me == WHITE {
            r + 1
        } else {
            r.wrapping_sub(1)
        };
        if ahead > 2 {
            continue;
        }
        for c in 0..n {
            if board[r][c] != me {
                continue;
            }
            for cc in [c.wrapping_sub(1), c + 1].iter().cloned() {
                if cc < n && board[ahead][cc] == them {
                    return Some((r, c, ahead, cc));
                }
            }
        }
    }
    None
}

/// A push of `me` that leaves the runs of full columns with Grundy sum 0, else any push.
fn push(board: &[Vec<u8>; 3], n: usize, me: u8, g: &[u8]) -> Option<Move> {
    let (home, ahead) = if me == WHITE { (0, 1) } else { (2, 1) };
    let full = |c: usize| board[0][c] == WHITE && board[1][c] == EMPTY && board[2][c] == BLACK;
    let mut runs = Vec::new();
    let mut c = 0;
    while c < n {
        if !full(c) {
            c += 1;
            continue;
        }
        let start = c;
        while c < n && full(c) {
            c += 1;
        }
        runs.push((start, c - start));
    }
    let total = runs.iter().fold(0, |x, &(_, len)| x ^ g[len]);
    for &(start, len) in &runs {
        for j in 0..len {
            let after = if len == 1 {
                0
            } else if j == 0 || j == len - 1 {
                g[len - 2]
            } else {
                g[j - 1] ^ g[len - j - 2]
            };
            if total ^ g[len] ^ after == 0 {
                return Some((home, start + j, ahead, start + j));
            }
        }
    }
    // No winning push (cannot happen on our side): any legal one.
    for r in 0..3usize {
        let to = if me == WHITE {
            r + 1
        } else {
            r.wrapping_sub(1)
        };
        for c in 0..n {
            if to <= 2 && board[r][c] == me && board[to][c] == EMPTY {
                return Some((r, c, to, c));
            }
        }
    }
    None
}

fn main() {
    player::run(play);
}

fn play(lines: &mut Lines, out: &mut Out) -> Result<(), Stop> {
    let rounds = lines.rounds()?;
    for _ in 0..rounds {
        let position = lines.next("a position")?;
        let n: usize = position.parse().unwrap();
        let g = grundy(n);
        let mut board = [vec![WHITE; n], vec![EMPTY; n], vec![BLACK; n]];
        // White (first) wins iff g(N) != 0.
        let me = if g[n] != 0 { WHITE } else { BLACK };
        say(out, protocol::side(me == WHITE))?;
        let mut my_turn = me == WHITE;
        loop {
            if my_turn {
                let mv = capture(&board, n, me).or_else(|| push(&board, n, me, &g));
                if let Some((r, c, r2, c2)) = mv {
                    board[r2][c2] = board[r][c];
                    board[r][c] = EMPTY;
                    say(
                        out,
                        format!("{} {} {} {}", r + 1, c + 1, r2 + 1, c2 + 1).as_bytes(),
                    )?;
                }
            }
            my_turn = true;
            let heard = lines.next("a move or `end`")?;
            match heard.as_str() {
                "end" => break,
                theirs => {
                    let v: Vec<usize> = theirs
                        .split_whitespace()
                        .map(|t| t.parse().unwrap())
                        .collect();
                    board[v[2] - 1][v[3] - 1] = board[v[0] - 1][v[1] - 1];
                    board[v[0] - 1][v[1] - 1] = EMPTY;
                }
            }
        }
    }
    Ok(())
}
