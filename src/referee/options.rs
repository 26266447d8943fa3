//! The options of a session, read the same way from `referee play`'s command line and from a
//! Kattis test's input file (`referee kattis`), so a test file means what the same options
//! mean on the command line. Std only (the Kattis validator is built from one file).

use super::cli::{number, seconds, Flags};
use super::games::{GameKind, RoundSpec};
use super::peer::Limits;
use super::session::Script;
use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

/// Rounds when `--rounds` is not given.
pub const DEFAULT_ROUNDS: u64 = 10;

/// The options of one session; limits not given stay `None` (each caller has its defaults).
#[derive(Clone, Debug, PartialEq)]
pub struct PlayOptions {
    pub rounds: u64,
    pub seed: Option<u64>,
    pub size: Option<(u64, u64)>,
    /// The game's own options ([`super::games::Play::options`]), by flag.
    pub game_options: Vec<(&'static str, String)>,
    pub move_cap: Option<u64>,
    pub time_limit: Option<Duration>,
    pub wall_limit: Option<Duration>,
    pub idle_limit: Option<Duration>,
    pub transcript: Option<PathBuf>,
    /// Pin the referee and the solution to one CPU (`--no-pin` turns it off).
    pub pin: bool,
}

/// Why the options of a session are not valid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// Not an option of a session (on a command line, most often the solution's command
    /// without the `--` before it).
    Unknown(String),
    /// An option of other games only: the flag, the games that have it, this game.
    OtherGames(String, Vec<&'static str>, &'static str),
    /// The last option has no value.
    NoValue(String),
    /// A value the option does not take; the text says why.
    BadValue(String),
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown(flag) => write!(
                f,
                "unknown option {flag:?} (see --help; the solution's command goes after `--`)"
            ),
            OptionError::OtherGames(flag, owners, game) => write!(
                f,
                "{flag} is an option of {} only, not of {game}",
                owners.join(", ")
            ),
            OptionError::NoValue(flag) => write!(f, "{flag} needs a value"),
            OptionError::BadValue(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for OptionError {}

/// `--size N` or `--size LO..HI`, within the game's sizes.
pub fn size_range(text: &str, game: GameKind) -> Result<(u64, u64), OptionError> {
    let (lo, hi) = match text.split_once("..") {
        Some((lo, hi)) => (number("--size", lo)?, number("--size", hi)?),
        None => {
            let n = number("--size", text)?;
            (n, n)
        }
    };
    let play = game.play();
    if lo < play.min_size || lo > hi || hi > play.max_size {
        return Err(OptionError::BadValue(format!(
            "--size for {} must lie in {}..{} with LO ≤ HI, got {text:?}",
            game.name(),
            play.min_size,
            play.max_size
        )));
    }
    Ok((lo, hi))
}

/// A seed from the clock and the process id, for a session whose options fix none (printed
/// with the verdict, so the session still replays).
pub fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    (nanos as u64 ^ (std::process::id() as u64) << 32) % 1_000_000_000
}

/// The session options that take a value (a game declares its own; `--no-pin` takes none);
/// `referee play --help` names each (tests/referee_misuse.rs).
pub const VALUED: [&str; 8] = [
    "--rounds",
    "--max-moves",
    "--seed",
    "--size",
    "--time-limit",
    "--wall-limit",
    "--idle-limit",
    "--transcript",
];

/// Reads the options of a session of `game` (the arguments after the game, without the
/// solution's command): `--flag value` or `--flag=value`, later ones overriding earlier ones.
/// The common flags are the referee's; any other must be one the game declares
/// ([`super::games::Play::options`]).
pub fn parse(game: GameKind, args: &[String]) -> Result<PlayOptions, OptionError> {
    let mut o = PlayOptions {
        rounds: DEFAULT_ROUNDS,
        seed: None,
        size: None,
        game_options: Vec::new(),
        move_cap: None,
        time_limit: None,
        wall_limit: None,
        idle_limit: None,
        transcript: None,
        pin: true,
    };
    let bad = OptionError::BadValue;
    let mut flags = Flags::new(args);
    while let Some((flag, word)) = flags.next_flag() {
        if flag == "--no-pin" {
            flags.no_value(flag)?;
            o.pin = false;
            continue;
        }
        let game_option = game.play().options.iter().find(|opt| opt.flag == flag);
        if !VALUED.contains(&flag) && game_option.is_none() {
            let owners: Vec<&'static str> = GameKind::ALL
                .iter()
                .filter(|g| g.play().options.iter().any(|opt| opt.flag == flag))
                .map(|g| g.name())
                .collect();
            if owners.is_empty() {
                return Err(OptionError::Unknown(word.to_owned()));
            }
            return Err(OptionError::OtherGames(
                flag.to_owned(),
                owners,
                game.name(),
            ));
        }
        let value = flags.value(flag)?;
        if let Some(option) = game_option {
            (option.parse)(value).map_err(|e| bad(format!("{flag}: {e}")))?;
            o.game_options.retain(|(f, _)| *f != option.flag);
            o.game_options.push((option.flag, value.to_owned()));
            continue;
        }
        match flag {
            "--rounds" => {
                o.rounds = number(flag, value)?;
                if o.rounds == 0 {
                    return Err(bad("--rounds must be at least 1".into()));
                }
            }
            "--seed" => o.seed = Some(number(flag, value)?),
            "--max-moves" => {
                let cap = number(flag, value)?;
                if cap == 0 {
                    return Err(bad("--max-moves must be at least 1".into()));
                }
                o.move_cap = Some(cap);
            }
            "--size" => o.size = Some(size_range(value, game)?),
            "--time-limit" => o.time_limit = Some(seconds(flag, value)?),
            "--wall-limit" => o.wall_limit = Some(seconds(flag, value)?),
            "--idle-limit" => o.idle_limit = Some(seconds(flag, value)?),
            _ => o.transcript = Some(PathBuf::from(value)),
        }
    }
    // The game checks its options against the sizes now, not after the solution has started.
    let play = game.play();
    for (flag, text) in &o.game_options {
        if let Some(option) = play.options.iter().find(|opt| opt.flag == *flag) {
            (option.check)(text, o.size.unwrap_or(play.default_size))
                .map_err(|e| bad(format!("{flag} {text} {e}")))?;
        }
    }
    Ok(o)
}

impl PlayOptions {
    /// Rounds generated from the seed with the sizes and k given.
    pub fn generated(&self) -> Script {
        Script::Generated {
            rounds: self.rounds,
            spec: RoundSpec {
                size: self.size,
                kind: None,
                options: self.game_options.clone(),
            },
        }
    }

