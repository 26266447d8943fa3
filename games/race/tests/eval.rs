//! The referee's race evaluator (games/race/src/eval.rs, games/race/docs/evaluator.md) against the plain
//! retrograde search (`race::retrograde`: no distances, no parity, no theory), position by
//! position, under both readings of the jump, on thousands of small boards of every shape
//! the referee draws (random walls of several densities, open boards, mazes, winding
//! corridors and serpentines, boards B wins, rings A wins, pipes and tanks). Each fact the
//! evaluator relies on is asserted on its own as well:
//!
//! - progress: the mover always has a move that brings it nearer its goal;
//! - parity: players on adjacent squares have δ = p − q ≡ D + 1 (mod 2);
//! - the race lemma: D odd, the mover wins iff δ ≤ 0; D even, it wins when δ ≤ −1 and loses
//!   when δ ≥ 2;
//! - the band: with D even and δ ∈ {0, 1}, every winning move brings the mover nearer its goal;
//! - no draws on connected boards.

use combgames_core::rng::Rng;
use combgames_race::gen::{board_of, Density, Shape};
use combgames_race::{
    legal_moves, retrograde, Board, Evaluator, JumpBack, Outcome, PipesAndTanks, Player, Position,
    Rules, Value,
};

const READINGS: [Rules; 2] = [
    Rules {
        jump_back: JumpBack::Allowed,
    },
    Rules {
        jump_back: JumpBack::Forbidden,
    },
];

/// A connected board with each square a wall with probability `wall_pct`% (also the
/// (class, error) pairs' boards, coverage_errors.rs).
pub(crate) fn walled(rng: &mut Rng, n: usize, wall_pct: usize) -> Board {
    loop {
        let free: Vec<bool> = (0..n * n).map(|_| rng.index(100) >= wall_pct).collect();
        let cells: Vec<usize> = (0..n * n).filter(|&v| free[v]).collect();
        if cells.len() < 2 {
            continue;
        }
        let (a, b) = (cells[rng.index(cells.len())], cells[rng.index(cells.len())]);
        let board = Board { n, free, a, b };
        if a != b && board.connected() {
            return board;
        }
    }
}

/// What one board's check counted.
#[derive(Default)]
struct Tally {
    boards: u64,
    positions: u64,
    band: u64,
    band_wins: u64,
}

/// Checks every position of play of `board` under `rules` (both players on squares
/// reachable from the starts, on different squares, neither on its own goal).
fn check(board: &Board, rules: Rules, tally: &mut Tally) {
    let exact = retrograde(board, rules);
    let eval = Evaluator::new(board, rules);
    let to_goal = [board.distances(board.b), board.distances(board.a)];
    let d = to_goal[0][board.a] as i64;
    let at = |p: Player, v: usize| to_goal[usize::from(p == Player::B)][v] as i64;
    let show = |pos: Position| format!("{pos:?} on\n{}", board.to_input());
    tally.boards += 1;
    for pos in Position::all_of_play(board) {
        let Position { a, b, to_move } = pos;
        let (me, them) = (to_move, to_move.other());
        let p = at(me, pos.square(me));
        let delta = p - at(them, pos.square(them));
        let value = exact.value(pos);
        assert_ne!(value, Value::Draw, "draw at {}", show(pos));
        let wins = value == Value::Win;
        tally.positions += 1;
        // The evaluator.
        assert_eq!(eval.mover_wins(pos), wins, "evaluator at {}", show(pos));
        assert_eq!(eval.delta(pos), delta);
        // Parity.
        if board.neighbours(a).any(|w| w == b) {
            assert_eq!((delta - d - 1).rem_euclid(2), 0, "parity at {}", show(pos));
        }
        // Progress, and which moves win.
        let moves = legal_moves(board, pos, rules);
        let after = |o: Outcome| match o {
            Outcome::Wins => (true, 0),
            Outcome::Continues(next) => (exact.value(next) == Value::Loss, at(me, next.square(me))),
        };
        assert!(
            moves.iter().any(|&(_, o)| after(o).1 < p),
            "no progress at {}",
            show(pos)
        );
        // The race lemma.
        if d % 2 == 1 {
            assert_eq!(wins, delta <= 0, "odd D at {}", show(pos));
        } else if delta <= -1 {
            assert!(wins, "δ = {delta} ≤ −1 lost at {}", show(pos));
        } else if delta >= 2 {
            assert!(!wins, "δ = {delta} ≥ 2 won at {}", show(pos));
        } else {
            tally.band += 1;
            tally.band_wins += u64::from(wins);
            for &(m, o) in &moves {
                let (good, dist) = after(o);
                assert!(
                    !good || dist < p,
                    "band: winning move {m:?} without progress at {}",
                    show(pos)
                );
            }
        }
    }
}

fn report(what: &str, t: &Tally) {
    eprintln!(
        "{what}: {} boards, {} positions, {} in the band ({} won)",
        t.boards, t.positions, t.band, t.band_wins
    );
}

#[test]
fn random_walls_every_density_both_readings() {
    let mut rng = Rng::new(1);
    let mut t = Tally::default();
    for i in 0..1600 {
        let n = 2 + i % 7;
        let board = walled(&mut rng, n, [0, 10, 20, 30, 40, 50][i % 6]);
        check(&board, READINGS[i % 2], &mut t);
    }
    report("random walls", &t);
    assert!(t.boards == 1600 && t.band > 100_000 && t.band_wins > 10_000);
}

#[test]
fn referee_shapes_both_readings() {
    let mut rng = Rng::new(2);
    let shapes = [
        Shape::Random(Density::SESSION),
        Shape::Open,
        Shape::Maze,
        Shape::Corridor,
        Shape::SecondWins,
        Shape::EvenFirstWins,
    ];
    let mut t = Tally::default();
    for i in 0..700 {
        let n = 2 + i % 9;
        let board = board_of(shapes[i % shapes.len()], n, &mut rng);
        for rules in READINGS {
            check(&board, rules, &mut t);
        }
    }
    report("referee shapes", &t);
    assert!(t.boards == 1400 && t.band_wins > 10_000);
}

/// A few larger boards (sides 11 and 12), the small pipes and tanks, and corridors long
/// enough for the players to pass each other far from the starts.
#[test]
fn larger_boards_and_pipes() {
    let mut rng = Rng::new(3);
    let mut t = Tally::default();
    for i in 0..16 {
        let shape = [
            Shape::Random(Density::SESSION),
            Shape::Maze,
            Shape::Corridor,
            Shape::SecondWins,
        ][i % 4];
        let board = board_of(shape, 11 + i % 2, &mut rng);
        check(&board, READINGS[i % 2], &mut t);
    }
    for long in [false, true] {
        for n in [20, 24] {
            if let Some(p) = PipesAndTanks::fitting(n, long) {
                check(&p.board(n), Rules::default(), &mut t);
            }
        }
    }
    report("larger boards and pipes", &t);
    assert!(t.boards >= 18 && t.band_wins > 1_000);
}
