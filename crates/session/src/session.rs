//! One play session: the protocol of docs/protocol.md driven over a [`Peer`]'s lines (a
//! child's pipes or the judge system's), judged move by move. Std only, like everything
//! `referee kattis` needs. The first fault decides the verdict ([`FirstFault`]).

use crate::fault::FirstFault;
pub use crate::report::{after_last_round, Report};
use crate::report::{report, seed_text};
use crate::transcript::Transcript;
use combgames_core::peer::{Event, Exit, Limits, Peer};
use combgames_core::rng::Rng;
use combgames_core::round::{MoveError, Round, RoundSpec, Trap};
use combgames_core::verdict::Verdict;
use combgames_core::words::counted;
use combgames_registry::Game;
use std::collections::{BTreeMap, VecDeque};
use std::fmt;
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

/// A move line as messages show it: cut after 120 characters (a knights move names every
/// knight).
fn brief_move(line: &str) -> String {
    const SHOWN: usize = 120;
    match line.char_indices().nth(SHOWN) {
        Some((cut, _)) => format!("{}... ({} bytes)", &line[..cut], line.len()),
        None => line.to_owned(),
    }
}

/// A fault that ends the session at once.
struct Stop;

struct Session<'a, P: Peer> {
    config: &'a Config,
    solution: P,
    transcript: Transcript,
    fault: FirstFault,
    rng: Rng,
    rounds: u64,
    moves: u64,
    cut: u64,
    replay: VecDeque<String>,
    coverage: BTreeMap<String, u64>,
}

/// A position for messages: whole up to 100 bytes, else its start and its size (a strip of
/// 10^6 cells must not be copied into every message).
fn abbreviated(position: &str) -> String {
    if position.len() <= 100 {
        return format!("{position:?}");
    }
    let head: String = position.chars().take(60).collect();
    format!("{head:?}... ({} bytes)", position.len())
}

