//! The race problem's boards: the one maker of race positions (the library's [`Board`]) for
//! gen's tests, `referee judge` and the referee's rounds alike.
//!
//! A board is of a [`Shape`] (random walls, open, pipes, Cao's pipes and tanks, maze,
//! corridor, and boards the library's evaluator picks by their winner); a kind names a shape,
//! and the kind `session` is the referee's round mix ([`SESSION_SHAPES`]). Every board is
//! connected: B's start is reachable from A's.
//!
//! Here the kinds, the shapes and the sides drawn; the boards of each shape in `boards`, those
//! the evaluator picks by their winner in `evaluated`.

mod boards;
mod evaluated;

pub use boards::{
    corner_meeting_board, corridor_board, maze_board, open_board, pipes_board, random_board,
    serpentine_board, with_near_starts,
};
use evaluated::{even_board, ring_board};

use crate::{Board, PipesAndTanks, Player};
use combgames_core::gen::{Generator, Spec, UnknownKind, SESSION};
use combgames_core::rng::Rng;
use std::io::{self, Write};

/// The kinds, `random` (the default) first; each names one [`Shape`] but `session`, which
/// draws the referee's.
pub const KINDS: &[&str] = &[
    "random",
    "open",
    "pipes",
    "tanks",
    "maze",
    "corridor",
    "second-wins",
    "even-first-wins",
    SESSION,
];

/// gen's and `referee judge`'s race: G boards of side up to `--size` (2000, the project's
/// limit; the judge's is 300).
pub const GEN: Generator = Generator {
    name: "race",
    kinds: KINDS,
    min_size: 2,
    max_size: 2000,
    default_size: 300,
    size_is: "board side",
    max_count: Some(10),
    default_count: 3,
    max_cells: None,
    notes: "second-wins, even-first-wins and session: sides up to 1000 (the evaluator's reach)",
    write: race,
};

/// What a board looks like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Random walls of this density, random starts, connected ([`random_board`]).
    Random(Density),
    /// No walls; the starts in opposite corners or anywhere.
    Open,
    /// Rooms and pipes along a serpentine of blocks, A in the first block and B in the last
    /// ([`pipes_board`]): random rooms, starts inside them, either parity of the distance.
    Pipes,
    /// Cao's pipes and tanks ([`PipesAndTanks`], needs n ≥ 20; below, a corridor): many
    /// tanks at one depth, the layers that make the official pair DP super-cubic, the
    /// distance even.
    PipesAndTanks,
    /// A depth-first maze with a few rings.
    Maze,
    /// A single winding corridor: the parity of its length and the jump decide.
    Corridor,
    /// A random, maze or corridor board that B wins (the right answer is `second`), when
    /// one is found.
    SecondWins,
    /// A ring with a stalk, or a random, maze or corridor board, with the starts an even
    /// distance apart that A wins, when one is found (against "B wins iff the distance is
    /// even").
    EvenFirstWins,
}

/// The referee's rounds: one of these shapes, uniformly.
pub const SESSION_SHAPES: [Shape; 7] = [
    Shape::Random(Density::SESSION),
    Shape::Open,
    Shape::Maze,
    Shape::Corridor,
    Shape::PipesAndTanks,
    Shape::SecondWins,
    Shape::EvenFirstWins,
];

/// A wall density: `walls` squares in every `of`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Density {
    pub walls: u64,
    pub of: u64,
}

impl Density {
    /// The session's random boards: 30% walls, far enough above the site-percolation
    /// threshold (about 59% free squares) that most draws join A and B.
    pub const SESSION: Density = Density { walls: 3, of: 10 };
    /// The `random` kind's densest walls: 40%, at the threshold, where a large board is
    /// often cut (see [`random_board`]).
    const RANDOM_MAX_PERCENT: u64 = 40;

    fn is_denser_than(self, other: Density) -> bool {
        self.walls * other.of > other.walls * self.of
    }
}

/// The shape of one board of `kind`: the `random` kind draws its density (0..=40% walls),
/// `session` one of [`SESSION_SHAPES`]; a name not in [`KINDS`] is an error, as in the other
/// games' generators.
pub fn shape(kind: &str, rng: &mut Rng) -> Result<Shape, UnknownKind> {
    Ok(match kind {
        "open" => Shape::Open,
        "pipes" => Shape::Pipes,
        "tanks" => Shape::PipesAndTanks,
        "maze" => Shape::Maze,
        "corridor" => Shape::Corridor,
        "second-wins" => Shape::SecondWins,
        "even-first-wins" => Shape::EvenFirstWins,
        SESSION => SESSION_SHAPES[rng.index(SESSION_SHAPES.len())],
        "random" => Shape::Random(Density {
            walls: rng.range(0, Density::RANDOM_MAX_PERCENT),
            of: 100,
        }),
        _ => {
            return Err(UnknownKind {
                game: "race",
                kind: kind.to_owned(),
            })
        }
    })
}

/// A board of `shape` with side n (n ≥ 2).
pub fn board_of(shape: Shape, n: usize, rng: &mut Rng) -> Board {
    match shape {
        Shape::Random(density) => random_board(n, density, rng),
        Shape::Open => open_board(n, rng),
        Shape::Pipes => pipes_board(n, rng),
        Shape::PipesAndTanks => match PipesAndTanks::fitting(n, rng.index(2) == 0)
            .or_else(|| PipesAndTanks::fitting(n, false))
        {
            Some(p) => p.board(n),
            None => corridor_board(n, rng),
        },
        Shape::Maze => maze_board(n, rng),
        Shape::Corridor => corridor_board(n, rng),
        Shape::SecondWins => even_board(n, Player::B, rng),
        Shape::EvenFirstWins => ring_board(n, rng).unwrap_or_else(|| even_board(n, Player::A, rng)),
    }
}

