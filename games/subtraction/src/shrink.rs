//! Smaller inputs of the subtraction problem's format, for `referee judge`'s shrinking (the shared
//! reductions and the contract: [`combgames_core::shrink`]).

use combgames_core::shrink::*;

/// Simpler values of subtraction's k, written as the input has it: a fraction becomes its
/// integer part (at least 1), a decimal its integer part or one decimal shorter, an integer a
/// smaller integer (at least 1).
fn simpler_k(k: &str) -> Vec<String> {
    if let Some((p, q)) = k.split_once('/') {
        let floor = match (p.parse::<u128>(), q.parse::<u128>()) {
            (Ok(p), Ok(q)) if q > 0 => (p / q).max(1),
            _ => return Vec::new(),
        };
        vec![floor.to_string()]
    } else if let Some((whole, decimals)) = k.split_once('.') {
        let mut out = vec![whole.to_owned()];
        if decimals.len() > 1 {
            out.push(format!("{whole}.{}", &decimals[..decimals.len() - 1]));
        }
        out
    } else {
        k.parse::<u64>()
            .map(|k| smaller(k, 1).iter().map(u64::to_string).collect())
            .unwrap_or_default()
    }
}

/// `t`, then t cases `n k`: fewer cases, then an integer k smaller with n (both at once, the
/// most aggressive: whether n is lost depends on how n and k relate, e.g. a pile of at most
/// k + 1 stones is lost), then smaller n alone (at least 2), then simpler k alone.
pub fn subtraction(text: &str, out: &mut Candidates) -> Option<()> {
    let mut tokens = text.split_ascii_whitespace();
    let t = number(tokens.next())? as usize;
    let rest: Vec<&str> = tokens.collect();
    if rest.len() != 2 * t {
        return None;
    }
    let cases: Vec<(u64, String)> = rest
        .chunks(2)
        .map(|c| Some((c[0].parse().ok()?, c[1].to_owned())))
        .collect::<Option<_>>()?;
    let render = |cases: &[(u64, String)]| {
        lines(
            std::iter::once(cases.len().to_string())
                .chain(cases.iter().map(|(n, k)| format!("{n} {k}"))),
        )
    };
    let smaller_case = |(n, k): &(u64, String)| -> Vec<(u64, String)> {
        let both = k
            .parse::<u64>()
            .map(|k| together(*n, 2, k, 1))
            .unwrap_or_default();
        both.into_iter()
            .map(|(m, j)| (m, j.to_string()))
            .chain(smaller(*n, 2).into_iter().map(|m| (m, k.clone())))
            .chain(simpler_k(k).into_iter().map(|j| (*n, j)))
            .collect()
    };
    cases_then_values(&cases, |c, emit| each(smaller_case(c), emit), render, out);
    Some(())
}