impl<P: Peer> Session<'_, P> {
    /// Counts the classes of a position where the solution chooses (its side, a move).
    fn count_classes(&mut self, game: &dyn Round) {
        for class in game.classes() {
            *self.coverage.entry(class).or_default() += 1;
        }
    }

    fn send(&mut self, line: &str) {
        self.transcript.sent(line);
        self.solution.send(line);
    }

    /// Records a fault (if first), tells the solution, and stops.
    fn fault(&mut self, verdict: Verdict, message: String) -> Stop {
        if self.fault.record(verdict, message.clone()) {
            self.transcript.note(&format!("fault {verdict}: {message}"));
            self.send(ABORT);
            self.solution.close_input();
        }
        Stop
    }

    /// Judges an early end of the solution's output: a crash is RE, a clean exit or a
    /// closed stdout is PE.
    fn output_ended(&mut self, expecting: &str) -> Stop {
        let exit = self.solution.settle_exit(Duration::from_secs(1));
        if let Some(bytes) = self.solution.scratch_full() {
            return self.fault(
                Verdict::Mle,
                format!("{} while {expecting}", crate::scratch_full(bytes)),
            );
        }
        if self.solution.memory_killed() {
            return self.fault(
                Verdict::Mle,
                format!(
                    "memory over {} MB while {expecting} (killed by the kernel's cap on the process tree)",
                    self.config.limits.memory.unwrap_or(0) >> 20
                ),
            );
        }
        match exit {
            Some(exit) if exit.is_cpu_limit() => self.fault(
                Verdict::Tle,
                format!("CPU time limit: {exit} while {expecting}"),
            ),
            Some(exit @ (Exit::Signal(_) | Exit::Code(1..))) => {
                self.fault(Verdict::Re, format!("{exit} while {expecting}"))
            }
            Some(exit) => self.fault(
                Verdict::Pe,
                format!("output ended ({exit}) while {expecting}"),
            ),
            None => self.fault(
                Verdict::Pe,
                format!("the solution closed its output while {expecting}"),
            ),
        }
    }

    /// The solution's next line, as text with trailing spaces removed.
    fn read(&mut self, expecting: &str) -> Result<String, Stop> {
        match self.solution.next_line() {
            Event::Line(bytes) => {
                self.transcript.received(&bytes);
                let Ok(text) = String::from_utf8(bytes) else {
                    return Err(self.fault(
                        Verdict::Pe,
                        format!("a line that is not UTF-8 while {expecting}"),
                    ));
                };
                Ok(text.trim_end_matches(' ').to_owned())
            }
            Event::TooLong => Err(self.fault(
                Verdict::Pe,
                format!(
                    "a line longer than {} bytes while {expecting}",
                    self.solution.max_line()
                ),
            )),
            Event::Eof => Err(self.output_ended(expecting)),
            Event::Idle => Err(self.fault(
                Verdict::Idle,
                format!(
                    "no line within {:.1}s while {expecting} (missing flush?)",
                    self.config.limits.idle.as_secs_f64()
                ),
            )),
            Event::WallTime => Err(self.fault(
                Verdict::Tle,
                format!(
                    "wall time over {:.1}s while {expecting}",
                    self.config.limits.wall.as_secs_f64()
                ),
            )),
            Event::Memory => Err(self.fault(
                Verdict::Mle,
                format!(
                    "memory over {} MB while {expecting}",
                    self.config.limits.memory.unwrap_or(0) >> 20
                ),
            )),
            Event::CpuTime => Err(self.fault(
                Verdict::Tle,
                format!(
                    "CPU time over {:.1}s while {expecting}",
                    self.config.limits.cpu.as_secs_f64()
                ),
            )),
            Event::NotReading => Err(self.fault(
                Verdict::Pe,
                "the solution does not read its input".to_owned(),
            )),
        }
    }

    /// Whether the round ends here, where the referee's move is due: at the move cap, or
    /// where a replayed script has `end` in place of a move.
    fn cut_here(&self, moves: u64, cap: u64) -> bool {
        match &self.config.script {
            Script::Replay(_) => self.replay.front().is_some_and(|l| l == END),
            Script::Generated { .. } => moves >= cap,
        }
    }

    /// The referee's next scripted line, skipping `end` and `-1` (the driver writes those).
    fn next_scripted(&mut self, what: &str) -> Result<String, Stop> {
        while let Some(line) = self.replay.pop_front() {
            if line != END && line != ABORT {
                return Ok(line);
            }
        }
        Err(self.fault(
            Verdict::Fail,
            format!(
                "the transcript has no {what} here: the program played other moves than those it records (a replay follows them; another program needs its rounds played again)"
            ),
        ))
    }

    fn referee_error(&mut self, round: u64, message: impl fmt::Display) -> Stop {
        self.fault(
            Verdict::Fail,
            format!("round {round}: referee error: {message}"),
        )
    }

    fn run(&mut self) -> Result<(), Stop> {
        let numbers = match &self.config.script {
            Script::Generated { rounds, .. } => rounds.clone(),
            Script::Replay(_) => {
                let line = self.next_scripted("round count")?;
                match line.strip_prefix("play ").unwrap_or(&line).parse::<u64>() {
                    Ok(r) if r >= 1 => 1..=r,
                    _ => {
                        return Err(self.fault(
                            Verdict::Fail,
                            format!("replayed round count {line:?} is not a number ≥ 1"),
                        ))
                    }
                }
            }
        };
        let rounds = numbers.end() - numbers.start() + 1;
        self.send(&format!("play {rounds}"));
        for round in numbers {
            self.play_round(round)?;
            self.rounds += 1;
        }
        // A script with lines after its last round disagrees with its own round count: the
        // referee's input is wrong, whatever the solution did.
        // The `end` that closes the last round is the driver's own line, not a leftover.
        let left = self
            .replay
            .iter()
            .filter(|l| *l != END && *l != ABORT)
            .count();
        if matches!(self.config.script, Script::Replay(_)) && left > 0 {
            return Err(self.fault(
                Verdict::Fail,
                format!(
                    "the replayed script has {} after its {}: its round count disagrees with its rounds",
                    counted(left as u64, "line"),
                    counted(rounds as u64, "round")
                ),
            ));
        }
        Ok(())
    }

    fn new_round(&mut self, round: u64) -> Result<Box<dyn Round>, Stop> {
        let made = match &self.config.script {
            Script::Generated { spec, .. } => {
                // Each round draws its position and the referee's moves from a stream of its
                // own (the seed and the round number), so that what round r tests does not
                // depend on how long the player made rounds 1..r-1.
                self.rng = Rng::for_round(self.config.seed.unwrap_or_default(), round);
                self.config.game.generate(spec, round, &mut self.rng)
            }
            Script::Replay(_) => {
                // A position of several lines (coloring: N, then the digits; knights: `K N`,
                // then K lines; race: n, then the n rows) is read whole.
                let mut position = self.next_scripted("position")?;
                match self.config.game.position_lines(&position) {
                    Ok(count) => {
                        for _ in 1..count {
                            let more = self.next_scripted("position line")?;
                            position.push('\n');
                            position.push_str(&more);
                        }
                        self.config.game.from_line(&position)
                    }
                    Err(e) => Err(e),
                }
            }
        };
        made.map_err(|e| self.referee_error(round, e))
    }

    fn play_round(&mut self, round: u64) -> Result<(), Stop> {
        let mut game = self.new_round(round)?;
        let start = game.position_line();
        self.count_classes(game.as_ref());
        self.send(&start);
        let at = format!("round {round}, position {}", abbreviated(&start));
        let side = self.read(&format!("waiting for the side in {at}"))?;
        let solution_first = match side.as_str() {
            "first" => true,
            "second" => false,
            _ => {
                return Err(self.fault(
                    Verdict::Pe,
                    format!("{at}: expected `first` or `second`, got {side:?}"),
                ))
            }
        };
        let first_wins = game
            .mover_wins()
            .map_err(|e| self.referee_error(round, e))?;
        let took_losing_side = solution_first != first_wins;
        if took_losing_side {
            self.transcript.note(&format!(
                "{at}: the solution took the losing side {side}; the referee plays to win"
            ));
        }
        let mut solution_to_move = solution_first;
        let mut move_no = 0u64;
        let cap = self
            .config
            .move_cap
            .or_else(|| game.move_cap())
            .unwrap_or(self.config.game.default_move_cap());
        while game.mover_has_move() {
            if !solution_to_move && self.cut_here(move_no, cap) {
                // Every move so far was judged; the rest of a long game proves nothing new.
                if took_losing_side {
                    return Err(self.fault(
                        Verdict::Wa,
                        format!("{at}: took the losing side `{side}` (lost by the referee's evaluator; round cut after {move_no} moves)"),
                    ));
                }
                self.transcript
                    .note(&format!("{at}: round cut after {move_no} moves"));
                self.cut += 1;
                self.send(END);
                return Ok(());
            }
            move_no += 1;
            self.moves += 1;
            if solution_to_move {
                self.count_classes(game.as_ref());
                let before = game.describe();
                let line = self.read(&format!("waiting for move {move_no} of {at}"))?;
                match game.play_line(&line) {
                    Ok(()) => {}
                    Err(MoveError::Syntax(e)) => {
                        return Err(self.fault(Verdict::Pe, format!("{at}, move {move_no}: {e}")));
                    }
                    Err(MoveError::Illegal(e)) => {
                        return Err(self.fault(
                            Verdict::Wa,
                            format!("{at}, move {move_no}: illegal move at {before}: {e}"),
                        ));
                    }
                }
                if !took_losing_side
                    && game
                        .mover_wins()
                        .map_err(|e| self.referee_error(round, e))?
                {
                    return Err(self.fault(
                        Verdict::Wa,
                        format!(
                            "{at}, move {move_no}: {:?} at {before} hands over the win: {} is a win for the referee",
                            brief_move(&line),
                            game.describe()
                        ),
                    ));
                }
            } else {
                let chosen = match &self.config.script {
                    Script::Replay(_) => {
                        let line = self.next_scripted("referee move")?;
                        game.play_line(&line)
                            .map(|()| line)
                            .map_err(|e| format!("scripted move: {e:?}"))
                    }
                    Script::Generated { .. } if took_losing_side => {
                        game.winning_move(&mut self.rng).map_err(|e| e.to_string())
                    }
                    Script::Generated { .. } => {
                        let trap = Trap::pick(&mut self.rng);
                        game.trap_move(trap, &mut self.rng)
                            .map_err(|e| e.to_string())
                    }
                };
                let line = chosen.map_err(|e| self.referee_error(round, e))?;
                self.send(&line);
            }
            solution_to_move = !solution_to_move;
        }
        // The player to move has no move: it lost, or in misère play won.
        let solution_won = solution_to_move == game.last_mover_loses();
        match (solution_won, took_losing_side) {
            (true, false) => {}
            (false, true) => {
                return Err(self.fault(
                    Verdict::Wa,
                    format!("{at}: took the losing side `{side}` and lost the round after {move_no} moves"),
                ));
            }
            (false, false) => {
                // Only reachable in a replayed script or if the evaluator were wrong.
                return Err(self.fault(
                    Verdict::Fail,
                    format!("{at}: the solution kept every position won yet lost"),
                ));
            }
            (true, true) => {
                return Err(self.referee_error(round, "perfect play lost a won position"));
            }
        }
        self.send(END);
        Ok(())
    }

    /// Normal end: close stdin, wait for the exit, judge extra output and the exit status.
    fn finish(&mut self) {
        if !self.solution.is_child() {
            // Over the validator's own stdio (referee kattis) the wait for end of output is
            // short and bounded (the peer's `finish`): the judge system may hold its own copy
            // of the team's output pipe until the validator exits (problemtools), so the end
            // may never come; where it does come (DOMjudge, BAPCtools), output after the last
            // round is caught. The team's exit status belongs to the judge system.
            let (extra, _) = self.solution.finish();
            if extra {
                self.fault
                    .record(Verdict::Pe, "output after the last round");
            }
            return;
        }
        let (extra, event) = self.solution.finish();
        if let Some(ev) = event {
            let (v, what) = match self.solution.scratch_full() {
                Some(bytes) if ev == Event::Memory => (
                    Verdict::Mle,
                    format!("after the last round: {}", crate::scratch_full(bytes)),
                ),
                _ => after_last_round(ev),
            };
            self.fault.record(v, what);
            return;
        }
        if extra {
            self.fault
                .record(Verdict::Pe, "output after the last round");
            return;
        }
        match self.solution.exit() {
            Some(Exit::Code(0)) => {}
            Some(exit) if exit.is_cpu_limit() => {
                self.fault.record(
                    Verdict::Tle,
                    "CPU time limit (SIGXCPU) after the last round",
                );
            }
            Some(exit) => {
                self.fault
                    .record(Verdict::Re, format!("after the last round: {exit}"));
            }
            None => {
                self.fault.record(
                    Verdict::Pe,
                    "closed its output but did not exit after the last round",
                );
            }
        }
    }
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
