//! The impartial problem's strict input validator (`validate-<problem>`): the format and limits
//! of docs/problems.md; the contract and the reader are [`combgames_core::validate`]'s.

use crate::{Spec as ImpartialSpec, MAX_HEAPS, MISERE_MAX_HEAPS, MISERE_MAX_SUM};
use combgames_core::validate::{Input, Limits, Reject, Restriction, Result, Validator};

/// The numbers behind [`Limits`]: `[judge, project]`.
pub mod limits {
    /// impartial positions T.
    pub const IMPARTIAL_T: [u64; 2] = [1000, 100_000];
}

/// impartial: the spec line (games/impartial/docs/impartial.md's grammar, as `crate::Spec`
/// reads it), T, then T lines `k h1 ... hk` with 1 ≤ hi ≤ the spec's largest heap (1000; 300
/// for codes with three-heap splits), k ≤ 100, and for misère play k ≤ 8 and at most 52
/// tokens in all (the judge side's exhaustive search).
fn impartial(input: &mut Input, limits: Limits) -> Result<()> {
    if input.at_end()? {
        return input.invalid("expected the spec line, found end of input");
    }
    let mut line = Vec::new();
    input.line_bytes(|chunk| {
        if line.len() + chunk.len() > 200 {
            return Err("the spec line is longer than 200 bytes".to_owned());
        }
        line.extend_from_slice(chunk);
        Ok(())
    })?;
    let spec = match std::str::from_utf8(&line)
        .map_err(|_| "not UTF-8".to_owned())
        .and_then(ImpartialSpec::parse)
    {
        Ok(spec) => spec,
        Err(why) => {
            return Err(Reject::Invalid(format!("line 1: the spec: {why}")));
        }
    };
    let t = input.number("T", 1..=limits.pick(limits::IMPARTIAL_T))?;
    input.newline()?;
    let (max_k, max_sum) = if spec.misere {
        (MISERE_MAX_HEAPS as u64, MISERE_MAX_SUM)
    } else {
        (MAX_HEAPS as u64, u64::MAX)
    };
    for case in 1..=t {
        if input.at_end()? {
            return input.invalid(format!(
                "expected position {case} of {t}, found end of input"
            ));
        }
        let k = input.number(&format!("k of position {case}"), 1..=max_k)?;
        let mut sum = 0u64;
        for i in 1..=k {
            input.space("a heap")?;
            sum += input.number(&format!("heap {i} of position {case}"), 0..=spec.max_heap())?;
        }
        if sum > max_sum {
            return input.invalid(format!(
                "position {case} has {sum} tokens: a misère position has at most {max_sum}"
            ));
        }
        input.newline()?;
    }
    input.end("the last position")
}

pub const IMPARTIAL: Validator = Validator {
    name: "impartial",
    check: impartial,
    format: |limits| {
        format!(
            "a spec line (games/impartial/docs/impartial.md), T (1 to {}), then T lines `k h1 ... hk`: k 1 to {MAX_HEAPS}, heaps 0 to 1000 (300 for three-heap splits); misere: k <= {MISERE_MAX_HEAPS}, at most {MISERE_MAX_SUM} tokens",
            limits.pick(limits::IMPARTIAL_T)
        )
    },
    project_max_bytes: None,
    restriction: Some(Restriction {
        flag: "--family",
        values: &crate::FAMILY_NAMES,
        what: "only games of the family NAME (their misere forms too)",
        check: |line, family| {
            let spec = ImpartialSpec::parse(line)?;
            let found = spec.rules.family();
            if found == family {
                Ok(())
            } else {
                Err(format!(
                    "the spec {line:?} is a game of the family {found}, not {family}"
                ))
            }
        },
    }),
};
