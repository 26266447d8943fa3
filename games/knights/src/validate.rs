//! The knights problem's strict input validator (`validate-<problem>`): the format and limits
//! of docs/problems.md; the contract and the reader are [`combgames_core::validate`]'s.

use combgames_core::validate::{Input, Limits, Result, Validator};

/// The numbers behind [`Limits`]: `[judge, project]`.
pub mod limits {
    /// knights K: CEOI 2008's 10^5 on the judge, the statement's 10^6 in the project.
    pub const KNIGHTS_K: [u64; 2] = [100_000, 1_000_000];
    /// knights N, the same on both.
    pub const KNIGHTS_N: [u64; 2] = [1_000_000_000, 1_000_000_000];
}

fn knights(input: &mut Input, limits: Limits) -> Result<()> {
    let k = input.number("K", 1..=limits.pick(limits::KNIGHTS_K))?;
    input.space("N")?;
    let n = input.number("N", 1..=limits.pick(limits::KNIGHTS_N))?;
    input.newline()?;
    for knight in 1..=k {
        if input.at_end()? {
            return input.invalid(format!(
                "expected knight {knight} of {k}, found end of input"
            ));
        }
        input.number(&format!("x of knight {knight}"), 1..=n)?;
        input.space("y")?;
        input.number(&format!("y of knight {knight}"), 1..=n)?;
        input.newline()?;
    }
    input.end("the last knight")
}

pub const KNIGHTS: Validator = Validator {
    name: "knights",
    check: knights,
    format: |limits| {
        format!(
            "`K N` (K 1 to {}, N 1 to {}), then K lines `x y` with 1 <= x, y <= N",
            limits.pick(limits::KNIGHTS_K),
            limits.pick(limits::KNIGHTS_N)
        )
    },
    project_max_bytes: None,
    restriction: None,
};
