//! The values the session options take: seconds, whole numbers, `--rounds` and `--size`
//! ranges, `--kind` among the game's kinds, and the seed from the clock when none is given.

use super::OptionError;
use combgames_core::gen::SESSION;
use combgames_registry::Game;
use std::time::Duration;

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
pub(super) fn positive(flag: &str, text: &str) -> Result<u64, OptionError> {
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
pub(super) fn kind(text: &str, game: Game) -> Result<Option<&'static str>, OptionError> {
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
