//! Impartial games from their rules: the judge side's own rules engine and
//! evaluator for every game of games/impartial/docs/impartial.md's spec — octal and hexadecimal codes,
//! finite and periodic subtraction sets, Nim, Lasker's Nim, Grundy's game, the queue game,
//! each in normal or misère play — used by the referee, gen, `validate-impartial` and
//! `check-impartial`.
//!
//! Nothing here is the solution's algorithm (solutions/src/impartial.rs reads values through
//! proven periods, closed forms and misère theory): this module knows only the rules.
//!
//! - [`Spec`]: the spec line, read strictly (the validator's grammar).
//! - [`options`]: the heaps one heap may become in a move, listed from the rules alone.
//! - [`Evaluator`]: normal play by the Sprague–Grundy theorem with every value from the plain
//!   mex recurrence over [`options`] (O(Σ options) for the table: the limits of [`Spec::max_heap`]
//!   keep it to a few million steps); misère play by the judge's own tame rule where every
//!   heap is tame (src/misere.rs, from the plain mex values), else by exhaustive search over
//!   multisets of heaps (heaps without a move dropped, ∗1 heaps kept mod 2), memoised in a
//!   flat table (positions of at most [`MISERE_SEARCH_SUM`] tokens).
//!
//! The limits are the judge side's: heaps up to 1000 (300 for codes with three-heap splits),
//! misère positions of at most [`MISERE_MAX_HEAPS`] heaps, and for the batch problem at most
//! [`MISERE_MAX_SUM`] tokens (the referee: any when every heap is tame, else
//! [`MISERE_SEARCH_SUM`]).
//! Within them every answer is exact by plain search; games/impartial/tests/eval.rs checks it
//! against a second, slower search with no table at all.
//!
//! Here the problem, the judge side's limits and the evaluator; the spec line in `spec`, the
//! options of a heap and the moves in `moves`.

pub mod board;
pub mod check;
pub mod coverage;
pub mod gen;
pub mod misere;
pub mod play;
pub mod shrink;
pub mod validate;

mod moves;
mod spec;

pub use moves::{after, each_option, has_option, options, Move};
pub use spec::{Rules, Spec, FAMILY_NAMES};

/// The problem of this game, as the registry lists it.
pub const IMPARTIAL: combgames_core::problem::Problem = combgames_core::problem::Problem {
    name: "impartial",
    gen: &gen::GEN,
    validator: &validate::IMPARTIAL,
    play: &play::PLAY,
    shrink: shrink::impartial,
    judge_sized: (1000, Some(50)),
    largest: Some(combgames_core::problem::Largest {
        kind: "random",
        size: 1_000,
        count: Some(1000),
    }),
    board: board::board,
    notation: board::NOTATION,
    sides: ["the first player", "the second player"],
    human: board::HUMAN,
    replay: include_str!("replay.js"),
};

/// Largest heap of a position the judge side plays or checks, by default.
pub const MAX_HEAP: u64 = 1000;
/// Largest heap for codes with a three-heap split (their options grow as n²).
pub const MAX_HEAP_THREE_WAY: u64 = 300;
/// Misère positions of the batch problem (validator, gen, checker): at most this many tokens
/// in all. Below the search's bound: the solution answers a file of 1000 positions of 52
/// tokens of every code within the 1 s limit (the hexadecimal codes with many options, 4.7
/// and 0.ff, take 1.0 to 1.6 s at 60; games/impartial/docs/impartial.md).
pub const MISERE_MAX_SUM: u64 = 52;
/// The exact misère search's bound: positions holding a wild heap (misere.rs) of at most this
/// many tokens; the referee's misère rounds go this far (the search's table is made for them).
pub const MISERE_SEARCH_SUM: u64 = 60;
/// Misère positions: at most this many heaps.
pub const MISERE_MAX_HEAPS: usize = 8;
/// Normal-play positions: at most this many heaps.
pub const MAX_HEAPS: usize = 100;

/// The judge side's evaluator for one spec: Grundy values by the plain mex recurrence (normal
/// play) and a memo of misère positions.
pub struct Evaluator {
    pub spec: Spec,
    /// g(0..=len-1), grown on demand.
    values: Vec<u32>,
    /// The exact misère search (misere.rs), made at its first position.
    search: Option<misere::Search>,
    /// Misère kinds of heaps 0..len (tame small, tame big, wild), grown on demand.
    kinds: Vec<misere::Kind>,
}

impl Evaluator {
    pub fn new(spec: Spec) -> Evaluator {
        Evaluator {
            spec,
            values: Vec::new(),
            search: None,
            kinds: Vec::new(),
        }
    }

    /// The Grundy value of one heap of n (normal play), by the mex over its options.
    pub fn value(&mut self, n: u64) -> u32 {
        while self.values.len() as u64 <= n {
            let m = self.values.len() as u64;
            let mut seen: Vec<bool> = Vec::new();
            let values = &self.values;
            each_option(&self.spec.rules, m, |option| {
                let x = option.iter().fold(0u32, |acc, &h| acc ^ values[h as usize]) as usize;
                if seen.len() <= x {
                    seen.resize(x + 1, false);
                }
                seen[x] = true;
            });
            let mex = seen.iter().position(|&s| !s).unwrap_or(seen.len());
            self.values.push(mex as u32);
        }
        self.values[n as usize]
    }

