//! Deliberately wrong players for the strip games (tictactoe, coloring), kept as fixtures:
//! tests/referee_strip.rs checks that the referee catches each with WA. Built on the library's
//! closed form (src/strip.rs), O(N) per move: fine for the small strips of the tests.
//!
//! usage: strip_wrong_player <tictactoe|coloring> <mode>
//!   right            the right side and a winning move every time (the control: must pass)
//!   random           the right side, then random legal moves
//!   edges-only       the right side; wins only by shortening a run at a strip end (or by the
//!                    middle of an empty strip), the fast cases; a random legal move when the
//!                    win needs a run between two equal symbols
//!   edge-runs-mod-2  values runs touching one strip end as L mod 2 (as if they touched both):
//!                    the wrong side when such a run decides; winning moves otherwise
//!   empty-as-edge    values the empty strip as L (as if one end were a mark) instead of
//!                    L mod 2: the wrong side on empty strips of even length

use combgames::strip::{self, Cell, Colour, End};
use std::io::{BufRead, Write};
use std::process::ExitCode;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Right,
    Random,
    EdgesOnly,
    EdgeRunsMod2,
    EmptyAsEdge,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mode = match args.get(1).map(String::as_str) {
        Some("right") => Mode::Right,
        Some("random") => Mode::Random,
        Some("edges-only") => Mode::EdgesOnly,
        Some("edge-runs-mod-2") => Mode::EdgeRunsMod2,
        Some("empty-as-edge") => Mode::EmptyAsEdge,
        _ => {
            eprintln!("strip_wrong_player: usage: strip_wrong_player <tictactoe|coloring> <mode>");
            return ExitCode::from(2);
        }
    };
    let digits = match args.first().map(String::as_str) {
        Some("tictactoe") => false,
        Some("coloring") => true,
        _ => {
            eprintln!("strip_wrong_player: unknown game");
            return ExitCode::from(2);
        }
    };
    match play(digits, mode) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("strip_wrong_player: {e}");
            ExitCode::from(2)
        }
    }
}

/// A small xorshift generator for the random moves (fixed seed: runs repeat).
struct Xorshift(u64);

impl Xorshift {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn legal_moves(cells: &[Cell]) -> Vec<(usize, Colour)> {
    (0..cells.len())
        .flat_map(|at| Colour::BOTH.map(|c| (at, c)))
        .filter(|&(at, c)| strip::is_legal_move(cells, at, c))
        .collect()
}

/// The value this mode believes the position has.
fn believed_value(cells: &[Cell], mode: Mode) -> u64 {
    strip::runs(cells)
        .into_iter()
        .map(|(len, left, right)| match (mode, left, right) {
            (Mode::EdgeRunsMod2, End::Edge, End::Colour(_))
            | (Mode::EdgeRunsMod2, End::Colour(_), End::Edge) => len % 2,
            (Mode::EmptyAsEdge, End::Edge, End::Edge) => len,
            _ => strip::run_grundy_formula(len, left, right),
        })
        .fold(0, |x, v| x ^ v)
}

/// Whether a winning move only shortens a run at a strip end (or halves the empty strip).
fn is_edge_move(cells: &[Cell], at: usize) -> bool {
    let first = cells.iter().position(Option::is_some);
    let last = cells.iter().rposition(Option::is_some);
    match (first, last) {
        (Some(f), Some(l)) => at < f || at > l,
        _ => true,
    }
}

fn choose(cells: &[Cell], mode: Mode, rng: &mut Xorshift) -> Option<(usize, Colour)> {
    let moves = legal_moves(cells);
    if moves.is_empty() {
        return None;
    }
    let random = moves[rng.below(moves.len())];
    let winning = strip::winning_move(cells);
    Some(match (mode, winning) {
        (Mode::Random, _) => random,
        (Mode::EdgesOnly, Some((at, _))) if !is_edge_move(cells, at) => random,
        (_, Some(m)) => m,
        (_, None) => random,
    })
}

fn play(digits: bool, mode: Mode) -> Result<(), String> {
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut read = move || -> Result<Option<String>, String> {
        match lines.next() {
            None => Ok(None),
            Some(Ok(l)) if l.trim() == "-1" => Ok(None),
            Some(Ok(l)) => Ok(Some(l.trim().to_owned())),
            Some(Err(e)) => Err(e.to_string()),
        }
    };
    let mut out = std::io::stdout().lock();
    let mut say = |text: &str| -> Result<(), String> {
        writeln!(out, "{text}")
            .and_then(|()| out.flush())
            .map_err(|e| e.to_string())
    };
    let mut rng = Xorshift(0x2545_F491_4F6C_DD1D);
    let Some(rounds) = read()? else { return Ok(()) };
    let rounds: u64 = rounds
        .parse()
        .map_err(|_| format!("bad round count {rounds:?}"))?;
    'rounds: for _ in 0..rounds {
        if digits && read()?.is_none() {
            return Ok(()); // the N line; the digits follow
        }
        let Some(position) = read()? else {
            return Ok(());
        };
        let mut cells = if digits {
            strip::parse_digits(&position)
        } else {
            strip::parse_marks(&position)
        }
        .map_err(|e| e.to_string())?;
        let mut my_turn = believed_value(&cells, mode) != 0;
        say(if my_turn { "first" } else { "second" })?;
        while !legal_moves(&cells).is_empty() {
            if my_turn {
                let (at, c) = choose(&cells, mode, &mut rng).ok_or("no move")?;
                let symbol = if digits { c.digit() } else { c.mark() };
                say(&format!("{} {symbol}", at + 1))?;
                cells[at] = Some(c);
            } else {
                let Some(line) = read()? else { return Ok(()) };
                if line == "end" {
                    // The referee cut the round at its move cap.
                    continue 'rounds;
                }
                let (cell, symbol) = line.split_once(' ').ok_or(format!("bad move {line:?}"))?;
                let at: usize = cell.parse().map_err(|_| format!("bad move {line:?}"))?;
                let c = match symbol {
                    "X" | "1" => Colour::One,
                    _ => Colour::Two,
                };
                cells[at - 1] = Some(c);
            }
            my_turn = !my_turn;
        }
        match read()? {
            Some(l) if l == "end" => {}
            Some(l) => return Err(format!("expected end, got {l:?}")),
            None => return Ok(()),
        }
    }
    Ok(())
}
