//! The pawn mutants: how each variant of the example `pawns_mutants` (pawns_mutants.rs) picks
//! its side and its moves, as functions the mutation suite (mod.rs) calls too. Built on the library's incremental
//! board (combgames_pawns::live) and its values, never on solutions/pawns.rs.
//!
//! Wrong variants carry one plausible bug each; correct ones choose other winning moves than
//! the referee's own chooser does.

use combgames_core::rng::Rng;
use combgames_pawns::live::{classes_with, push_classes, push_value, Live};
use combgames_pawns::{grundy, Move, PawnsError};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    From70,
    Last51,
    Mod136,
    Edge,
    Capture,
    Blunder,
    Typo500,
    Typo17,
    Period7,
    Pad100k,
    Seg1000,
    Leftmost,
    Longest,
    Random,
    /// Wrong in one length class only (its `len/any` pair): `len+1:17`, `len-2:mod34=7`,
    /// `len/any:17`.
    Wrong(LenError),
}

/// One length class of the coverage classes (a run of 1..=51 columns, or a residue mod 34 of
/// the longer ones) and the error of its Grundy value: +1, −1, +2, −2, or 0 for any other
/// value (the value xor a number 1..=7 drawn from the class).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LenError {
    /// The length (< 52), or 52 + the residue mod 34.
    class: usize,
    error: i64,
}

impl LenError {
    /// The class of a run of `len` columns.
    fn class_of(len: usize) -> usize {
        if len < 52 {
            len
        } else {
            52 + len % 34
        }
    }

    /// The value it believes for a run of `len` columns (`g` its true value).
    fn value(self, len: usize, g: u32) -> u32 {
        if LenError::class_of(len) != self.class {
            return g;
        }
        match self.error {
            0 => g ^ (1 + (self.class as u32 * 5 + 3) % 7),
            e => (g as i64 + e) as u32,
        }
    }

    /// `len+1:17`, `len-2:mod34=7`, `len/any:17`; an error below 0 is no value (refused).
    fn parse(name: &str) -> Option<LenError> {
        let (group, class) = name.split_once(':')?;
        let error = match group {
            "len/any" => 0,
            "len+1" => 1,
            "len+2" => 2,
            "len-1" => -1,
            "len-2" => -2,
            _ => return None,
        };
        let class = match class.strip_prefix("mod34=") {
            Some(r) => 52 + r.parse::<usize>().ok().filter(|&r| r < 34)?,
            None => class
                .parse::<usize>()
                .ok()
                .filter(|&l| (1..52).contains(&l))?,
        };
        // A run of the class: the residue's first length from 52 on.
        let len = if class < 52 {
            class
        } else {
            52 + (class - 52 + 34 - 52 % 34) % 34
        };
        (grundy(len as u64) as i64 + error >= 0).then_some(LenError { class, error })
    }
}

/// The help line of the [`Variant::Wrong`] players.
// Read by the example, not by the mutation suite that shares this module.
#[allow(dead_code)]
pub const WRONG_HELP: (&str, &str) = (
    "len+E:CLASS",
    "wrong in one length class (CLASS: 1..51, or mod34=R for the runs of 52 or more with \
     that residue): its Grundy value E off (E: +1, -1, +2, -2; never below 0), or \
     len/any:CLASS another value; the coverage pair len/any:CLASS shows each",
);

