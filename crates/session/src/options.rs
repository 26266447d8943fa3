//! The options of a session, in one table: [`SESSION_OPTIONS`], the referee's own (flag, value
//! name, help, how each sets [`PlayOptions`]), and the options each game declares
//! ([`combgames_core::round::Play::options`]). Two readers feed it (flag, value) pairs through
//! [`find`] and [`PlayOptions::set`]: `referee play`'s command line (lexopt, the referee's
//! `cli`) and a Kattis test's input file ([`parse`]), so a test file means what the same
//! options mean on the command line; the help lists the same table ([`help`]). Std only (the
//! Kattis validator is built from one file).

use crate::session::Script;
use combgames_core::gen::SESSION;
use combgames_core::peer::Limits;
use combgames_core::round::{GameOption, RoundSpec};
use combgames_registry::Game;
use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

/// Rounds when `--rounds` is not given: enough to reach every coverage class of the game
/// (docs/coverage.md), whatever the seed.
pub const DEFAULT_ROUNDS: u64 = combgames_core::round::COVERAGE_ROUNDS;

/// The options of one session; limits not given stay `None` (each caller has its defaults).
#[derive(Clone, Debug, PartialEq)]
pub struct PlayOptions {
    /// The session's first round: 1, unless `--rounds A..B` names a later one.
    pub first_round: u64,
    /// The session's last round (`--rounds R` plays rounds 1 to R).
    pub rounds: u64,
    pub seed: Option<u64>,
    pub size: Option<(u64, u64)>,
    /// The generator's kind the rounds are drawn from; `None` for [`SESSION`].
    pub kind: Option<&'static str>,
    /// The game's own options ([`combgames_core::round::Play::options`]), by flag.
    pub game_options: Vec<(&'static str, String)>,
    pub move_cap: Option<u64>,
    pub time_limit: Option<Duration>,
    pub wall_limit: Option<Duration>,
    pub idle_limit: Option<Duration>,
    /// Resident memory of the solution's process tree, bytes; `Some(None)`: no limit.
    pub memory_limit: Option<Option<u64>>,
    pub transcript: Option<PathBuf>,
    /// Pin the referee and the solution to one CPU (`--no-pin` turns it off).
    pub pin: bool,
    /// Print the coverage classes' counts after the verdict (`--coverage`).
    pub coverage: bool,
}

impl Default for PlayOptions {
    fn default() -> PlayOptions {
        PlayOptions {
            first_round: 1,
            rounds: DEFAULT_ROUNDS,
            seed: None,
            size: None,
            kind: None,
            game_options: Vec::new(),
            move_cap: None,
            time_limit: None,
            wall_limit: None,
            idle_limit: None,
            memory_limit: None,
            transcript: None,
            pin: true,
            coverage: false,
        }
    }
}

/// Why the options of a session (or of `referee judge`) are not valid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// Not an option of a session (on a command line, most often the solution's command
    /// without the `--` before it).
    Unknown(String),
    /// An option of other games only: the flag, the games that have it, this game.
    OtherGames(String, Vec<&'static str>, &'static str),
    /// The last option has no value.
    NoValue(String),
    /// A value given to an option that takes none (`--no-pin=1`).
    NoValueTaken(String),
    /// A value the option does not take; the text says why.
    BadValue(String),
    /// A command line without the solution's command after `--`.
    NoCommand,
    /// An option that shapes generated rounds, given to `referee replay`.
    NotInReplay(String),
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
            OptionError::NoValueTaken(flag) => write!(f, "{flag} takes no value"),
            OptionError::BadValue(why) => f.write_str(why),
            OptionError::NoCommand => f.write_str("missing the solution command after `--`"),
            OptionError::NotInReplay(flag) => write!(
                f,
                "{flag} shapes generated rounds: replay plays the transcript's"
            ),
        }
    }
}

impl std::error::Error for OptionError {}

/// A positive number of seconds, at most 10^6 (fractions allowed).
pub fn seconds(flag: &str, text: &str) -> Result<Duration, OptionError> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s <= 1e6 => Ok(Duration::from_secs_f64(s)),
        _ => Err(OptionError::BadValue(format!(
            "{flag} needs a positive number of seconds, got {text:?}"
        ))),
    }
}

/// A whole non-negative number.
pub fn number(flag: &str, text: &str) -> Result<u64, OptionError> {
    text.parse::<u64>()
        .map_err(|_| OptionError::BadValue(format!("{flag} needs a whole number, got {text:?}")))
}

/// A whole number of at least 1.
fn positive(flag: &str, text: &str) -> Result<u64, OptionError> {
    match number(flag, text)? {
        0 => Err(OptionError::BadValue(format!("{flag} must be at least 1"))),
        n => Ok(n),
    }
}

/// `--rounds R` (rounds 1 to R) or `--rounds A..B` (rounds A to B, 1 ≤ A ≤ B): the first and
/// the last round. Every round draws from a stream of its own (the seed and its number), so
/// round r of `A..B` is round r of the whole session.
pub fn round_range(text: &str) -> Result<(u64, u64), OptionError> {
    let (first, last) = match text.split_once("..") {
        Some((a, b)) => (number("--rounds", a)?, number("--rounds", b)?),
        None => (1, positive("--rounds", text)?),
    };
    if first == 0 || first > last {
        return Err(OptionError::BadValue(format!(
            "--rounds A..B needs 1 ≤ A ≤ B, got {text:?}"
        )));
    }
    Ok((first, last))
}

