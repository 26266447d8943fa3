//! The coverage classes of a race position (docs/coverage.md): the evaluator's branch and
//! answer, the band table's row, the jumps that decide, the shortest-path layers.

use super::RaceRound;
use crate::{legal_moves, Player, Position, Rules};

impl RaceRound {
    /// The coverage classes of `pos` for its mover (docs/coverage.md): the evaluator's branch
    /// and the answer (`lemma:odd-win` ... `band:1-lose`); in the band, how many squares of
    /// the opponent's level lose for the mover on its square (`band-row:0`, `1`, `many`: the
    /// table row's bits); `jump:gains` when a jump that brings the mover two nearer (or into
    /// its goal) wins, `jump:only` when every winning move is a jump; `layers:on`/`off`
    /// whether both players stand on a shortest path between the starts.
    pub fn classes_at(&self, pos: Position) -> Vec<String> {
        let mut out = Vec::new();
        let delta = self.eval.delta(pos);
        let wins = self.eval.mover_wins(pos);
        let answer = if wins { "win" } else { "lose" };
        let band = self.d % 2 == 0 && (0..=1).contains(&delta);
        if self.d % 2 == 1 {
            out.push(format!("lemma:odd-{answer}"));
        } else if !band {
            out.push(format!("lemma:even-{answer}"));
        } else {
            out.push(format!("band:{delta}-{answer}"));
            let (me, them) = (pos.to_move, pos.to_move.other());
            let q = self.eval.to_goal(them, pos.square(them)) as usize;
            let mine = pos.square(me);
            let losing = self.levels[them as usize]
                .get(q)
                .into_iter()
                .flatten()
                .filter(|&&y| y != mine && y != self.board.start(me))
                .filter(|&&y| {
                    let mut at = pos;
                    match them {
                        Player::A => at.a = y,
                        Player::B => at.b = y,
                    }
                    !self.eval.mover_wins(at)
                })
                .take(2)
                .count();
            out.push(format!("band-row:{}", ["0", "1", "many"][losing]));
        }
        // The branch's class is the first; its (class, error) pairs.
        let pairs = crate::coverage::pairs(&out[0], delta, self.d % 2 == 1, wins);
        out.extend(pairs);
        let me = pos.to_move;
        let here = self.eval.to_goal(me, pos.square(me));
        let (mut gains, mut steps_win, mut any_win) = (false, false, false);
        for (m, o) in legal_moves(&self.board, pos, Rules::default()) {
            if !self.wins(o) {
                continue;
            }
            any_win = true;
            match m.landing {
                None => steps_win = true,
                Some(_) => gains |= self.distance_after_for(me, o) + 2 <= here,
            }
        }
        if gains {
            out.push("jump:gains".to_owned());
        }
        if any_win && !steps_win {
            out.push("jump:only".to_owned());
        }
        let on = self.on_layers[pos.a] && self.on_layers[pos.b];
        out.push(format!("layers:{}", if on { "on" } else { "off" }));
        out
    }
}
