// Too slow on purpose: right answers from the race on the shortest A-B paths (an odd distance
// d: A wins; an even one: B wins iff it can stand next to A when A enters the middle layer,
// and jump), but found by plain game-tree search over the players' moves along the paths,
// with no memo of the pairs of squares. Instant on narrow boards; the number of move
// sequences grows exponentially with the width of the layers, so wide boards (the pipes and
// tanks of the default judge's `largest` test) never finish.
// The board's distances are packages/shared/race.rs, shared with the other race players; the
// package holds this file bundled with it (scripts/make-packages.sh), one std-only file.
#[path = "../../shared/input.rs"]
mod input;
#[path = "../../shared/race.rs"]
mod race;

use race::Square;

struct Race {
    n: usize,
    /// Distances from A's and from B's start.
    from_a: Vec<Vec<usize>>,
    from_b: Vec<Vec<usize>>,
    d: usize,
}

impl Race {
    /// The squares beside `p` on a shortest path, `t` steps from A's start.
    fn step(&self, p: Square, t: usize) -> Vec<Square> {
        race::around(self.n, p)
            .into_iter()
            .filter(|&(r, c)| {
                self.from_a[r][c] == t
                    && self.from_b[r][c] != usize::MAX
                    && t + self.from_b[r][c] == self.d
            })
            .collect()
    }

    /// Whether B wins with A on `a` (layer t) and B on `b` (layer d - t), A to move.
    fn b_wins(&self, a: Square, b: Square, t: usize) -> bool {
        let h = self.d / 2;
        let beside = |x: Square, y: Square| x.0.abs_diff(y.0) + x.1.abs_diff(y.1) == 1;
        if t + 1 == h {
            return self.step(a, h).into_iter().all(|x| beside(x, b));
        }
        self.step(a, t + 1).into_iter().all(|x| {
            self.step(b, self.d - t - 1)
                .into_iter()
                .any(|y| self.b_wins(x, y, t + 1))
        })
    }
}

fn main() {
    let mut input = input::Words::stdin();
    let games: usize = input.number();
    for _ in 0..games {
        let n: usize = input.number();
        let rows: Vec<Vec<u8>> = (0..n).map(|_| input.word().into_bytes()).collect();
        let (a, b) = (race::find(&rows, b'A'), race::find(&rows, b'B'));
        let (from_a, from_b) = (race::distances(&rows, a), race::distances(&rows, b));
        let d = from_a[b.0][b.1];
        let game = Race {
            n,
            from_a,
            from_b,
            d,
        };
        let b_wins = d % 2 == 0 && game.b_wins(a, b, 0);
        println!("{}", if b_wins { "B" } else { "A" });
    }
}
