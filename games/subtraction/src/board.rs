//! The pile drawn for `referee human` (the interface: [`combgames_core::board`]).

use crate::gen::Multiplier;
use crate::{Position, Ratio};
use combgames_core::board::{bad, bar, Drawing, Drawn};

/// How a move is typed, for `help` and after a malformed move.
pub const NOTATION: &str =
    "a move is the number of stones taken, `3`: the first move takes 1..n-1, later ones \
             at most k times the previous move; whoever takes the last stone wins";

/// The pile, the cap and the k it comes from.
struct Pile {
    k_text: String,
    k: Ratio,
    pos: Position,
    /// No move played yet (the first move takes fewer than all).
    fresh: bool,
}

/// The drawing of a start position `n k` or `n k p`.
pub fn board(position: &str) -> Result<Drawn, String> {
    let fail = || bad("subtraction", position);
    let mut words = position.split_whitespace();
    let n: u64 = words.next().and_then(|w| w.parse().ok()).ok_or_else(fail)?;
    let k_text = words.next().ok_or_else(fail)?.to_owned();
    let k = Multiplier::parse(&k_text).map_err(|e| e.to_string())?.k;
    let last: Option<u64> = match words.next() {
        Some(p) => Some(p.parse().map_err(|_| fail())?),
        None => None,
    };
    if words.next().is_some() {
        return Err(fail());
    }
    let before = last.map(|p| p.to_string());
    let pile = Pile {
        k_text,
        k,
        pos: match last {
            Some(p) => Position {
                stones: n,
                cap: k.floor_mul(p),
            },
            None => Position::start(n),
        },
        fresh: last.is_none(),
    };
    Ok((Box::new(pile), before))
}

impl Drawing for Pile {
    fn apply(&mut self, _line: &str, nums: &[u64], _first: bool) {
        let Pile { k, pos, fresh, .. } = self;
        if let Some(next) = nums.first().and_then(|&x| pos.take(x, *k).ok()) {
            *pos = next;
            *fresh = false;
        }
    }

    fn render(&self, last: Option<&str>) -> String {
        render_subtraction(&self.k_text, &self.pos, self.fresh, last)
    }
}

fn render_subtraction(k_text: &str, pos: &Position, fresh: bool, last: Option<&str>) -> String {
    let unit = if pos.stones == 1 { "stone" } else { "stones" };
    let mut text = format!("  pile: {} {unit}  {}\n", pos.stones, bar(pos.stones, 'o'));
    let most = pos.max_take();
    let why = match (fresh, last) {
        (true, _) => "the first move takes fewer than all".to_owned(),
        (false, Some(x)) => format!("k * last move = {k_text} * {x}, floor {}", pos.cap),
        (false, None) => String::new(),
    };
    if most == 0 {
        text.push_str("  no stone left\n");
    } else {
        text.push_str(&format!("  may take: 1 to {most}  ({why})\n"));
    }
    text
}

/// `referee human`: the sizes a person can play by default; subtraction's k, when `--k` is not
/// given, is drawn per round from multipliers a person can follow.
pub const HUMAN: combgames_core::board::Human = combgames_core::board::Human {
    sizes: (5, 40),
    sizes_are: "{lo} to {hi} stones",
    options: &[(
        "--k K",
        "subtraction's k (default: 2, 3, 1.5 or 5/2, drawn per round)",
    )],
    drawn: Some(("--k", &["2", "3", "1.5", "5/2"])),
    round: None,
    ends_stuck: true,
};
