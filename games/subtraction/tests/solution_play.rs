//! `subtraction --play` driven over pipes by a test-side referee (docs/protocol.md).
//!
//! The driver plays the opponent with seeded random legal moves and checks every line of the
//! solution: the side it takes, the legality of each move, and, for piles up to 300, that the
//! independent game search says the position after the solution's move is lost for the driver.
//!
//! The driver is here; every small pile and mid-game start judged by the search in
//! `small_piles`, piles up to 10^18 in `huge_piles`, the protocol's lines (the example session,
//! `-1`, malformed referee lines) in `lines`.

mod huge_piles;
mod lines;
mod small_piles;

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use crate::brute::{Search, K};
use combgames_core::rng::Rng;

/// One `subtraction --play` process and both ends of its pipes.
struct Session {
    child: Child,
    to: Option<ChildStdin>,
    from: BufReader<ChildStdout>,
    transcript: Vec<String>,
}

impl Session {
    fn start() -> Session {
        let mut child = Command::new(common::solution("subtraction"))
            .arg("--play")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("cannot start subtraction --play");
        let to = child.stdin.take();
        let from = BufReader::new(child.stdout.take().unwrap());
        Session {
            child,
            to,
            from,
            transcript: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        self.transcript.push(format!("< {line}"));
        let to = self.to.as_mut().expect("stdin already closed");
        writeln!(to, "{line}")
            .and_then(|()| to.flush())
            .unwrap_or_else(|e| panic!("cannot send {line:?}: {e}\n{}", self.tail()));
    }

    fn recv(&mut self) -> String {
        let mut line = String::new();
        let got = self
            .from
            .read_line(&mut line)
            .expect("cannot read the solution");
        assert!(
            got > 0,
            "the solution closed its output early\n{}",
            self.tail()
        );
        assert!(line.ends_with('\n'), "unterminated line {line:?}");
        let line = line.trim_end().to_string();
        self.transcript.push(format!("> {line}"));
        line
    }

    fn recv_move(&mut self) -> u64 {
        let line = self.recv();
        line.parse()
            .unwrap_or_else(|_| panic!("not a move: {line:?}\n{}", self.tail()))
    }

    /// The last lines exchanged, for failure messages.
    fn tail(&self) -> String {
        let from = self.transcript.len().saturating_sub(12);
        self.transcript[from..].join("\n")
    }

    /// Closes the solution's stdin and waits: its exit code, the rest of its stdout, its stderr.
    fn finish(mut self) -> (Option<i32>, String, String) {
        drop(self.to.take());
        let started = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                let mut rest = String::new();
                std::io::Read::read_to_string(&mut self.from, &mut rest).unwrap();
                let mut err = String::new();
                std::io::Read::read_to_string(self.child.stderr.as_mut().unwrap(), &mut err)
                    .unwrap();
                return (status.code(), rest, err);
            }
            if started.elapsed() > Duration::from_secs(5) {
                let _ = self.child.kill();
                panic!(
                    "the solution did not exit after its stdin closed\n{}",
                    self.tail()
                );
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }
}

/// What the driver checks after each solution move, beyond legality.
enum Judge<'a> {
    /// The game search: the position left must be lost for the driver.
    Search(&'a Search),
    /// A closed form of the smallest part (k < 2: lowest set bit; k = 2: Zeckendorf): the
    /// driver, facing m stones with cap c, must find that part above c.
    SmallestPart(fn(u64) -> u64),
    /// Legality only.
    Legality,
}

impl Judge<'_> {
    fn driver_lost(&self, left: u64, cap: u64) -> bool {
        match self {
            Judge::Search(s) => !s.mover_wins(left as usize, cap),
            Judge::SmallestPart(part) => left == 0 || part(left) > cap,
            Judge::Legality => true,
        }
    }

    /// Whether the player to move first wins from n stones with cap `cap`.
    fn first_player_wins(&self, n: u64, cap: u64) -> Option<bool> {
        match self {
            Judge::Search(s) => Some(s.mover_wins(n as usize, cap)),
            Judge::SmallestPart(part) => Some(part(n) <= cap),
            Judge::Legality => None,
        }
    }
}

