//! The options of a session, in one table: [`SESSION_OPTIONS`], the referee's own (flag, value
//! name, help, how each sets [`PlayOptions`]), and the options each game declares
//! ([`combgames_core::round::Play::options`]). Two readers feed it (flag, value) pairs through
//! [`find`] and [`PlayOptions::set`]: `referee play`'s command line (lexopt, the referee's
//! `cli`) and a Kattis test's input file ([`parse`]), so a test file means what the same
//! options mean on the command line; the help lists the same table ([`help`]). Std only (the
//! Kattis validator is built from one file).
//!
//! Here a session's options and their errors, an option found by its flag, and the Kattis
//! input file's reader; the referee's table and the help in `table`, the values the options
//! take in `values`.

mod table;
mod values;

pub use table::{help, help_entry, SessionOption, SESSION_OPTIONS};
pub use values::{clock_seed, kinds, number, round_range, seconds, size_range};

use crate::session::Script;
use combgames_core::peer::Limits;
use combgames_core::round::{GameOption, RoundSpec};
use combgames_registry::Game;
use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

/// The options of one session; limits not given stay `None` (each caller has its defaults).
#[derive(Clone, Debug, PartialEq)]
pub struct PlayOptions {
    /// The session's first round: 1, unless `--rounds A..B` names a later one.
    pub first_round: u64,
    /// The session's last round (`--rounds R` plays rounds 1 to R).
    pub rounds: u64,
    pub seed: Option<u64>,
    pub size: Option<(u64, u64)>,
    /// The generator's kind the rounds are drawn from; `None` for
    /// [`SESSION`](combgames_core::gen::SESSION).
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
            rounds: combgames_core::round::COVERAGE_ROUNDS,
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
    /// The options of a session of `game` when none is given: its default rounds, enough to
    /// reach every coverage class of the game (docs/coverage.md), whatever the seed.
    pub fn new(game: Game) -> PlayOptions {
        PlayOptions {
            rounds: game.default_rounds(),
            ..PlayOptions::default()
        }
    }

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
    let mut o = PlayOptions::new(game);
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
    use combgames_core::gen::SESSION;

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
}
