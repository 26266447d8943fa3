//! The subtraction problem's strict input validator (`validate-<problem>`): the format and limits
//! of docs/problems.md; the contract and the reader are [`combgames_core::validate`]'s.

use crate::{runs_bound, Ratio, MAX_RUNS};
use combgames_core::validate::{shown, Input, Limits, Reject, Result, Validator};

/// The numbers behind [`Limits`]: `[judge, project]`.
pub mod limits {
    /// subtraction cases t.
    pub const SUBTRACTION_T: [u64; 2] = [20, 1_000_000];
    /// subtraction pile n (at least 2).
    pub const SUBTRACTION_N: [u64; 2] = [100_000_000, 1_000_000_000_000_000_000];
    /// subtraction under `--project`: the runs of losing starts the input's distinct k may need
    /// in all, each k to its largest n (`runs_bound` summed). The solution builds about 5·10^8
    /// bound units a second (300 distinct k near 10^5 with n = 10^18, about 9·10^8 units: 1.9 s
    /// on the shared 2-core machine), so this keeps a whole input to about 2 s.
    pub const SUBTRACTION_TOTAL_RUNS: u64 = 1_000_000_000;
    /// subtraction k on the judge: an integer 1..=10^5 (the project's rational k is bounded by
    /// `Ratio::parse`: at most 18 decimals, parts within 10^18 in lowest terms).
    pub const SUBTRACTION_K: u64 = 100_000;
}

/// Project k: `[1-9][0-9]*`, `[1-9][0-9]*.[0-9]+` or `[1-9][0-9]*/[1-9][0-9]*`.
fn k_syntax(k: &[u8]) -> bool {
    let natural = |s: &[u8]| !s.is_empty() && s[0] != b'0' && s.iter().all(u8::is_ascii_digit);
    let digits = |s: &[u8]| !s.is_empty() && s.iter().all(u8::is_ascii_digit);
    if let Some(slash) = k.iter().position(|&b| b == b'/') {
        natural(&k[..slash]) && natural(&k[slash + 1..])
    } else if let Some(point) = k.iter().position(|&b| b == b'.') {
        natural(&k[..point]) && digits(&k[point + 1..])
    } else {
        natural(k)
    }
}

fn subtraction(input: &mut Input, limits: Limits) -> Result<()> {
    let t = input.number("t", 1..=limits.pick(limits::SUBTRACTION_T))?;
    input.newline()?;
    let max_n = limits.pick(limits::SUBTRACTION_N);
    // The largest n of each distinct k (the solution builds one sequence per k, to its
    // largest n): the input's total cost, checked after the last case.
    let mut largest: std::collections::HashMap<(u64, u64), u64> = std::collections::HashMap::new();
    for case in 1..=t {
        if input.at_end()? {
            return input.invalid(format!("expected case {case} of {t}, found end of input"));
        }
        let n = input.number(&format!("n of case {case}"), 2..=max_n)?;
        input.space("k")?;
        let name = format!("k of case {case}");
        match limits {
            Limits::Judge => {
                let k = input.token(&name)?;
                let max = limits::SUBTRACTION_K;
                if k_syntax(&k) && k.iter().any(|&b| b == b'.' || b == b'/') {
                    return input.invalid(format!(
                        "{name} = {} is not an integer (a rational k needs --project)",
                        shown(&k)
                    ));
                }
                if !k.iter().all(u8::is_ascii_digit) {
                    return input.invalid(format!(
                        "{name} = {} is not an integer (digits, no sign)",
                        shown(&k)
                    ));
                }
                if k.len() > 1 && k[0] == b'0' {
                    return input.invalid(format!("{name} = {} has a leading zero", shown(&k)));
                }
                let value = std::str::from_utf8(&k)
                    .ok()
                    .and_then(|t| t.parse::<u64>().ok());
                if !value.is_some_and(|v| (1..=max).contains(&v)) {
                    return input.invalid(format!("{name} = {} is outside 1 to {max}", shown(&k)));
                }
            }
            Limits::Project => {
                let k = input.token(&name)?;
                if !k_syntax(&k) {
                    return input.invalid(format!(
                        "{name} = {} is not an integer, a decimal or a fraction (digits, no sign, no leading zero)",
                        shown(&k)
                    ));
                }
                let text = String::from_utf8_lossy(&k);
                let k = match Ratio::parse(&text) {
                    Ok(k) => k,
                    Err(why) => return input.invalid(format!("case {case}: {why}")),
                };
                // The project's cost limit: past it the solution refuses the case.
                if runs_bound(k, n) > MAX_RUNS {
                    return input.invalid(format!(
                        "case {case}: k = {k} with n = {n} may need more than {MAX_RUNS} runs \
                         of losing starts (the project's cost limit)"
                    ));
                }
                let most = largest.entry((k.num, k.den)).or_insert(n);
                *most = (*most).max(n);
            }
        }
        input.newline()?;
    }
    input.end("the last case")?;
    let total = largest.iter().fold(0u64, |sum, (&(num, den), &n)| {
        sum.saturating_add(runs_bound(Ratio { num, den }, n))
    });
    if total > limits::SUBTRACTION_TOTAL_RUNS {
        return Err(Reject::Invalid(format!(
            "the {} distinct k of the input, each to its largest n, may need {total} runs of losing starts in all, more than {} (the project's cost limit on a whole input: about 2 s of the solution)",
            largest.len(),
            limits::SUBTRACTION_TOTAL_RUNS
        )));
    }
    Ok(())
}

pub const SUBTRACTION: Validator = Validator {
    name: "subtraction",
    check: subtraction,
    format: |limits| {
        match limits {
        Limits::Judge => format!(
            "t (1 to {}), then t lines `n k`: 2 <= n <= {}, integer 1 <= k <= {}",
            limits.pick(limits::SUBTRACTION_T),
            limits.pick(limits::SUBTRACTION_N),
            limits::SUBTRACTION_K
        ),
        Limits::Project => format!(
            "t (1 to {}), then t lines `n k`: 2 <= n <= {}, k >= 1 written `7`, `1.5` or `3/2` (at most 18 decimals, parts within 10^18 in lowest terms)",
            limits.pick(limits::SUBTRACTION_T),
            limits.pick(limits::SUBTRACTION_N)
        ),
    }
    },
    project_max_bytes: None,
    restriction: None,
};
