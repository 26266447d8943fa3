use combgames::race::{retrograde, Board, Evaluator, JumpBack, Player, Position, Rules, Value};
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E3779B97F4A7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58476D1CE4E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D049BB133111EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, k: usize) -> usize {
        (self.next() % k as u64) as usize
    }
}
fn board(rng: &mut Rng, n: usize, w: usize) -> Board {
    loop {
        let free: Vec<bool> = (0..n * n).map(|_| rng.below(100) >= w).collect();
        let cells: Vec<usize> = (0..n * n).filter(|&v| free[v]).collect();
        if cells.len() < 2 {
            continue;
        }
        let a = cells[rng.below(cells.len())];
        let b = cells[rng.below(cells.len())];
        if a == b {
            continue;
        }
        let bd = Board { n, free, a, b };
        if bd.connected() {
            return bd;
        }
    }
}
fn main() {
    let mut rng = Rng(7);
    let (mut checked, mut bad) = (0u64, 0u64);
    for it in 0..4000 {
        let n = 2 + it % 7;
        let w = [0, 10, 20, 30, 40][it % 5];
        let bd = board(&mut rng, n, w);
        let rules = Rules {
            jump_back: if it % 2 == 0 {
                JumpBack::Allowed
            } else {
                JumpBack::Forbidden
            },
        };
        let r = retrograde(&bd, rules);
        let e = Evaluator::new(&bd, rules);
        let da = bd.distances(bd.b);
        let db = bd.distances(bd.a);
        for a in 0..n * n {
            if !bd.free[a] || a == bd.b || da[a] == u32::MAX {
                continue;
            }
            for b in 0..n * n {
                if !bd.free[b] || b == a || b == bd.a || db[b] == u32::MAX {
                    continue;
                }
                for m in [Player::A, Player::B] {
                    let pos = Position { a, b, to_move: m };
                    let want = r.value(pos) == Value::Win;
                    checked += 1;
                    if want != e.mover_wins(pos) {
                        bad += 1;
                        if bad < 5 {
                            println!("{:?}\n{:?} want {}", bd.rows(), pos, want);
                        }
                    }
                }
            }
        }
    }
    println!("checked {checked} bad {bad}");
}
