//! The pawns problem's strict input validator (`validate-<problem>`): the format and limits
//! of docs/problems.md; the contract and the reader are [`combgames_core::validate`]'s.

use combgames_core::validate::{Input, Limits, Result, Validator};

/// The numbers behind [`Limits`]: `[judge, project]`.
pub mod limits {
    /// pawns N: a 32-bit int on the judge, 10^18 in the project.
    pub const PAWNS_N: [u64; 2] = [i32::MAX as u64, 1_000_000_000_000_000_000];
}

fn pawns(input: &mut Input, limits: Limits) -> Result<()> {
    input.number("N", 1..=limits.pick(limits::PAWNS_N))?;
    input.newline()?;
    input.end("N")
}

pub const PAWNS: Validator = Validator {
    name: "pawns",
    check: pawns,
    format: |limits| format!("N (1 to {})", limits.pick(limits::PAWNS_N)),
    project_max_bytes: None,
    restriction: None,
};
