//! The input validators `validate-<problem>` run as Kattis runs them: the input on stdin,
//! exit 42 valid, 43 invalid with one line why on stderr, nothing on stdout.
//!
//! - every sample in samples/ is classified by hand: valid for the judge, valid only with
//!   `--project`, or invalid (the samples that test the solutions' leniency);
//! - the generator's output is valid (with `--project`; also by default when within the
//!   judge's limits);
//! - per problem, a catalogue of malformed inputs, each rejected with its reason;
//! - every limit at its edge, for the judge and the project;
//! - unknown arguments are ignored, `--help` prints the usage;
//! - `--testlib` gives testlib's exit codes (0 valid, 3 invalid) with the same message.

use crate::common;
use common::gen::test as gen;

use combgames_core::gen::{generate_bytes, Spec};
use combgames_core::validate::{validate, Limits};
use combgames_registry::Game;
use common::validator::{assert_invalid, assert_valid, shown};
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

/// The text of `games/<g>/tests/data/<file>` of every game folder that has one, in the folders'
/// order: the per-game data of the tests here.
fn games_data(file: &str) -> String {
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let mut dirs: Vec<_> = std::fs::read_dir(&games)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    dirs.sort();
    dirs.iter()
        .filter_map(|d| std::fs::read_to_string(d.join("tests/data").join(file)).ok())
        .collect()
}

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

/// Per problem, `gen` options within the judge's limits (count and size).
fn judge_sized(problem: &str) -> &'static [&'static str] {
    match problem {
        "pawns" => &["--size", "2147483647"],
        "tictactoe" => &["--size", "100", "--count", "300"],
        "coloring" => &["--size", "100000"],
        "knights" => &["--size", "1000000000", "--count", "500"],
        "race" => &["--size", "40", "--count", "10"],
        "subtraction" => &["--size", "100000000", "--count", "20"],
        "impartial" => &["--size", "1000", "--count", "1000"],
        _ => unreachable!(),
    }
}

#[test]
fn generated_inputs_are_valid() {
    for &problem in Game::ALL {
        let name = problem.name();
        for kind in problem.gen().kinds {
            for seed in 0..4 {
                // The generator's defaults: the project's sizes.
                let input = gen(name, kind, seed, &[]);
                assert_valid(name, &["--project"], &input);
                // Within the judge's limits: valid by default too, except subtraction's
                // rational k, which only the integer and worst kinds avoid.
                let input = gen(name, kind, seed, judge_sized(name));
                assert_valid(name, &["--project"], &input);
                if name != "subtraction" || *kind == "integer" || *kind == "worst" {
                    assert_valid(name, &[], &input);
                }
            }
        }
    }
}

/// Every kind of knights and pawns, at sizes from the smallest to the judge's largest (and
/// knights with the count left to the kind, one knight, 500): valid for the judge's validator.
#[test]
fn knights_and_pawns_kinds_at_every_scale_are_valid() {
    let knights = [
        1,
        2,
        3,
        4,
        5,
        12,
        13,
        40,
        31_623,
        999_999_999,
        1_000_000_000,
    ];
    assert_kinds_valid(Game::Knights, &knights, &[None, Some(1), Some(500)]);
    let pawns = [1, 2, 13, 14, 51, 52, 200, 1_000_000, 2_147_483_647];
    assert_kinds_valid(Game::Pawns, &pawns, &[None]);
}

/// Every kind of `problem` at every size and count, seeds 0..4: valid for the judge.
fn assert_kinds_valid(problem: Game, sizes: &[u64], counts: &[Option<u64>]) {
    for &kind in problem.gen().kinds {
        for &size in sizes {
            for &count in counts {
                for seed in 0..4 {
                    let spec =
                        Spec::new(problem.gen(), Some(kind), Some(size), count, seed).unwrap();
                    let input = generate_bytes(&spec);
                    if let Err(e) = validate(problem.validator(), Limits::Judge, &input[..]) {
                        panic!("{spec:?} {e:?}: {:?}", shown(&input));
                    }
                }
            }
        }
    }
}

