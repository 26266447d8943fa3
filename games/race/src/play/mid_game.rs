//! Mid-game starts: the trickiest of many close races drawn at random, ranked by how long a
//! player stays off the shortest-path layers and by playouts that count the winner's chances
//! to err.

use super::attack::fewest_replies;
use super::{RaceRound, MID_GAME_PLAYOUTS, MID_GAME_SAMPLES, PLAYOUT_PLIES};
use crate::{legal_moves, Outcome, Player, Position, Rules};
use combgames_core::rng::Rng;

impl RaceRound {
    /// Moves the round's start (A to move) to the trickiest of `MID_GAME_SAMPLES` close
    /// races drawn at random: three times in four one A wins (the solution plays A and moves
    /// first), otherwise one A loses (the referee attacks from it). Tight races first (the
    /// winner has a losing move), ranked by how long a player stays off the shortest-path
    /// layers, a step of A towards its goal that loses and the fewest winning moves; the best
    /// `MID_GAME_PLAYOUTS` are played out (`Self::blunder_chances`) and the one giving the
    /// winner the most chances to err is kept. The evaluator values it, so the side the
    /// solution must take follows.
    pub fn start_mid_game(&mut self, rng: &mut Rng) {
        let board = &self.board;
        let reach = board.distances(board.a);
        let cells: Vec<usize> = (0..board.free.len())
            .filter(|&v| reach[v] != u32::MAX)
            .collect();
        let a_to_win = rng.index(4) != 0;
        let (solution, referee) = if a_to_win {
            (Player::A, Player::B)
        } else {
            (Player::B, Player::A)
        };
        // How long each player stays off the layers while it races to its goal: the
        // solution as briefly as it can, the referee (which picks its own steps) as long.
        let solution_off = self.off_run(solution, false);
        let referee_off = self.off_run(referee, true);
        // B's squares by their distance to B's goal, so that B can be drawn where the race
        // is close: δ of A (to move) from -1 to 2, about the lemma's border.
        let mut b_at: Vec<Vec<usize>> = Vec::new();
        for &v in &cells {
            let q = self.eval.to_goal(Player::B, v) as usize;
            if b_at.len() <= q {
                b_at.resize(q + 1, Vec::new());
            }
            b_at[q].push(v);
        }
        let mut candidates: Vec<((bool, u32, bool, u32), Position)> = Vec::new();
        for _ in 0..MID_GAME_SAMPLES {
            let a = cells[rng.index(cells.len())];
            let p = self.eval.to_goal(Player::A, a) as i64;
            let q = p + 1 - rng.range(0, 3) as i64;
            let Some(near) = (q >= 0).then_some(q as usize).and_then(|q| b_at.get(q)) else {
                continue;
            };
            if near.is_empty() {
                continue;
            }
            let b = near[rng.index(near.len())];
            if a == b || a == board.b || b == board.a {
                continue;
            }
            let pos = Position {
                a,
                b,
                to_move: Player::A,
            };
            if self.eval.mover_wins(pos) != a_to_win {
                continue;
            }
            let off_moves =
                solution_off[pos.square(solution)].max(referee_off[pos.square(referee)]);
            // The race stays tight (a step back loses for the winner, turn after turn, while
            // the loser steps towards its goal) when A's δ is near the lemma's border.
            let delta = self.eval.delta(pos);
            let here = self.eval.to_goal(Player::A, a);
            let moves = legal_moves(board, pos, Rules::default());
            let key = if a_to_win {
                let (mut good, mut bad, mut near_bad) = (0, 0, false);
                for &(_, o) in &moves {
                    if self.wins(o) {
                        good += 1;
                    } else {
                        bad += 1;
                        near_bad |= self.distance_after_for(Player::A, o) < here;
                    }
                }
                (bad > 0 && delta >= -1, off_moves, near_bad, u32::MAX - good)
            } else {
                let tight = moves
                    .iter()
                    .filter_map(|&(_, o)| self.prospect(o))
                    .filter(|p| p.bad > 0)
                    .map(|p| p.good)
                    .min();
                (
                    tight.is_some() && delta <= 2,
                    off_moves,
                    tight.is_some(),
                    u32::MAX - tight.unwrap_or(u32::MAX),
                )
            };
            candidates.push((key, pos));
        }
        // The best-keyed few are played out: the estimate counts the turns the race really
        // stays tight (a jump exchange may end it early).
        candidates.sort_unstable_by_key(|c| std::cmp::Reverse(c.0));
        candidates.dedup_by_key(|c| c.1);
        let best = candidates
            .iter()
            .take(MID_GAME_PLAYOUTS)
            .max_by_key(|&&(key, pos)| (key.0, self.blunder_chances(pos, PLAYOUT_PLIES), key));
        if let Some(&(_, pos)) = best {
            self.start = pos;
            self.pos = pos;
        }
    }

    /// For each square, how many steps `who` makes off the shortest-path layers before it
    /// stands on them, walking a shortest way to its goal: along the way that stays off the
    /// longest (`longest`) or the shortest.
    fn off_run(&self, who: Player, longest: bool) -> Vec<u32> {
        let board = &self.board;
        let dist = |v: usize| self.eval.to_goal(who, v);
        let mut order: Vec<usize> = (0..board.free.len())
            .filter(|&v| board.free[v] && dist(v) != u32::MAX)
            .collect();
        order.sort_unstable_by_key(|&v| dist(v));
        let mut run = vec![0u32; board.free.len()];
        for v in order {
            if self.on_layers[v] || dist(v) == 0 {
                continue;
            }
            let nearer = board.neighbours(v).filter(|&w| dist(w) + 1 == dist(v));
            let next = if longest {
                nearer.map(|w| run[w]).max()
            } else {
                nearer.map(|w| run[w]).min()
            };
            run[v] = 1 + next.unwrap_or(0);
        }
        run
    }

    /// Plays the round on from `pos` without the solution: the winner takes the winning move
    /// nearest its goal, the loser the attack's move leaving the fewest winning replies
    /// (the first of equals), for at most `plies` moves. Counts, over the winner's turns,
    /// those with a player off the shortest-path layers and a losing move among its moves
    /// (where a player that errs off the layers can err) and those where a step towards its
    /// goal loses (where a player that takes any step nearer can err).
    fn blunder_chances(&self, pos: Position, plies: u32) -> u32 {
        let mut pos = pos;
        let mut chances = 0;
        for _ in 0..plies {
            let moves = legal_moves(&self.board, pos, Rules::default());
            let me = pos.to_move;
            let winning = self.eval.mover_wins(pos);
            let chosen = if winning {
                let off = !self.on_layers[pos.a] || !self.on_layers[pos.b];
                let here = self.eval.to_goal(me, pos.square(me));
                let (mut best, mut bad, mut near_bad) = (None, false, false);
                for &(_, o) in &moves {
                    let d = self.distance_after_for(me, o);
                    if self.wins(o) {
                        if best.map_or(true, |(bd, _)| d < bd) {
                            best = Some((d, o));
                        }
                    } else {
                        bad = true;
                        near_bad |= d < here;
                    }
                }
                chances += u32::from(off && bad) + u32::from(near_bad);
                best.map(|(_, o)| o)
            } else {
                let pool = self.attack_pool(&moves);
                pool.iter()
                    .max_by_key(|&&(_, p)| fewest_replies(p))
                    .map(|&((_, o), _)| o)
                    .or_else(|| moves.first().map(|&(_, o)| o))
            };
            match chosen {
                Some(Outcome::Continues(next)) => pos = next,
                _ => break,
            }
        }
        chances
    }
}