/// Every variant: name, whether it plays correctly, what it does.
pub const VARIANTS: &[(&str, Variant, bool, &str)] = &[
    (
        "from70",
        Variant::From70,
        false,
        "values by the mex table below 70, beyond it folded as if the period 34 began at 34: \
         g(102) = g(136) = g(34) = 0 (really 8), g(85) = g(51) = 2 (really 9)",
    ),
    (
        "last51",
        Variant::Last51,
        false,
        "takes 51 for the start of the period (the last exception is 51 itself): \
         g(85 + 34j) = g(51) = 2, really 9",
    ),
    (
        "mod136",
        Variant::Mod136,
        false,
        "g(n mod 136) from a table of 136 values: wrong at 136, 150, 170, ...",
    ),
    (
        "edge",
        Variant::Edge,
        false,
        "believes a push at a segment's end column clears 3 columns as inside it does \
         (there are only 2), and plays the leftmost push it believes winning",
    ),
    (
        "capture",
        Variant::Capture,
        false,
        "captures with its pawn from the column right of the target whenever the board has \
         that column, not checking that its pawn is still there",
    ),
    (
        "blunder",
        Variant::Blunder,
        false,
        "plays perfectly except that one push in 1000 is a random legal push",
    ),
    (
        "typo500",
        Variant::Typo500,
        false,
        "a pasted table of 1000 values with one wrong entry: g(500) taken as g(501)",
    ),
    (
        "typo17",
        Variant::Typo17,
        false,
        "a pasted table with one wrong entry in the pre-period: g(17) taken as g(18) \
         (3, really 2); only a board with a segment of 17 shows it (coverage class len:17)",
    ),
    (
        "period7",
        Variant::Period7,
        false,
        "the period's entry for n = 7 mod 34 (n >= 52) taken as the next one's: 0, really 1; \
         only a segment of such a length shows it (coverage class len:mod34=7)",
    ),
    (
        "pad100k",
        Variant::Pad100k,
        false,
        "a table of 100000 values plus one zeroed spare, longer segments folded into \
         99967..=100000: g(n) = 0 for n >= 100000 with n = 6 mod 34 (really 1)",
    ),
    (
        "seg1000",
        Variant::Seg1000,
        false,
        "keeps the fresh segments in an array of 1000: past the 1000th (left to right) they \
         are left out of the XOR and of its choice",
    ),
    (
        "leftmost",
        Variant::Leftmost,
        true,
        "correct: the leftmost winning push (any winning capture)",
    ),
    (
        "longest",
        Variant::Longest,
        true,
        "correct: a winning move that takes the fewest columns out of play \
         (a lone column, then a segment's end, then inside; among the leftmost 32 segments \
         of each winning value)",
    ),
    (
        "random",
        Variant::Random,
        true,
        "correct: a random winning move (the library's chooser, its own random stream)",
    ),
];

/// The variants wrong only in one coverage class (docs/coverage.md) that a default session's
/// class rounds (15..17) put in front of them: caught in sessions of COVERAGE_ROUNDS rounds.
// Read by the mutation suite (mod.rs), not by the example that shares this module.
#[allow(dead_code)]
pub const CLASS_VARIANTS: &[&str] = &["typo17", "period7"];

/// A variant by its name.
// Read by the example, not by the mutation suite that shares this module.
#[allow(dead_code)]
pub fn parse(name: &str) -> Option<Variant> {
    VARIANTS
        .iter()
        .find(|(n, ..)| *n == name)
        .map(|&(_, v, ..)| v)
        .or_else(|| LenError::parse(name).map(Variant::Wrong))
}

/// The pad100k player's table size.
pub const PAD_TABLE: usize = 100_000;
/// The typo500 player's wrong entry.
pub const TYPO_AT: usize = 500;
/// The seg1000 player's array of segments.
pub const SEGMENT_ARRAY: usize = 1000;

/// A Grundy table as a contestant might hold it: `head` for n < n0 + p, then period p
/// (`pad`: the pad100k bug, the fold of n ≥ 100000 landing on a zeroed spare entry).
pub struct Table {
    head: Vec<u32>,
    n0: usize,
    p: usize,
    pad: bool,
}

impl Table {
    fn from_fn(n0: usize, p: usize, f: impl Fn(usize) -> u32) -> Table {
        Table {
            head: (0..n0 + p).map(f).collect(),
            n0,
            p,
            pad: false,
        }
    }

    pub fn value(&self, n: usize) -> u32 {
        // 99967 + (n − 99967) mod 34 is 100000, one past the table, for n ≡ 100000 (mod 34).
        if self.pad && n >= PAD_TABLE && (n - (PAD_TABLE - 33)) % 34 == 33 {
            return 0;
        }
        if n < self.head.len() {
            self.head[n]
        } else {
            self.head[self.n0 + (n - self.n0) % self.p]
        }
    }
}

