//! Misère play by Conway's genus theory (ONAG ch. 12, Winning Ways ch. 13), and the exact
//! search that decides what the theory does not (games/impartial/docs/misere.md).
//!
//! The genus of a game G is g^{γ0 γ1 γ2 ...}: g its normal value, γk the misère Grundy value
//! of G plus k nim heaps of 2. It follows from the genera of G's options: g and γ0 by the mex
//! (γ0 = 1 without options), and for k ≥ 1 γk = mex({γk of the options} ∪ {γ(k-1), γ(k-1) ⊕ 1})
//! (G + 2^k moves to G' + 2^k, G + 2^(k-1) and G + 2^(k-1) + 1, and the misère value of
//! X + 1 is X's ⊕ 1 for every X, by induction on X). A heap is tame when its genus is
//! 0^{120}, 1^{031} ("small": it plays like heaps 0 and 1) or g^{g, g⊕2, ...} and every heap
//! its options hold is tame; a sum of tame heaps then has the genus its xor and smallness
//! give, and a position of tame heaps is lost iff (all small and xor 1) or (not all small and
//! xor 0) (the tame rule; games/impartial/docs/misere.md proves it from these facts alone).

use super::{for_each_option, Game, Move};
use std::collections::HashMap;

/// A genus: `seq` holds γ0, γ1, ... up to the first two terms of the alternation every genus
/// ends in (γ(k+2) = γk from `seq.len() - 2` on).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Genus {
    pub g: u32,
    pub seq: Vec<u32>,
}

/// The kind of a tame heap or sum, as a code: 2·g + (1 if small); WILD otherwise.
pub(super) const WILD: u32 = u32::MAX;
/// Heap 0 and the empty sum: 0^{120}.
pub(super) const EMPTY: u32 = 1;

/// The kind of a sum of two parts of these kinds.
pub(super) fn combine(a: u32, b: u32) -> u32 {
    if a == WILD || b == WILD {
        return WILD;
    }
    (((a >> 1) ^ (b >> 1)) << 1) | (a & b & 1)
}

/// γ0 of a tame kind: g ⊕ 1 when small, else g.
fn gamma0(code: u32) -> u32 {
    (code >> 1) ^ (code & 1)
}

/// The g of a tame kind, 0 for WILD (left out of the tame heaps' xor).
fn tame_g(code: u32) -> u32 {
    if code == WILD {
        0
    } else {
        code >> 1
    }
}

fn mex(values: impl Iterator<Item = u32>) -> u32 {
    let mut seen: Vec<bool> = Vec::new();
    for v in values {
        let v = v as usize;
        if seen.len() <= v {
            seen.resize(v + 1, false);
        }
        seen[v] = true;
    }
    seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
}

/// How far past the options' alternations a genus may take to alternate before it is given up
/// (never reached in the games tried; a heap past it is called wild, never guessed tame).
const GENUS_STEPS: usize = 64;

impl Genus {
    pub(super) fn at(&self, k: usize) -> u32 {
        let t = self.seq.len() - 2;
        if k < self.seq.len() {
            self.seq[k]
        } else {
            self.seq[t + (k - t) % 2]
        }
    }

    /// The genus of a tame kind.
    pub(super) fn of_kind(code: u32) -> Genus {
        let g = code >> 1;
        let seq = match (code & 1 == 1, g) {
            (true, 0) => vec![1, 2, 0],
            (true, _) => vec![0, 3, 1],
            (false, _) => vec![g, g ^ 2],
        };
        Genus { g, seq }
    }

    /// The genus of a game whose options have these genera.
    pub(super) fn from_options(options: &[&Genus]) -> Option<Genus> {
        let g = mex(options.iter().map(|o| o.g));
        let first = if options.is_empty() {
            1
        } else {
            mex(options.iter().map(|o| o.at(0)))
        };
        let mut seq = vec![first];
        // From index t on, every option's sequence alternates.
        let t = options.iter().map(|o| o.seq.len() - 2).max().unwrap_or(0);
        for k in 1..t + GENUS_STEPS {
            let prev = seq[k - 1];
            let v = mex(options
                .iter()
                .map(|o| o.at(k))
                .chain([prev, prev ^ 1].iter().copied()));
            seq.push(v);
            // γ(j+2) = γj with j ≥ t − 1: the options repeat from j + 1 on, and so does G.
            if k >= 2 && k > t && seq[k] == seq[k - 2] {
                seq.pop();
                while seq.len() > 2 && seq[seq.len() - 3] == seq[seq.len() - 1] {
                    seq.pop();
                }
                return Some(Genus { g, seq });
            }
        }
        None
    }

    /// The tame kind of this genus, if it is a tame genus.
    pub(super) fn kind(&self) -> u32 {
        let candidates = [2 * self.g + 1, 2 * self.g];
        for &code in candidates.iter() {
            if code & 1 == 1 && self.g > 1 {
                continue;
            }
            let tame = Genus::of_kind(code);
            if (0..self.seq.len() + 3).all(|k| tame.at(k) == self.at(k)) {
                return code;
            }
        }
        WILD
    }

    /// g^{γ0γ1...} (digits joined when every value is below 10, else by commas).
    pub(super) fn text(&self) -> String {
        let joined: Vec<String> = self.seq.iter().map(|v| v.to_string()).collect();
        let sep = if self.seq.iter().all(|&v| v < 10) && self.g < 10 {
            ""
        } else {
            ","
        };
        format!("{}^{{{}}}", self.g, joined.join(sep))
    }
}

// The rest of this file, in parts of one concern each, in the order of its text.
include!("misere/kinds.rs");
include!("misere/search.rs");
