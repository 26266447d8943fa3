//! The lost referee's attack: what the solution faces after each of the referee's moves
//! ([`Prospect`], its replies judged exactly) and the moves that leave it the most ways to
//! go wrong.

use super::RaceRound;
use crate::{legal_moves, Move, Outcome, Rules};

/// What the solution faces after one of the referee's moves: its replies judged exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Prospect {
    /// Winning replies (at least one: the referee is lost).
    pub(super) good: u32,
    /// Losing replies: the solution can still go wrong.
    pub(super) bad: u32,
    /// A player stands off the shortest-path layers.
    pub(super) off_layers: bool,
    /// A jump decides: every winning reply is a jump, or some jump loses.
    pub(super) jump_decides: bool,
}

/// The trap's key for a move of the lost referee: the fewest winning replies, then the
/// most losing ones.
pub(super) fn fewest_replies(p: Prospect) -> u64 {
    (u32::MAX - p.good) as u64 * 4096 + p.bad.min(4095) as u64
}

impl RaceRound {
    /// What the opponent faces after `o` (None when `o` ends the round).
    pub(super) fn prospect(&self, o: Outcome) -> Option<Prospect> {
        let Outcome::Continues(next) = o else {
            return None;
        };
        let mut p = Prospect {
            good: 0,
            bad: 0,
            off_layers: !self.on_layers[next.a] || !self.on_layers[next.b],
            jump_decides: false,
        };
        let mut step_wins = false;
        for (m, reply) in legal_moves(&self.board, next, Rules::default()) {
            let wins = match reply {
                Outcome::Wins => true,
                Outcome::Continues(q) => !self.eval.mover_wins(q),
            };
            if wins {
                p.good += 1;
                step_wins |= m.landing.is_none();
            } else {
                p.bad += 1;
                p.jump_decides |= m.landing.is_some();
            }
        }
        p.jump_decides |= p.good > 0 && !step_wins;
        Some(p)
    }

    /// The lost referee's best-ranked moves, each with what it leaves the solution: first
    /// those after which the solution still has a losing reply and faces an unusual position
    /// (a player off the shortest-path layers, a jump that must be taken or refused), then
    /// those with a losing reply, then the unusual ones. Empty when every move ends the round.
    pub(super) fn attack_pool(
        &self,
        moves: &[(Move, Outcome)],
    ) -> Vec<((Move, Outcome), Prospect)> {
        let rank = |p: &Prospect| {
            let unusual = p.off_layers || p.jump_decides;
            let tight = p.bad > 0;
            (tight && unusual, tight, unusual)
        };
        let ranked: Vec<_> = moves
            .iter()
            .filter_map(|&(m, o)| self.prospect(o).map(|p| (rank(&p), (m, o), p)))
            .collect();
        let Some(top) = ranked.iter().map(|r| r.0).max() else {
            return Vec::new();
        };
        ranked
            .into_iter()
            .filter(|r| r.0 == top)
            .map(|(_, mo, p)| (mo, p))
            .collect()
    }
}
