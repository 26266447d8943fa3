//! Smaller inputs of the impartial problem's format, for `referee judge`'s shrinking (the shared
//! reductions and the contract: [`combgames_core::shrink`]).

use combgames_core::shrink::*;

/// Positions of at most this many heaps shrink every pair of heaps at once.
const PAIRED_HEAPS: usize = 16;

/// The spec line (kept), `T`, then T positions `k h1 ... hk`: fewer positions, then fewer
/// heaps, then smaller heaps (down to 0), one alone and then two at once (a position of two
/// equal heaps stays one when both shrink alike).
pub fn impartial(text: &str, out: &mut Candidates) -> Option<()> {
    let (spec, rest) = text.split_once('\n')?;
    let spec = spec.trim();
    let mut tokens = rest.split_ascii_whitespace();
    let t = number(tokens.next())?;
    let mut positions: Vec<Vec<u64>> = Vec::new();
    for _ in 0..t {
        let k = number(tokens.next())?;
        let heaps: Vec<u64> = (0..k)
            .map(|_| number(tokens.next()))
            .collect::<Option<_>>()?;
        positions.push(heaps);
    }
    if tokens.next().is_some() {
        return None;
    }
    let render = |positions: &[Vec<u64>]| {
        let mut parts = vec![spec.to_owned(), positions.len().to_string()];
        for heaps in positions {
            let mut line = heaps.len().to_string();
            for h in heaps {
                line.push_str(&format!(" {h}"));
            }
            parts.push(line);
        }
        lines(parts)
    };
    let smaller_position = |heaps: &Vec<u64>| -> Vec<Vec<u64>> {
        let mut all: Vec<Vec<u64>> = fewer(heaps).collect();
        for (i, &h) in heaps.iter().enumerate() {
            for v in smaller(h, 0) {
                let mut changed = heaps.clone();
                changed[i] = v;
                all.push(changed);
            }
        }
        // Every pair of a short position; of a long one (up to 100 heaps: 4950 pairs) the
        // neighbours only.
        let pairs = if heaps.len() <= PAIRED_HEAPS {
            heaps.len()
        } else {
            2
        };
        for i in 0..heaps.len() {
            for j in i + 1..(i + pairs).min(heaps.len()) {
                for (a, b) in together(heaps[i], 0, heaps[j], 0) {
                    let mut changed = heaps.clone();
                    changed[i] = a;
                    changed[j] = b;
                    all.push(changed);
                }
            }
        }
        all
    };
    cases_then_values(
        &positions,
        |p, emit| each(smaller_position(p), emit),
        render,
        out,
    );
    Some(())
}
