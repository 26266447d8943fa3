//! The race players of the mutation suite (mod.rs here): one binary speaking the
//! referee's protocol, `--bug NAME` picks the variant (`--help` lists them). The choices
//! live in bugs.rs, which the test includes too.

mod bugs;

// The protocol client of the solutions (solutions/src/shared/protocol.rs): the referee's
// lines and the session header `play R`, read the same way as the solutions read them.
#[path = "../../../../solutions/src/shared/protocol.rs"]
mod protocol;

use bugs::{error_variants, Mutant, Rng, VARIANTS};
use combgames_race::{legal_moves, Board, Move, Outcome, Player, Rules};
use std::io::{BufRead, Write};
use std::process::ExitCode;

fn notation(n: usize, m: Move) -> String {
    let sq = |v: usize| format!("{} {}", v / n + 1, v % n + 1);
    match m.landing {
        None => sq(m.step),
        Some(l) => format!("{} {}", sq(m.step), sq(l)),
    }
}

/// The referee's next line; None after `-1`, at the end of input or on a read error.
fn next_line(input: &mut protocol::Referee<impl BufRead>) -> Option<String> {
    input.next_or_none().ok().flatten()
}

/// Plays the whole session; None when the referee stops or the input ends.
fn session(bug: &str) -> Option<()> {
    let mut input = protocol::Referee::new(std::io::stdin().lock());
    let mut out = std::io::stdout().lock();
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    let rounds = protocol::header(next_line(&mut input)?.as_bytes())?;
    for _ in 0..rounds {
        let n: usize = next_line(&mut input)?.parse().ok()?;
        let rows: Vec<String> = (0..n)
            .map(|_| next_line(&mut input))
            .collect::<Option<_>>()?;
        let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
        let (board, start) = Board::from_play_rows(&refs).ok()?;
        let player = Mutant::new(bug, &board);
        let me = player.side(start);
        writeln!(out, "{}", if me == Player::A { "first" } else { "second" }).ok()?;
        out.flush().ok()?;
        let mut pos = start;
        loop {
            let outcome = if pos.to_move == me {
                let (m, o) = player.choose(pos, &mut rng)?;
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
                let step = sq(*nums.first()?, *nums.get(1)?);
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

fn usage() -> String {
    let mut s = String::from("usage: race_mutants --bug NAME\n");
    for (name, what, correct) in VARIANTS {
        s.push_str(&format!(
            "  {name:14} {}{what}\n",
            if *correct { "" } else { "wrong: " }
        ));
    }
    s.push_str(&format!(
        "  {:14} wrong: exact, but misreads the margin in one class as its coverage pair \
         says (games/race/README.md, coverage classes): {}\n",
        "GROUP+E:CLASS",
        error_variants().join(", ")
    ));
    s
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["--help"] => {
            print!("{}", usage());
            ExitCode::SUCCESS
        }
        ["--bug", name]
            if VARIANTS.iter().any(|(v, _, _)| *v == name) || error_variants().contains(&name) =>
        {
            let _ = session(name);
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!(
                "race_mutants: expected --bug NAME or --help; variants: {}",
                { VARIANTS.iter().map(|v| v.0).collect::<Vec<_>>().join(", ") }
            );
            ExitCode::from(2)
        }
    }
}