/// The table a variant believes.
pub fn table(v: Variant) -> Table {
    let g = |n: usize| grundy(n as u64);
    match v {
        Variant::From70 => {
            Table::from_fn(
                70,
                34,
                |n| {
                    if n < 70 {
                        g(n)
                    } else {
                        g(34 + (n - 34) % 34)
                    }
                },
            )
        }
        Variant::Last51 => {
            Table::from_fn(
                51,
                34,
                |n| {
                    if n < 51 {
                        g(n)
                    } else {
                        g(51 + (n - 51) % 34)
                    }
                },
            )
        }
        Variant::Mod136 => Table::from_fn(0, 136, |n| g(n % 136)),
        // A table of TYPO_AT + 1 or more values: one wrong entry in the head.
        Variant::Typo500 => Table::from_fn(TYPO_AT + 1, 34, |n| {
            if n == TYPO_AT {
                g(TYPO_AT + 1)
            } else {
                g(n)
            }
        }),
        Variant::Typo17 => Table::from_fn(52, 34, |n| if n == 17 { g(18) } else { g(n) }),
        Variant::Period7 => Table::from_fn(52, 34, |n| {
            if n >= 52 && n % 34 == 7 {
                g(n + 1)
            } else {
                g(n)
            }
        }),
        Variant::Wrong(w) => Table::from_fn(52, 34, |n| w.value(n, g(n))),
        Variant::Pad100k => Table {
            pad: true,
            ..Table::from_fn(52, 34, g)
        },
        _ => Table::from_fn(52, 34, g),
    }
}

/// A player of one variant.
pub struct Player {
    pub variant: Variant,
    table: Table,
    rng: Rng,
}

impl Player {
    pub fn new(variant: Variant, seed: u64) -> Player {
        Player {
            variant,
            table: table(variant),
            rng: Rng::new(seed),
        }
    }

    /// Whether it takes the first move on a quiet board (the start among them): the XOR of its table's values of
    /// the fresh segments (seg1000: of the first 1000 of them), non-zero.
    pub fn first_on(&self, live: &mut Live) -> Result<bool, String> {
        let mut segs = live.fresh_segments().map_err(text)?;
        if self.variant == Variant::Seg1000 {
            segs.truncate(SEGMENT_ARRAY);
        }
        Ok(segs
            .iter()
            .fold(0, |x, &(_, len)| x ^ self.table.value(len))
            != 0)
    }

    /// A random legal move: the move [`Live::some_move`] finds from a random probe column.
    fn random_move(&mut self, live: &Live) -> Result<Move, String> {
        let probe = self.rng.index(live.width());
        live.some_move(probe)
            .ok_or_else(|| "no legal move".to_owned())
    }

    /// Its move for the side to move in `live` (the move may be illegal for `capture`).
    pub fn choose(&mut self, live: &mut Live) -> Result<Move, String> {
        let v = self.variant;
        let caps = live.captures();
        // Captures are forced and all lead to the same end of the chain: blunders are pushes.
        if v == Variant::Blunder && caps.is_empty() && self.rng.index(1000) == 0 {
            return self.random_move(live);
        }
        if let Some(&first) = caps.first() {
            return match v {
                Variant::Capture => {
                    let right = first.to_col + 1;
                    let col = if right <= live.width() as u64 {
                        right
                    } else {
                        first.to_col - 1
                    };
                    Ok(Move { col, ..first })
                }
                Variant::From70
                | Variant::Last51
                | Variant::Mod136
                | Variant::Edge
                | Variant::Typo500
                | Variant::Typo17
                | Variant::Period7
                | Variant::Pad100k
                | Variant::Seg1000
                | Variant::Wrong(_) => Ok(first),
                _ => {
                    for m in caps {
                        if !live.wins_after(m).map_err(text)? {
                            return Ok(m);
                        }
                    }
                    Err("no winning capture".to_owned())
                }
            };
        }
        match v {
            Variant::From70
            | Variant::Last51
            | Variant::Mod136
            | Variant::Typo500
            | Variant::Typo17
            | Variant::Period7
            | Variant::Pad100k
            | Variant::Seg1000
            | Variant::Wrong(_) => self.by_table(live),
            Variant::Edge => self.edge(live),
            Variant::Random | Variant::Blunder | Variant::Capture => {
                let rng = &mut self.rng;
                live.winning_move(&mut |len| rng.index(len))
                    .map_err(text)?
                    .ok_or_else(|| "no winning move".to_owned())
            }
            Variant::Leftmost => leftmost(live),
            Variant::Longest => longest(live),
        }
    }

