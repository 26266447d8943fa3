//! The input validators `validate-<problem>` run as Kattis runs them: the input on stdin,
//! exit 42 valid, 43 invalid with one line why on stderr, nothing on stdout.
//!
//! - every sample in samples/ is classified by hand: valid for the judge, valid only with
//!   `--project`, or invalid (the samples that test the solutions' leniency);
//! - the generator's output is valid (with `--project`; also by default when within the
//!   judge's limits);
//! - per problem, a catalogue of malformed inputs, each rejected with its reason;
//! - unknown arguments are ignored, `--help` prints the usage;
//! - `--testlib` gives testlib's exit codes (0 valid, 3 invalid) with the same message.
//!
//! What each game gives them is data in its folder, games/<g>/tests/data/: the samples'
//! classes (validator-samples.tsv), the judge's sizes (judge-sized.tsv), the malformed inputs
//! (malformed.tsv) and a small valid input (<problem>.small-valid.in). Each validator's limits
//! at their edges and its promises beyond the format are its game's tests
//! (games/<g>/tests/validator.rs).

use crate::common;
use common::game_data::unescape;
use common::games_data;
use common::gen::test as gen;

use combgames_registry::Game;
use common::validator::{assert_invalid, assert_valid};
use std::path::Path;

// ---------------------------------------------------------------------------------------------
// The samples.

/// How a sample stands.
#[derive(Clone, Copy)]
enum Class<'a> {
    /// Valid on the judge (and so in the project).
    Judge,
    /// Beyond the judge's limits (the reason the default says), valid with `--project`.
    Project(&'a str),
    /// Invalid everywhere: it tests the solutions' leniency.
    Invalid(&'a str),
}
use Class::*;

/// Every sample's class: the lines of each game folder's
/// tests/data/validator-samples.tsv (`problem`, `sample`, `judge` | `project` | `invalid`, the
/// reason; tab-separated, `#` lines comments), read from `data` ([`games_data`]).
fn samples(data: &str) -> Vec<(&str, &str, Class<'_>)> {
    data.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let class = match (f.get(2), f.get(3)) {
                (Some(&"judge"), None) => Judge,
                (Some(&"project"), Some(why)) => Project(why),
                (Some(&"invalid"), Some(why)) => Invalid(why),
                _ => panic!("validator-samples.tsv: a bad line {l:?}"),
            };
            (f[0], f[1], class)
        })
        .collect()
}

fn samples_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("samples")
}

#[test]
fn every_sample_is_classified() {
    let mut found = Vec::new();
    for &problem in Game::ALL {
        for entry in std::fs::read_dir(samples_dir().join(problem.name())).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            if let Some(stem) = name.strip_suffix(".in") {
                found.push(format!("{}/{stem}", problem.name()));
            }
        }
    }
    found.sort();
    let data = games_data("validator-samples.tsv");
    let mut listed: Vec<String> = samples(&data)
        .iter()
        .map(|(p, s, _)| format!("{p}/{s}"))
        .collect();
    listed.sort();
    assert_eq!(
        found, listed,
        "samples/ and the classes (SAMPLES, games/<g>/tests/data/<problem>.samples) differ"
    );
}

