//! The tictactoe and coloring problems's strict input validator (`validate-<problem>`): the format and limits
//! of docs/problems.md; the contract and the reader are [`combgames_core::validate`]'s.

use combgames_core::validate::{stray, Input, Limits, Reject, Result, Validator};

/// The numbers behind [`Limits`]: `[judge, project]`.
pub mod limits {
    /// tictactoe T: 10^4 on the judge; in the project only the input size bounds it.
    pub const TICTACTOE_T: [u64; 2] = [10_000, 100_000_000];
    /// tictactoe strip length.
    pub const TICTACTOE_LEN: [u64; 2] = [100, 1_000_000];
    /// tictactoe total input in the project: 100 MiB (the judge's limits bound it anyway).
    pub const TICTACTOE_BYTES: u64 = 100 << 20;
    /// coloring N.
    pub const COLORING_N: [u64; 2] = [100_000, 100_000_000];
}

fn tictactoe(input: &mut Input, limits: Limits) -> Result<()> {
    let t = input.number("T", 1..=limits.pick(limits::TICTACTOE_T))?;
    input.newline()?;
    let max_len = limits.pick(limits::TICTACTOE_LEN);
    for strip in 1..=t {
        if input.at_end()? {
            return input.invalid(format!("expected strip {strip} of {t}, found end of input"));
        }
        let (mut len, mut previous) = (0u64, b'.');
        input.line_bytes(|cells| {
            for &b in cells {
                if !matches!(b, b'.' | b'X' | b'O') {
                    return Err(format!("cell {}: {}", len + 1, stray(b, "`.`, `X`, `O`")));
                }
                if b != b'.' && b == previous {
                    let pair = b as char;
                    return Err(format!(
                        "cells {len} and {}: `{pair}{pair}`, equal marks side by side (not reachable by legal play)",
                        len + 1
                    ));
                }
                previous = b;
                len += 1;
                if len > max_len {
                    return Err(format!("strip {strip} is longer than {max_len} cells"));
                }
            }
            Ok(())
        })?;
        if len == 0 {
            return Err(Reject::Invalid(format!(
                "line {}: strip {strip} is empty (a strip has 1 to {max_len} cells)",
                input.line() - 1
            )));
        }
    }
    input.end("the last strip")
}

fn coloring(input: &mut Input, limits: Limits) -> Result<()> {
    let n = input.number("N", 1..=limits.pick(limits::COLORING_N))?;
    input.newline()?;
    if input.at_end()? {
        return input.invalid(format!("expected {n} digits, found end of input"));
    }
    let (mut count, mut previous) = (0u64, b'0');
    input.line_bytes(|digits| {
        for &b in digits {
            if !matches!(b, b'0' | b'1' | b'2') {
                return Err(format!(
                    "vertex {}: {}",
                    count + 1,
                    stray(b, "`0`, `1`, `2`")
                ));
            }
            if b != b'0' && b == previous {
                return Err(format!(
                    "vertices {count} and {} both have colour {}: the colouring is not proper",
                    count + 1,
                    b as char
                ));
            }
            previous = b;
            count += 1;
            if count > n {
                return Err(format!("more than N = {n} digits"));
            }
        }
        Ok(())
    })?;
    if count < n {
        return Err(Reject::Invalid(format!(
            "line {}: expected {n} digits, got {count}",
            input.line() - 1
        )));
    }
    input.end("the digits")
}

pub const TICTACTOE: Validator = Validator {
    name: "tictactoe",
    check: tictactoe,
    format: |limits| {
        format!(
            "T (1 to {}), then T strips over `.XO` of 1 to {} cells, no `XX` or `OO`{}",
            limits.pick(limits::TICTACTOE_T),
            limits.pick(limits::TICTACTOE_LEN),
            if limits == Limits::Project {
                format!("; at most {} bytes in all", limits::TICTACTOE_BYTES)
            } else {
                String::new()
            }
        )
    },
    project_max_bytes: Some(limits::TICTACTOE_BYTES),
    restriction: None,
};

pub const COLORING: Validator = Validator {
    name: "coloring",
    check: coloring,
    format: |limits| {
        format!(
            "N (1 to {}), then exactly N digits `0`/`1`/`2`, no two neighbours coloured alike",
            limits.pick(limits::COLORING_N)
        )
    },
    project_max_bytes: None,
    restriction: None,
};
