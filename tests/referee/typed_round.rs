//! The adversary's behaviours that `TypedRound` provides once (crates/core/src/round.rs),
//! tried on a toy game that writes only the required methods and `moves`: the subtraction
//! game with moves {1, 3, 4}, solved here by a plain search over all piles, and played
//! through the session's `Round` face.

use combgames_core::rng::Rng;
use combgames_core::round::{GameError, MoveError, Round, Trap, TypedRound};

const TAKES: [u64; 3] = [1, 3, 4];
const LARGEST: usize = 200;

/// `wins[n]`: the player to move on a pile of n wins (plain search).
fn wins_table() -> Vec<bool> {
    let mut wins = vec![false; LARGEST + 1];
    for n in 1..=LARGEST {
        wins[n] = TAKES
            .iter()
            .any(|&t| t as usize <= n && !wins[n - t as usize]);
    }
    wins
}

struct Toy {
    start: u64,
    pile: u64,
    wins: Vec<bool>,
}

impl Toy {
    fn new(pile: u64) -> Toy {
        Toy {
            start: pile,
            pile,
            wins: wins_table(),
        }
    }

    fn winning_replies_at(&self, pile: u64) -> u32 {
        TAKES
            .iter()
            .filter(|&&t| t <= pile && !self.wins[(pile - t) as usize])
            .count() as u32
    }
}

impl TypedRound for Toy {
    type Move = u64;

    fn position_line(&self) -> String {
        self.start.to_string()
    }

    fn describe(&self) -> String {
        format!("a pile of {}", self.pile)
    }

    fn parse_move(&self, line: &str) -> Result<u64, MoveError> {
        line.parse()
            .map_err(|_| MoveError::Syntax(format!("{line:?} is not a number")))
    }

    fn format_move(&self, m: &u64) -> String {
        m.to_string()
    }

    fn apply(&mut self, &m: &u64) -> Result<(), MoveError> {
        if !TAKES.contains(&m) || m > self.pile {
            return Err(MoveError::Illegal(format!("cannot take {m}")));
        }
        self.pile -= m;
        Ok(())
    }

    fn mover_wins(&mut self) -> Result<bool, GameError> {
        Ok(self.wins[self.pile as usize])
    }

    fn leaves_opponent_winning(&mut self, &m: &u64) -> Result<bool, GameError> {
        Ok(m <= self.pile && self.wins[(self.pile - m) as usize])
    }

    fn moves(&self) -> Vec<u64> {
        TAKES.iter().copied().filter(|&t| t <= self.pile).collect()
    }

    fn winning_replies_after(&mut self, &m: &u64) -> Result<Option<u32>, GameError> {
        Ok(Some(self.winning_replies_at(self.pile - m)))
    }
}

fn pile_of(round: &dyn Round) -> u64 {
    round.describe()["a pile of ".len()..].parse().unwrap()
}

#[test]
fn winning_and_blunder_moves_follow_the_search() {
    let wins = wins_table();
    let mut rng = Rng::new(7);
    for n in 0..=60u64 {
        let mut round: Box<dyn Round> = Box::new(Toy::new(n));
        assert_eq!(round.mover_has_move(), n > 0, "pile {n}");
        assert_eq!(round.mover_wins().unwrap(), wins[n as usize], "pile {n}");
        if wins[n as usize] {
            let m: u64 = round.winning_move(&mut rng).unwrap().parse().unwrap();
            assert_eq!(pile_of(&*round), n - m, "the winning move is played");
            assert!(!wins[(n - m) as usize], "pile {n}: taking {m} does not win");
        } else {
            assert!(round.winning_move(&mut rng).is_err(), "pile {n}");
        }
        // The blunder: the smallest take that leaves a won pile, if any.
        let mut round: Box<dyn Round> = Box::new(Toy::new(n));
        let want = TAKES
            .iter()
            .copied()
            .find(|&t| t <= n && wins[(n - t) as usize]);
        let got = round
            .blunder_move()
            .unwrap()
            .map(|m| m.parse::<u64>().unwrap());
        assert_eq!(got, want, "pile {n}");
        assert_eq!(pile_of(&*round), n - got.unwrap_or(0), "pile {n}");
    }
}

#[test]
fn winning_moves_are_drawn_uniformly() {
    // A pile with two winning takes: both show up over many draws.
    let wins = wins_table();
    let n = (1..=LARGEST as u64)
        .find(|&n| {
            TAKES
                .iter()
                .filter(|&&t| t <= n && !wins[(n - t) as usize])
                .count()
                >= 2
        })
        .expect("a pile with two winning takes");
    let mut rng = Rng::new(3);
    let mut seen = Vec::new();
    for _ in 0..200 {
        let mut round = Toy::new(n);
        let m: u64 = Round::winning_move(&mut round, &mut rng)
            .unwrap()
            .parse()
            .unwrap();
        if !seen.contains(&m) {
            seen.push(m);
        }
    }
    assert!(seen.len() >= 2, "pile {n}: only {seen:?} drawn");
}

#[test]
fn traps_are_legal_and_the_unique_reply_trap_finds_one() {
    let mut rng = Rng::new(11);
    for n in 1..=LARGEST as u64 {
        let probe = Toy::new(n);
        let unique_exists = TAKES
            .iter()
            .any(|&t| t <= n && probe.winning_replies_at(n - t) == 1);
        for trap in [Trap::Random, Trap::Longest, Trap::UniqueReply] {
            let mut round: Box<dyn Round> = Box::new(Toy::new(n));
            let m: u64 = round.trap_move(trap, &mut rng).unwrap().parse().unwrap();
            assert!(TAKES.contains(&m) && m <= n, "pile {n}, {trap:?}: took {m}");
            assert_eq!(pile_of(&*round), n - m, "pile {n}: the trap move is played");
            if trap == Trap::UniqueReply && unique_exists {
                assert_eq!(
                    probe.winning_replies_at(n - m),
                    1,
                    "pile {n}: took {m}, not a move with one winning reply"
                );
            }
        }
    }
}

#[test]
fn lines_are_read_once_with_syntax_and_rules_apart() {
    let mut round: Box<dyn Round> = Box::new(Toy::new(10));
    assert!(matches!(round.play_line("x"), Err(MoveError::Syntax(_))));
    assert!(matches!(round.play_line("2"), Err(MoveError::Illegal(_))));
    assert_eq!(pile_of(&*round), 10, "a refused move changes nothing");
    assert_eq!(round.play_line("3"), Ok(()));
    assert_eq!(pile_of(&*round), 7);
    assert_eq!(round.position_line(), "10", "the start position stays");
}
