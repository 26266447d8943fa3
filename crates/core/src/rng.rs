//! The one seeded generator of the crate: test generation (gen, `referee judge`), the
//! referee's rounds and moves, and the test players all draw from it, so the same seed gives
//! the same bytes and the same session on every machine, with no dependency (a
//! general-purpose RNG crate does not promise a stable stream across its releases).
//!
//! One family of draws, by rejection so that no choice is biased: [`Rng::range`],
//! [`Rng::index`] and [`Rng::log_range`]. The generators (`games/<game>/src/gen.rs`) make both
//! gen's tests and the referee's rounds with them.

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

    /// The generator of round `round` of a session seeded with `seed`: round 1 is the
    /// session's seed itself (so a session's first round is gen's first case with that seed),
    /// every later round a stream of its own, mixed from the seed's first draw and the round
    /// number. A round's position and the referee's moves in it then depend on the seed and
    /// the round alone, never on how many moves the earlier rounds took.
    pub fn for_round(seed: u64, round: u64) -> Self {
        if round <= 1 {
            return Rng::new(seed);
        }
        let base = Rng::new(seed).next_u64();
        Rng::new(Rng::new(base ^ round.rotate_left(32)).next_u64())
    }

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
