//! The race solution (`solutions/race.rs`) included as a module, with thin wrappers over the
//! library's `Board`, for the tests (judge_mode.rs) and the benchmark (race_gen.rs) that check the solution; each
//! takes part of it. The referee
//! never uses this: its evaluator is the library's own (games/race/src/eval.rs).

#![allow(dead_code)]

#[path = "../../../../solutions/race.rs"]
mod solution;

use combgames_race::{Board, Player};
pub use solution::game::Method;

fn grid(board: &Board) -> solution::game::Grid {
    solution::game::Grid {
        n: board.n,
        free: board.free.clone(),
        a: board.a,
        b: board.b,
    }
}

fn player(c: char) -> Player {
    if c == 'A' {
        Player::A
    } else {
        Player::B
    }
}

/// Parses a whole judge input with the solution's own parser (same messages, same limits)
/// and rejects boards where B's start cannot be reached from A's.
pub fn parse_games(input: &[u8]) -> Result<Vec<Board>, String> {
    let games = solution::parse::games(input)?;
    let mut boards = Vec::with_capacity(games.len());
    for (i, g) in games.into_iter().enumerate() {
        let board = Board {
            n: g.grid.n,
            free: g.grid.free,
            a: g.grid.a,
            b: g.grid.b,
        };
        if !board.connected() {
            return Err(format!(
                "line {}: game {} has no winner: B's start is not reachable from A's start",
                g.line,
                i + 1
            ));
        }
        boards.push(board);
    }
    Ok(boards)
}

/// The winner by the solution's O(n²) layer algorithm; None if not connected.
pub fn winner(board: &Board) -> Option<Player> {
    solution::game::winner(&grid(board)).map(player)
}

/// The method the layer algorithm used.
pub fn method(board: &Board) -> Option<Method> {
    solution::game::decide(&grid(board)).map(|(_, m)| m)
}

/// The winner by the exact pair DP over the same layers (the official solution's states).
pub fn winner_pairs(board: &Board) -> Option<Player> {
    solution::game::winner_by_pairs(&grid(board)).map(player)
}

/// Shortest-path layer figures of a connected board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayerStats {
    /// Distance between the starts.
    pub d: u32,
    /// The largest layer (squares of one depth on shortest A–B paths) on either side.
    pub largest_layer: usize,
    /// The official pair DP's states: Σ over depths s of |A's layer s| · |B's layer s|.
    pub pair_states: u128,
}

/// Layer figures (None if not connected; zero layers when d is odd).
pub fn layer_stats(board: &Board) -> Option<LayerStats> {
    let (d, a_side, b_side) = solution::game::layer_sizes(&grid(board))?;
    let largest_layer = a_side.iter().chain(&b_side).copied().max().unwrap_or(0);
    let pair_states = a_side
        .iter()
        .zip(&b_side)
        .map(|(&x, &y)| x as u128 * y as u128)
        .sum();
    Some(LayerStats {
        d,
        largest_layer,
        pair_states,
    })
}
