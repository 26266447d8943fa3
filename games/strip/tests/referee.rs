//! The strip games in the referee (tictactoe = UVa 11534, coloring = SGU 328):
//! - the referee's evaluator (mex table + incremental runs) against a plain exhaustive game
//!   search, on every proper strip up to 10 cells and along random games up to 12 cells;
//! - its winning moves and traps checked by the same search;
//! - the project's solutions through the real referee binary, 200 seeded rounds per size class,
//!   and default sessions (strips up to 10^6 cells, rounds cut at the move cap);
//! - the default rounds reach judge sizes, long end runs and long runs between marks;
//! - the referee's strip evaluator includes no solution file (the mutation suite, with its
//!   deliberately wrong players, is games/strip/tests/mutants/mod.rs);
//! - the solutions' `--play` on bad referee input, `-1`, and `--help`.
//!
//! The notation helpers and the referee run are here; the evaluator against the search in
//! `evaluator`, the traps in `traps`, the solutions through the referee binary in `sessions`,
//! the solutions' `--play` side and gen's strips in `solutions`.

mod evaluator;
mod sessions;
mod solutions;
mod traps;

use crate::common;

use combgames_core::round::Round;
use combgames_registry::Game as GameKind;
use std::process::Command;

fn to_digits(cells: &[u8]) -> String {
    cells
        .iter()
        .map(|&c| match c {
            b'X' => '1',
            b'O' => '2',
            _ => '0',
        })
        .collect()
}

fn text(cells: &[u8]) -> String {
    String::from_utf8(cells.to_vec()).unwrap()
}

/// A move in the referee's notation for `game`.
fn notation(game: GameKind, (at, s): (usize, u8)) -> String {
    let symbol = match (game, s) {
        (GameKind::Coloring, b'X') => '1',
        (GameKind::Coloring, _) => '2',
        (_, s) => s as char,
    };
    format!("{} {symbol}", at + 1)
}

/// Reads a move written by the referee back as (cell, symbol in `.XO`).
fn parse_notation(line: &str) -> (usize, u8) {
    let (cell, symbol) = line.split_once(' ').unwrap();
    let s = match symbol {
        "X" | "1" => b'X',
        "O" | "2" => b'O',
        other => panic!("bad symbol {other:?}"),
    };
    (cell.parse::<usize>().unwrap() - 1, s)
}

fn round_of(game: GameKind, cells: &[u8]) -> Box<dyn Round> {
    let line = match game {
        GameKind::Coloring => format!("{}\n{}", cells.len(), to_digits(cells)),
        _ => text(cells),
    };
    game.from_line(&line).unwrap()
}

fn referee(game: &str, args: &[&str], command: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(["play", game])
        .args(args)
        .args(["--time-limit", "30", "--idle-limit", "5", "--"])
        .args(command)
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn solution(game: &str) -> &'static str {
    match game {
        "tictactoe" => common::solution("tictactoe"),
        _ => common::solution("coloring"),
    }
}
