//! The heaps drawn for `referee human` (the interface: [`combgames_core::board`]).

use combgames_core::board::{bad, bar, numbers, Drawing, Drawn};
use combgames_core::words::counted;

/// How a move is typed, for `help` and after a malformed move.
pub const NOTATION: &str = "a move is `i a b ...`: heap i (counted from 1) is replaced by the heaps a, b, ... \
             as the rules (the spec) allow; `i` alone removes it whole; no move: lost (misere: won)";

/// The rules and the heaps.
struct Heaps {
    spec: String,
    heaps: Vec<u64>,
}

/// The drawing of a start position: the spec line, then `k h1 ... hk`.
pub fn board(position: &str) -> Result<Drawn, String> {
    let lines: Vec<&str> = position.lines().collect();
    let fail = || bad("impartial", position);
    let spec = lines.first().ok_or_else(fail)?.trim().to_owned();
    let row = numbers(lines.get(1).ok_or_else(fail)?).ok_or_else(fail)?;
    let board = Heaps {
        spec,
        heaps: row.get(1..).unwrap_or_default().to_vec(),
    };
    Ok((Box::new(board), None))
}

impl Drawing for Heaps {
    fn apply(&mut self, _line: &str, nums: &[u64], _first: bool) {
        let Heaps { heaps, .. } = self;
        if let Some((&i, parts)) = nums.split_first() {
            let i = i as usize - 1;
            heaps.splice(i..=i, parts.iter().copied());
        }
    }

    fn render(&self, _last: Option<&str>) -> String {
        render_impartial(&self.spec, &self.heaps)
    }
}

fn render_impartial(spec: &str, heaps: &[u64]) -> String {
    let mut text = format!("  rules: {spec}\n");
    if heaps.is_empty() {
        text.push_str("  no heap left\n");
        return text;
    }
    text.push_str(&format!("  {}:\n", counted(heaps.len() as u64, "heap")));
    let width = heaps.len().to_string().len();
    for (i, &h) in heaps.iter().enumerate().take(40) {
        text.push_str(&format!("  {:>width$}: {h:>3}  {}\n", i + 1, bar(h, '|')));
    }
    if heaps.len() > 40 {
        text.push_str(&format!("  ... and {} more heaps\n", heaps.len() - 40));
    }
    text
}

/// `referee human`: the sizes a person can play by default.
pub const HUMAN: combgames_core::board::Human = combgames_core::board::Human {
    sizes: (1, 9),
    sizes_are: "heaps up to {hi}",
    options: &[(
        "--spec SPEC",
        "impartial's rules (games/impartial/docs/impartial.md; default: drawn per round)",
    )],
    drawn: None,
    round: None,
    ends_stuck: true,
};