    /// Every legal move of `heaps`, heap by heap, options in [`options`]' order.
    pub fn moves(&self, heaps: &[u64]) -> Vec<Move> {
        let mut out = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            for parts in options(&self.spec.rules, h) {
                out.push(Move { heap: i, parts });
            }
        }
        out
    }

    /// Whether `m` is legal on `heaps`: its heap exists and its parts (in any order) are an
    /// option of that heap.
    pub fn is_legal(&self, heaps: &[u64], m: &Move) -> Result<(), String> {
        let h = *heaps.get(m.heap).ok_or_else(|| {
            format!(
                "there is no heap {} (the position has {})",
                m.heap + 1,
                heaps.len()
            )
        })?;
        if m.parts.contains(&0) {
            return Err("parts are non-empty heaps (a heap of 0 is not written)".into());
        }
        let mut parts = m.parts.clone();
        parts.sort_unstable();
        if options(&self.spec.rules, h).binary_search(&parts).is_err() {
            return Err(format!(
                "a heap of {h} cannot become {} under {}",
                describe_parts(&m.parts),
                self.spec
            ));
        }
        Ok(())
    }

    /// The misère kind of a heap of n (misere.rs), from the plain mex values.
    pub fn kind(&mut self, n: u64) -> misere::Kind {
        while self.kinds.len() as u64 <= n {
            let m = self.kinds.len() as u64;
            let g = self.value(m);
            let kind = misere::heap_kind(&self.spec.rules, m, g, &self.kinds, &self.values);
            self.kinds.push(kind);
        }
        self.kinds[n as usize]
    }

    /// Whether every heap is tame (the tame rule decides the misère position).
    pub fn all_tame(&mut self, heaps: &[u64]) -> bool {
        heaps.iter().all(|&h| self.kind(h) != misere::Kind::Wild)
    }

    /// Why the misère position cannot be decided here, if it cannot: a wild heap in a
    /// position of more than [`MISERE_SEARCH_SUM`] tokens (the search's bound).
    pub fn check_misere(&mut self, heaps: &[u64]) -> Result<(), String> {
        let sum: u64 = heaps.iter().sum();
        if sum <= MISERE_SEARCH_SUM || self.all_tame(heaps) {
            return Ok(());
        }
        Err(format!(
            "a misère position holding a wild heap has at most {MISERE_SEARCH_SUM} tokens (exhaustive search), got {sum}"
        ))
    }

    /// Why the referee cannot play a round from `heaps`, if it cannot: the heaps' limits, and
    /// in misère play at most [`MISERE_MAX_HEAPS`] heaps, any heaps up to
    /// [`Spec::max_heap`] when all are tame, else at most [`MISERE_SEARCH_SUM`] tokens.
    pub fn check_round(&mut self, heaps: &[u64]) -> Result<(), String> {
        if !self.spec.misere {
            return self.spec.check_position(heaps);
        }
        let max = self.spec.max_heap();
        if let Some(h) = heaps.iter().find(|&&h| h > max) {
            return Err(format!(
                "heap {h} is beyond {max}, the largest heap of {}",
                self.spec
            ));
        }
        if heaps.len() > MISERE_MAX_HEAPS {
            return Err(format!(
                "a misère position has at most {MISERE_MAX_HEAPS} heaps, got {}",
                heaps.len()
            ));
        }
        self.check_misere(heaps)
    }

    /// Whether the player to move wins `heaps`.
    pub fn mover_wins(&mut self, heaps: &[u64]) -> bool {
        if self.spec.misere {
            let kinds: Vec<misere::Kind> = heaps.iter().map(|&h| self.kind(h)).collect();
            if let Some(wins) = misere::tame_mover_wins(kinds.iter().copied()) {
                return wins;
            }
            let sum: u64 = heaps.iter().sum();
            // (A format argument, not an inline one: the bundled referee builds with 2018.)
            assert!(
                sum <= MISERE_SEARCH_SUM,
                "wild misère positions are checked to at most {} tokens",
                MISERE_SEARCH_SUM
            );
            if self.search.is_none() {
                let top = MISERE_SEARCH_SUM;
                self.kind(top);
                let search = misere::Search::new(
                    &self.spec.rules,
                    &self.kinds[..=top as usize],
                    &self.values[..=top as usize],
                );
                self.search = Some(search);
            }
            let heaps: Vec<u8> = heaps.iter().map(|&h| h as u8).collect();
            self.search.as_mut().expect("made above").wins(&heaps)
        } else {
            heaps.iter().fold(0, |x, &h| x ^ self.value(h)) != 0
        }
    }

    /// Whether the player to move has a legal move.
    pub fn has_move(&self, heaps: &[u64]) -> bool {
        heaps.iter().any(|&h| has_option(&self.spec.rules, h))
    }
}

/// `nothing`, `7`, `3 and 4`, `1, 2 and 3`.
fn describe_parts(parts: &[u64]) -> String {
    match parts {
        [] => "nothing".into(),
        [a] => a.to_string(),
        [rest @ .., last] => format!(
            "{} and {last}",
            rest.iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}
