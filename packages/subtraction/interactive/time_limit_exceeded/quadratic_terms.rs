// Too slow on purpose (interactive): plays perfectly from the losing starts of the k-times
// subtraction game (a0 = 1, a(i+1) = a(i) + a(j) with j the number of terms m where
// a(i) > k * a(m); Schwenk's take-away games), but finds each j by counting over all the terms
// again. Quadratic in the number of terms: instant for k near 1, where there are about 60
// terms below 10^18, hopeless for k near 10^5, where there are millions.
// The play protocol (the solutions' client, solutions/src/shared/protocol.rs) and the session
// are packages/shared/interactive_player.rs; the game's pieces are
// packages/shared/subtraction.rs, shared with the batch subtraction players.
#[path = "../../../shared/interactive_player.rs"]
mod player;
#[path = "../../../shared/subtraction.rs"]
mod subtraction;

use player::{Lines, Player, Stop};
use subtraction::{position, slow_terms, smallest_term};

#[derive(Default)]
struct QuadraticTerms {
    stones: u128,
    terms: Vec<u128>,
}

impl Player for QuadraticTerms {
    fn start(&mut self, lines: &mut Lines) -> Result<bool, Stop> {
        let (n, k, cap) = position(&lines.next("a position")?);
        self.stones = n;
        self.terms = slow_terms(n, k);
        // The mover wins exactly when the smallest part of the pile is within its cap (on a
        // fresh pile: when n is not a term).
        Ok(smallest_term(&self.terms, n) <= cap)
    }

    fn reply(&mut self) -> Option<String> {
        let take = smallest_term(&self.terms, self.stones);
        self.stones -= take;
        Some(take.to_string())
    }

    fn hear(&mut self, line: &str) {
        self.stones -= line.parse::<u128>().unwrap();
    }
}

fn main() {
    player::run(&mut QuadraticTerms::default());
}
