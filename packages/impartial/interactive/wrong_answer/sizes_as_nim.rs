// Wrong on purpose (interactive): takes every game for Nim. It takes the side `first` iff the
// xor of the heap sizes is not 0 and plays the Nim move (a heap lowered to its size xor that
// xor), or takes one token when it stands lost. Right for `nim` only.
// The play protocol (the solutions' client, solutions/src/shared/protocol.rs) and the session
// are packages/shared/interactive_player.rs.
#[path = "../../../shared/interactive_player.rs"]
mod player;

use player::{Lines, Player, Stop};

#[derive(Default)]
struct SizesAsNim {
    heaps: Vec<u64>,
}

/// Heap `i` (1-based) replaced by `parts`.
fn replace(heaps: &mut Vec<u64>, i: usize, parts: &[u64]) {
    heaps.splice(i - 1..i, parts.iter().copied());
}

impl Player for SizesAsNim {
    fn start(&mut self, lines: &mut Lines) -> Result<bool, Stop> {
        lines.next("the spec")?;
        let line = lines.next("the heaps")?;
        let numbers: Vec<u64> = line.split(' ').map(|w| w.parse().unwrap()).collect();
        self.heaps = numbers[1..].iter().copied().filter(|&h| h > 0).collect();
        Ok(self.heaps.iter().fold(0, |a, &h| a ^ h) != 0)
    }

    fn reply(&mut self) -> Option<String> {
        let x = self.heaps.iter().fold(0, |a, &h| a ^ h);
        let i = match self.heaps.iter().position(|&h| x != 0 && h ^ x < h) {
            Some(i) => i,
            None => self.heaps.iter().position(|&h| h > 0)?,
        };
        let to = if x != 0 {
            self.heaps[i] ^ x
        } else {
            self.heaps[i] - 1
        };
        let parts = if to > 0 { vec![to] } else { Vec::new() };
        replace(&mut self.heaps, i + 1, &parts);
        let mut text = (i + 1).to_string();
        for p in parts {
            text.push_str(&format!(" {p}"));
        }
        Some(text)
    }

    fn hear(&mut self, line: &str) {
        let numbers: Vec<u64> = line.split(' ').map(|w| w.parse().unwrap()).collect();
        replace(&mut self.heaps, numbers[0] as usize, &numbers[1..]);
    }
}

fn main() {
    player::run(&mut SizesAsNim::default());
}
