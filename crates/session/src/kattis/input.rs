//! A test's input file: its options read (comments skipped), and the input validator's check
//! of it, stricter than the session in what makes a test reproducible and in its layout.

use super::KattisError;
use crate::options;
use combgames_registry::Game;
use std::path::PathBuf;

/// The options in a test's input file: whitespace-separated tokens, `#` to the end of a line
/// is a comment. Example: `--rounds 50 --seed 7 --size 2..1000`.
pub fn parse_options(text: &str) -> Result<Vec<String>, KattisError> {
    let mut tokens = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("");
        for token in line.split_whitespace() {
            if token == "--" {
                return Err(KattisError::Separator(i + 1));
            }
            tokens.push(token.to_owned());
        }
    }
    Ok(tokens)
}

/// Rounds a test may play at most: the packages' statements promise R ≤ 100.
pub const MAX_TEST_ROUNDS: u64 = 100;

/// The input validator's check of a test's input file (checkers/referee_kattis.rs
/// `--validate-input <game>`): options a session of `game` accepts, stricter than the
/// validator itself in what makes a test reproducible (`--seed` fixed, no `--transcript`) and
/// in what the statements promise (at most [`MAX_TEST_ROUNDS`] rounds), and in its layout:
/// every line a comment (`#` first) or options separated by single spaces (`--flag value`), no
/// blank line, no space at either end of a line, no leading zero in a number, a newline at the
/// end. Tests then differ only in what they play, and verifyproblem's changed copies (spaces,
/// blank lines and zeros added) are refused.
pub fn check_input(game: Game, text: &str) -> Result<(), KattisError> {
    check_layout(text)?;
    let tokens = parse_options(text)?;
    let o = options::parse(game, &tokens)
        .map_err(|e| KattisError::Options(PathBuf::from("(stdin)"), e))?;
    if o.seed.is_none() {
        return Err(KattisError::NoSeed);
    }
    if o.transcript.is_some() {
        return Err(KattisError::TranscriptGiven);
    }
    if o.rounds - o.first_round + 1 > MAX_TEST_ROUNDS {
        if !tokens.iter().any(|t| t == "--rounds") {
            return Err(KattisError::DefaultRoundsTooMany(game, o.rounds));
        }
        return Err(KattisError::TooManyRounds(o.first_round, o.rounds));
    }
    Ok(())
}

fn check_layout(text: &str) -> Result<(), KattisError> {
    let Some(body) = text.strip_suffix('\n') else {
        return Err(KattisError::Layout(
            text.lines().count().max(1),
            "the file must end with a newline",
        ));
    };
    for (i, line) in body.split('\n').enumerate() {
        let bad = |why| Err(KattisError::Layout(i + 1, why));
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            return bad("blank line");
        }
        if line.starts_with(' ') || line.ends_with(' ') || line.contains("  ") {
            return bad("options are separated by single spaces, none at either end");
        }
        if line.contains(|c: char| c.is_whitespace() && c != ' ') {
            return bad("whitespace other than single spaces");
        }
        // The options' parser also reads `--flag=value` (as a command line may write it); a
        // test is written one way only.
        if line.split('#').next().unwrap_or("").contains('=') {
            return bad("options are written `--flag value`, not `--flag=value`");
        }
        let leading_zero = line.split([' ', '/', '.']).any(|number| {
            number.len() > 1
                && number.starts_with('0')
                && number.bytes().all(|b| b.is_ascii_digit())
        });
        if leading_zero {
            return bad("a number with a leading zero");
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_skip_comments_and_refuse_the_separator() {
        assert_eq!(
            parse_options("# a test\n--rounds 5   --seed 7 # why\n\t--size 2..9\n").unwrap(),
            ["--rounds", "5", "--seed", "7", "--size", "2..9"]
        );
        assert!(parse_options("--rounds 5 -- sh").is_err());
    }

    #[test]
    fn a_test_input_must_fix_the_seed_and_keep_the_transcript_in_the_feedback_folder() {
        assert!(check_input(Game::Pawns, "# a test\n--rounds 3 --seed 1 # fine\n").is_ok());
        let err = |text: &str| check_input(Game::Pawns, text).unwrap_err().to_string();
        assert!(err("--rounds 3\n").starts_with("no --seed"));
        assert!(err("--rounds 101 --seed 1\n").contains("at most 100 rounds"));
        assert!(check_input(Game::Pawns, "--rounds 100 --seed 1\n").is_ok());
        // A range counts its rounds.
        assert!(check_input(Game::Pawns, "--rounds 95..194 --seed 1\n").is_ok());
        assert_eq!(
            err("--rounds 95..195 --seed 1\n"),
            "--rounds 95..195: 101 rounds, the statements allow at most 100"
        );
        // The layout: verifyproblem's changed copies of a test are refused.
        for changed in [
            "--rounds 3 --seed 1",
            "--rounds 3  --seed 1\n",
            "--rounds 3 --seed 1 \n",
            " --rounds 3 --seed 1\n",
            "--rounds 3\n\n--seed 1\n",
            "--rounds 3\t--seed 1\n",
            "--rounds 03 --seed 1\n",
            "--rounds 3 --seed 1 --size 1..040\n",
        ] {
            assert!(err(changed).starts_with("line "), "{changed:?}");
        }
        assert!(err("--seed 1 --size 2..9 --k 03/2\n").contains("leading zero"));
        assert!(err("--seed=1\n").contains("not `--flag=value`"));
        assert!(err("--seed 1 --transcript t.txt\n").starts_with("--transcript"));
        assert!(err("--seed 1 --size 0\n").contains("--size for pawns"));
        assert!(err("--seed 1 -- sh\n").contains("`--` is not an option"));
        // Without --rounds, the game's default session (knights': longer than a test's).
        assert!(check_input(Game::Pawns, "--seed 1\n").is_ok());
        assert_eq!(
            check_input(Game::Knights, "--seed 1\n").unwrap_err().to_string(),
            "no --rounds: a default knights session plays 286 rounds, the statements allow at most 100"
        );
    }
}
