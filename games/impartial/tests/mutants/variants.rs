//! The impartial mutation suite's players, as pure move choosers: a contestant that plays the
//! Sprague–Grundy strategy with Grundy values of its own, each variant with one plausible bug
//! in those values or in the end rule. games/impartial/tests/mutants/main.rs speaks the protocol
//! around them; games/impartial/tests/mutants/mod.rs shows each bug losing a position by the independent
//! brute force (games/impartial/tests/brute.rs) and plays every variant against the referee.
//!
//! The correct values come from the library's evaluator (combgames_impartial::Evaluator, the
//! plain mex recurrence), never from solutions/src/impartial.rs; each bug then bends them.
// Two crates take this module: the player (main.rs) and the suite (mod.rs); each uses a part.
#![allow(dead_code)]

use combgames_impartial::{after, options, Evaluator, Move, Rules, Spec};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Correct: the mex values, nim sums; misère positions by the exact search.
    None,
    /// Misère specs played as normal play (the end rule ignored).
    MisereAsNormal,
    /// The mex kept in a u64 bit mask: every Grundy value of 64 or more reads as 64.
    MexU64,
    /// Dawson's games (0.137 and 0.07, with their aliases): the period 34 taken from heap 0,
    /// g(n) = g(n mod 34), where it holds only from heap 52 on.
    PeriodFromZero,
    /// Lasker's nim valued as nim: g(4j+3) and g(4j+4) not swapped.
    LaskerUnswapped,
    /// Grundy values kept in a table of 512 entries indexed by the heap mod 512: heaps of 512
    /// and more valued as the heap 512 lower.
    Table512,
    /// Looks for a winning move only among the options that leave at most one heap (all of
    /// them in Grundy's game, where every move splits); finding none, it takes tokens.
    NoSplit,
    /// Lasker's nim with the right values; when it moves first in a round, its opening move is
    /// sought as in nim, among the removals only (never a split); every later move is right.
    /// A Lasker round that starts won with every winning move a split shows it: such rows are
    /// rare (1, 4k + 2, 4k + 3 and the like), and the split round of Lasker's nim starts on one.
    LaskerOpeningNoSplit,
    /// Misère: with heaps of 1 only, believes the mover wins iff their number is odd (normal
    /// play's rule); everywhere else the exact search.
    MisereOnes,
    /// Misère: with exactly one heap above 1, plays normal play's move (nim sum 0); everywhere
    /// else the exact search.
    MisereOneLarge,
    /// Lasker's nim: heaps 4j + 3 of 200 and more valued as the heap itself (one too low).
    LaskerHigh3,
    /// Kayles: heaps ≡ 7 (mod 12) above 500 valued one too high.
    KaylesPlus1,
    /// Dawson's chess (0.137): heaps ≡ 20 (mod 34) up to 500 valued two too high.
    DawsonPlus2,
    /// {2,5}: heaps ≡ 4 and ≡ 5 (mod 7) above 500 take each other's value (a wrong phase).
    PhaseSwap,
    /// {1,4 mod 5}: heaps ≡ 3 (mod 5) up to 500 valued 2 instead of 1 (another value).
    OtherValue,
    /// 0.6: the one heap of value 29 up to 1000 (837) valued 28 (a rare value one too low).
    Rare06Minus1,
    /// Grundy's game: the one heap of value 28 up to 1000 (939) valued 29 (one too high).
    RareGrundyPlus1,
    /// The queue game: the heaps of value 26 (758, 865) valued 24 (two too low).
    RareQueueMinus2,
    /// Grundy's game: the heaps above 500 of value 12 (15 sizes) valued 5 (another value).
    GrundyOtherValue,
}

