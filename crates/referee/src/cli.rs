//! The referee's command lines (`referee play`, `replay`, `judge`) read with lexopt. The
//! session's options themselves, their checks and their help are one table in
//! [`combgames_session::options`], which a Kattis test's input file is read by too; this module
//! is only the command line's side, and not part of the std-only Kattis validator.

use combgames_registry::Game;
use combgames_session::options::{self, OptionError, PlayOptions};
use std::ffi::OsString;
use std::path::PathBuf;

/// Splits a subcommand's arguments at the first `--`: its own options before, the
/// solution's command after (empty when there is no `--`), and whether `-h` or `--help` is
/// among its own (then help wins, even as another flag's value).
pub fn split_command(args: &[String]) -> (&[String], Vec<String>, bool) {
    let (own, command) = match args.iter().position(|a| a == "--") {
        Some(i) => (&args[..i], args[i + 1..].to_vec()),
        None => (args, Vec::new()),
    };
    let help = own.iter().any(|a| a == "-h" || a == "--help");
    (own, command, help)
}

/// An argument as text (the arguments are `String`s, so this never fails in practice; still
/// never a panic).
pub fn text(flag: &str, value: OsString) -> Result<String, OptionError> {
    value
        .into_string()
        .map_err(|v| OptionError::BadValue(format!("{flag}: {:?} is not UTF-8", v)))
}

/// The value of the option `flag` lexopt has just returned: the one after its `=`, else the
/// next argument, whatever it looks like.
pub fn value(parser: &mut lexopt::Parser, flag: &str) -> Result<String, OptionError> {
    let value = parser
        .value()
        .map_err(|_| OptionError::NoValue(flag.to_owned()))?;
    text(flag, value)
}

/// An argument lexopt read that is no option the caller knows: the error that names it.
pub fn unexpected(arg: lexopt::Arg) -> OptionError {
    match arg {
        lexopt::Arg::Long(name) => OptionError::Unknown(format!("--{name}")),
        lexopt::Arg::Short(c) => OptionError::Unknown(format!("-{c}")),
        lexopt::Arg::Value(word) => OptionError::Unknown(word.to_string_lossy().into_owned()),
    }
}

/// Takes `--html FILE` (or `--html=FILE`) out of a subcommand's words: the page of the session
/// ([`super::html`]) is the command line's business, not a session option (a Kattis test file
/// cannot ask for one). The last one given wins.
pub fn take_html(words: &[String]) -> Result<(Vec<String>, Option<PathBuf>), OptionError> {
    let mut rest = Vec::with_capacity(words.len());
    let mut html = None;
    let mut words = words.iter();
    while let Some(word) = words.next() {
        if word == "--html" {
            let file = words
                .next()
                .ok_or_else(|| OptionError::NoValue("--html".to_owned()))?;
            html = Some(PathBuf::from(file));
        } else if let Some(file) = word.strip_prefix("--html=") {
            html = Some(PathBuf::from(file));
        } else {
            rest.push(word.clone());
        }
    }
    if html.as_ref().is_some_and(|f| f.as_os_str().is_empty()) {
        return Err(OptionError::BadValue("--html needs a file name".to_owned()));
    }
    Ok((rest, html))
}

/// The options of a session of `game` on `referee play`'s command line (the words after the
/// game, without the solution's command), or `referee replay`'s, which refuses those that shape
/// generated rounds: `--flag value` or `--flag=value`, later ones overriding earlier ones. The
/// Kattis test files give the same options to [`options::parse`].
pub fn session_options(
    game: Game,
    words: &[String],
    replay: bool,
) -> Result<PlayOptions, OptionError> {
    match session_options_and_source(game, words, replay)? {
        (o, None) => Ok(o),
        (_, Some(source)) => Err(OptionError::Unknown(source)),
    }
}

/// [`session_options`], and a word among them that names a source file of a language
/// [`crate::judge::build`] knows (`referee play pawns sol.py`), if there is one.
pub fn session_options_and_source(
    game: Game,
    words: &[String],
    replay: bool,
) -> Result<(PlayOptions, Option<String>), OptionError> {
    let mut o = PlayOptions::new(game);
    let mut source = None;
    let mut parser = lexopt::Parser::from_args(words);
    while let Some(arg) = parser
        .next()
        .map_err(|e| OptionError::BadValue(e.to_string()))?
    {
        let flag = match arg {
            lexopt::Arg::Long(name) => format!("--{name}"),
            lexopt::Arg::Value(word)
                if source.is_none()
                    && crate::judge::build::Language::of(std::path::Path::new(&word)).is_some() =>
            {
                source = Some(text("source file", word)?);
                continue;
            }
            other => return Err(unexpected(other)),
        };
        session_option(&mut parser, game, &flag, replay, &mut o)?;
    }
    Ok((o.checked(game)?, source))
}

