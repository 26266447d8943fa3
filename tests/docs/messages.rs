//! docs/messages.md's rules, checked on an error path of every program: one line on stderr
//! that starts with the program's name (a checker's with `FAIL`, as testlib's), nothing on
//! stdout, a non-zero exit; a word the user typed shown in double quotes (`"bogus"`), never
//! in backticks; no `(s)` plural, no range written as Rust writes it (`1..=8`: a message says
//! `1 to 8`). The last two rules are also checked on the sources, every string literal of
//! every program's non-test code, since most such messages need a particular bad input.

use crate::common;

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::{Path, PathBuf};

#[test]
fn every_program_words_its_errors_by_the_rules() {
    let referee = PathBuf::from(env!("CARGO_BIN_EXE_referee"));
    let bin = |name: &str| referee.with_file_name(name);
    let game = common::a_game();
    let checker = format!("check-{game}");
    let fail_checker = format!("FAIL {checker}");
    let mut runs: Vec<(PathBuf, &str, Vec<&str>)> = vec![
        (referee.clone(), "referee", vec!["bogus"]),
        (referee.clone(), "referee", vec!["play", "bogus"]),
        (
            referee.clone(),
            "referee",
            vec!["judge", "bogus", "--", "true"],
        ),
        (referee.clone(), "referee", vec!["human", "bogus"]),
        (
            referee.clone(),
            "referee",
            vec!["play", game, "--bogus", "--", "true"],
        ),
        (bin("gen"), "gen", vec!["bogus", "--seed", "1"]),
        (bin("gen"), "gen", vec![game, "--seed", "bogus"]),
        (
            bin("gen"),
            "gen",
            vec![game, "--seed", "1", "--kind", "bogus"],
        ),
        (bin("gen"), "gen", vec![game, "--seed", "1", "--size", "0"]),
        (bin("gen"), "gen", vec![game, "--seed", "1", "--count", "0"]),
        (bin(&checker), &fail_checker, vec!["bogus"]),
        (bin("referee-kattis"), "referee-kattis", vec!["bogus"]),
        (
            bin("referee-kattis"),
            "referee-kattis",
            vec!["bogus", "in", "ans", "feedback"],
        ),
        (
            bin("referee-kattis"),
            "referee-kattis",
            vec!["--validate-input", "bogus"],
        ),
    ];
    for game in common::games() {
        runs.push((bin(game), game, vec!["bogus"]));
    }
    for (program, name, args) in runs {
        // The word typed, where the message shows it (a checker's counts the arguments), in
        // double quotes; never in backticks; no `(s)` plural.
        let quoted = predicate::str::contains("bogus")
            .not()
            .or(predicate::str::contains("\"bogus\""))
            .or(predicate::str::contains("\"--bogus\""));
        Command::new(&program)
            .args(&args)
            .assert()
            .code(predicate::ne(0))
            .stdout(predicate::str::is_empty())
            .stderr(common::one_line().and(predicate::str::starts_with(format!("{name}: "))))
            .stderr(quoted)
            .stderr(predicate::str::contains("`bogus`").not())
            .stderr(predicate::function(|e: &str| wording_faults(e).is_empty()));
    }
}

/// What a text breaks of the wording rules: a `(s)` plural, a Rust range (`1..=8`, `2..9`,
/// `{lo}..{hi}` in a format string).
fn wording_faults(text: &str) -> Vec<String> {
    let bytes = text.as_bytes();
    let mut faults = Vec::new();
    if text.contains("(s)") {
        faults.push("a `(s)` plural".to_owned());
    }
    for (at, _) in text.match_indices("..") {
        let before = at.checked_sub(1).map(|i| bytes[i]);
        let after = bytes.get(at + 2).copied();
        let end = |b: Option<u8>| b.is_some_and(|b| b.is_ascii_digit() || b == b'}' || b == b'{');
        let after_eq = after == Some(b'=');
        if end(before) && (after_eq || end(after)) && before != Some(b'{') {
            faults.push(format!(
                "a Rust range at {:?}",
                &text[at.saturating_sub(8)..]
            ));
        }
    }
    faults
}

/// The string literals of a Rust source's non-test code (up to its `#[cfg(test)]`), each with
/// its line; comments skipped, escapes kept as written.
fn literals(source: &str) -> Vec<(usize, String)> {
    let code = source.split("\n#[cfg(test)]").next().unwrap_or("");
    let mut found = Vec::new();
    for (i, line) in code.lines().enumerate() {
        let mut rest = line.trim_start();
        if rest.starts_with("//") {
            continue;
        }
        let mut literal: Option<String> = None;
        while let Some(c) = rest.chars().next() {
            rest = &rest[c.len_utf8()..];
            match (&mut literal, c) {
                (Some(text), '\\') => {
                    text.push(c);
                    if let Some(next) = rest.chars().next() {
                        text.push(next);
                        rest = &rest[next.len_utf8()..];
                    }
                }
                (Some(_), '"') => found.push((i + 1, literal.take().unwrap_or_default())),
                (Some(text), _) => text.push(c),
                (None, '"') => literal = Some(String::new()),
                // A char literal `'"'` or a lifetime: step over the quoted char.
                (None, '\'') if rest.get(1..2) == Some("'") => rest = &rest[2..],
                (None, '/') if rest.starts_with('/') => break,
                (None, _) => {}
            }
        }
        // A literal that runs on over lines (a `\` continuation): its first line is checked.
        if let Some(text) = literal {
            found.push((i + 1, text));
        }
    }
    found
}

