// Wrong on purpose (interactive): always plays A (`first`) and steps along a shortest path to
// B's start, jumping over B only when B blocks every step, as if the race were won by the
// shorter distance alone.
// The play protocol (the solutions' client, solutions/src/shared/protocol.rs) and the session
// are packages/shared/interactive_player.rs; the board's distances are
// packages/shared/race.rs, shared with the batch race player.
#[path = "../../../shared/interactive_player.rs"]
mod player;
#[path = "../../../shared/race.rs"]
mod race;

use player::{Lines, Player, Stop};
use race::{around, distances, find, free, Square};

#[derive(Default)]
struct ShortestPath {
    rows: Vec<Vec<u8>>,
    /// Step distances to B's start (the goal) over the free squares.
    dist: Vec<Vec<usize>>,
    me: Square,
    them: Square,
    goal: Square,
}

impl Player for ShortestPath {
    fn start(&mut self, lines: &mut Lines) -> Result<bool, Stop> {
        let n: usize = lines.next("a position")?.parse().unwrap();
        self.rows = (0..n)
            .map(|_| lines.next("a row").map(String::into_bytes))
            .collect::<Result<_, _>>()?;
        (self.me, self.goal) = (find(&self.rows, b'A'), find(&self.rows, b'B'));
        self.them = self.goal;
        self.dist = distances(&self.rows, self.goal);
        Ok(true)
    }

    fn reply(&mut self) -> Option<String> {
        let (n, me, them, goal) = (self.rows.len(), self.me, self.them, self.goal);
        let d = |(r, c): Square| self.dist[r][c];
        let step = around(n, me)
            .into_iter()
            .filter(|&s| free(&self.rows, s) && (s != them || s == goal))
            .min_by_key(|&s| d(s));
        if let Some(s) = step {
            self.me = s;
            return Some(format!("{} {}", s.0 + 1, s.1 + 1));
        }
        if !around(n, me).contains(&them) {
            return None;
        }
        let landing = around(n, them)
            .into_iter()
            .filter(|&l| free(&self.rows, l) && l != me)
            .min_by_key(|&l| d(l))?;
        self.me = landing;
        Some(format!(
            "{} {} {} {}",
            them.0 + 1,
            them.1 + 1,
            landing.0 + 1,
            landing.1 + 1
        ))
    }

    fn hear(&mut self, line: &str) {
        let v: Vec<usize> = line.split(' ').map(|t| t.parse().unwrap()).collect();
        self.them = (v[v.len() - 2] - 1, v[v.len() - 1] - 1);
    }
}

fn main() {
    player::run(&mut ShortestPath::default());
}