    /// The limits given, the others from `defaults`.
    pub fn limits(&self, defaults: Limits) -> Limits {
        Limits {
            cpu: self.time_limit.unwrap_or(defaults.cpu),
            wall: self.wall_limit.unwrap_or(defaults.wall),
            idle: self.idle_limit.unwrap_or(defaults.idle),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn reads_every_option() {
        let o = parse(
            GameKind::Subtraction,
            &args("--rounds 5 --seed=7 --size 2..90 --k=3/2 --max-moves 40 --time-limit 2 --idle-limit 0.5 --no-pin"),
        )
        .unwrap();
        assert_eq!((o.rounds, o.seed, o.size), (5, Some(7), Some((2, 90))));
        assert_eq!(o.game_options, [("--k", "3/2".to_owned())]);
        assert_eq!((o.move_cap, o.pin), (Some(40), false));
        let defaults = Limits {
            cpu: Duration::from_secs(100),
            wall: Duration::from_secs(100),
            idle: Duration::from_secs(100),
        };
        let limits = o.limits(defaults);
        assert_eq!(limits.cpu, Duration::from_secs(2));
        assert_eq!(limits.wall, Duration::from_secs(100));
        assert_eq!(limits.idle, Duration::from_millis(500));
        let none = parse(GameKind::Pawns, &[]).unwrap().limits(defaults);
        assert_eq!(none.cpu, Duration::from_secs(100));
    }

    #[test]
    fn refuses_what_a_session_cannot_play() {
        let err = |game, text: &str| parse(game, &args(text)).unwrap_err().to_string();
        assert!(err(GameKind::Pawns, "--rounds 0").contains("--rounds must be at least 1"));
        assert!(err(GameKind::Pawns, "--rounds").contains("--rounds needs a value"));
        assert!(err(GameKind::Pawns, "./solution").contains("unknown option \"./solution\""));
        assert!(err(GameKind::Race, "--size 1").contains("--size for race must lie in 2.."));
        assert!(err(GameKind::Subtraction, "--k x").starts_with("--k: "));
        assert_eq!(
            err(GameKind::Pawns, "--k 2"),
            "--k is an option of subtraction only, not of pawns"
        );
        assert!(err(GameKind::Pawns, "--no-pin=1").contains("takes no value"));
        assert!(err(GameKind::Pawns, "--seed=").contains("--seed"));
    }
}
