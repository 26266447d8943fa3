//! `referee kattis` wired as a judge system wires an interactive output validator: two
//! processes, the team's program and `referee kattis <game> input answer feedback_dir`, joined
//! by two pipes (the team's stdout is the validator's stdin and the validator's stdout the
//! team's stdin). Accepted is exit 42, rejected 43, the reason in judgemessage.txt.

use crate::common;

use combgames_registry::Game;
use common::{a_game, another_game, bin, judge_holding_the_pipes, TempDir};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

struct Judged {
    /// The validator's exit status.
    code: Option<i32>,
    judgemessage: String,
    /// The team program's exit status.
    team_code: Option<i32>,
    transcript: String,
}

/// Runs the team program `team` against `referee kattis <game>` with `input` as the test's
/// input file, the two processes joined by two pipes.
fn judge(game: &str, input: &str, team: &[&str]) -> Judged {
    let dir = TempDir::new(game);
    std::fs::create_dir(dir.join("feedback")).unwrap();
    let input_path = dir.join("test.in");
    let answer_path = dir.join("test.ans");
    let feedback = dir.join("feedback");
    std::fs::write(&input_path, input).unwrap();
    std::fs::write(&answer_path, "").unwrap();
    let started = Instant::now();
    let mut team_process = Command::new(team[0])
        .args(&team[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the team program");
    let team_output = team_process.stdout.take().unwrap();
    let team_input = team_process.stdin.take().unwrap();
    // The Command owns the pipe ends it is given and closes them when dropped (here, at the
    // end of the statement), so the test keeps no copy that would hide an end of file.
    let mut validator = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(["kattis", game])
        .args([&input_path, &answer_path, &feedback])
        .stdin(Stdio::from(team_output))
        .stdout(Stdio::from(team_input))
        .spawn()
        .expect("start the validator");
    let code = validator.wait().unwrap().code();
    let team_code = team_process.wait().unwrap().code();
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "the session took {:?}",
        started.elapsed()
    );
    let read = |name: &str| std::fs::read_to_string(feedback.join(name)).unwrap_or_default();
    Judged {
        code,
        judgemessage: read("judgemessage.txt"),
        team_code,
        transcript: read("transcript.txt"),
    }
}

#[test]
fn accepts_the_projects_player() {
    let game = a_game();
    let r = judge(
        game,
        "# 200 rounds of the default mix, cut at 200 moves to keep it short\n\
         --rounds 200 --seed 11 --max-moves 200\n",
        &[&bin(game), "--play"],
    );
    assert_eq!(r.code, Some(42), "judgemessage: {}", r.judgemessage);
    assert!(
        r.judgemessage
            .starts_with(&format!("OK {game} seed=11 rounds=200 ")),
        "{}",
        r.judgemessage
    );
    assert_eq!(
        r.team_code,
        Some(0),
        "the team sees end of file and exits cleanly"
    );
    assert!(
        r.transcript.contains("< play 200\n"),
        "transcript kept in the feedback folder"
    );
}

/// Sizes from the input file: the smallest of another game and the next 59.
#[test]
fn accepts_another_games_player_with_sizes_from_the_input_file() {
    let game = another_game();
    let min = Game::parse(game).unwrap().play().min_size;
    let r = judge(
        game,
        &format!("--rounds 30 --seed 4 --size {min}..{}\n", min + 59),
        &[&bin(game), "--play"],
    );
    assert_eq!(r.code, Some(42), "judgemessage: {}", r.judgemessage);
    assert!(
        r.judgemessage
            .starts_with(&format!("OK {game} seed=4 rounds=30 ")),
        "{}",
        r.judgemessage
    );
}

#[test]
fn rejects_a_blunder_with_the_reason() {
    let game = a_game();
    let r = judge(
        game,
        "--rounds 20 --seed 3\n",
        &[&common::example("perfect_player"), game, "--blunder"],
    );
    assert_eq!(r.code, Some(43), "judgemessage: {}", r.judgemessage);
    assert!(
        r.judgemessage.starts_with(&format!("WA {game} seed=3 ")),
        "{}",
        r.judgemessage
    );
    assert!(
        r.judgemessage.contains("hands over the win"),
        "{}",
        r.judgemessage
    );
}

#[test]
fn rejects_an_illegal_move() {
    let game = another_game();
    let r = judge(
        game,
        "--rounds 5 --seed 9\n",
        &[&common::example("perfect_player"), game, "--illegal"],
    );
    assert_eq!(r.code, Some(43), "judgemessage: {}", r.judgemessage);
    assert!(
        r.judgemessage.starts_with(&format!("WA {game} ")),
        "{}",
        r.judgemessage
    );
    assert!(
        r.judgemessage.contains("illegal move"),
        "{}",
        r.judgemessage
    );
}

#[test]
fn rejects_a_team_that_stops_answering() {
    // The fixture reads the round count and a position, then exits: the validator sees its
    // stdin end where a side was due.
    let fixture = root().join("tests/fixtures/exits_early.sh");
    let r = judge(
        a_game(),
        "--rounds 3 --seed 1\n",
        &[fixture.to_str().unwrap()],
    );
    assert_eq!(r.code, Some(43), "judgemessage: {}", r.judgemessage);
    assert!(r.judgemessage.starts_with("PE "), "{}", r.judgemessage);
    assert!(
        r.judgemessage.contains("waiting for the side"),
        "{}",
        r.judgemessage
    );
}

#[test]
fn a_bad_input_file_is_a_judging_error_not_a_rejection() {
    let r = judge(a_game(), "--rounds zero\n", &[&bin(a_game()), "--play"]);
    assert_eq!(r.code, Some(1), "judgemessage: {}", r.judgemessage);
    assert!(r.judgemessage.starts_with("FAIL "), "{}", r.judgemessage);
    assert!(r.judgemessage.contains("--rounds"), "{}", r.judgemessage);
}

/// The Kattis runner keeps its own copies of both pipes open until the validator exits, so
/// neither side ever sees end of file from the other: the validator must give its verdict
/// right after the last round and the player must exit after the rounds it was told, each
/// without waiting for end of input (both would wait forever here). The games at once, a
/// thread each (not `par_map`'s one per core): each session is mostly the validator's wait for
/// output after the last round (`END_GRACE`).
#[test]
fn every_project_player_finishes_while_the_judge_holds_the_pipes() {
    let sessions: Vec<_> = std::thread::scope(|s| {
        let running: Vec<_> = common::games()
            .map(|game| {
                s.spawn(move || {
                    let held = judge_holding_the_pipes(
                        &[env!("CARGO_BIN_EXE_referee"), "kattis", game],
                        "--rounds 3 --seed 5\n",
                        &[],
                        &[&bin(game), "--play"],
                        |_| {},
                    );
                    (game, held)
                })
            })
            .collect();
        running
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    for (game, held) in sessions {
        let (code, team_code, message) = (held.code, held.team_code, held.message);
        assert_eq!(code, Some(42), "{game}: {message}");
        assert_eq!(team_code, Some(0), "{game}: the player's exit");
    }
}

/// Output after the last round is PE where the judge passes the end of the team's output on
/// (DOMjudge, BAPCtools; `judge` closes its own pipe ends): the validator waits a moment for it.
#[test]
fn output_after_the_last_round_is_rejected() {
    let game = a_game();
    let r = judge(
        game,
        "--rounds 3 --seed 4\n",
        &["sh", "-c", "\"$0\" && echo extra", &bin(game)],
    );
    assert_eq!(r.code, Some(43), "judgemessage: {}", r.judgemessage);
    assert!(
        r.judgemessage
            .starts_with(&format!("PE {game} seed=4 rounds=3 ")),
        "{}",
        r.judgemessage
    );
    assert!(
        r.judgemessage.contains("output after the last round"),
        "{}",
        r.judgemessage
    );
}

/// A team that never answers, under a runner that holds the pipes (no end of file ever comes):
/// the validator's reader thread and its timeouts still end the session at the idle limit.
#[test]
fn a_silent_team_is_rejected_at_the_idle_limit_while_the_judge_holds_the_pipes() {
    let started = Instant::now();
    let game = a_game();
    let held = judge_holding_the_pipes(
        &[env!("CARGO_BIN_EXE_referee"), "kattis", game],
        "--rounds 3 --seed 2 --idle-limit 0.5\n",
        &[],
        &["sleep", "2"],
        |_| {},
    );
    let (code, _, message) = (held.code, held.team_code, held.message);
    assert_eq!(code, Some(43), "{message}");
    assert!(
        message.starts_with(&format!("IDLE {game} seed=2 ")),
        "{message}"
    );
    assert!(message.contains("no line within 0.5s"), "{message}");
    assert!(started.elapsed() < Duration::from_secs(10));
}

/// checkers/referee_kattis.rs and the crates it uses (as Cargo.toml says) bundled into one
/// file (tools/bundle.rs) in `dir`, and `rustc ARGS` on it in `dir`, through the test binary's
/// compile-once cache (the interactive packages' input validator is this file built with the
/// flags below, tests/packages/interactive.rs): plain rustc, no crates (no cargo, no
/// `--extern`, nothing fetched).
fn rustc_on_bundled_validator(dir: &TempDir) -> impl Fn(&[&str]) + '_ {
    let source = dir.join("referee_kattis.rs");
    let bundled = Command::new(env!("CARGO_BIN_EXE_bundle"))
        .current_dir(root())
        .args(["checkers/referee_kattis.rs", "-o"])
        .arg(&source)
        .output()
        .unwrap();
    assert!(
        bundled.status.success(),
        "bundle: {}",
        String::from_utf8_lossy(&bundled.stderr)
    );
    move |args: &[&str]| {
        let mut command = Command::new("rustc");
        common::compile_once_env(&mut command);
        let out = command
            .current_dir(&**dir)
            .args(args)
            .arg(&source)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "rustc {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// The bundled validator type-checks in edition 2018, the other edition judges use (a full
/// build takes four times as long).
#[test]
#[ignore = "long tier (make test-long; CI runs it): a type check in edition 2018"]
fn the_bundled_validator_type_checks_in_edition_2018() {
    let dir = TempDir::new("kattis-bundle-2018");
    rustc_on_bundled_validator(&dir)(&[
        "--edition",
        "2018",
        "--emit=metadata",
        "-o",
        "check.rmeta",
    ]);
}

/// The validator of the interactive packages, bundled, builds with plain rustc in edition 2021
/// and then judges sessions as `referee kattis` does, under a runner that holds both pipes.
#[test]
fn the_bundled_validator_builds_with_plain_rustc_and_judges_sessions() {
    let dir = TempDir::new("kattis-bundle");
    let rustc = rustc_on_bundled_validator(&dir);
    // As the packages' input validator's build script builds it (opt-level 0: a sixth of the
    // CPU of opt-level 3, which the output validator's script uses and
    // scripts/verify-packages.sh builds and runs).
    rustc(&[
        "-C",
        "opt-level=0",
        "--edition",
        "2021",
        "-o",
        "referee-kattis",
    ]);
    let validator = dir.join("referee-kattis").to_string_lossy().into_owned();

    // The project's solution as the packages submit it: no arguments, play mode from `play R`.
    let other = another_game();
    let held = judge_holding_the_pipes(
        &[&validator, other],
        "--rounds 4 --seed 8\n",
        &[],
        &[&bin(other)],
        |_| {},
    );
    let (code, team_code, message) = (held.code, held.team_code, held.message);
    assert_eq!(code, Some(42), "{message}");
    assert!(
        message.starts_with(&format!("OK {other} seed=8 rounds=4 ")),
        "{message}"
    );
    assert_eq!(team_code, Some(0), "the player's exit");

    let game = a_game();
    let held = judge_holding_the_pipes(
        &[&validator, game],
        "--rounds 20 --seed 3\n",
        &[],
        &[&common::example("perfect_player"), game, "--blunder"],
        |_| {},
    );
    let (code, _, message) = (held.code, held.team_code, held.message);
    assert_eq!(code, Some(43), "{message}");
    assert!(message.contains("hands over the win"), "{message}");

    // The same program is the packages' input validator.
    let check = |input: &str| {
        let mut child = Command::new(&validator)
            .args(["--validate-input", other])
            .stdin(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        child.wait().unwrap().code()
    };
    assert_eq!(check("--rounds 4 --seed 8\n"), Some(42));
    assert_eq!(check("--rounds 4\n"), Some(43));
}

/// docs/kattis.md's example test input file (the fenced block that starts with
/// `# data/secret/`, its first line naming its game) plays to its end within seconds and
/// accepts the project's player.
#[test]
fn the_documented_example_input_file_finishes_and_accepts() {
    let doc = std::fs::read_to_string(root().join("docs/kattis.md")).unwrap();
    let start = doc
        .find("```\n# data/secret/")
        .expect("the example input file in docs/kattis.md");
    let body = &doc[start + 4..];
    let input = &body[..body.find("```").unwrap()];
    assert!(input.contains("--rounds"), "{input}");
    let first = input.lines().next().unwrap_or("");
    let game = Game::ALL
        .iter()
        .map(|g| g.name())
        .find(|g| first.split_whitespace().any(|w| w == *g))
        .unwrap_or_else(|| panic!("no game named in {first:?}"));
    let started = Instant::now();
    let r = judge(game, input, &[&bin(game), "--play"]);
    assert_eq!(r.code, Some(42), "judgemessage: {}", r.judgemessage);
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "the documented example took {:?}",
        started.elapsed()
    );
}

/// `--help` of both entry points of the validator is help (exit 0, stdout), not a usage error,
/// and its usage line names the program asked.
#[test]
fn kattis_help_is_help_in_both_binaries() {
    for (program, args, name) in [
        (bin("referee"), vec!["kattis", "--help"], "referee kattis"),
        (bin("referee-kattis"), vec!["--help"], "referee-kattis"),
    ] {
        let out = Command::new(&program).args(&args).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{program} {args:?}");
        assert!(
            text.starts_with(&format!("usage: {name} <game> ")),
            "{program} {args:?}: {text}"
        );
        assert!(
            text.contains("judgemessage.txt") && text.contains("--validate-input"),
            "{program} {args:?}: {text}"
        );
    }
}