/// Every variant: name, whether it is correct, what it does.
pub const VARIANTS: &[(Variant, &str, bool, &str)] = &[
    (
        Variant::None,
        "none",
        true,
        "correct: mex values and nim sums, misere by search",
    ),
    (
        Variant::MisereAsNormal,
        "misere-as-normal",
        false,
        "misere specs played as normal play",
    ),
    (
        Variant::MexU64,
        "mex-u64",
        false,
        "the mex in a u64 mask: values >= 64 read as 64",
    ),
    (
        Variant::PeriodFromZero,
        "period-from-zero",
        false,
        "Dawson's period 34 taken from heap 0, not 52",
    ),
    (
        Variant::LaskerUnswapped,
        "lasker-unswapped",
        false,
        "Lasker's nim valued as nim (4j+3, 4j+4 not swapped)",
    ),
    (
        Variant::Table512,
        "table-512",
        false,
        "values in a table of 512 entries: a heap of 512 or more valued as the heap 512 lower",
    ),
    (
        Variant::NoSplit,
        "no-split",
        false,
        "winning moves sought only among options leaving at most one heap (grundy: all)",
    ),
    (
        Variant::LaskerOpeningNoSplit,
        "lasker-opening-no-split",
        false,
        "lasker: moving first, the opening sought among removals only (never a split)",
    ),
    (
        Variant::MisereOnes,
        "misere-ones",
        false,
        "misere, heaps of 1 only: believes the mover wins iff their number is odd",
    ),
    (
        Variant::MisereOneLarge,
        "misere-one-large",
        false,
        "misere, exactly one heap above 1: plays normal play's move (nim sum 0)",
    ),
    (
        Variant::LaskerHigh3,
        "lasker-high-3",
        false,
        "lasker: heaps 4j+3 >= 200 valued as the heap (one too low)",
    ),
    (
        Variant::KaylesPlus1,
        "kayles-plus1",
        false,
        "kayles: heaps = 7 mod 12 above 500 valued one too high",
    ),
    (
        Variant::DawsonPlus2,
        "dawson-plus2",
        false,
        "0.137: heaps = 20 mod 34 up to 500 valued two too high",
    ),
    (
        Variant::PhaseSwap,
        "phase-swap",
        false,
        "{2,5}: heaps = 4 and 5 mod 7 above 500 take each other's value",
    ),
    (
        Variant::OtherValue,
        "other-value",
        false,
        "{1,4 mod 5}: heaps = 3 mod 5 up to 500 valued 2 instead of 1",
    ),
    (
        Variant::Rare06Minus1,
        "rare-0.6-29",
        false,
        "0.6: the heap of value 29 valued 28",
    ),
    (
        Variant::RareGrundyPlus1,
        "rare-grundy-28",
        false,
        "grundy: the heap of value 28 valued 29",
    ),
    (
        Variant::RareQueueMinus2,
        "rare-queue-26",
        false,
        "queue: heaps of value 26 valued 24",
    ),
    (
        Variant::GrundyOtherValue,
        "grundy-high-12",
        false,
        "grundy: heaps above 500 of value 12 valued 5",
    ),
];

impl Variant {
    pub fn parse(name: &str) -> Option<Variant> {
        VARIANTS.iter().find(|v| v.1 == name).map(|v| v.0)
    }

    pub fn name(self) -> &'static str {
        VARIANTS.iter().find(|v| v.0 == self).map_or("?", |v| v.1)
    }
}

/// Whether the spec is one of Dawson's games (0.137, Dawson's chess; 0.07, Dawson's kayles):
/// period 34, pre-period through heap 51.
fn is_dawson(spec: &Spec) -> bool {
    let dawson: [&[u8]; 2] = [&[0, 1, 3, 7], &[0, 0, 7]];
    matches!(&spec.rules, Rules::Code(d) if dawson.contains(&d.as_slice()))
}

/// Whether the spec is Dawson's chess (0.137).
fn is_dawson_chess(spec: &Spec) -> bool {
    matches!(&spec.rules, Rules::Code(d) if d.as_slice() == [0, 1, 3, 7])
}

/// One variant's player for one round (one spec).
pub struct Player {
    variant: Variant,
    ev: Evaluator,
    /// The round's start (the first position it was asked about), until it moves.
    start: Option<Vec<u64>>,
    /// Whether this player has moved in the round.
    moved: bool,
}

impl Player {
    pub fn new(variant: Variant, spec: Spec) -> Player {
        Player {
            variant,
            ev: Evaluator::new(spec),
            start: None,
            moved: false,
        }
    }