#[test]
fn samples_are_valid_where_their_class_says() {
    let data = games_data("validator-samples.tsv");
    for (problem, stem, class) in samples(&data) {
        let input = std::fs::read(samples_dir().join(problem).join(format!("{stem}.in"))).unwrap();
        match class {
            Judge => {
                assert_valid(problem, &[], &input);
                assert_valid(problem, &["--project"], &input);
            }
            Project(why) => {
                assert_invalid(problem, &[], &input, why);
                assert_valid(problem, &["--project"], &input);
            }
            Invalid(why) => {
                assert_invalid(problem, &[], &input, why);
                assert_invalid(problem, &["--project"], &input, why);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Generated inputs.

/// A game's line of judge-sized.tsv: its name, gen's options, the kinds admitted (None: all).
type JudgeSized<'a> = (&'a str, Vec<&'a str>, Option<Vec<&'a str>>);

/// Per game, from each game folder's games/<g>/tests/data/judge-sized.tsv: `gen` options
/// within the judge's limits (count and size), and the kinds whose inputs the judge's
/// limits then admit (`*`: every kind).
fn judge_sized(data: &str) -> Vec<JudgeSized<'_>> {
    data.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| match l.split('\t').collect::<Vec<_>>()[..] {
            [problem, args, kinds] => (
                problem,
                args.split(' ').collect(),
                (kinds != "*").then(|| kinds.split(' ').collect()),
            ),
            _ => panic!("judge-sized.tsv: a bad line {l:?}"),
        })
        .collect()
}

#[test]
fn generated_inputs_are_valid() {
    let data = games_data("judge-sized.tsv");
    let sized = judge_sized(&data);
    let mut names: Vec<&str> = sized.iter().map(|s| s.0).collect();
    let mut games: Vec<&str> = Game::ALL.iter().map(|g| g.name()).collect();
    names.sort_unstable();
    games.sort_unstable();
    assert_eq!(names, games, "one judge-sized.tsv line for every game");
    for (name, args, judged) in sized {
        let problem = Game::parse(name).unwrap();
        for kind in problem.gen().kinds {
            for seed in 0..4 {
                // The generator's defaults: the project's sizes.
                let input = gen(name, kind, seed, &[]);
                assert_valid(name, &["--project"], &input);
                // Within the judge's limits: valid by default too for the kinds listed.
                let input = gen(name, kind, seed, &args);
                assert_valid(name, &["--project"], &input);
                if judged.as_ref().map_or(true, |kinds| kinds.contains(kind)) {
                    assert_valid(name, &[], &input);
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Malformed inputs, for the judge's limits and the project's.

/// Every input of each game folder's games/<g>/tests/data/malformed.tsv (problem, input,
/// what the reason says): invalid under both limits, with its reason.
#[test]
fn malformed_inputs_are_rejected_with_their_reason() {
    let data = games_data("malformed.tsv");
    let listed = data
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| match l.split('\t').collect::<Vec<_>>()[..] {
            [problem, input, needle] => (problem, unescape(input), needle),
            _ => panic!("malformed.tsv: a bad line {l:?}"),
        });
    for (problem, input, needle) in listed {
        for args in [&[][..], &["--project"]] {
            assert_invalid(problem, args, input.as_bytes(), needle);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The command line.

#[test]
fn unknown_arguments_are_ignored_and_help_is_usage() {
    for &problem in Game::ALL {
        let name = problem.name();
        let sample = small_valid_input(name);
        // Kattis input_validator_flags may hold anything: a `--`, key=value pairs, words.
        assert_valid(name, &["--", "n_max=5", "strict", "-x"], sample.as_bytes());
        assert_invalid(name, &["--", "--project"], b"", "found end of input");
        use predicates::prelude::*;
        common::command(&format!("validate-{name}"))
            .arg("--help")
            .assert()
            .code(0)
            .stdout(
                predicate::str::starts_with(format!(
                    "usage: validate-{name} [--project] [--testlib]"
                ))
                .and(predicate::str::contains("exit 42"))
                .and(predicate::str::contains("--project:")),
            );
    }
}

/// Polygon's contract (testlib's `registerValidation`): exit 0 valid, 3 invalid, the reason on
/// stderr; also after the `--testset T --group G` that Polygon may pass.
#[test]
fn testlib_flag_gives_testlib_exit_codes() {
    for &problem in Game::ALL {
        let bin = format!("validate-{}", problem.name());
        for args in [
            &["--testlib"][..],
            &["--testset", "tests", "--group", "1", "--testlib"],
        ] {
            use predicates::prelude::*;
            common::command(&bin)
                .args(args)
                .write_stdin(small_valid_input(problem.name()))
                .assert()
                .code(0)
                .stderr(predicate::str::is_empty());
            common::command(&bin)
                .args(args)
                .assert()
                .code(3)
                .stderr(common::one_line().and(predicate::str::contains("end of input")));
        }
        common::command(&bin)
            .arg("--help")
            .assert()
            .stdout(predicates::str::contains("--testlib"));
    }
}

/// A small input valid under the judge's limits, per problem: its game folder's
/// tests/data/<problem>.small-valid.in, or the table here.
fn small_valid_input(name: &str) -> String {
    let data = games_data(&format!("{name}.small-valid.in"));
    assert!(
        !data.is_empty(),
        "no valid input for {name}: add games/<g>/tests/data/{name}.small-valid.in"
    );
    data
}

// ---------------------------------------------------------------------------------------------
// What the validators promise beyond the format (each game's own, checked exhaustively on small
// cases, is in its folder: games/<g>/tests/validator.rs).

/// The validators are bundled without the registry, so they carry their names: each is its
/// game's, and the registry reads its names back.
#[test]
fn each_validator_is_its_games() {
    for &game in Game::ALL {
        assert_eq!(game.validator().name, game.name());
        assert_eq!(Game::parse(game.name()), Some(game));
    }
    assert_eq!(Game::parse("chess"), None);
}
