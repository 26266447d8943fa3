//! The referee's own session options in one table ([`SESSION_OPTIONS`]): each flag, its value's
//! name, its help and how it sets [`PlayOptions`]; and the help written from the table.

use super::values::{kind, number, positive, round_range, seconds, size_range};
use super::{OptionError, PlayOptions};
use combgames_registry::Game;
use std::path::PathBuf;

/// One of the referee's session options: what the help says of it and how it is set.
pub struct SessionOption {
    pub flag: &'static str,
    /// The value's name in the help (`R`); `None` for a switch, which takes no value.
    pub value: Option<&'static str>,
    /// The help of `referee play` (its defaults), one line per `\n`.
    pub help: &'static str,
    /// It shapes generated rounds, so a replay, which plays a transcript's, refuses it.
    pub generates: bool,
    /// Sets the option from its value (`""` for a switch); the game is the session's.
    pub(super) set: fn(&mut PlayOptions, Game, &str) -> Result<(), OptionError>,
}

/// The referee's session options, in the order the help lists them (a game declares its own,
/// [`combgames_core::round::Play::options`]). Later options override earlier ones.
pub const SESSION_OPTIONS: &[SessionOption] = &[
    SessionOption {
        flag: "--rounds",
        value: Some("R | A..B"),
        generates: true,
        help: "rounds to play (default per game, below: enough to reach every\n\
               coverage class); A..B plays rounds A to B of the session, each\n\
               exactly as the whole session plays it",
        set: |o, _, v| {
            (o.first_round, o.rounds) = round_range(v)?;
            Ok(())
        },
    },
    SessionOption {
        flag: "--seed",
        value: Some("S"),
        generates: true,
        help: "seed of the rounds and the referee's moves (default: from the clock;\n\
               printed with the verdict, so any session replays exactly)",
        set: |o, _, v| {
            o.seed = Some(number("--seed", v)?);
            Ok(())
        },
    },
    SessionOption {
        flag: "--size",
        value: Some("N | LO..HI"),
        generates: true,
        help: "size of the generated positions (what it counts and its defaults\n\
               per game below)",
        set: |o, game, v| {
            o.size = Some(size_range(v, game)?);
            Ok(())
        },
    },
    SessionOption {
        flag: "--kind",
        value: Some("K"),
        generates: true,
        help: "the generator's kind the rounds are drawn from (default session,\n\
               the referee's mix; each game's kinds below, as `gen --kind`)",
        set: |o, game, v| {
            o.kind = kind(v, game)?;
            Ok(())
        },
    },
    SessionOption {
        flag: "--max-moves",
        value: Some("M"),
        // A replay cuts where its transcript has `end`.
        generates: true,
        help: "cut a round at the referee's first turn after M moves: `end` in\n\
               place of its move (default per game, docs/protocol.md); every move\n\
               is judged",
        set: |o, _, v| {
            o.move_cap = Some(positive("--max-moves", v)?);
            Ok(())
        },
    },
    SessionOption {
        flag: "--time-limit",
        value: Some("SEC"),
        generates: false,
        help: "CPU time of the solution (default 10)",
        set: |o, _, v| {
            o.time_limit = Some(seconds("--time-limit", v)?);
            Ok(())
        },
    },
    SessionOption {
        flag: "--wall-limit",
        value: Some("SEC"),
        generates: false,
        help: "wall time spent waiting for the solution, whole session\n\
               (default twice the time limit)",
        set: |o, _, v| {
            o.wall_limit = Some(seconds("--wall-limit", v)?);
            Ok(())
        },
    },
    SessionOption {
        flag: "--idle-limit",
        value: Some("SEC"),
        generates: false,
        help: "longest wait for any one line (default 5)",
        set: |o, _, v| {
            o.idle_limit = Some(seconds("--idle-limit", v)?);
            Ok(())
        },
    },
    SessionOption {
        flag: "--memory-limit",
        value: Some("MB"),
        generates: false,
        help: "resident memory of the solution's whole process tree, sampled\n\
               (default 1024; 0 for none)",
        set: |o, _, v| {
            let mb = number("--memory-limit", v)?;
            o.memory_limit = Some((mb > 0).then(|| mb.saturating_mul(1 << 20)));
            Ok(())
        },
    },
    SessionOption {
        flag: "--transcript",
        value: Some("FILE"),
        generates: false,
        help: "write the timestamped session transcript to FILE",
        set: |o, _, v| {
            o.transcript = Some(PathBuf::from(v));
            Ok(())
        },
    },
    SessionOption {
        flag: "--no-pin",
        value: None,
        generates: false,
        help: "do not pin the referee and the solution to one CPU (by default both\n\
               share the CPU the referee starts on: pipe round trips are ~6x\n\
               cheaper than across CPUs)",
        set: |o, _, _| {
            o.pin = false;
            Ok(())
        },
    },
    SessionOption {
        flag: "--coverage",
        value: None,
        generates: false,
        help: "after the verdict line, print how often the solution chose in a\n\
               position of each coverage class (docs/coverage.md), and the classes\n\
               never reached",
        set: |o, _, _| {
            o.coverage = true;
            Ok(())
        },
    },
];

/// Column of the help texts in [`help`].
const HELP_COLUMN: usize = 22;

/// One option's lines of help: `  FLAG VALUE`, then its text from `HELP_COLUMN` on.
pub fn help_entry(flag_and_value: &str, help: &str) -> String {
    let mut text = format!("  {flag_and_value:<width$}", width = HELP_COLUMN - 2);
    for (i, line) in help.lines().enumerate() {
        if i > 0 {
            text.push('\n');
            text.push_str(&" ".repeat(HELP_COLUMN));
        }
        text.push_str(line.trim_start());
    }
    text.push('\n');
    text
}

/// The help of the session options, from [`SESSION_OPTIONS`].
pub fn help() -> String {
    SESSION_OPTIONS
        .iter()
        .map(|option| {
            let head = match option.value {
                Some(value) => format!("{} {value}", option.flag),
                None => option.flag.to_owned(),
            };
            help_entry(&head, option.help)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The help lists every option of the table, each value name beside its flag.
    #[test]
    fn the_help_lists_the_table() {
        let help = help();
        for option in SESSION_OPTIONS {
            let head = match option.value {
                Some(value) => format!("  {} {value} ", option.flag),
                None => format!("  {} ", option.flag),
            };
            assert!(help.contains(&head), "{head}: {help}");
        }
        assert_eq!(
            help_entry("--x V", "one\ntwo"),
            format!("  --x V{}one\n{}two\n", " ".repeat(15), " ".repeat(22))
        );
    }
}