    /// The Grundy value of a heap of n as this contestant has it.
    pub fn value(&mut self, n: u64) -> u32 {
        match self.variant {
            Variant::MexU64 => self.ev.value(n).min(64),
            Variant::PeriodFromZero if is_dawson(&self.ev.spec) && n >= 34 => self.ev.value(n % 34),
            Variant::LaskerUnswapped if self.ev.spec.rules == Rules::Lasker => n as u32,
            Variant::Table512 => self.ev.value(n % 512),
            Variant::LaskerHigh3
                if self.ev.spec.rules == Rules::Lasker && n >= 200 && n % 4 == 3 =>
            {
                n as u32
            }
            Variant::KaylesPlus1 if self.ev.spec.text == "kayles" && n > 500 && n % 12 == 7 => {
                self.ev.value(n) + 1
            }
            Variant::DawsonPlus2 if is_dawson_chess(&self.ev.spec) && n <= 500 && n % 34 == 20 => {
                self.ev.value(n) + 2
            }
            Variant::PhaseSwap if self.ev.spec.text == "{2,5}" && n > 500 && n % 7 >= 4 => {
                self.ev.value(if n % 7 == 4 { n + 1 } else { n - 1 })
            }
            Variant::OtherValue if self.ev.spec.text == "{1,4 mod 5}" && n <= 500 && n % 5 == 3 => {
                2
            }
            Variant::Rare06Minus1 if self.ev.spec.text == "0.6" && self.ev.value(n) == 29 => 28,
            Variant::RareGrundyPlus1 if self.ev.spec.text == "grundy" && self.ev.value(n) == 28 => {
                29
            }
            Variant::RareQueueMinus2 if self.ev.spec.text == "queue" && self.ev.value(n) == 26 => {
                24
            }
            Variant::GrundyOtherValue
                if self.ev.spec.text == "grundy" && n > 500 && self.ev.value(n) == 12 =>
            {
                5
            }
            _ => self.ev.value(n),
        }
    }

    /// Whether this contestant plays the misère position `heaps` by the exact search.
    fn searches_misere(&self, heaps: &[u64]) -> bool {
        self.ev.spec.misere
            && match self.variant {
                Variant::MisereAsNormal => false,
                Variant::MisereOneLarge => heaps.iter().filter(|&&h| h > 1).count() != 1,
                _ => true,
            }
    }

    /// Whether this contestant believes the player to move wins `heaps`.
    pub fn believes_mover_wins(&mut self, heaps: &[u64]) -> bool {
        if self.start.is_none() {
            self.start = Some(heaps.to_vec());
        }
        let ones = !heaps.is_empty() && heaps.iter().all(|&h| h == 1);
        if self.variant == Variant::MisereOnes && self.ev.spec.misere && ones {
            return heaps.len() % 2 == 1;
        }
        if self.searches_misere(heaps) {
            return self.ev.mover_wins(heaps);
        }
        heaps.iter().fold(0, |x, &h| x ^ self.value(h)) != 0
    }

    /// The move this contestant plays at `heaps` (which has a move): one that leaves a
    /// position it believes lost, else the first legal move.
    pub fn choose(&mut self, heaps: &[u64]) -> Move {
        let opening =
            !std::mem::replace(&mut self.moved, true) && self.start.as_deref() == Some(heaps);
        let moves = self.ev.moves(heaps);
        if self.searches_misere(heaps) {
            for m in &moves {
                if !self.ev.mover_wins(&after(heaps, m)) {
                    return m.clone();
                }
            }
            return moves[0].clone();
        }
        let x = heaps.iter().fold(0, |x, &h| x ^ self.value(h));
        let no_split = match self.variant {
            Variant::NoSplit => self.ev.spec.rules != Rules::Grundy,
            Variant::LaskerOpeningNoSplit => opening && self.ev.spec.rules == Rules::Lasker,
            _ => false,
        };
        if x != 0 {
            for (i, &h) in heaps.iter().enumerate() {
                let want = self.value(h) ^ x;
                for parts in options(&self.ev.spec.rules, h) {
                    if no_split && parts.len() > 1 {
                        continue;
                    }
                    if parts.iter().fold(0, |a, &p| a ^ self.value(p)) == want {
                        return Move { heap: i, parts };
                    }
                }
            }
        }
        if no_split {
            if let Some(m) = moves.iter().find(|m| m.parts.len() <= 1) {
                return m.clone();
            }
        }
        moves[0].clone()
    }
}