#[test]
fn generated_inputs_at_the_largest_judge_sizes_are_valid() {
    let cases: [(&str, &str, &[&str]); 3] = [
        ("tictactoe", "ends", &["--size", "100", "--count", "10000"]),
        ("race", "pipes", &["--size", "300", "--count", "10"]),
        (
            "knights",
            "random",
            &["--size", "1000000000", "--count", "100000"],
        ),
    ];
    for (problem, kind, args) in cases {
        let input = gen(problem, kind, 1, args);
        assert_valid(problem, &[], &input);
    }
}

/// Every race kind, `session` included, at sides from the smallest (where the shapes that need
/// room fall back to others) to the judge's largest, ten boards a test: valid under the
/// judge's limits.
#[test]
fn every_race_kind_at_several_sizes_is_valid() {
    for kind in Game::Race.gen().kinds {
        for size in ["2", "3", "8", "9", "20", "41", "300"] {
            for seed in 0..2 {
                let input = gen("race", kind, seed, &["--size", size, "--count", "10"]);
                assert_valid("race", &[], &input);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Malformed inputs, for the judge's limits and the project's.

/// (problem, input, what the reason says): invalid under both limits; with the inputs a game's
/// folder lists, games/<g>/tests/data/malformed.tsv.
const MALFORMED: &[(&str, &str, &str)] = &[
    // Every problem's first line.
    (
        "pawns",
        "",
        "line 1: expected N (a decimal integer), found end of input",
    ),
    ("pawns", "52", "line 1: the last line has no final newline"),
    (
        "pawns",
        "52\r\n",
        "line 1: expected the end of the line, found a CR",
    ),
    ("pawns", "52 \n", "line 1: trailing space"),
    ("pawns", " 52\n", "line 1: expected N, found a space"),
    (
        "pawns",
        "\t52\n",
        "line 1: expected N (a decimal integer), found a tab",
    ),
    ("pawns", "052\n", "line 1: N = `052` has a leading zero"),
    ("pawns", "+52\n", "line 1: N has a sign"),
    ("pawns", "-52\n", "line 1: N has a sign"),
    ("pawns", "0\n", "line 1: N = 0 is outside 1 to "),
    (
        "pawns",
        "5e2\n",
        "line 1: expected the end of the line, found `e`",
    ),
    ("pawns", "52\n\n", "line 2: a blank line after N"),
    (
        "pawns",
        "52\n53\n",
        "line 2: expected the end of the input after N, found `5`",
    ),
    (
        "pawns",
        "\u{feff}52\n",
        "line 1: the input opens with byte `\\xef`, as a UTF-8 byte-order mark does",
    ),
    (
        "pawns",
        "99999999999999999999999999\n",
        "N = 99999999999999999999999999 is outside",
    ),
    ("pawns", "5 2\n", "line 1: an extra field"),
    ("pawns", "52  \n", "line 1: two spaces"),
    // race
    (
        "race",
        "1\n2\nA.\n..\n",
        "lines 3-4: game 1: no `B` on the board",
    ),
    (
        "race",
        "1\n2\n.B\n..\n",
        "lines 3-4: game 1: no `A` on the board",
    ),
    (
        "race",
        "1\n2\nAA\n.B\n",
        "line 3: a second `A` in game 1 (the first is at row 1, column 1)",
    ),
    (
        "race",
        "1\n2\nAB\nB.\n",
        "line 4: a second `B` in game 1 (the first is at row 1, column 2)",
    ),
    (
        "race",
        "1\n3\nA#.\n##.\n..B\n",
        "lines 3-5: game 1: B's start is unreachable from A's start",
    ),
    (
        "race",
        "1\n2\nA.\n.\n",
        "line 4: row 2 of game 1 has 1 cells, expected n = 2",
    ),
    (
        "race",
        "1\n2\nA..\n.B\n",
        "line 3: row 1 of game 1 has more than n = 2 cells",
    ),
    (
        "race",
        "1\n2\nA.\n.B\n..\n",
        "line 5: game 1 has more than n = 2 rows",
    ),
    (
        "race",
        "2\n2\nA.\n.B\n..\n2\nA.\n.B\n",
        "line 5: game 1 has more than n = 2 rows",
    ),
    (
        "race",
        "2\n3\nA..\n..B\n3\nA..\n...\n..B\n",
        "line 5: row 3 of game 1, column 1: `3` is not a cell",
    ),
    (
        "race",
        "1\n3\nA..\n...\n",
        "line 5: game 1: expected row 3 of 3, found end of input",
    ),
    (
        "race",
        "2\n2\nA.\n.B\n",
        "line 5: expected game 2 of 2, found end of input",
    ),
    (
        "race",
        "1\n2\nA.\n.b\n",
        "line 4: row 2 of game 1, column 2: `b` is not a cell",
    ),
    (
        "race",
        "1\n2\nA.\r\n.B\n",
        "line 3: row 1 of game 1, column 3: a CR",
    ),
    (
        "race",
        "1\n1\nA\n",
        "line 2: n (the side of game 1) = 1 is outside 2 to ",
    ),
    ("race", "11\n", "line 1: G = 11 is outside 1 to 10"),
    (
        "race",
        "1\n2\nA.\n.B",
        "line 4: the last line has no final newline",
    ),
    // subtraction
    (
        "subtraction",
        "1\n1 1\n",
        "line 2: n of case 1 = 1 is outside 2 to ",
    ),
    ("subtraction", "1\n16 0\n", "k of case 1 = `0` is"),
    ("subtraction", "1\n16 01\n", "line 2: k of case 1 = `01`"),
    ("subtraction", "1\n16 -1\n", "line 2: k of case 1 = `-1`"),
    (
        "subtraction",
        "1\n16  1\n",
        "line 2: expected k of case 1, found a space (fields are separated by one space",
    ),
    (
        "subtraction",
        "1\n16\t1\n",
        "line 2: expected one space and then k, found a tab",
    ),
    ("subtraction", "1\n16 1 \n", "line 2: trailing space"),
    (
        "subtraction",
        "1\n16 1\r\n",
        "line 2: expected the end of the line, found a CR",
    ),
    (
        "subtraction",
        "2\n16 1\n",
        "line 3: expected case 2 of 2, found end of input",
    ),
    (
        "subtraction",
        "1\n16 1\n11 1\n",
        "line 3: expected the end of the input after the last case, found `1`",
    ),
    (
        "subtraction",
        "1\n16\n",
        "line 2: expected one space and then k, found the end of the line",
    ),
    ("subtraction", "0\n", "line 1: t = 0 is outside 1 to "),
    (
        "subtraction",
        "1\n016 1\n",
        "line 2: n of case 1 = `016` has a leading zero",
    ),
    ("subtraction", "1\n16 1e5\n", "line 2: k of case 1 = `1e5`"),
    ("subtraction", "1\n16 1.\n", "line 2: k of case 1 = `1.`"),
    ("subtraction", "1\n16 .5\n", "line 2: k of case 1 = `.5`"),
    ("subtraction", "1\n16 3/0\n", "line 2: k of case 1 = `3/0`"),
];

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
    let all = MALFORMED
        .iter()
        .map(|&(problem, input, needle)| (problem, input.to_owned(), needle))
        .chain(listed);
    for (problem, input, needle) in all {
        for args in [&[][..], &["--project"]] {
            assert_invalid(problem, args, input.as_bytes(), needle);
        }
    }
}

/// `text` with `\n`, `\r`, `\t` and `\\` read as a line feed, a CR, a tab and a backslash.
fn unescape(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        out.push(match chars.next() {
            Some('n') => '\n',
            Some('r') => '\r',
            Some('t') => '\t',
            Some('\\') => '\\',
            other => panic!("{text:?}: an unknown escape {other:?}"),
        });
    }
    out
}

/// The judge's limits and the project's, at their edges: (problem, the last valid input of
/// the judge, the first invalid one, its reason; then the same for --project).
#[test]
fn limits_hold_at_their_edges() {
    // pawns: a 32-bit int, then 10^18.
    assert_valid("pawns", &[], b"2147483647\n");
    assert_invalid(
        "pawns",
        &[],
        b"2147483648\n",
        "N = 2147483648 is outside 1 to 2147483647",
    );
    assert_valid("pawns", &["--project"], b"2147483648\n");
    assert_valid("pawns", &["--project"], b"1000000000000000000\n");
    assert_invalid(
        "pawns",
        &["--project"],
        b"1000000000000000001\n",
        "is outside 1 to 1000000000000000000",
    );
    assert_valid("pawns", &[], b"1\n");

    // tictactoe: T ≤ 10^4 and 100 cells on the judge; 10^6 cells in the project.
    let strip = |len: usize| -> String { ".X".repeat(len / 2) + &".".repeat(len % 2) };
    let t_lines = |t: usize| format!("{t}\n{}", ".\n".repeat(t));
    assert_valid("tictactoe", &[], t_lines(10_000).as_bytes());
    assert_invalid(
        "tictactoe",
        &[],
        t_lines(10_001).as_bytes(),
        "T = 10001 is outside 1 to 10000",
    );
    assert_valid("tictactoe", &["--project"], t_lines(10_001).as_bytes());
    assert_valid("tictactoe", &[], format!("1\n{}\n", strip(100)).as_bytes());
    let long = format!("1\n{}\n", strip(101));
    assert_invalid(
        "tictactoe",
        &[],
        long.as_bytes(),
        "strip 1 is longer than 100 cells",
    );
    assert_valid("tictactoe", &["--project"], long.as_bytes());
    assert_valid(
        "tictactoe",
        &["--project"],
        format!("1\n{}\n", strip(1_000_000)).as_bytes(),
    );
    assert_invalid(
        "tictactoe",
        &["--project"],
        format!("1\n{}\n", strip(1_000_001)).as_bytes(),
        "line 2: strip 1 is longer than 1000000 cells",
    );

    // coloring: N ≤ 10^5 on the judge, 10^8 in the project.
    let digits = |n: usize| format!("{n}\n{}\n", "0".repeat(n));
    assert_valid("coloring", &[], digits(100_000).as_bytes());
    assert_invalid(
        "coloring",
        &[],
        digits(100_001).as_bytes(),
        "N = 100001 is outside 1 to 100000",
    );
    assert_valid("coloring", &["--project"], digits(100_001).as_bytes());
    assert_invalid(
        "coloring",
        &["--project"],
        b"100000001\n0\n",
        "N = 100000001 is outside 1 to 100000000",
    );

    // knights: K ≤ 10^5 on the judge, 10^6 in the project; N ≤ 10^9 on both.
    let knights = |k: usize| format!("{k} 1000000000\n{}", "1000000000 1\n".repeat(k));
    assert_valid("knights", &[], knights(100_000).as_bytes());
    assert_invalid(
        "knights",
        &[],
        knights(100_001).as_bytes(),
        "K = 100001 is outside 1 to 100000",
    );
    assert_valid("knights", &["--project"], knights(100_001).as_bytes());
    assert_invalid(
        "knights",
        &["--project"],
        b"1000001 5\n",
        "K = 1000001 is outside 1 to 1000000",
    );

    // race: n ≤ 300 on the judge, 2000 in the project; G ≤ 10 on both.
    let board = |n: usize| {
        let mut rows = vec![".".repeat(n); n];
        rows[0].replace_range(0..1, "A");
        rows[n - 1].replace_range(n - 1..n, "B");
        format!("{n}\n{}\n", rows.join("\n"))
    };
    let games = |g: usize, n: usize| format!("{g}\n{}", board(n).repeat(g));
    assert_valid("race", &[], games(10, 300).as_bytes());
    assert_invalid(
        "race",
        &[],
        games(1, 301).as_bytes(),
        "n (the side of game 1) = 301 is outside 2 to 300",
    );
    assert_valid("race", &["--project"], games(1, 2000).as_bytes());
    assert_invalid(
        "race",
        &["--project"],
        games(1, 2001).as_bytes(),
        "n (the side of game 1) = 2001 is outside 2 to 2000",
    );
    assert_invalid(
        "race",
        &["--project"],
        games(11, 2).as_bytes(),
        "G = 11 is outside 1 to 10",
    );
    assert_valid("race", &[], games(1, 2).as_bytes());

    // subtraction: t ≤ 20, n ≤ 10^8, integer k ≤ 10^5 on the judge.
    let cases = |t: usize, line: &str| format!("{t}\n{}", format!("{line}\n").repeat(t));
    assert_valid("subtraction", &[], cases(20, "100000000 100000").as_bytes());
    assert_invalid(
        "subtraction",
        &[],
        cases(21, "2 1").as_bytes(),
        "t = 21 is outside 1 to 20",
    );
    assert_invalid(
        "subtraction",
        &[],
        b"1\n100000001 1\n",
        "n of case 1 = 100000001 is outside 2 to 100000000",
    );
    assert_invalid(
        "subtraction",
        &[],
        b"1\n2 100001\n",
        "k of case 1 = `100001` is outside 1 to 100000",
    );
    assert_invalid(
        "subtraction",
        &[],
        b"1\n2 1.5\n",
        "k of case 1 = `1.5` is not an integer (a rational k needs --project)",
    );
    // ... and in the project t ≤ 10^6, n ≤ 10^18, k rational ≥ 1 (18 decimals, parts ≤ 10^18).
    let project = ["--project"];
    assert_valid("subtraction", &project, cases(21, "2 1").as_bytes());
    assert_invalid(
        "subtraction",
        &project,
        b"1000001\n",
        "t = 1000001 is outside 1 to 1000000",
    );
    for k in [
        "1",
        "3/2",
        "6/4",
        "1.5",
        "1.50",
        "1.500000000000000000",
        "1000000000000000000",
        "1000000000000000000/999999999999999999",
    ] {
        assert_valid(
            "subtraction",
            &project,
            format!("1\n1000000000000000000 {k}\n").as_bytes(),
        );
    }
    assert_invalid(
        "subtraction",
        &project,
        b"1\n1000000000000000001 2\n",
        "n of case 1 = 1000000000000000001 is outside",
    );
    let bad_k: [(&str, &str); 8] = [
        ("1/2", "is below 1"),
        ("0.5", "not an integer, a decimal or a fraction"),
        ("1.0000000000000000001", "more than 18 decimals"),
        ("1000000000000000001", "exceeds 10^18"),
        ("03/2", "not an integer, a decimal or a fraction"),
        ("3/02", "not an integer, a decimal or a fraction"),
        ("3/2/1", "not an integer, a decimal or a fraction"),
        ("1,5", "not an integer, a decimal or a fraction"),
    ];
    for (k, needle) in bad_k {
        assert_invalid(
            "subtraction",
            &project,
            format!("1\n16 {k}\n").as_bytes(),
            needle,
        );
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
    // --project changes the limits, not the format: 10^9 pawns is valid both ways, and a
    // rational k only with it.
    assert_valid("subtraction", &["--project"], b"1\n16 3/2\n");
    assert_invalid("subtraction", &[], b"1\n16 3/2\n", "needs --project");
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
