//! The solution's environment: a fixed, minimal set, plus what the user passes by name
//! (`-E NAME` takes the referee's value, `-E NAME=VALUE` sets one: [`crate::take_options`]).
//! Nothing else of the referee's environment reaches the solution.

use std::ffi::OsString;
use std::sync::OnceLock;

/// The box's `PATH`: programs named bare are found in these folders of the box.
pub const BOX_PATH: &str = "/usr/local/bin:/usr/bin:/bin";

static PASSED: OnceLock<Vec<(OsString, OsString)>> = OnceLock::new();

/// Records the variables passed with `-E` (once; later calls are ignored).
pub fn pass(vars: Vec<(OsString, OsString)>) {
    let _ = PASSED.set(vars);
}

/// Parses one `-E` value: `NAME=VALUE`, or `NAME` for the referee's own value (`None`
/// when it has none: then nothing is passed). An error names what is wrong.
pub fn parse(word: &str) -> Result<Option<(OsString, OsString)>, String> {
    let (name, value) = match word.split_once('=') {
        Some((n, v)) => (n, Some(OsString::from(v))),
        None => (word, None),
    };
    let valid = !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    if !valid {
        return Err(format!(
            "-E takes NAME or NAME=VALUE, a name of letters, digits and '_', got '{word}'"
        ));
    }
    let value = value.or_else(|| std::env::var_os(name));
    Ok(value.map(|v| (OsString::from(name), v)))
}

/// The solution's environment: `PATH`, `HOME`, `TMPDIR` (the scratch space, `home`, when
/// confined) and `LANG`, then the passed variables (which may replace them).
pub fn for_solution(home: &str) -> Vec<(OsString, OsString)> {
    let mut env: Vec<(OsString, OsString)> = vec![
        ("PATH".into(), BOX_PATH.into()),
        ("HOME".into(), home.into()),
        ("TMPDIR".into(), home.into()),
        ("LANG".into(), "C.UTF-8".into()),
    ];
    for (name, value) in PASSED.get().into_iter().flatten() {
        env.retain(|(n, _)| n != name);
        env.push((name.clone(), value.clone()));
    }
    env
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked_and_values_kept() {
        assert_eq!(
            parse("A_1=x=y").unwrap(),
            Some(("A_1".into(), "x=y".into()))
        );
        assert!(parse("1A=x").is_err());
        assert!(parse("=x").is_err());
        assert!(parse("A-B").is_err());
        assert_eq!(parse("COMBGAMES_SURELY_UNSET_VARIABLE").unwrap(), None);
    }
}
