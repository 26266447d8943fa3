//! Deliberately wrong race players for the referee's tests (tests/referee_race.rs): each
//! takes the right side (the library's layer algorithm) and then plays badly.
//!
//! usage: race_wrong --blind | --random-fallback
//!   --blind            walks a shortest path to its goal, one of the nearest steps at random,
//!                      never thinking about jumps (its own or the opponent's); it jumps only
//!                      when the opponent stands on its way, or enters its goal
//!   --random-fallback  takes an immediate win, or a move after which every reply leaves it
//!                      an immediate win; otherwise a random legal move

use combgames::race::{legal_moves, winner, Board, Move, Outcome, Player, Position, Rules};
use std::io::{BufRead, Write};
use std::process::ExitCode;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    Blind,
    RandomFallback,
}

/// xorshift64: the players only need variety, not quality.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn notation(n: usize, m: Move) -> String {
    let sq = |v: usize| format!("{} {}", v / n + 1, v % n + 1);
    match m.landing {
        None => sq(m.step),
        Some(l) => format!("{} {}", sq(m.step), sq(l)),
    }
}

fn wins_at_once(board: &Board, pos: Position) -> bool {
    legal_moves(board, pos, Rules::default())
        .iter()
        .any(|(_, o)| *o == Outcome::Wins)
}

fn choose(
    style: Style,
    board: &Board,
    to_goal: &[u32],
    pos: Position,
    rng: &mut Rng,
) -> Option<(Move, Outcome)> {
    let moves = legal_moves(board, pos, Rules::default());
    if let Some(&win) = moves.iter().find(|(_, o)| *o == Outcome::Wins) {
        return Some(win);
    }
    let me = pos.to_move;
    let pick = |list: Vec<(Move, Outcome)>, rng: &mut Rng| {
        (!list.is_empty()).then(|| list[rng.below(list.len())])
    };
    match style {
        Style::Blind => {
            let dist_after = |o: &Outcome| match o {
                Outcome::Continues(p) => to_goal[p.square(me)],
                Outcome::Wins => 0,
            };
            let here = to_goal[pos.square(me)];
            let steps: Vec<_> = moves
                .iter()
                .copied()
                .filter(|(m, o)| m.landing.is_none() && dist_after(o) < here)
                .collect();
            if !steps.is_empty() {
                return pick(steps, rng);
            }
            let best = moves.iter().map(|(_, o)| dist_after(o)).min()?;
            pick(
                moves
                    .into_iter()
                    .filter(|(_, o)| dist_after(o) == best)
                    .collect(),
                rng,
            )
        }
        Style::RandomFallback => {
            let forcing: Vec<_> = moves
                .iter()
                .copied()
                .filter(|(_, o)| match o {
                    Outcome::Wins => true,
                    Outcome::Continues(p) => {
                        let replies = legal_moves(board, *p, Rules::default());
                        !replies.is_empty()
                            && replies.iter().all(|(_, r)| match r {
                                Outcome::Wins => false,
                                Outcome::Continues(q) => wins_at_once(board, *q),
                            })
                    }
                })
                .collect();
            if !forcing.is_empty() {
                return pick(forcing, rng);
            }
            pick(moves, rng)
        }
    }
}

fn next_line(input: &mut impl BufRead) -> Option<String> {
    let mut line = String::new();
    match input.read_line(&mut line) {
        Ok(0) | Err(_) => None,
        Ok(_) => Some(line.trim().to_owned()),
    }
}

/// Plays the whole session; None when the referee aborts or the input ends.
fn session(style: Style) -> Option<()> {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let rounds: u64 = next_line(&mut input)?.parse().ok()?;
    for _ in 0..rounds {
        let n: usize = next_line(&mut input)?.parse().ok()?;
        let rows: Vec<String> = (0..n)
            .map(|_| next_line(&mut input))
            .collect::<Option<_>>()?;
        let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
        let board = Board::from_rows(&refs).ok()?;
        let me = winner(&board)?;
        writeln!(out, "{}", if me == Player::A { "first" } else { "second" }).ok()?;
        out.flush().ok()?;
        let to_goal = board.distances(board.start(me.other()));
        let mut pos = Position::start(&board);
        loop {
            let outcome = if pos.to_move == me {
                let (m, o) = choose(style, &board, &to_goal, pos, &mut rng)?;
                writeln!(out, "{}", notation(n, m)).ok()?;
                out.flush().ok()?;
                o
            } else {
                let line = next_line(&mut input)?;
                if line == "end" {
                    break;
                }
                let nums: Vec<usize> = line
                    .split(' ')
                    .map(|t| t.parse().ok())
                    .collect::<Option<_>>()?;
                let sq = |r: usize, c: usize| (r - 1) * n + c - 1;
                let step = sq(nums[0], nums[1]);
                let landing = (nums.len() == 4).then(|| sq(nums[2], nums[3]));
                legal_moves(&board, pos, Rules::default())
                    .into_iter()
                    .find(|(m, _)| m.step == step && m.landing == landing)?
                    .1
            };
            match outcome {
                Outcome::Wins => {
                    if next_line(&mut input)? != "end" {
                        return None;
                    }
                    break;
                }
                Outcome::Continues(p) => pos = p,
            }
        }
    }
    Some(())
}

fn main() -> ExitCode {
    let style = match std::env::args().nth(1).as_deref() {
        Some("--blind") => Style::Blind,
        Some("--random-fallback") => Style::RandomFallback,
        _ => {
            eprintln!("race_wrong: usage: race_wrong --blind | --random-fallback");
            return ExitCode::from(2);
        }
    };
    let _ = session(style);
    ExitCode::SUCCESS
}