/// Words that read like a range but are notation: the `--size LO..HI` and `--rounds A..B`
/// options the user types, and an impartial subtraction set written `{1..3}`. Coverage classes are names, not
/// sentences (`board:n=9..35`), so games' coverage.rs files are not read.
fn is_notation(literal: &str) -> bool {
    literal.contains("--size")
        || literal.contains("--rounds")
        || literal.starts_with('{') && literal.ends_with('}') && !literal.contains(' ')
}

fn rust_sources(dir: &Path, into: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            if !matches!(name.as_str(), "tests" | "bench" | "benches" | "examples") {
                rust_sources(&path, into);
            }
        } else if name.ends_with(".rs") && name != "coverage.rs" {
            into.push(path);
        }
    }
}

#[test]
fn no_message_in_the_sources_writes_a_rust_range_or_an_s_in_parentheses() {
    let root = common::root();
    let mut files = Vec::new();
    rust_sources(&root.join("checkers"), &mut files);
    rust_sources(&root.join("solutions/src"), &mut files);
    for dirs in ["crates", "games"] {
        for entry in std::fs::read_dir(root.join(dirs)).unwrap() {
            let src = entry.unwrap().path().join("src");
            if src.is_dir() {
                rust_sources(&src, &mut files);
            }
        }
    }
    assert!(files.len() > 100, "{} sources read", files.len());
    let mut faults = Vec::new();
    for file in &files {
        let source = std::fs::read_to_string(file).unwrap();
        for (line, literal) in literals(&source) {
            if is_notation(&literal) {
                continue;
            }
            for fault in wording_faults(&literal) {
                let at = file.strip_prefix(root).unwrap_or(file).display();
                faults.push(format!("{at}:{line}: {fault} in {literal:?}"));
            }
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// The replay pages' scripts word their text by the same rule: no `round(s)` in a title.
#[test]
fn no_replay_script_writes_an_s_in_parentheses() {
    let root = common::root();
    let mut scripts = vec![root.join("crates/referee/src/html/replay.js")];
    for entry in std::fs::read_dir(root.join("games")).unwrap() {
        let script = entry.unwrap().path().join("src/replay.js");
        if script.is_file() {
            scripts.push(script);
        }
    }
    assert!(scripts.len() > 5, "{scripts:?}");
    let mut faults = Vec::new();
    for script in &scripts {
        let text = std::fs::read_to_string(script).unwrap();
        for (i, line) in text.lines().enumerate() {
            let code = line.trim_start();
            // In a quoted string (an odd number of quotes before it), a word glued to `(s)`
            // is a plural; outside, `f(s)` is a call.
            let glued = code.match_indices("(s)").any(|(at, _)| {
                let before = &code[..at];
                before.matches('\'').count() % 2 == 1
                    && before
                        .chars()
                        .last()
                        .is_some_and(|c| c.is_ascii_alphabetic())
            });
            if !code.starts_with("//") && glued {
                faults.push(format!("{}:{}: {line}", script.display(), i + 1));
            }
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

#[test]
fn the_wording_check_sees_what_it_looks_for() {
    assert_eq!(wording_faults("line 1: N = 0 is outside 1 to 8").len(), 0);
    assert_eq!(wording_faults("page p: 2 rounds, ... ({} bytes)").len(), 0);
    assert_eq!(wording_faults("N = 0 is outside 1..=8").len(), 1);
    assert_eq!(wording_faults("sizes {lo}..{hi}").len(), 1);
    assert_eq!(wording_faults("may take: 1..9").len(), 1);
    assert_eq!(wording_faults("{} case(s)").len(), 1);
    let source = "fn f() {\n    // \"1..=8\"\n    let c = '\"';\n    say(\"a \\\"q\\\" 2..=9\");\n}\n#[cfg(test)]\nmod tests { \"1..=2\" }\n";
    let found = literals(source);
    assert_eq!(found, [(4, "a \\\"q\\\" 2..=9".to_owned())], "{source}");
}

/// A usage error exits 3 in every program of the referee, its Kattis validator alone included
/// (1 there is a judging error, 42 and 43 the verdicts).
#[test]
fn a_usage_error_exits_3() {
    let referee = PathBuf::from(env!("CARGO_BIN_EXE_referee"));
    let kattis = referee.with_file_name("referee-kattis");
    let runs: [(&PathBuf, Vec<&str>); 5] = [
        (&referee, vec!["bogus"]),
        (&referee, vec!["kattis", common::a_game()]),
        (&kattis, vec![common::a_game()]),
        (&kattis, vec!["bogus", "in", "ans", "feedback"]),
        (&kattis, vec!["--validate-input", "bogus"]),
    ];
    for (program, args) in runs {
        Command::new(program).args(&args).assert().code(3);
    }
}