/// How the driver picks its moves.
#[derive(Clone, Copy)]
enum Opponent {
    /// One stone, the most stones, or a uniform amount, a third of the time each.
    Random,
    /// The solution's last amount (legal since k ≥ 1): keeps games with k < 2 short.
    Copy,
}

fn opponent_move(
    rng: &mut Rng,
    style: Opponent,
    limit: u64,
    last_solution_move: Option<u64>,
) -> u64 {
    match style {
        Opponent::Copy => last_solution_move.unwrap_or(limit).min(limit),
        Opponent::Random => match rng.next_u64() % 3 {
            0 => 1,
            1 => limit,
            _ => rng.range(1, limit),
        },
    }
}

/// How a round ended.
enum Outcome {
    /// The solution took the last stone after this many moves (both sides).
    SolutionWon(u64),
    /// The driver stopped the round after `max_moves` with `-1`.
    Aborted,
}

/// Plays one round: position, side, moves; ends it with `end`, or with `-1` after max_moves.
/// `last`: None for a fresh pile `n k`, Some(p) for a mid-game start `n k p`.
#[allow(clippy::too_many_arguments)]
fn play_round(
    s: &mut Session,
    rng: &mut Rng,
    (n, last): (u64, Option<u64>),
    k_text: &str,
    k: K,
    judge: &Judge,
    style: Opponent,
    max_moves: u64,
) -> Outcome {
    let start_cap = match last {
        Some(p) => {
            s.send(&format!("{n} {k_text} {p}"));
            // Plain u128 here: k's parts and p may both be large.
            u64::try_from(u128::from(p) * u128::from(k.num) / u128::from(k.den)).unwrap_or(u64::MAX)
        }
        None => {
            s.send(&format!("{n} {k_text}"));
            n - 1
        }
    };
    let side = s.recv();
    assert!(
        side == "first" || side == "second",
        "bad side {side:?}\n{}",
        s.tail()
    );
    if let Some(first_wins) = judge.first_player_wins(n, start_cap) {
        let want = if first_wins { "first" } else { "second" };
        assert_eq!(
            side,
            want,
            "n = {n}, k = {k_text}: wrong side\n{}",
            s.tail()
        );
    }
    let (mut left, mut cap) = (n, start_cap);
    let mut solution_turn = side == "first";
    let mut last_solution_move = None;
    let mut moves = 0;
    while left > 0 {
        if moves >= max_moves && !solution_turn {
            s.send("-1"); // in place of the driver's move, where the solution waits for one
            return Outcome::Aborted;
        }
        moves += 1;
        if solution_turn {
            let x = s.recv_move();
            let limit = cap.min(left);
            assert!(
                (1..=limit).contains(&x),
                "n = {n}, k = {k_text}: move {x} outside 1 to {limit}\n{}",
                s.tail()
            );
            left -= x;
            cap = k.cap_after(x);
            last_solution_move = Some(x);
            assert!(
                judge.driver_lost(left, cap),
                "n = {n}, k = {k_text}: after the solution took {x}, {left} stones with cap {cap} win for the driver\n{}",
                s.tail()
            );
        } else {
            let y = opponent_move(rng, style, cap.min(left), last_solution_move);
            s.send(&y.to_string());
            left -= y;
            cap = k.cap_after(y);
        }
        solution_turn = !solution_turn;
    }
    assert!(
        !solution_turn,
        "n = {n}, k = {k_text}: the driver took the last stone\n{}",
        s.tail()
    );
    s.send("end");
    Outcome::SolutionWon(moves)
}

fn assert_clean_exit(s: Session) {
    let (code, rest, err) = s.finish();
    assert_eq!(code, Some(0), "exit status; stderr {err:?}");
    assert!(rest.is_empty(), "output after the last round: {rest:?}");
    assert!(err.is_empty(), "stderr: {err:?}");
}