/// A referee round's board (and one of gen's `session` cases) with side in `lo..=hi`: a
/// quarter of the rounds at `hi`, the others log-uniform, so small boards stay common; then
/// a board of `kind`.
pub fn round_board(kind: &str, lo: u64, hi: u64, rng: &mut Rng) -> Result<Board, UnknownKind> {
    let n = round_side(lo, hi, rng);
    Ok(board_of(shape(kind, rng)?, n, rng))
}

/// A referee round's board of a given shape, its side drawn as [`round_board`] draws it.
pub fn round_board_of(shape: Shape, lo: u64, hi: u64, rng: &mut Rng) -> Board {
    let n = round_side(lo, hi, rng);
    board_of(shape, n, rng)
}

/// A round's side in `lo..=hi`: a quarter at `hi`, the others log-uniform.
fn round_side(lo: u64, hi: u64, rng: &mut Rng) -> usize {
    let (lo, hi) = (lo.max(2), hi.max(2));
    (if rng.index(4) == 0 {
        hi
    } else {
        rng.log_range(lo, hi)
    }) as usize
}

/// The largest side of gen's boards whose winner the evaluator picks (`second-wins`,
/// `even-first-wins`, and so `session`), whatever `--size` says: the referee's largest side
/// too. The evaluator's tables grow fast beyond: ten `second-wins` boards of sides up to
/// 1000 take 1.2 s and 160 MB, up to 2000 17 s and 1.5 GB.
pub const EVALUATED_MAX_SIDE: u64 = 1000;

/// One case of gen's test: `session` as the referee's rounds of side 2..=size; the other
/// kinds with a side drawn uniformly, `random` in 2..=size, the rest in size/2..=size (the
/// shapes that need room); the sizes of the evaluated kinds capped at
/// [`EVALUATED_MAX_SIDE`].
fn case_board(kind: &str, size: u64, rng: &mut Rng) -> Result<Board, UnknownKind> {
    let size = match kind {
        SESSION | "second-wins" | "even-first-wins" => size.min(EVALUATED_MAX_SIDE),
        _ => size,
    };
    if kind == SESSION {
        return round_board(kind, 2, size, rng);
    }
    let lo = if kind == "random" {
        2
    } else {
        (size / 2).max(2)
    };
    let n = rng.range(lo, size) as usize;
    Ok(board_of(shape(kind, rng)?, n, rng))
}

fn race(spec: &Spec, rng: &mut Rng, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "{}", spec.cases())?;
    for _ in 0..spec.cases() {
        let board = case_board(spec.kind, spec.size, rng)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
        out.write_all(board.to_input().as_bytes())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each kind but `random` and `session` names a shape of its own; `random` draws random
    /// walls up to 40%, `session` the referee's shapes.
    #[test]
    fn each_kind_names_its_shape() {
        let mut rng = Rng::new(1);
        assert_eq!(KINDS[0], "random", "gen's default kind");
        let fixed: Vec<Shape> = KINDS
            .iter()
            .filter(|&&k| k != "random" && k != SESSION)
            .map(|k| shape(k, &mut rng).unwrap())
            .collect();
        for (i, s) in fixed.iter().enumerate() {
            assert!(!fixed[i + 1..].contains(s), "{s:?} twice");
            assert!(!matches!(s, Shape::Random(_)), "{s:?}");
        }
        let mut session = Vec::new();
        for _ in 0..300 {
            match shape("random", &mut rng).unwrap() {
                Shape::Random(d) => assert!(d.of == 100 && d.walls <= 40, "{d:?}"),
                other => panic!("random made {other:?}"),
            }
            let s = shape(SESSION, &mut rng).unwrap();
            assert!(SESSION_SHAPES.contains(&s), "{s:?}");
            session.push(s);
        }
        for s in SESSION_SHAPES {
            assert!(session.contains(&s), "the session never draws {s:?}");
        }
        assert!(
            shape("pipe", &mut rng).is_err(),
            "a name not among the kinds"
        );
    }

    /// Moving the starts keeps the walls and puts them exactly two squares apart.
    #[test]
    fn near_starts_are_two_apart_on_the_same_walls() {
        let mut rng = Rng::new(5);
        for n in [5, 10, 16, 25] {
            for board in [maze_board(n, &mut rng), open_board(n, &mut rng)] {
                let moved = with_near_starts(board.clone(), &mut rng);
                assert_eq!(moved.free, board.free);
                assert_eq!(moved.distances(moved.a)[moved.b], 2, "n = {n}");
            }
        }
    }

    /// Walls past the threshold still give connected boards, after falling back to the
    /// session's density.
    #[test]
    fn dense_walls_connect() {
        let mut rng = Rng::new(2);
        assert!(Density { walls: 31, of: 100 }.is_denser_than(Density::SESSION));
        assert!(!Density { walls: 30, of: 100 }.is_denser_than(Density::SESSION));
        for n in [2, 3, 50, 400] {
            let board = random_board(n, Density { walls: 60, of: 100 }, &mut rng);
            assert!(board.connected() && board.a != board.b);
        }
    }
}
