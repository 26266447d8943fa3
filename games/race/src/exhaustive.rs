//! The exhaustive search: retrograde analysis over every (A square, B square, side to move)
//! of a small board ([`retrograde`]), the brute force the evaluators are checked against.

use crate::{legal_moves, Board, Outcome, Player, Position, Rules};

/// The value of a position for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    Win,
    Loss,
    Draw,
}

/// Every position's value, by retrograde analysis over all (A square, B square, side to
/// move) with A ≠ B on free squares: positions with an immediately winning move are wins,
/// positions without moves losses, then values flow backwards; what is never settled is a
/// draw (play can go on forever). Memory O(n⁴): for small boards only.
pub struct Retrograde {
    n2: usize,
    values: Vec<Value>,
    /// Moves to the end of the game under best play (the winner hurries, the loser delays):
    /// settled breadth first, a win is one more than its nearest lost child, a loss one more
    /// than its farthest child. 0 for draws and for positions with no move.
    depths: Vec<u32>,
}

impl Retrograde {
    fn index(n2: usize, pos: Position) -> usize {
        (pos.a * n2 + pos.b) * 2 + usize::from(pos.to_move == Player::B)
    }

    /// The value of `pos` for the player to move.
    pub fn value(&self, pos: Position) -> Value {
        self.values[Self::index(self.n2, pos)]
    }

    /// Moves to the end of the game from `pos` under best play (see the field).
    pub fn depth(&self, pos: Position) -> u32 {
        self.depths[Self::index(self.n2, pos)]
    }
}

/// Solves every position of `board` under `rules` (see [`Retrograde`]).
pub fn retrograde(board: &Board, rules: Rules) -> Retrograde {
    let n2 = board.n * board.n;
    let states = n2 * n2 * 2;
    let mut values = vec![Value::Draw; states];
    let mut open_children = vec![0u32; states];
    let mut parents: Vec<Vec<u32>> = vec![Vec::new(); states];
    let mut queue = Vec::new();
    let mut depths = vec![0u32; states];
    let mut immediate_wins = Vec::new();
    for a in (0..n2).filter(|&v| board.free[v]) {
        for b in (0..n2).filter(|&v| board.free[v] && v != a) {
            for to_move in [Player::A, Player::B] {
                let pos = Position { a, b, to_move };
                let me = Retrograde::index(n2, pos);
                let moves = legal_moves(board, pos, rules);
                if moves.iter().any(|(_, o)| *o == Outcome::Wins) {
                    values[me] = Value::Win;
                    depths[me] = 1;
                    immediate_wins.push(me);
                    continue;
                }
                let mut children: Vec<usize> = moves
                    .iter()
                    .map(|(_, o)| match o {
                        Outcome::Continues(p) => Retrograde::index(n2, *p),
                        Outcome::Wins => unreachable!(),
                    })
                    .collect();
                children.sort_unstable();
                children.dedup();
                if children.is_empty() {
                    values[me] = Value::Loss;
                    queue.push(me);
                }
                open_children[me] = children.len() as u32;
                for c in children {
                    parents[c].push(me as u32);
                }
            }
        }
    }
    // A settled child settles its parents: a lost child makes the parent a win; a won child
    // closes one of the parent's options, and a parent with no option left is lost.
    // First in, first out, losses without moves (depth 0) before immediate wins (depth 1):
    // positions settle in order of depth, which makes the depths exact.
    queue.extend(immediate_wins);
    let mut settled = vec![false; states];
    for &q in &queue {
        settled[q] = true;
    }
    let mut head = 0;
    while head < queue.len() {
        let child = queue[head];
        head += 1;
        for &p in &parents[child] {
            let p = p as usize;
            if settled[p] {
                continue;
            }
            if values[child] == Value::Loss {
                values[p] = Value::Win;
            } else {
                open_children[p] -= 1;
                if open_children[p] > 0 {
                    continue;
                }
                values[p] = Value::Loss;
            }
            settled[p] = true;
            depths[p] = depths[child] + 1;
            queue.push(p);
        }
    }
    Retrograde { n2, values, depths }
}

/// The result of the game from the start under best play, by [`retrograde`]:
/// `Some(winner)`, or `None` for a draw.
pub fn brute_force_winner(board: &Board, rules: Rules) -> Option<Player> {
    match retrograde(board, rules).value(Position::start(board)) {
        Value::Win => Some(Player::A),
        Value::Loss => Some(Player::B),
        Value::Draw => None,
    }
}
