//! The judge side's misère play: which heaps are tame, from the plain mex values alone, the
//! tame rule on positions of tame heaps, and the exact search over multisets of heaps for the
//! rest. Its own code and its own criterion (games/impartial/docs/impartial.md, "The judge side"): a heap is
//! tame here when every part of every option is tame and its misère value γ0, the mex of its
//! options' γ0 (1 without options; an option's γ0 is its xor, ⊕ 1 when every part is small),
//! is its normal value g (big) or, with g ≤ 1, g ⊕ 1 (small). These are all the facts the
//! tame rule's proof uses.

use crate::{each_option, Rules};
use std::collections::HashMap;

/// A heap's kind for the tame rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Small(u32),
    Big(u32),
    Wild,
}

/// The tame rule: whether the player to move wins a position of tame heaps of these kinds.
pub fn tame_mover_wins(kinds: impl IntoIterator<Item = Kind>) -> Option<bool> {
    let mut xor = 0;
    let mut all_small = true;
    for k in kinds {
        match k {
            Kind::Small(g) => xor ^= g,
            Kind::Big(g) => {
                xor ^= g;
                all_small = false;
            }
            Kind::Wild => return None,
        }
    }
    Some(if all_small { xor != 1 } else { xor != 0 })
}

/// The kind of heap n from the kinds and normal values of the smaller heaps.
pub fn heap_kind(rules: &Rules, n: u64, g: u32, kinds: &[Kind], values: &[u32]) -> Kind {
    let mut seen: Vec<bool> = Vec::new();
    let mut any = false;
    let mut wild = false;
    each_option(rules, n, |parts| {
        any = true;
        let mut xor = 0;
        let mut small = true;
        for &p in parts {
            match kinds[p as usize] {
                Kind::Wild => wild = true,
                Kind::Big(_) => small = false,
                Kind::Small(_) => {}
            }
            xor ^= values[p as usize];
        }
        let gamma0 = (xor ^ u32::from(small)) as usize;
        if seen.len() <= gamma0 {
            seen.resize(gamma0 + 1, false);
        }
        seen[gamma0] = true;
    });
    if wild {
        return Kind::Wild;
    }
    let gamma0 = if any {
        seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
    } else {
        1
    };
    if gamma0 == g {
        Kind::Big(g)
    } else if g <= 1 && gamma0 == g ^ 1 {
        Kind::Small(g)
    } else {
        Kind::Wild
    }
}

/// FNV-style mixing of the u128 memo keys (not hostile: SipHash would cost more than the
/// search).
#[derive(Default)]
pub struct Mix(u64);

impl std::hash::Hasher for Mix {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    }
    fn write_u128(&mut self, v: u128) {
        let x = (v as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ ((v >> 64) as u64);
        self.0 = x.wrapping_mul(0xff51_afd7_ed55_8ccd) ^ (x >> 29);
    }
}

/// The memo of the search: outcomes by a multiset's key.
pub type Memo = HashMap<u128, bool, std::hash::BuildHasherDefault<Mix>>;

/// A sorted multiset of heaps (each ≥ 1) as a number: per heap, in order, h one bits then a
/// zero bit (sum + count ≤ 2·60 bits for the search's positions).
pub fn key(heaps: &[u8]) -> u128 {
    let mut k = 0u128;
    for &h in heaps {
        k = (k << (u32::from(h) + 1)) | (((1u128 << h) - 1) << 1);
    }
    k
}
