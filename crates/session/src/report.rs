//! What a session came to: its [`Report`] (the verdict line and `--coverage`'s lines) and the
//! verdict of a solution that does not exit after the last round.

use combgames_core::peer::Event;
use combgames_core::verdict::Verdict;
use combgames_registry::Game;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use crate::session::Config;

/// What a session came to.
#[derive(Clone, Debug)]
pub struct Report {
    pub verdict: Verdict,
    pub message: String,
    pub game: Game,
    /// [`Config::seed`].
    pub seed: Option<u64>,
    /// Rounds completed.
    pub rounds: u64,
    /// Moves played by both sides, over all rounds.
    pub moves: u64,
    /// Rounds cut at the move cap (every move up to the cut was judged).
    pub cut: u64,
    /// Wall time of the whole session.
    pub time: Duration,
    /// CPU time of the solution's main process.
    pub cpu: Duration,
    /// Process group of the solution (its pid), for checks that nothing is left behind.
    pub pgid: Option<i32>,
    /// How many times the solution chose (its side, a move) in a position of each coverage
    /// class ([`combgames_core::round::TypedRound::classes`]).
    pub coverage: BTreeMap<String, u64>,
}

impl Report {
    /// `--coverage`'s lines: a header, then a line per class, `COUNT CLASS`, the classes of
    /// `expected` (the game's [`combgames_core::round::Play::classes`]) in their order first,
    /// those never reached marked, then any other class the session counted.
    pub fn coverage_lines(&self, expected: &[String]) -> Vec<String> {
        let reached = expected
            .iter()
            .filter(|c| self.coverage.get(*c).is_some_and(|&n| n > 0))
            .count();
        let mut lines = vec![format!(
            "coverage: {reached} of {} classes reached",
            expected.len()
        )];
        for class in expected {
            match self.coverage.get(class) {
                Some(&n) if n > 0 => lines.push(format!("{n:>8} {class}")),
                _ => lines.push(format!("{:>8} {class} (never reached)", 0)),
            }
        }
        for (class, n) in &self.coverage {
            if !expected.contains(class) {
                lines.push(format!("{n:>8} {class} (not a listed class)"));
            }
        }
        lines
    }

    /// The verdict line: everything needed to replay a failure (game and seed).
    pub fn line(&self) -> String {
        let mut s = format!(
            "{} {} seed={} rounds={} moves={} cut={} time={:.3}s cpu={:.3}s",
            self.verdict,
            self.game.name(),
            seed_text(self.seed),
            self.rounds,
            self.moves,
            self.cut,
            self.time.as_secs_f64(),
            self.cpu.as_secs_f64()
        );
        if !self.message.is_empty() {
            s.push_str(": ");
            s.push_str(&self.message);
        }
        s
    }
}

/// A seed as the verdict line and the transcript's header write it: the number, or `none` for
/// a replayed transcript that names none.
pub(crate) fn seed_text(seed: Option<u64>) -> String {
    seed.map_or_else(|| "none".to_owned(), |s| s.to_string())
}

#[allow(clippy::too_many_arguments)]
pub(crate) fn report(
    config: &Config,
    verdict: Verdict,
    message: String,
    started: Instant,
    rounds: u64,
    moves: u64,
    cpu: Duration,
    pgid: Option<i32>,
) -> Report {
    Report {
        verdict,
        message,
        game: config.game,
        seed: config.seed,
        rounds,
        moves,
        cut: 0,
        time: started.elapsed(),
        cpu,
        pgid,
        coverage: BTreeMap::new(),
    }
}

/// The verdict of a solution that, its input closed after the last round, did not exit in
/// time (`event` as `Peer::finish` reports it), and the message saying so.
pub fn after_last_round(event: Event) -> (Verdict, String) {
    let (v, what) = match event {
        Event::CpuTime => (Verdict::Tle, "CPU time over the limit"),
        Event::Memory => (Verdict::Mle, "memory over the limit"),
        Event::WallTime => (Verdict::Tle, "wall time over the limit"),
        _ => (Verdict::Idle, "did not exit after its input was closed"),
    };
    (v, format!("after the last round: {what}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Script;
    use combgames_core::peer::Limits;
    use combgames_core::round::RoundSpec;

    #[test]
    fn coverage_lines_name_the_classes_never_reached_and_the_unlisted() {
        let mut r = report(
            &Config {
                game: Game::Subtraction,
                seed: Some(1),
                script: Script::Generated {
                    rounds: 1..=1,
                    spec: RoundSpec::default(),
                },
                limits: Limits {
                    cpu: Duration::ZERO,
                    wall: Duration::ZERO,
                    idle: Duration::ZERO,
                    memory: None,
                },
                transcript: None,
                command: Vec::new(),
                move_cap: None,
                play_options: None,
            },
            Verdict::Ok,
            String::new(),
            Instant::now(),
            1,
            1,
            Duration::ZERO,
            None,
        );
        r.coverage.insert("a".to_owned(), 3);
        r.coverage.insert("z".to_owned(), 1);
        let expected = ["a".to_owned(), "b".to_owned()];
        assert_eq!(
            r.coverage_lines(&expected),
            [
                "coverage: 1 of 2 classes reached",
                "       3 a",
                "       0 b (never reached)",
                "       1 z (not a listed class)",
            ]
        );
    }
}
