//! The pushes of a fresh segment grouped by the value they leave ([`PushClass`]): O(1)
//! classes once both heaps a push leaves are past the pre-period.

use crate::{grundy, octal};

/// A class of pushes in a fresh segment: the 0-based positions `first + k·step` for
/// k < `count`, all leaving the segment worth `value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PushClass {
    pub first: usize,
    pub step: usize,
    pub count: usize,
    pub value: u32,
}

impl PushClass {
    /// The k-th position of the class.
    pub fn nth(&self, k: usize) -> usize {
        self.first + k * self.step
    }
}

/// The pushes of a segment of `len` columns grouped by the value they leave, for a heap
/// value function `value_of_push(i)` that is known to repeat with period `p` for positions
/// i in `lo..=hi` (i and i+p both there): positions outside the band are listed one by
/// one, those inside in p classes.
pub fn classes_with(
    len: usize,
    lo: usize,
    hi: i64,
    p: usize,
    value_of_push: impl Fn(usize) -> u32,
) -> Vec<PushClass> {
    let single = |i: usize| PushClass {
        first: i,
        step: 1,
        count: 1,
        value: value_of_push(i),
    };
    if p == 0 || hi < lo as i64 || (hi - lo as i64 + 1) < 2 * p as i64 {
        return (0..len).map(single).collect();
    }
    let hi = hi as usize;
    let mut out: Vec<PushClass> = (0..lo).map(single).collect();
    for first in lo..lo + p {
        out.push(PushClass {
            first,
            step: p,
            count: (hi - first) / p + 1,
            value: value_of_push(first),
        });
    }
    out.extend((hi + 1..len).map(single));
    out
}

/// Value left by a push at 0-based column `i` of a fresh segment of `len` columns, for the
/// heap values `g`: the push and its chain take out columns i−1..i+1.
pub fn push_value(len: usize, i: usize, g: impl Fn(usize) -> u32) -> u32 {
    if len == 1 {
        return 0;
    }
    g(i.saturating_sub(1)) ^ g((len - i).saturating_sub(2))
}

/// The pushes of a fresh segment of `len` columns of 0.137, grouped by the value they leave.
pub fn push_classes(len: usize) -> Vec<PushClass> {
    let (n0, p) = octal().period().expect("0.137 has a proven period");
    let g = |n: usize| grundy(n as u64);
    classes_with(len, n0 + 1, len as i64 - 2 - n0 as i64, p, |i| {
        push_value(len, i, g)
    })
}
