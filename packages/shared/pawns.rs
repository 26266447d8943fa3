//! Dawson's chess (pawns) as the packages' players see it: the Grundy values of the octal game
//! 0.137 by their plain recurrence (no use of the period 34), and the 3×N board with its
//! captures and pushes. Bundled into the players that use it by scripts/make-packages.sh and
//! scripts/make-interactive-packages.sh.

// The batch players use the values only, the interactive ones the board too: what one leaves
// unused is not dead for the others.
#![allow(dead_code)]

/// g[m] for every m up to `n`: g(0) = 0, g(1) = 1, g(m) = mex of g(m-2) (a push at an end
/// takes 2) and g(l) ^ g(m-3-l) (a push inside takes 3), quadratic in n.
pub fn grundy(n: usize) -> Vec<u8> {
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

pub const EMPTY: u8 = 0;
pub const WHITE: u8 = 1;
pub const BLACK: u8 = 2;

/// (from_row, col, to_row, to_col), rows 0..3 from White's side.
pub type Move = (usize, usize, usize, usize);

/// board[row][col]: White's pawns start on row 0 and move to higher rows, Black's on row 2.
pub struct Board {
    pub rows: [Vec<u8>; 3],
}

impl Board {
    /// The start of a game on N columns.
    pub fn start(n: usize) -> Board {
        Board {
            rows: [vec![WHITE; n], vec![EMPTY; n], vec![BLACK; n]],
        }
    }

    /// The board of a position line of the interactive problem: `N` (the start), or
    /// `N K a1 b1 ... aK bK`, only the columns of the runs a..=b (1-based) full and every
    /// other column played out (left empty here: what is there can never move). Also returns
    /// the runs' lengths. The judge's line is trusted.
    pub fn from_position(line: &str) -> (Board, Vec<usize>) {
        let t: Vec<usize> = line
            .split_whitespace()
            .map(|w| w.parse().unwrap())
            .collect();
        let n = t[0];
        let runs: Vec<(usize, usize)> = if t.len() == 1 {
            vec![(1, n)]
        } else {
            t[2..].chunks(2).map(|r| (r[0], r[1])).collect()
        };
        let mut board = Board {
            rows: [vec![EMPTY; n], vec![EMPTY; n], vec![EMPTY; n]],
        };
        for &(a, b) in &runs {
            board.rows[0][a - 1..b].fill(WHITE);
            board.rows[2][a - 1..b].fill(BLACK);
        }
        (board, runs.iter().map(|&(a, b)| b + 1 - a).collect())
    }

    pub fn width(&self) -> usize {
        self.rows[0].len()
    }

    /// The row in front of row `r` for `me`, if on the board.
    fn ahead(r: usize, me: u8) -> Option<usize> {
        let to = if me == WHITE {
            r + 1
        } else {
            r.wrapping_sub(1)
        };
        (to <= 2).then_some(to)
    }

    /// The first capture of `me`, if one is open (captures are mandatory).
    pub fn capture(&self, me: u8) -> Option<Move> {
        let them = WHITE + BLACK - me;
        for r in 0..3 {
            let Some(to) = Board::ahead(r, me) else {
                continue;
            };
            for c in 0..self.width() {
                if self.rows[r][c] != me {
                    continue;
                }
                for cc in [c.wrapping_sub(1), c + 1] {
                    if cc < self.width() && self.rows[to][cc] == them {
                        return Some((r, c, to, cc));
                    }
                }
            }
        }
        None
    }

    /// The first push of `me` (row by row, then left to right), if any.
    pub fn first_push(&self, me: u8) -> Option<Move> {
        for r in 0..3 {
            let Some(to) = Board::ahead(r, me) else {
                continue;
            };
            for c in 0..self.width() {
                if self.rows[r][c] == me && self.rows[to][c] == EMPTY {
                    return Some((r, c, to, c));
                }
            }
        }
        None
    }

    /// Makes a move (legal: the caller's or the referee's).
    pub fn play(&mut self, (r, c, r2, c2): Move) {
        self.rows[r2][c2] = self.rows[r][c];
        self.rows[r][c] = EMPTY;
    }

    /// Makes the move of the protocol's line `r c r2 c2` (1-based).
    pub fn play_line(&mut self, line: &str) {
        let v: Vec<usize> = line
            .split_whitespace()
            .map(|t| t.parse::<usize>().unwrap() - 1)
            .collect();
        self.play((v[0], v[1], v[2], v[3]));
    }
}

/// A move as the protocol writes it: `r c r2 c2`, 1-based.
pub fn move_line((r, c, r2, c2): Move) -> String {
    format!("{} {} {} {}", r + 1, c + 1, r2 + 1, c2 + 1)
}