/// `--size N` or `--size LO..HI`, within the game's sizes.
pub fn size_range(text: &str, game: Game) -> Result<(u64, u64), OptionError> {
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

/// The kinds `--kind` takes for `game`: [`SESSION`] (always) and its generator's kinds.
pub fn kinds(game: Game) -> Vec<&'static str> {
    let mut kinds = vec![SESSION];
    kinds.extend(game.gen().kinds.iter().filter(|&&k| k != SESSION));
    kinds
}

/// `--kind K`: one of the game's [`kinds`]; [`SESSION`] is `None`, the rounds' default.
fn kind(text: &str, game: Game) -> Result<Option<&'static str>, OptionError> {
    let kinds = kinds(game);
    match kinds.iter().find(|&&k| k == text) {
        Some(&SESSION) => Ok(None),
        Some(&k) => Ok(Some(k)),
        None => Err(OptionError::BadValue(format!(
            "--kind for {} must be one of {}, got {text:?}",
            game.name(),
            kinds.join(", ")
        ))),
    }
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
    set: fn(&mut PlayOptions, Game, &str) -> Result<(), OptionError>,
}

/// The referee's session options, in the order the help lists them (a game declares its own,
/// [`combgames_core::round::Play::options`]). Later options override earlier ones.
pub const SESSION_OPTIONS: &[SessionOption] = &[
    SessionOption {
        flag: "--rounds",
        value: Some("R | A..B"),
        generates: true,
        help: "rounds to play (default 100); A..B plays rounds A to B of the\n\
               session, each exactly as the whole session plays it",
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

/// An option of a session of some game, found by its flag.
#[derive(Clone, Copy)]
pub enum Found {
    /// One of the referee's ([`SESSION_OPTIONS`]).
    Session(&'static SessionOption),
    /// One the game declares.
    Game(&'static GameOption),
}

impl Found {
    /// Whether the option shapes generated rounds (a game's own options all do).
    pub fn generates(self) -> bool {
        match self {
            Found::Session(option) => option.generates,
            Found::Game(_) => true,
        }
    }

    /// Whether the option takes a value (all but the switches).
    pub fn takes_value(self) -> bool {
        match self {
            Found::Session(option) => option.value.is_some(),
            Found::Game(_) => true,
        }
    }
}

/// The option `flag` of a session of `game`; `word` is how it was written (for the error when
/// there is none).
pub fn find(game: Game, flag: &str, word: &str) -> Result<Found, OptionError> {
    if let Some(option) = SESSION_OPTIONS.iter().find(|o| o.flag == flag) {
        return Ok(Found::Session(option));
    }
    let declares = |g: &Game| g.play().options.iter().find(|o| o.flag == flag);
    if let Some(option) = declares(&game) {
        return Ok(Found::Game(option));
    }
    let owners: Vec<&'static str> = Game::ALL
        .iter()
        .filter(|g| declares(g).is_some())
        .map(|g| g.name())
        .collect();
    if owners.is_empty() {
        return Err(OptionError::Unknown(word.to_owned()));
    }
    Err(OptionError::OtherGames(
        flag.to_owned(),
        owners,
        game.name(),
    ))
}

impl PlayOptions {
    /// Sets one option of a session of `game` from its value (`""` for a switch), as either
    /// reader found it.
    pub fn set(&mut self, game: Game, option: Found, value: &str) -> Result<(), OptionError> {
        match option {
            Found::Session(option) => (option.set)(self, game, value),
            Found::Game(option) => {
                (option.parse)(value)
                    .map_err(|e| OptionError::BadValue(format!("{}: {e}", option.flag)))?;
                self.game_options.retain(|(f, _)| *f != option.flag);
                self.game_options.push((option.flag, value.to_owned()));
                Ok(())
            }
        }
    }

    /// The options once all are read: the game checks its own against the sizes now, not
    /// after the solution has started.
    pub fn checked(self, game: Game) -> Result<PlayOptions, OptionError> {
        let play = game.play();
        for (flag, text) in &self.game_options {
            if let Some(option) = play.options.iter().find(|opt| opt.flag == *flag) {
                (option.check)(text, self.size.unwrap_or(play.default_size))
                    .map_err(|e| OptionError::BadValue(format!("{flag} {text} {e}")))?;
            }
        }
        Ok(self)
    }
}

/// Reads the options of a session of `game` from words, as a Kattis test's input file holds
/// them (and its `output_validator_flags`): `--flag value` or `--flag=value`, later ones
/// overriding earlier ones. The command line reads the same options with lexopt
/// (the referee's `cli`); this reader is std only.
pub fn parse(game: Game, words: &[String]) -> Result<PlayOptions, OptionError> {
    let mut o = PlayOptions::default();
    let mut words = words.iter();
    while let Some(word) = words.next() {
        let (flag, attached) = match word.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => (flag, Some(value)),
            _ => (word.as_str(), None),
        };
        let option = find(game, flag, word)?;
        let value = match (option.takes_value(), attached) {
            (true, Some(value)) => value,
            (true, None) => words
                .next()
                .ok_or_else(|| OptionError::NoValue(flag.to_owned()))?,
            (false, Some(_)) => return Err(OptionError::NoValueTaken(flag.to_owned())),
            (false, None) => "",
        };
        o.set(game, option, value)?;
    }
    o.checked(game)
}

impl PlayOptions {
    /// Rounds generated from the seed with the sizes, kind and game options given.
    pub fn generated(&self) -> Script {
        Script::Generated {
            rounds: self.first_round..=self.rounds,
            spec: RoundSpec {
                size: self.size,
                kind: self.kind,
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
            memory: self.memory_limit.unwrap_or(defaults.memory),
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
            Game::Subtraction,
            &args("--rounds 5 --seed=7 --size 2..90 --k=3/2 --max-moves 40 --time-limit 2 --idle-limit 0.5 --no-pin"),
        )
        .unwrap();
        assert_eq!((o.first_round, o.rounds), (1, 5));
        assert_eq!((o.seed, o.size), (Some(7), Some((2, 90))));
        let range = parse(Game::Pawns, &args("--rounds 89..94")).unwrap();
        assert_eq!((range.first_round, range.rounds), (89, 94));
        match range.generated() {
            Script::Generated { rounds, .. } => assert_eq!(rounds, 89..=94),
            Script::Replay(_) => unreachable!(),
        }
        assert_eq!(
            parse(Game::Pawns, &args("--rounds 7..7")).unwrap().rounds,
            7
        );
        assert_eq!(o.game_options, [("--k", "3/2".to_owned())]);
        assert_eq!((o.move_cap, o.pin), (Some(40), false));
        let defaults = Limits {
            cpu: Duration::from_secs(100),
            wall: Duration::from_secs(100),
            idle: Duration::from_secs(100),
            memory: Some(100),
        };
        let limits = o.limits(defaults);
        assert_eq!(limits.cpu, Duration::from_secs(2));
        assert_eq!(limits.wall, Duration::from_secs(100));
        assert_eq!(limits.idle, Duration::from_millis(500));
        let none = parse(Game::Pawns, &[]).unwrap().limits(defaults);
        assert_eq!(none.cpu, Duration::from_secs(100));
    }

    #[test]
    fn refuses_what_a_session_cannot_play() {
        let err = |game, text: &str| parse(game, &args(text)).unwrap_err().to_string();
        assert!(err(Game::Pawns, "--rounds 0").contains("--rounds must be at least 1"));
        assert!(err(Game::Pawns, "--rounds").contains("--rounds needs a value"));
        for range in ["0..3", "5..3"] {
            let e = err(Game::Pawns, &format!("--rounds {range}"));
            assert_eq!(e, format!("--rounds A..B needs 1 ≤ A ≤ B, got \"{range}\""));
        }
        assert!(err(Game::Pawns, "--rounds 3..").contains("--rounds needs a whole number"));
        assert!(err(Game::Pawns, "./solution").contains("unknown option \"./solution\""));
        assert!(err(Game::Race, "--size 1").contains("--size for race must lie in 2.."));
        assert!(err(Game::Subtraction, "--k x").starts_with("--k: "));
        assert_eq!(
            err(Game::Pawns, "--k 2"),
            "--k is an option of subtraction only, not of pawns"
        );
        assert!(err(Game::Pawns, "--no-pin=1").contains("takes no value"));
        assert!(err(Game::Pawns, "--seed=").contains("--seed"));
    }

    /// `--kind` takes `session` (the default, `None`) and each of the game's generator kinds,
    /// and names the game and its kinds when it is given another.
    #[test]
    fn kind_is_one_of_the_games_generator_kinds() {
        for &game in Game::ALL {
            let kind_of = |k: &str| parse(game, &args(&format!("--kind {k}"))).map(|o| o.kind);
            assert_eq!(kind_of(SESSION), Ok(None));
            assert_eq!(parse(game, &[]).unwrap().kind, None);
            for &k in game.gen().kinds.iter().filter(|&&k| k != SESSION) {
                assert_eq!(kind_of(k), Ok(Some(k)), "{}", game.name());
            }
            let err = kind_of("nonesuch").unwrap_err().to_string();
            let listed = kinds(game).join(", ");
            assert_eq!(
                err,
                format!(
                    "--kind for {} must be one of {listed}, got \"nonesuch\"",
                    game.name()
                )
            );
            assert!(listed.starts_with(SESSION) && listed.contains(game.gen().kinds[0]));
        }
        // The kind reaches the rounds' spec.
        let kind = Game::Pawns.gen().kinds[0];
        let o = parse(Game::Pawns, &args(&format!("--kind={kind}"))).unwrap();
        match o.generated() {
            Script::Generated { spec, .. } => assert_eq!(spec.kind, Some(kind)),
            Script::Replay(_) => unreachable!(),
        }
    }

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