    /// Nim by its own table: a random segment and push it believes winning.
    fn by_table(&mut self, live: &mut Live) -> Result<Move, String> {
        let mut segs = live.fresh_segments().map_err(text)?;
        if self.variant == Variant::Seg1000 {
            segs.truncate(SEGMENT_ARRAY);
        }
        let t = &self.table;
        let x = segs.iter().fold(0, |x, &(_, len)| x ^ t.value(len));
        let good: Vec<(usize, usize)> = segs
            .into_iter()
            .filter(|&(_, len)| t.value(len) ^ x < t.value(len))
            .collect();
        if x == 0 || good.is_empty() {
            return self.random_move(live);
        }
        let (s, len) = good[self.rng.index(good.len())];
        let target = t.value(len) ^ x;
        let hi = len as i64 - 2 - t.n0 as i64;
        let positions: Vec<usize> = classes_with(len, t.n0 + 1, hi, t.p, |i| {
            push_value(len, i, |k| t.value(k))
        })
        .into_iter()
        .filter(|c| c.value == target)
        .flat_map(|c| (0..c.count.min(4)).map(move |k| c.nth(k)))
        .collect();
        if positions.is_empty() {
            return self.random_move(live);
        }
        Ok(live.push_at(s + positions[self.rng.index(positions.len())]))
    }

    /// The leftmost push it believes winning, with ends taken to clear 3 columns.
    fn edge(&mut self, live: &mut Live) -> Result<Move, String> {
        let x = live.value().map_err(text)?;
        for (s, len) in live.fresh_segments().map_err(text)? {
            let v = grundy(len as u64);
            if v ^ x >= v {
                continue;
            }
            let believed = |i: usize| {
                if len >= 3 && (i == 0 || i == len - 1) {
                    grundy(len as u64 - 3)
                } else {
                    push_value(len, i, |k| grundy(k as u64))
                }
            };
            let (n0, p) = (52, 34);
            let hi = len as i64 - 2 - n0 as i64;
            if let Some(i) = classes_with(len, n0 + 1, hi, p, believed)
                .into_iter()
                .filter(|c| c.value == v ^ x)
                .map(|c| c.first)
                .min()
            {
                return Ok(live.push_at(s + i));
            }
        }
        self.random_move(live)
    }
}

/// The leftmost winning push: in the leftmost segment of a value v with v ^ X < v (every such
/// segment has a winning push, and no other does), its leftmost winning position.
pub fn leftmost(live: &mut Live) -> Result<Move, String> {
    let x = live.value().map_err(text)?;
    let (s, len) = live
        .leftmost_segment_worth(|v| v ^ x < v)
        .map_err(text)?
        .ok_or_else(|| "no winning push".to_owned())?;
    let v = grundy(len as u64);
    push_classes(len)
        .into_iter()
        .filter(|c| c.value == v ^ x)
        .map(|c| c.first)
        .min()
        .map(|i| live.push_at(s + i))
        .ok_or_else(|| "no winning push".to_owned())
}

/// A winning push taking the fewest columns out of play: a lone column (1), an end (2),
/// else inside (3); the first such segment from the left among the first
/// [`LONGEST_SEGMENTS`] of each winning value. Ends and lone columns are valued in O(1) a
/// segment, inner pushes' classes listed only when no end wins, so a move costs O(log S) on
/// boards of thousands of segments.
pub fn longest(live: &mut Live) -> Result<Move, String> {
    let x = live.value().map_err(text)?;
    let mut winning: Vec<(usize, usize, u32)> = live
        .segments_worth(|v| v ^ x < v, 0, LONGEST_SEGMENTS)
        .map_err(text)?
        .into_iter()
        .map(|(s, len)| (s, len, grundy(len as u64)))
        .collect();
    winning.sort_unstable();
    if let Some(&(s, ..)) = winning.iter().find(|&&(_, len, _)| len == 1) {
        return Ok(live.push_at(s));
    }
    let end = |len: usize, v: u32| len >= 2 && push_value(len, 0, |k| grundy(k as u64)) == v ^ x;
    if let Some(&(s, ..)) = winning.iter().find(|&&(_, len, v)| end(len, v)) {
        return Ok(live.push_at(s));
    }
    for &(s, len, v) in &winning {
        if let Some(c) = push_classes(len).into_iter().find(|c| c.value == v ^ x) {
            return Ok(live.push_at(s + c.first));
        }
    }
    Err("no winning push".to_owned())
}

/// Segments of each winning value the longest player looks at.
const LONGEST_SEGMENTS: usize = 32;

/// The evaluator's refusal as this module's error text.
fn text(e: PawnsError) -> String {
    e.to_string()
}