/// Reads into `o` the option `flag` of a session of `game`, which lexopt has just returned,
/// with its value if it takes one ([`options::find`], [`PlayOptions::set`]).
fn session_option(
    parser: &mut lexopt::Parser,
    game: Game,
    flag: &str,
    replay: bool,
    o: &mut PlayOptions,
) -> Result<(), OptionError> {
    let option = options::find(game, flag, flag)?;
    if replay && option.generates() {
        return Err(OptionError::NotInReplay(flag.to_owned()));
    }
    let value = if option.takes_value() {
        value(parser, flag)?
    } else if parser.optional_value().is_some() {
        return Err(OptionError::NoValueTaken(flag.to_owned()));
    } else {
        String::new()
    };
    o.set(game, option, &value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_owned).collect()
    }

    /// The command line reads the options as a Kattis test file does (the same table).
    #[test]
    fn the_command_line_reads_what_a_test_file_reads() {
        let text = "--rounds 5 --seed=7 --size 2..90 --k=3/2 --max-moves 40 --kind=session \
                    --time-limit 2 --idle-limit 0.5 --no-pin --transcript t";
        let game = Game::Subtraction;
        assert_eq!(
            session_options(game, &words(text), false),
            options::parse(game, &words(text))
        );
        assert!(session_options(game, &words(text), false).is_ok());
    }

    #[test]
    fn refuses_what_a_session_cannot_take() {
        let err = |text: &str, replay| {
            session_options(Game::Pawns, &words(text), replay)
                .unwrap_err()
                .to_string()
        };
        assert!(err("--no-pin=1", false).contains("--no-pin takes no value"));
        assert!(err("--seed", false).contains("--seed needs a value"));
        assert!(err("./a.out --play", false).starts_with("unknown option \"./a.out\""));
        assert!(err("-x", false).starts_with("unknown option \"-x\""));
        assert_eq!(
            err("--k 2", false),
            "--k is an option of subtraction only, not of pawns"
        );
        assert!(err("--kind nonesuch", false).starts_with("--kind for pawns must be one of"));
        // A replay plays the transcript's rounds: the options that shape generated ones are
        // refused, the others read as for play.
        for generating in ["--kind session", "--seed 1", "--rounds 2", "--size 3"] {
            assert!(
                err(generating, true).contains("shapes generated rounds"),
                "{generating}"
            );
        }
        let replay = session_options(Game::Pawns, &words("--idle-limit 2 --no-pin"), true);
        assert!(replay.is_ok_and(|o| !o.pin));
    }

    /// `referee play` takes a source file among its options; `session_options` alone does not.
    #[test]
    fn finds_a_source_file_among_the_options() {
        let game = Game::Pawns;
        let (o, source) =
            session_options_and_source(game, &words("--rounds 3 sol.py --seed 2"), false).unwrap();
        assert_eq!((o.rounds, source.as_deref()), (3, Some("sol.py")));
        assert_eq!(
            session_options_and_source(game, &words("--seed 2"), false)
                .unwrap()
                .1,
            None
        );
        let err = |text: &str| {
            session_options_and_source(game, &words(text), false)
                .unwrap_err()
                .to_string()
        };
        assert!(err("sol.go").starts_with("unknown option \"sol.go\""));
        assert!(err("a.c b.c").starts_with("unknown option \"b.c\""));
        assert!(session_options(game, &words("sol.py"), false).is_err());
    }

    #[test]
    fn takes_the_page_out_of_the_options() {
        let (rest, html) = take_html(&words("--seed 1 --html a.html --rounds 2")).unwrap();
        assert_eq!(rest, words("--seed 1 --rounds 2"));
        assert_eq!(html, Some(PathBuf::from("a.html")));
        let (_, html) = take_html(&words("--html=a --html=b")).unwrap();
        assert_eq!(html, Some(PathBuf::from("b")));
        assert_eq!(take_html(&words("--rounds 2")).unwrap().1, None);
        let err = |text: &str| take_html(&words(text)).unwrap_err().to_string();
        assert_eq!(err("--html"), "--html needs a value");
        assert_eq!(err("--html="), "--html needs a file name");
    }

    #[test]
    fn splits_at_the_first_separator() {
        let args = words("play pawns --rounds 2 -- sol --help -- x");
        let (own, command, help) = split_command(&args);
        assert_eq!((own.len(), command.len(), help), (4, 4, false));
        assert!(split_command(&words("--seed -h --")).2);
    }
}
