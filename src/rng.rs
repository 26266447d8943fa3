//! The one seeded generator of the crate: test generation (gen, `referee judge`), the
//! referee's rounds and moves, and the test players all draw from it, so the same seed gives
//! the same bytes and the same session on every machine, with no dependency (a
//! general-purpose RNG crate does not promise a stable stream across its releases).
//!
//! Two families of draws share the stream: the generators' ([`Rng::below`], [`Rng::between`],
//! [`Rng::log_uniform`], by multiply-and-shift: gen's output for a seed is fixed by them and
//! must not change) and the referee's ([`Rng::range`], [`Rng::index`], [`Rng::log_range`], by
//! rejection, so a referee's choice is unbiased).

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
/// OOPSLA 2014): a 64-bit counter passed through a fixed mixing function.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0) by multiply-and-shift; the bias, below n / 2^64, is irrelevant
    /// for test generation.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "below(0)");
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// Uniform in `lo..=hi`.
    pub fn between(&mut self, lo: u64, hi: u64) -> u64 {
        assert!(lo <= hi, "between({}, {})", lo, hi);
        match (hi - lo).checked_add(1) {
            Some(span) => lo + self.below(span),
            None => self.next_u64(),
        }
    }

    /// In `lo..=hi` with a uniformly chosen number of decimal digits, so that small and huge
    /// values are both common.
    pub fn log_uniform(&mut self, lo: u64, hi: u64) -> u64 {
        let digits = |v: u64| v.checked_ilog10().map_or(1, |d| d + 1);
        let d = self.between(u64::from(digits(lo)), u64::from(digits(hi))) as u32;
        let low = 10u64.checked_pow(d - 1).unwrap_or(u64::MAX).max(lo);
        let high = 10u64.checked_pow(d).map_or(u64::MAX, |p| p - 1).min(hi);
        if low <= high {
            self.between(low, high)
        } else {
            self.between(lo, hi)
        }
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }

    // The referee's draws: unbiased (by rejection), for sessions and test players.

    /// Uniform in lo..=hi (lo ≤ hi), by rejection so there is no bias.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        let span = hi - lo;
        if span == u64::MAX {
            return self.next_u64();
        }
        let n = span + 1;
        let zone = u64::MAX - (u64::MAX % n) - 1;
        loop {
            let v = self.next_u64();
            if v <= zone {
                return lo + v % n;
            }
        }
    }

    /// Uniform index below len (len > 0).
    pub fn index(&mut self, len: usize) -> usize {
        self.range(0, len as u64 - 1) as usize
    }

    /// Log-uniform in lo..=hi (1 ≤ lo ≤ hi): small and huge sizes alike.
    pub fn log_range(&mut self, lo: u64, hi: u64) -> u64 {
        let bits_lo = 64 - lo.leading_zeros() as u64;
        let bits_hi = 64 - hi.leading_zeros() as u64;
        let bits = self.range(bits_lo, bits_hi);
        let top = if bits >= 64 {
            u64::MAX
        } else {
            (1u64 << bits) - 1
        };
        let bottom = if bits == 0 { 0 } else { 1u64 << (bits - 1) };
        self.range(bottom.max(lo), top.min(hi))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_stay_in_bounds_and_repeat() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        for _ in 0..1000 {
            let x = a.range(3, 9);
            assert!((3..=9).contains(&x));
            assert_eq!(x, b.range(3, 9));
            let y = a.log_range(2, 1_000_000_000_000_000_000);
            assert!((2..=1_000_000_000_000_000_000).contains(&y));
            b.log_range(2, 1_000_000_000_000_000_000);
        }
    }
}
