// Too slow on purpose (interactive): plays perfectly by Dawson's chess (the octal game 0.137:
// a push in a run of full columns, with its forced captures, takes 1 from a run of 1, 2 from
// an end, or 3 anywhere), but computes the Grundy values g(0..=N) by the plain mex recurrence,
// quadratic in N, with no use of their period 34. Fast for small N, hopeless at N = 10^6.
// The play protocol (the solutions' client, solutions/src/shared/protocol.rs) and the session
// are packages/shared/interactive_player.rs; the board and the Grundy
// values are packages/shared/pawns.rs, shared with the batch pawns players.
#[path = "../../../shared/pawns.rs"]
mod pawns;
#[path = "../../../shared/interactive_player.rs"]
mod player;

use pawns::{grundy, move_line, Board, Move, BLACK, EMPTY, WHITE};
use player::{Lines, Player, Stop};

struct GrundyQuadratic {
    board: Board,
    me: u8,
    g: Vec<u8>,
}

impl GrundyQuadratic {
    /// A push of ours that leaves the runs of full columns with Grundy sum 0.
    fn winning_push(&self) -> Option<Move> {
        let (home, ahead) = if self.me == WHITE { (0, 1) } else { (2, 1) };
        let (rows, g) = (&self.board.rows, &self.g);
        let full = |c: usize| rows[0][c] == WHITE && rows[1][c] == EMPTY && rows[2][c] == BLACK;
        let n = self.board.width();
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
        None
    }
}

impl Player for GrundyQuadratic {
    fn start(&mut self, lines: &mut Lines) -> Result<bool, Stop> {
        let (board, runs) = Board::from_position(&lines.next("a position")?);
        self.g = grundy(board.width());
        self.board = board;
        // White (first) wins iff the runs' values XOR to non-zero (g(N) at the start).
        let total = runs.iter().fold(0, |x, &len| x ^ self.g[len]);
        self.me = if total != 0 { WHITE } else { BLACK };
        Ok(self.me == WHITE)
    }

    fn reply(&mut self) -> Option<String> {
        // A capture is forced; no winning push cannot happen on our side: then any push.
        let mv = (self.board.capture(self.me))
            .or_else(|| self.winning_push())
            .or_else(|| self.board.first_push(self.me))?;
        self.board.play(mv);
        Some(move_line(mv))
    }

    fn hear(&mut self, line: &str) {
        self.board.play_line(line);
    }
}

fn main() {
    player::run(&mut GrundyQuadratic {
        board: Board::start(0),
        me: WHITE,
        g: Vec::new(),
    });
}
