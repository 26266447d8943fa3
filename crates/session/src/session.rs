//! One play session: the protocol of docs/protocol.md driven over a [`Peer`]'s lines (a
//! child's pipes or the judge system's), judged move by move. Std only, like everything
//! `referee kattis` needs. The first fault decides the verdict ([`FirstFault`]).
//!
//! This file holds what a session is asked ([`Config`], [`Script`]) and its run from start to
//! report ([`run_over`]); `exchange` the session's state and its lines with the solution,
//! `rounds` the rounds played and judged move by move.

mod exchange;
mod rounds;

use crate::fault::FirstFault;
pub use crate::report::{after_last_round, Report};
use crate::report::{report, seed_text};
use crate::transcript::Transcript;
use combgames_core::peer::{Limits, Peer};
use combgames_core::rng::Rng;
use combgames_core::round::RoundSpec;
use combgames_core::verdict::Verdict;
use combgames_registry::Game;
use exchange::Session;
use std::collections::{BTreeMap, VecDeque};
use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The line that tells the solution the session is aborted.
pub const ABORT: &str = "-1";
/// The line that closes a round.
pub const END: &str = "end";

/// The transcript note that holds a session's `referee play` options ([`Config::play_options`]).
pub const PLAY_OPTIONS: &str = "play options: ";

/// Where the referee's lines come from.
#[derive(Clone, Debug)]
pub enum Script {
    /// Rounds generated from the seed, moves chosen by the evaluator and the trap mix: these
    /// rounds of the session (`1..=R` unless `--rounds A..B`).
    Generated {
        rounds: RangeInclusive<u64>,
        spec: RoundSpec,
    },
    /// Exactly these referee lines (`<` lines of a transcript), in order.
    Replay(Vec<String>),
}

#[derive(Clone, Debug)]
pub struct Config {
    pub game: Game,
    /// The seed of the rounds and of the referee's moves. A replay draws nothing: its seed is
    /// the one its transcript's header names, only reported (`None` when it names none).
    pub seed: Option<u64>,
    pub script: Script,
    pub limits: Limits,
    pub transcript: Option<PathBuf>,
    pub command: Vec<String>,
    /// Moves after which a round is cut (`end` in place of the referee's next move); `None`:
    /// the round's own cap if it names one, else the game's [`Game::default_move_cap`].
    pub move_cap: Option<u64>,
    /// The `referee play` options that made these rounds, as typed (without `--seed`,
    /// `--transcript`, `--html`), noted in the transcript (`# play options: ...`) so that a
    /// replay against another program can name the command that plays them again.
    pub play_options: Option<String>,
}

/// Runs one session over a peer that is already connected (a child the referee's `play` started,
/// or the judge system's pipes on this process's own stdin and stdout in `referee kattis`).
/// Never panics: a panic inside the referee becomes FAIL.
pub fn run_over<P: Peer>(config: &Config, solution: P) -> Report {
    let started = Instant::now();
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        drive(config, solution, started)
    }));
    outcome.unwrap_or_else(|panic| {
        let what = panic
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        failed(config, format!("referee panic: {what}"), started)
    })
}

/// The report of a session that could not start: FAIL with the reason.
pub fn failed(config: &Config, message: String, started: Instant) -> Report {
    report(
        config,
        Verdict::Fail,
        message,
        started,
        0,
        0,
        Duration::ZERO,
        None,
    )
}

fn drive<P: Peer>(config: &Config, solution: P, started: Instant) -> Report {
    let mut transcript = match Transcript::create(config.transcript.as_deref()) {
        Ok(t) => t,
        Err(e) => {
            return report(
                config,
                Verdict::Fail,
                format!("cannot write the transcript: {e}"),
                started,
                0,
                0,
                Duration::ZERO,
                None,
            )
        }
    };
    let mut solution = solution;
    solution.set_max_line(config.game.max_line());
    let pgid = solution.pid();
    transcript.note(&format!(
        "referee play {} seed={} limits cpu={:?} wall={:?} idle={:?} command={:?} pgid={pgid}",
        config.game.name(),
        seed_text(config.seed),
        config.limits.cpu,
        config.limits.wall,
        config.limits.idle,
        config.command
    ));
    if let (Script::Generated { .. }, Some(options)) = (&config.script, &config.play_options) {
        transcript.note(&format!("{PLAY_OPTIONS}{options}"));
    }
    let replay = match &config.script {
        Script::Replay(lines) => lines.iter().cloned().collect(),
        Script::Generated { .. } => VecDeque::new(),
    };
    let mut session = Session {
        config,
        solution,
        transcript,
        fault: FirstFault::default(),
        // Only generated sessions draw from it, and they always have a seed.
        rng: Rng::new(config.seed.unwrap_or_default()),
        rounds: 0,
        moves: 0,
        cut: 0,
        replay,
        coverage: BTreeMap::new(),
    };
    if session.run().is_ok() {
        session.finish();
    }
    session.solution.kill();
    let cpu = session.solution.cpu_time();
    if !session.fault.is_set() && cpu > config.limits.cpu {
        session.fault.record(
            Verdict::Tle,
            format!("CPU time {:.3}s over the limit", cpu.as_secs_f64()),
        );
    }
    let (stderr_head, stderr_total) = session.solution.stderr_head();
    let (verdict, mut message) = session
        .fault
        .into_inner()
        .unwrap_or((Verdict::Ok, String::new()));
    if verdict != Verdict::Ok && stderr_total > 0 {
        let first = stderr_head
            .lines()
            .next()
            .unwrap_or("")
            .chars()
            .take(200)
            .collect::<String>();
        message.push_str(&format!(" [stderr, {stderr_total} bytes: {first:?}]"));
    }
    let mut r = report(
        config,
        verdict,
        message,
        started,
        session.rounds,
        session.moves,
        cpu,
        session.solution.is_child().then_some(pgid),
    );
    r.cut = session.cut;
    r.coverage = std::mem::take(&mut session.coverage);
    session.transcript.note(&format!("verdict {}", r.line()));
    if let Err(e) = session.transcript.finish() {
        // The verdict stands in no record: the referee's own failure.
        let cut = r.cut;
        let coverage = std::mem::take(&mut r.coverage);
        r = report(
            config,
            Verdict::Fail,
            format!("cannot write the transcript: {e}"),
            started,
            session.rounds,
            session.moves,
            cpu,
            session.solution.is_child().then_some(pgid),
        );
        r.cut = cut;
        r.coverage = coverage;
    }
    r
}
