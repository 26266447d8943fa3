//! Smaller inputs of the pawns problem's format, for `referee judge`'s shrinking (the shared
//! reductions and the contract: [`combgames_core::shrink`]).

use combgames_core::shrink::*;

/// `N`: smaller N; first those with N's residue modulo 34, 68, 136, ... (Dawson's chess
/// repeats with period 34 from N = 52 on, [`crate::octal`]), which keep the right answer
/// and so often keep a wrong one that comes from a wrong table or period; then any smaller N.
pub fn pawns(text: &str, out: &mut Candidates) -> Option<()> {
    let n = number(text.split_ascii_whitespace().next())?;
    if let Some((start, period)) = crate::octal().period() {
        let (start, period) = (start as u64, period as u64);
        for shift in 0..8 {
            let modulus = period << shift;
            if n > start {
                let m = start + (n - start) % modulus;
                if m < n {
                    out.push(format!("{m}\n").into_bytes());
                }
            }
        }
    }
    for m in smaller(n, 1) {
        out.push(format!("{m}\n").into_bytes());
    }
    Some(())
}
