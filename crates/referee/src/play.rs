//! `referee play` and `referee replay`: the session against a child the referee starts (its
//! own process group, limits, kill at the end: [`super::process`]).

use crate::process::Solution;
use combgames_session::session::{self, Config, Report};
use std::time::Instant;

/// Starts the solution and runs one session against it; never panics (a referee panic is
/// FAIL, as is a solution that cannot be started).
pub fn run(config: &Config) -> Report {
    let started = Instant::now();
    match Solution::spawn(&config.command, config.limits) {
        Ok(solution) => session::run_over(config, solution),
        Err(e) => session::failed(
            config,
            format!("cannot start {:?}: {e}", config.command),
            started,
        ),
    }
}
